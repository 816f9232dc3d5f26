// Which nodes a request names (docs/api.md, "Which packages a purl names"): purls (exact first, then as a template) and digests.
import { canonicalPurl, PurlError } from '../model/purl.js';
import { DigestError, parseDigestQuery, type DigestQuery } from '../model/artifact.js';
import type { GraphView } from '../index/graph-view.js';
import { matchesPurlTemplate, splitCanonicalPurl } from '../index/purl-key.js';
import { canonicalVulnId } from '../model/vulnerability.js';
import { InvalidInputError, NotFoundError } from './errors.js';

export function canonicalQueryPurl(text: string): string {
  try {
    return canonicalPurl(text);
  } catch (err) {
    if (err instanceof PurlError) throw new InvalidInputError('purl', err.message, 'SG_INVALID_PURL');
    throw err;
  }
}

/** Every package version matching the purl as a template, unsorted. */
export function matchPackages(index: GraphView, canonical: string): number[] {
  const template = splitCanonicalPurl(canonical);
  const versions = index.packageVersions(template.name);
  return versions.filter((id) => matchesPurlTemplate(template, index.packagePurl(id).key));
}

/** The purls of every package version matching the purl as a template, in canonical purl order. */
export function matchingPackagePurls(index: GraphView, canonical: string): string[] {
  return index.sortPackages(matchPackages(index, canonical)).map(index.keyOf);
}

export interface NamedPackages {
  ids: number[];
  /** True when the purl named a package exactly; false when it was used as a template. */
  exact: boolean;
  /** The purl as named, canonical (cursor scopes are built from it, so it is parsed once). */
  canonical: string;
}

/** The exact-first, then template rule; 404 when nothing matches. */
export function resolvePackages(index: GraphView, text: string): NamedPackages {
  // Clients mostly send back purls this service gave them: already canonical, no parse needed.
  const stored = index.packageId(text);
  if (stored !== undefined) return { ids: [stored], exact: true, canonical: text };
  const canonical = canonicalQueryPurl(text);
  const exact = index.packageId(canonical);
  if (exact !== undefined) return { ids: [exact], exact: true, canonical };
  const ids = matchPackages(index, canonical);
  if (ids.length === 0) throw new NotFoundError('SG_PACKAGE_NOT_FOUND', `no package in the graph matches ${canonical}`);
  return { ids, exact: false, canonical };
}

/**
 * One artifact by "alg:digest"; else the whole text as a digest value alone, when exactly one
 * algorithm has it (so "sha-xyz" or a digest value that itself holds a colon is found, as in GUAC).
 */
export function resolveArtifact(index: GraphView, text: string): number {
  let query: DigestQuery;
  try {
    query = parseDigestQuery(text);
  } catch (err) {
    if (err instanceof DigestError) throw new InvalidInputError('digest', err.message, 'SG_INVALID_DIGEST');
    throw err;
  }
  const exact = query.key === undefined ? undefined : index.artifactId(query.key);
  if (exact !== undefined) return exact;
  const candidates = index.artifactsWithDigestValue(query.value);
  if (candidates.length === 0)
    throw new NotFoundError(
      'SG_ARTIFACT_NOT_FOUND',
      query.key === undefined
        ? `no artifact with digest ${query.value} in the graph`
        : `no artifact ${query.key} in the graph`,
    );
  if (candidates.length > 1) {
    const algorithms = candidates
      .map((id) => index.keyOf(id))
      .map((key) => key.slice(0, key.indexOf(':')))
      .sort();
    throw new InvalidInputError(
      'digest',
      `ambiguous digest: ${query.value} matches artifacts of several algorithms (${algorithms.join(', ')}); give it as <algorithm>:<digest>`,
      'SG_AMBIGUOUS_DIGEST',
    );
  }
  return candidates[0];
}

/** What a vulnerability id may be made of (CVE-…, GHSA-…, GO-…, RHSA-2022:1234, …). */
const VULN_ID = /^[A-Za-z0-9][A-Za-z0-9._:+-]*$/;

/**
 * A vulnerability node by any of its ids, case-insensitively; 404 when no document mentions it,
 * 400 when the text cannot be a vulnerability id at all (blank, spaces, other punctuation).
 */
export function resolveVulnerability(index: GraphView, text: string): number {
  const id = canonicalVulnId(text);
  const vuln = index.vulnerabilityId(id);
  if (vuln !== undefined) return vuln;
  if (!VULN_ID.test(id) || id.length > 256)
    throw new InvalidInputError(
      'id',
      `invalid vulnerability id ${JSON.stringify(text.slice(0, 80))}: expected letters, digits and . _ : + - (e.g. CVE-2021-44228)`,
    );
  throw new NotFoundError('SG_VULNERABILITY_NOT_FOUND', `no document mentions the vulnerability ${id}`);
}
