// What the documents pages decide without a DOM: where a document's subject links to, how a
// digest and counts read, and which media type an upload is sent with.
import { fullDigest } from '../../components/search-logic';
import { artifactHref, packageHref, vulnHref } from '../../links';

export interface Counts {
  packages: number;
  artifacts: number;
  dependencies: number;
}

/** Advisory ids as OSV, GitHub and NVD write them (`CVE-2021-44228`, `GHSA-…`, `GO-2022-0969`). */
const ADVISORY_ID = /^[A-Z][A-Z0-9]*-[0-9A-Za-z]+(-[0-9A-Za-z]+)+$/;

/**
 * The UI page of a document's subject: a purl's package page, an artifact's page, an advisory's
 * vulnerability page; null for what has no page here (a repository URL).
 */
export function subjectHref(subject: string | null): string | null {
  if (subject === null) return null;
  // A versionless purl leads to the package page too: it lists the name's versions.
  if (/^pkg:[a-z0-9.+-]+\/\S+$/i.test(subject)) return packageHref(subject);
  const digest = fullDigest(subject);
  if (digest !== null) return artifactHref(digest);
  return ADVISORY_ID.test(subject) ? vulnHref(subject) : null;
}

/** `sha256:7a4b11a32bcf…`: enough to tell documents apart in a table (the link holds the rest). */
export function shortDigest(digest: string, hexDigits = 8): string {
  const colon = digest.indexOf(':');
  const hex = digest.slice(colon + 1);
  return hex.length <= hexDigits ? digest : `${digest.slice(0, colon + 1 + hexDigits)}…`;
}

export const number = (n: number): string => n.toLocaleString('en-US');
export const plural = (n: number, one: string, many = `${one}s`): string => `${number(n)} ${n === 1 ? one : many}`;

/** `3 packages, 1 artifact, 2 dependencies`. */
export function countsText(counts: Counts): string {
  return [
    plural(counts.packages, 'package'),
    plural(counts.artifacts, 'artifact'),
    plural(counts.dependencies, 'dependency', 'dependencies'),
  ].join(', ');
}

/** An ISO timestamp as `2026-11-23 06:03:14 UTC`: one reading for every viewer, as the API stores it. */
export function utcText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * The Content-Type an upload is sent with. The server detects the format (zip included) from the
 * bytes, but gzip only from the media type, so a `.gz` file must say so; the rest goes as
 * `application/octet-stream`, which the API takes for any document.
 */
export function uploadMediaType(fileName: string, browserType: string): string {
  const type = browserType.toLowerCase();
  if (/\.gz$/i.test(fileName) || type === 'application/gzip' || type === 'application/x-gzip') {
    return 'application/gzip';
  }
  if (/\.zip$/i.test(fileName) || type === 'application/zip' || type === 'application/x-zip-compressed') {
    return 'application/zip';
  }
  return 'application/octet-stream';
}
