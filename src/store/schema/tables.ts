// The store's typed tables: one per fact kind, with the columns of the kind's stored fields, the
// per-document dependency evidence and the document summary. Both backends create, write and
// load exactly these (table names get the dialect's prefix).
import type { TObject } from 'typebox';
import { FactKind } from '../../model/kinds.js';
import { DocumentSummaryFields } from '../../model/schemas/document.js';
import {
  DependencyFields,
  HasLicenseFields,
  HasSbomFields,
  HasSourceAtFields,
  HashEqualFields,
  OccurrenceFields,
  ScorecardFields,
  SlsaFields,
} from '../../model/schemas/graph.js';
import {
  AdvisoryFields,
  CertifyVulnFields,
  VexFields,
  VulnEqualFields,
  VulnMetadataFields,
} from '../../model/schemas/vulnerability.js';
import { isLinkFactKind } from '../../model/stored-facts.js';
import { Type } from 'typebox';
import { columnsOf, type Column } from './columns.js';

export interface FactTable {
  kind: FactKind;
  /** Table name without the dialect's prefix. */
  name: string;
  /** Columns after (id, doc, a, b): the kind's stored fields. */
  columns: readonly Column[];
  /** The index never reads the fields: the load ships (a, b, doc) only. */
  link: boolean;
  /** The migration step that creates the table (step 4 created the first ones). */
  since: number;
  /** The migration step that drops it (its facts are kept another way since). */
  dropped?: number;
  /** Fields a sink that reads them on demand gets without (LoadSink.readsOnDemand). */
  onDemand?: readonly string[];
}

/** `later`: fields whose columns a later step adds (by ALTER), with that step. */
function table(
  kind: FactKind,
  name: string,
  fields: TObject,
  since = 4,
  later: Record<string, number> = {},
): FactTable {
  const columns = columnsOf(fields).map((c) => (c.field in later ? { ...c, since: later[c.field] } : c));
  return { kind, name, columns, link: isLinkFactKind(kind), since };
}

/** The columns a table has once migration step `step` is applied. */
export function columnsAt(t: FactTable, step: number): readonly Column[] {
  return t.columns.filter((c) => (c.since ?? t.since) <= step);
}

/**
 * Every fact table a migration step created, dropped ones too: the steps that created them
 * replay from this list.
 */
export const SCHEMA_FACT_TABLES: readonly FactTable[] = [
  table(FactKind.HasSbom, 'has_sbom', HasSbomFields),
  // Step 10 packs its rows into inclusion_sets, one per document (../inclusion-sets.ts).
  { ...table(FactKind.SbomIncludes, 'sbom_includes', Type.Object({})), dropped: 11 },
  table(FactKind.IsOccurrence, 'is_occurrence', OccurrenceFields),
  table(FactKind.HashEqual, 'hash_equal', HashEqualFields),
  table(FactKind.HasSlsa, 'has_slsa', SlsaFields, 4, { signature: 8, signedBy: 8 }),
  table(FactKind.CertifyVuln, 'certify_vuln', CertifyVulnFields),
  table(FactKind.VulnEqual, 'vuln_equal', VulnEqualFields),
  table(FactKind.VulnMetadata, 'vuln_metadata', VulnMetadataFields),
  table(FactKind.Vex, 'vex', VexFields),
  table(FactKind.HasSourceAt, 'has_source_at', HasSourceAtFields),
  table(FactKind.Scorecard, 'scorecard', ScorecardFields),
  { ...table(FactKind.Advisory, 'advisory', AdvisoryFields, 4, { names: 16 }), onDemand: ['affected'] },
  table(FactKind.HasLicense, 'has_license', HasLicenseFields, 7),
];

/**
 * The fact tables of the current schema: every fact kind but IsDependency (kept apart:
 * dependency_sets, dependency_evidence, dependency_edges) and SbomIncludes (inclusion_sets).
 */
export const FACT_TABLES: readonly FactTable[] = SCHEMA_FACT_TABLES.filter((t) => t.dropped === undefined);

const BY_KIND = new Map(FACT_TABLES.map((t) => [t.kind, t]));
export function factTable(kind: FactKind): FactTable {
  const found = BY_KIND.get(kind);
  if (!found) throw new Error(`no table for fact kind ${kind}`);
  return found;
}

/** Columns of dependency_evidence after (doc, idx): what a document says about its edges. */
export const EVIDENCE_COLUMNS: readonly Column[] = columnsOf(DependencyFields);

/** Typed summary columns of the documents table. */
export const SUMMARY_COLUMNS: readonly Column[] = columnsOf(DocumentSummaryFields);
