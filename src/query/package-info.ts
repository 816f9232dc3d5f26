// /v0/package/{purl}/info (docs/api.md, "Package information"): what the graph knows of one package version: its licences,
// source repositories and their latest scorecard, the documents naming it, and the sizes of its
// dependency, dependent and vulnerability lists.
import { rowOf } from '../index/csr.js';
import type { GraphView } from '../index/graph-view.js';
import type { GraphEvidence } from '../store/types.js';
import { compareText } from '../model/compare.js';
import type { LicenseKind } from '../model/facts.js';
import { packageDependencies, packageDependents } from './dependencies.js';
import { InvalidInputError } from './errors.js';
import { impliedSource } from './rankings.js';
import { resolvePackages, type NamedPackages } from './resolve.js';
import { packageVulnerabilities } from './vulnerabilities.js';

/** Matches a partial purl's 400 names before "and N more". */
const MATCHES_NAMED = 5;

export interface PackageInfo {
  purl: string;
  type: string;
  namespace?: string;
  name: string;
  version?: string;
  licenses: { expression: string; kind: LicenseKind; verbatim: boolean; document: string }[];
  sources: string[];
  scorecard: { score: number; date: string; source: string } | null;
  documents: string[];
  counts: { documents: number; dependencies: number; dependents: number; vulnerabilities: number };
}

/** The SBOM subjects whose SBOMs include a node: where the store looks for the documents naming it. */
export function sbomSubjectsIncluding(index: GraphView, node: number): number[] {
  return rowOf(index.adjacency.sbomIn, node);
}

/**
 * The one package version a purl names: exactly, or as a template that matches one version only.
 * A template matching several is 400 SG_PURL_NOT_EXACT naming the first few; nothing is 404.
 */
export function resolveOnePackage(index: GraphView, text: string): NamedPackages {
  const named = resolvePackages(index, text);
  if (named.ids.length === 1) return { ids: named.ids, exact: true, canonical: index.keyOf(named.ids[0]) };
  const purls = index.sortPackages(named.ids).map(index.keyOf);
  const shown = purls.slice(0, MATCHES_NAMED).join(', ');
  const more = purls.length > MATCHES_NAMED ? ` and ${purls.length - MATCHES_NAMED} more` : '';
  throw new InvalidInputError(
    'purl',
    `${named.canonical} names ${purls.length} package versions, not one: ${shown}${more}; give the version (and qualifiers) of one`,
    'SG_PURL_NOT_EXACT',
  );
}

/** The source repositories of a version and of its name (and the one a github/golang purl names by itself), as ids. */
function sourcesOf(index: GraphView, pkg: number): number[] {
  const { nameKey } = index.packagePurl(pkg);
  const out = new Set<number>([...index.sourcesOfPackage(pkg), ...index.sourcesOfName(nameKey)]);
  const implied = impliedSource(nameKey);
  const id = implied === undefined ? undefined : index.sourceId(implied);
  if (id !== undefined) out.add(id);
  return [...out].sort((a, b) => compareText(index.keyOf(a), index.keyOf(b)));
}

/** The most recently scanned scorecard among the sources (ties: the first source in order). */
function latestScorecard(index: GraphView, sources: readonly number[]): PackageInfo['scorecard'] {
  let best: PackageInfo['scorecard'] = null;
  for (const source of sources) {
    const card = index.scorecardOf(source);
    if (card && (!best || card.timeScanned > best.date))
      best = { score: card.aggregateScore, date: card.timeScanned, source: index.keyOf(source) };
  }
  return best;
}

/** At most this many documents are listed (a popular package is in nearly every SBOM); counts.documents has them all. */
export const DOCUMENTS_LISTED = 100;

/**
 * The documents naming the package: those the store found (`storeDocuments`: SBOMs including it
 * or about it) and those stating its licences or a VEX about it, as store ids. Ids the index does
 * not know (stored after this version, or deleted) are left out.
 */
function documentIdsOf(index: GraphView, pkg: number, storeDocuments: readonly number[]): number[] {
  const ids = new Set(storeDocuments);
  for (const r of index.licensesOf(pkg)) ids.add(r.doc);
  for (const r of index.vexOf(pkg)) ids.add(r.doc);
  return [...ids].filter((id) => index.documentDigest(id) !== undefined);
}

/** The most recently stored first (store ids grow in ingest order), at most DOCUMENTS_LISTED, by digest. */
export function listedDocuments(index: GraphView, ids: readonly number[]): string[] {
  return [...ids]
    .sort((a, b) => b - a)
    .slice(0, DOCUMENTS_LISTED)
    .map((id) => index.documentDigest(id)!);
}

/** The documents naming it, and the totals of the single endpoints: /dependencies, /dependents, /vulns (without dependencies). */
function countsOf(index: GraphView, named: NamedPackages, documents: number): PackageInfo['counts'] {
  return {
    documents,
    dependencies: packageDependencies(index, named).length,
    dependents: packageDependents(index, named, false).length,
    vulnerabilities: packageVulnerabilities(index, named, false).length,
  };
}

export function packageInfo(index: GraphView, named: NamedPackages, storeDocuments: readonly number[]): PackageInfo {
  const pkg = named.ids[0];
  const purl = index.keyOf(pkg);
  const parts = index.packagePurl(pkg).parts;
  const sources = sourcesOf(index, pkg);
  const documents = documentIdsOf(index, pkg, storeDocuments);
  const licenses = index.licensesOf(pkg).flatMap((r) => {
    const document = index.documentDigest(r.doc);
    return document === undefined ? [] : [{ expression: r.expression, kind: r.kind, verbatim: r.verbatim, document }];
  });
  return {
    purl,
    type: parts?.type ?? purl.slice(4, purl.indexOf('/')),
    ...(parts?.namespace === undefined ? {} : { namespace: parts.namespace }),
    name: parts?.name ?? '',
    ...(parts?.version === undefined ? {} : { version: parts.version }),
    licenses,
    sources: sources.map(index.keyOf),
    scorecard: latestScorecard(index, sources),
    documents: listedDocuments(index, documents),
    counts: countsOf(index, named, documents.length),
  };
}

/**
 * /v0/package/{purl}/info, whole: the package the purl names exactly, what the index knows of it,
 * and the stored SBOMs that include it (read through the evidence port after the index's part,
 * which is computed on one index version).
 */
export async function packageInfoAnswer(
  index: GraphView,
  evidence: Pick<GraphEvidence, 'nodeDocuments'>,
  purlText: string,
): Promise<PackageInfo> {
  const named = resolveOnePackage(index, purlText);
  const pkg = named.ids[0];
  const documents = await evidence.nodeDocuments(pkg, sbomSubjectsIncluding(index, pkg));
  return packageInfo(index, named, documents);
}
