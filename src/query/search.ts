// /v0/search: package names by the words of their namespace and name, artifacts by digest
// prefix, vulnerabilities by id or alias prefix, ranked together: an exact match first, then by
// dependent count (highest first), then by name. The lookups are the index's search structures
// (index/search-index.ts); only the page's results are filled in (a name's purls, a vulnerability's
// aliases).
import { csrRowLength, rowLength } from '../index/csr.js';
import type { GraphView } from '../index/graph-view.js';
import { compareText } from '../model/compare.js';
import { parsePurl, PurlError, type PurlParts } from '../model/purl.js';
import { InvalidInputError } from './errors.js';
import type { SortKey } from './pagination.js';
import { primaryFirst, primaryVulnId } from './vuln-record.js';
import type { Exploitation } from '../model/exploitation.js';

export const SEARCH_KINDS = ['package', 'artifact', 'vulnerability'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchRequest {
  q: string;
  /** A purl type: only package names of that type (artifacts and vulnerabilities have none). */
  type?: string;
  kind?: SearchKind;
}

/** One match, with what it is ranked by. */
export interface SearchHit {
  kind: SearchKind;
  name: string;
  exact: boolean;
  dependentCount: number;
  /** Vulnerabilities: the id or alias that matched q, as the graph spells it (docs/api.md, Search). */
  matched?: string;
}

export interface SearchResult {
  kind: SearchKind;
  name: string;
  dependentCount: number;
  purls?: string[];
  digest?: string;
  id?: string;
  aliases?: string[];
  matched?: string;
  kev?: Exploitation['kev'];
  epss?: Exploitation['epss'];
}

/** Longest q accepted: a search text, not a document. */
export const MAX_QUERY_LENGTH = 256;
/** Fewest hex characters of a digest prefix: shorter ones would match too much to be useful. */
export const MIN_DIGEST_PREFIX = 8;

/** Purl types as the purl specification spells them (canonical lower case). */
const PURL_TYPE = /^[a-z][a-z0-9.+-]*$/;
/** A digest prefix, with or without its algorithm ("sha256:0a1b2c3d", "0a1b2c3d"). */
const DIGEST_PREFIX = new RegExp(`^(?:([a-z0-9-]+):)?([0-9a-f]{${MIN_DIGEST_PREFIX},})$`);

/**
 * The request checked and normalised: q trimmed, type in lower case. A q that is a purl
 * ("pkg:maven/log4j-core@2.14.1") searches its namespace/name among the names of its type.
 */
export function searchRequest(q: string | undefined, type: string | undefined, kind?: SearchKind): SearchRequest {
  let text = (q ?? '').trim();
  if (!text) throw new InvalidInputError('q', 'invalid query parameter "q": give the text to search for');
  if (text.length > MAX_QUERY_LENGTH)
    throw new InvalidInputError('q', `invalid query parameter "q": longer than ${MAX_QUERY_LENGTH} characters`);
  let purlType = type?.trim().toLowerCase();
  if (purlType !== undefined && !PURL_TYPE.test(purlType))
    throw new InvalidInputError(
      'type',
      `invalid query parameter "type": ${JSON.stringify(type?.slice(0, 40))} is not a purl type (npm, maven, pypi, golang…)`,
    );
  const purl = purlOfQuery(text);
  if (purl) {
    if (purlType !== undefined && purlType !== purl.type)
      throw new InvalidInputError(
        'type',
        `invalid query parameter "type": "${purlType}" is not the type of the purl in "q" (${purl.type})`,
      );
    purlType = purl.type;
    text = purl.namespace ? `${purl.namespace}/${purl.name}` : purl.name;
  }
  return { q: text, ...(purlType !== undefined ? { type: purlType } : {}), ...(kind ? { kind } : {}) };
}

/** The purl a q is, when it is one word that parses as a purl. */
function purlOfQuery(text: string): PurlParts | undefined {
  if (!/^pkg:/i.test(text) || /\s/.test(text)) return undefined;
  try {
    // A search may name a package partly (pkg:maven/log4j-core, without its groupId).
    return parsePurl(text, { typeChecks: false });
  } catch (err) {
    if (err instanceof PurlError) return undefined;
    throw err;
  }
}

/**
 * Every match of the request, ranked (see searchKey). `dependentsOfName` gives a package name's
 * dependent count (the frequency ranking's; 0 for a name it does not list).
 */
export function search(
  index: GraphView,
  request: SearchRequest,
  dependentsOfName: (name: string) => number,
): SearchHit[] {
  const wants = (kind: SearchKind): boolean =>
    (request.kind === undefined || request.kind === kind) && (request.type === undefined || kind === 'package');
  // concat, not push(...): a one-letter q matches most names, more than a call takes arguments.
  const hits = (wants('package') ? packageHits(index, request, dependentsOfName) : []).concat(
    wants('artifact') ? artifactHits(index, request.q) : [],
    wants('vulnerability') ? vulnerabilityHits(index, request.q) : [],
  );
  return hits.sort(compareHits);
}

/** The order of results, as a pagination key: exact first, most dependents, name, kind. */
export function searchKey(hit: SearchHit): SortKey {
  return [hit.exact ? 0 : 1, -hit.dependentCount, hit.name, hit.kind];
}

function compareHits(a: SearchHit, b: SearchHit): number {
  return (
    Number(b.exact) - Number(a.exact) ||
    b.dependentCount - a.dependentCount ||
    compareText(a.name, b.name) ||
    compareText(a.kind, b.kind)
  );
}

function packageHits(
  index: GraphView,
  request: SearchRequest,
  dependentsOfName: (name: string) => number,
): SearchHit[] {
  const prefix = request.type === undefined ? undefined : `pkg:${request.type}/`;
  const wanted = request.q.toLowerCase();
  const hits: SearchHit[] = [];
  index.forEachPackageNameMatching(request.q, (name, text) => {
    if (prefix !== undefined && !name.startsWith(prefix)) return;
    // Exact: q is the whole name ("lodash", "log4j-core") or the whole namespace/name.
    const exact = text === wanted || text.slice(text.lastIndexOf('/') + 1) === wanted;
    hits.push({ kind: 'package', name, exact, dependentCount: dependentsOfName(name) });
  });
  return hits;
}

function artifactHits(index: GraphView, q: string): SearchHit[] {
  const m = DIGEST_PREFIX.exec(q.toLowerCase());
  if (!m) return [];
  const algorithm = m[1]?.replace(/^sha-(\d+)$/, 'sha$1');
  const value = m[2];
  const hits: SearchHit[] = [];
  for (const artifact of index.artifactsWithDigestPrefix(value)) {
    const key = index.keyOf(artifact);
    if (algorithm !== undefined && !key.startsWith(`${algorithm}:`)) continue;
    const exact = key.length - key.indexOf(':') - 1 === value.length;
    hits.push({
      kind: 'artifact',
      name: key,
      exact,
      dependentCount: artifactDependents(index, artifact),
    });
  }
  return hits;
}

/** What includes the artifact directly: SBOMs' subjects that list it, builds that used it as a material. */
function artifactDependents(index: GraphView, artifact: number): number {
  const { sbomIn, slsaIn, dependencyIn } = index.adjacency;
  return rowLength(sbomIn, artifact) + csrRowLength(slsaIn, artifact) + csrRowLength(dependencyIn, artifact);
}

function vulnerabilityHits(index: GraphView, q: string): SearchHit[] {
  if (/\s/.test(q)) return [];
  const wanted = q.toLowerCase();
  // One hit per vulnerability (alias set), whichever of its ids matched.
  const matchingByRoot = new Map<number, string[]>();
  for (const vuln of index.vulnerabilitiesWithIdPrefix(wanted)) {
    const root = index.aliasRoot(vuln);
    const matching = matchingByRoot.get(root);
    if (matching) matching.push(index.keyOf(vuln));
    else matchingByRoot.set(root, [index.keyOf(vuln)]);
  }
  const hits: SearchHit[] = [];
  for (const [root, matching] of matchingByRoot) {
    const id = primaryVulnId(index, root);
    const matched = matchedId(id, matching, wanted);
    const exact = matched.toLowerCase() === wanted;
    hits.push({ kind: 'vulnerability', name: id, exact, dependentCount: affectedCount(index, root), matched });
  }
  return hits;
}

/**
 * Which of a vulnerability's ids starting with q the result names as matched: the one q spells
 * whole, else the id it is shown under, else the first of its matching aliases (code-unit order).
 */
function matchedId(shown: string, matching: readonly string[], wanted: string): string {
  const whole = matching.find((id) => id.toLowerCase() === wanted);
  if (whole !== undefined) return whole;
  if (matching.includes(shown)) return shown;
  return [...matching].sort(compareText)[0];
}

/**
 * The ids of a vulnerability's alias set other than the one it is shown under, in the order
 * `/v0/vuln/{id}` lists its `aliases` (docs/api.md).
 */
function otherAliases(index: GraphView, vuln: number, shown: string): string[] {
  return primaryFirst(
    index
      .aliasesOf(vuln)
      .map(index.keyOf)
      .filter((id) => id !== shown),
  );
}

/**
 * The package versions a vulnerability is reported against, over all its aliases: scanner
 * findings and offline OSV matches, each version once, VEX not applied (a cheap measure of reach).
 */
function affectedCount(index: GraphView, vuln: number): number {
  const packages = new Set<number>();
  for (const alias of index.aliasesOf(vuln)) {
    for (const finding of index.findingsOfVuln(alias)) packages.add(finding.pkg);
    for (const pkg of index.packagesMatchedBy(alias)) packages.add(pkg);
  }
  return packages.size;
}

/** A hit as the API returns it; a name's purls and a vulnerability's aliases are listed here, for the page only. */
export function searchResult(index: GraphView, hit: SearchHit): SearchResult {
  const base = { kind: hit.kind, name: hit.name, dependentCount: hit.dependentCount };
  switch (hit.kind) {
    case 'package':
      return { ...base, purls: index.sortPackages(index.packageVersions(hit.name)).map(index.keyOf) };
    case 'artifact':
      return { ...base, digest: hit.name };
    case 'vulnerability': {
      const vuln = index.vulnerabilityId(hit.name);
      const aliases = vuln === undefined ? [] : otherAliases(index, vuln, hit.name);
      const exploited = index.exploitation.of([hit.name, ...aliases]);
      return { ...base, id: hit.name, aliases, matched: hit.matched ?? hit.name, ...exploited };
    }
  }
}
