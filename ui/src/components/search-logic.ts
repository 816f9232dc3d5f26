// What the search box and the search page decide without a DOM: where a typed text leads
// straight away, where a result leads, and how a result is described. Unit-tested on their own.
import type { paths } from '../api/client';
import { artifactHref, packageHref, searchHref, vulnHref } from '../links';

export type SearchResult =
  paths['/v0/search']['get']['responses'][200]['content']['application/json']['results'][number];
export type SearchKind = SearchResult['kind'];
export const SEARCH_KINDS: readonly SearchKind[] = ['package', 'artifact', 'vulnerability'];

/** Hex digits of each digest algorithm artifacts are named by. */
const DIGEST_LENGTHS: Record<string, number> = { sha1: 40, sha256: 64, sha384: 96, sha512: 128 };

/** `sha256:<64 hex>` (any case) as the artifact's canonical name, else null. */
export function fullDigest(text: string): string | null {
  const match = /^([a-z0-9]+):([0-9a-f]+)$/i.exec(text);
  if (!match) return null;
  const [, algorithm, hex] = match as unknown as [string, string, string];
  return DIGEST_LENGTHS[algorithm.toLowerCase()] === hex.length ? text.toLowerCase() : null;
}

/**
 * Whether `text` is a purl naming a version: an `@` in its last path segment (qualifiers and
 * subpath set aside, since they may hold `/` and `@`). `pkg:npm/@babel/core` has no version:
 * its `@` starts the namespace.
 */
export function isVersionedPurl(text: string): boolean {
  if (!/^pkg:[a-z0-9.+-]+\/\S+$/i.test(text)) return false;
  const path = text.split('#')[0].split('?')[0];
  const last = path.slice(path.lastIndexOf('/') + 1);
  const at = last.indexOf('@');
  return at > 0 && at < last.length - 1;
}

/**
 * Where Enter leads when no suggestion is chosen: a versioned purl or a full digest goes straight
 * to its page (nothing to choose between), any other text to the search page; blank text nowhere.
 */
export function submitHref(text: string): string | null {
  const q = text.trim();
  if (q === '') return null;
  if (isVersionedPurl(q)) return packageHref(q);
  const digest = fullDigest(q);
  if (digest !== null) return artifactHref(digest);
  return searchHref(q);
}

/** The search page of `q`, narrowed to one kind (all kinds when `kind` is null). */
export function searchPageHref(q: string, kind: SearchKind | null): string {
  return searchHref(q, kind);
}

/** The `kind` query parameter as a kind, or null (all kinds) when absent or not one. */
export function parseKind(value: string | undefined): SearchKind | null {
  return SEARCH_KINDS.find((kind) => kind === value) ?? null;
}

/**
 * The option chosen after an arrow key (`delta` 1 for Down, -1 for Up) among `count`: from none
 * chosen (-1), Down goes to the first and Up to the last; both wrap around.
 */
export function movedOption(current: number, delta: 1 | -1, count: number): number {
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return (current + delta + count) % count;
}

/** The page a result leads to: a package name's page lists its versions. */
export function resultHref(result: SearchResult): string {
  switch (result.kind) {
    case 'package':
      return packageHref(result.name);
    case 'artifact':
      return artifactHref(result.digest ?? result.name);
    case 'vulnerability':
      return vulnHref(result.id ?? result.name);
  }
}

const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The numbers of a result, in words: versions and dependents, or what includes or is affected. */
export function resultFacts(result: SearchResult): string {
  switch (result.kind) {
    case 'package':
      return `${plural(result.purls?.length ?? 0, 'version')} · ${plural(result.dependentCount, 'dependent')}`;
    case 'artifact':
      return plural(result.dependentCount, 'direct dependent');
    case 'vulnerability':
      return plural(result.dependentCount, 'affected package version');
  }
}

/**
 * Which alias the text matched, when the result is shown under another id (a GHSA typed, its CVE
 * shown): without it the result would not seem to answer the text. Null when the shown id matched.
 */
export function resultMatch(result: SearchResult): string | null {
  if (result.kind !== 'vulnerability' || result.matched === undefined) return null;
  return result.matched === (result.id ?? result.name) ? null : `matched alias ${result.matched}`;
}
