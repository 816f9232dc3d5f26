// /v0/artifact/{digest}/info: what the graph knows of one artifact: the packages it is known as,
// the digests of the same bytes, its SLSA provenance, what was built from it, the documents
// naming it and the sizes of its lists. The index answers all but the provenance fields and the
// SBOMs naming it, which the store holds (the caller looks them up and hands them in).
import type { GraphView } from '../index/graph-view.js';
import type { GraphEvidence } from '../store/types.js';
import { sbomSubjectsIncluding } from './package-info.js';
import { resolveArtifact } from './resolve.js';
import { walkArtifactDependencies } from '../index/walk.js';
import { compareText } from '../model/compare.js';
import { NodeKind } from '../model/kinds.js';
import { artifactSubjects } from './dependencies.js';
import type { SlsaRow } from '../model/stored-facts.js';
import { listedDocuments } from './package-info.js';
import { artifactVulnerabilities } from './vulnerabilities.js';

export interface Provenance {
  builder: string;
  buildType?: string;
  slsaVersion?: string;
  startedOn?: string;
  finishedOn?: string;
  /** Whether the document's signature was verified when it was ingested (absent: not recorded). */
  signature?: 'verified' | 'unverified' | 'unsigned';
  /** Key fingerprint or certificate identity of a verified signature. */
  signedBy?: string;
  materials: string[];
  document: string;
}

export interface ArtifactInfo {
  digest: string;
  subjects: string[];
  equalDigests: string[];
  provenance: Provenance[];
  builtFrom: string[];
  documents: string[];
  counts: { documents: number; dependencies: number; vulnerabilities: number };
}

/** What the store found about the artifact (see the route). */
export interface ArtifactStoreFacts {
  /** Documents with an SBOM including the artifact or about it. */
  sbomDocuments: readonly number[];
  /** The rows of the provenance of the artifact (it is the built one). */
  provenance: readonly SlsaRow[];
  /** The rows of the provenance of builtFrom naming the artifact as a material. */
  asMaterial: readonly SlsaRow[];
}

const byKey = (index: GraphView) => (a: number, b: number) => compareText(index.keyOf(a), index.keyOf(b));

/**
 * The other artifacts with the same bytes: the HashEqual closure. Equivalence joins an artifact to
 * another artifact only through HashEqual (IsOccurrence joins it to packages), so the walk stays
 * on artifacts: two builds that are occurrences of one package are not the same bytes.
 */
function equalArtifacts(index: GraphView, artifact: number): number[] {
  const { offsets, targets } = index.adjacency.equivalent;
  const seen = new Set([artifact]);
  const queue = [artifact];
  for (let head = 0; head < queue.length; head++) {
    const u = queue[head];
    if (u + 1 >= offsets.length) continue;
    for (let i = offsets[u]; i < offsets[u + 1]; i++) {
      const v = targets[i];
      if (index.kinds[v] !== NodeKind.Artifact || seen.has(v)) continue;
      seen.add(v);
      queue.push(v);
    }
  }
  seen.delete(artifact);
  return [...seen].sort(byKey(index));
}

/** The artifacts whose provenance lists this one as a material (from the index's reverse SLSA rows), by digest. */
export function artifactsBuiltFrom(index: GraphView, artifact: number): number[] {
  const { offsets, targets } = index.adjacency.slsaIn;
  if (artifact + 1 >= offsets.length) return [];
  return Array.from(targets.subarray(offsets[artifact], offsets[artifact + 1])).sort(byKey(index));
}

/**
 * One entry per statement: rows of one document stating one build (same builder, type, version
 * and times) are one provenance with their materials. Rows the index cannot name (a document or
 * node stored after its version, or deleted) are left out. The store's order (newest document
 * first) is kept.
 */
function provenanceOf(index: GraphView, rows: readonly SlsaRow[]): Provenance[] {
  const statements = new Map<string, { entry: Provenance; materials: Set<number> }>();
  for (const r of rows) {
    const document = index.documentDigest(r.doc);
    if (document === undefined) continue;
    const key = JSON.stringify([
      r.doc,
      r.built,
      r.builder,
      r.buildType,
      r.slsaVersion,
      r.startedOn,
      r.finishedOn,
      r.signature,
      r.signedBy,
    ]);
    let statement = statements.get(key);
    if (!statement) {
      const entry: Provenance = { builder: r.builder ?? '', materials: [], document };
      if (r.buildType !== null) entry.buildType = r.buildType;
      if (r.slsaVersion !== null) entry.slsaVersion = r.slsaVersion;
      if (r.startedOn !== null) entry.startedOn = r.startedOn;
      if (r.finishedOn !== null) entry.finishedOn = r.finishedOn;
      if (r.signature !== null) entry.signature = r.signature;
      if (r.signedBy !== null) entry.signedBy = r.signedBy;
      statement = { entry, materials: new Set() };
      statements.set(key, statement);
    }
    if (r.material !== null && r.material < index.nodeCount && index.kinds[r.material] === NodeKind.Artifact)
      statement.materials.add(r.material);
  }
  return [...statements.values()].map(({ entry, materials }) => ({
    ...entry,
    materials: [...materials].sort(byKey(index)).map(index.keyOf),
  }));
}

/**
 * Everything the index knows of the artifact (computed before the store is asked, so at the
 * version of the ETag): all but the provenance and the documents.
 */
export function artifactIndexFacts(
  index: GraphView,
  artifact: number,
): Pick<ArtifactInfo, 'digest' | 'subjects' | 'equalDigests' | 'builtFrom'> & {
  dependencies: number;
  vulnerabilities: number;
} {
  const digest = index.keyOf(artifact);
  return {
    digest,
    subjects: artifactSubjects(index, artifact),
    equalDigests: equalArtifacts(index, artifact).map(index.keyOf),
    builtFrom: artifactsBuiltFrom(index, artifact).map(index.keyOf),
    dependencies: walkArtifactDependencies(index, artifact).length,
    vulnerabilities: artifactVulnerabilities(index, digest, true).length,
  };
}

/** The whole answer: the index's part and the store's, the documents being those any part names. */
export function artifactInfo(
  index: GraphView,
  artifact: number,
  known: ReturnType<typeof artifactIndexFacts>,
  store: ArtifactStoreFacts,
): ArtifactInfo {
  const ids = new Set(store.sbomDocuments);
  for (const r of store.provenance) ids.add(r.doc);
  for (const r of store.asMaterial) ids.add(r.doc);
  for (const r of index.vexOf(artifact)) ids.add(r.doc);
  const documents = [...ids].filter((id) => index.documentDigest(id) !== undefined);
  const { dependencies, vulnerabilities, ...rest } = known;
  return {
    ...rest,
    provenance: provenanceOf(index, store.provenance),
    documents: listedDocuments(index, documents),
    counts: { documents: documents.length, dependencies, vulnerabilities },
  };
}

/**
 * /v0/artifact/{digest}/info, whole: what the index knows of the artifact, then the stored SBOMs
 * that include it and its SLSA provenance, read through the evidence port one query at a time
 * (the SQLite store answers synchronously anyway; PostgreSQL gets one query at a time per request).
 */
export async function artifactInfoAnswer(
  index: GraphView,
  evidence: Pick<GraphEvidence, 'nodeDocuments' | 'slsaRows'>,
  digestText: string,
): Promise<ArtifactInfo> {
  const artifact = resolveArtifact(index, digestText);
  const known = artifactIndexFacts(index, artifact);
  const builtFrom = artifactsBuiltFrom(index, artifact);
  const sbomDocuments = await evidence.nodeDocuments(artifact, sbomSubjectsIncluding(index, artifact));
  const provenance = await evidence.slsaRows([artifact]);
  const asMaterial = builtFrom.length === 0 ? [] : await evidence.slsaRows(builtFrom, artifact);
  return artifactInfo(index, artifact, known, { sbomDocuments, provenance, asMaterial });
}
