// What the store hands the index for each fact when it loads: typed fields, so the index neither
// parses nor re-validates anything. Facts the index only links (walks, unions, lists) come without
// fields; the others as records of the fields the index reads.
import type { Static } from 'typebox';
import { FactKind } from './kinds.js';
import type { HasLicenseFields, ScorecardFields } from './schemas/graph.js';
import type { AdvisoryFields, CertifyVulnFields, VexFields, VulnMetadataFields } from './schemas/vulnerability.js';

/** Fact kinds whose fields the index never reads: backends need not ship them on load. */
export const LINK_FACT_KINDS = [
  FactKind.HasSbom,
  FactKind.SbomIncludes,
  FactKind.IsOccurrence,
  FactKind.HashEqual,
  FactKind.HasSlsa,
  FactKind.VulnEqual,
  FactKind.HasSourceAt,
] as const;
export type LinkFactKind = (typeof LINK_FACT_KINDS)[number];

const LINK_KIND_SET: ReadonlySet<number> = new Set(LINK_FACT_KINDS);
export function isLinkFactKind(kind: number): kind is LinkFactKind {
  return LINK_KIND_SET.has(kind);
}

/**
 * The fields as written: a field that was empty when the fact was stored may be absent, so every
 * field is optional here and the reader supplies the default.
 */
interface RecordOf<K extends FactKind, F> {
  kind: K;
  /** Store ids of the nodes the fact links; b is 0 when it links one node only. */
  a: number;
  b: number;
  /** The document that stated it (its origin and collector apply when the fields have none). */
  doc: number;
  fields: Partial<F>;
}

/**
 * A fact whose fields the index reads (origin and collector only when they differ from the
 * document's): the stored fields of its kind's schema, which are also its table's columns.
 */
export type StoredRecord =
  | RecordOf<typeof FactKind.CertifyVuln, Static<typeof CertifyVulnFields>>
  | RecordOf<typeof FactKind.VulnMetadata, Static<typeof VulnMetadataFields>>
  | RecordOf<typeof FactKind.Vex, Static<typeof VexFields>>
  | RecordOf<typeof FactKind.Scorecard, Static<typeof ScorecardFields>>
  | RecordOf<typeof FactKind.Advisory, Static<typeof AdvisoryFields>>
  | RecordOf<typeof FactKind.HasLicense, Static<typeof HasLicenseFields>>;
export type RecordFactKind = StoredRecord['kind'];

/** One has_slsa row: a statement that `built` was built (from `material`, when it names one). */
export interface SlsaRow {
  /** Store id of the document stating it. */
  doc: number;
  built: number;
  /** null: the statement names no material. */
  material: number | null;
  builder: string | null;
  buildType: string | null;
  slsaVersion: string | null;
  startedOn: string | null;
  finishedOn: string | null;
  /** null: stored before migration step 8 and not judged by it (cannot happen after it). */
  signature: 'verified' | 'unverified' | 'unsigned' | null;
  signedBy: string | null;
}
