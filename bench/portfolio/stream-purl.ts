// Package URLs and versions for the build stream: a purl split into the part that names the
// package (its stem) and the part after the version (its tail), written as the service
// canonicalises them (ECMA-427 encoding, qualifiers sorted, the type's case rules), so that the
// purls the stream reports are the ones the API answers with. bench/ does not import src/, so
// this is a small copy of those rules for the types the seeds hold.
import type { Rng } from '../lib/rng.js';

export interface PurlParts {
  type: string;
  namespace?: string;
  name: string;
  version?: string;
  /** Sorted by key, keys lowercase, empty values left out. */
  qualifiers: [string, string][];
  subpath?: string;
}

/** Types whose namespace and name are case-insensitive (lowercased), as the purl type definitions say. */
const LOWER_NAMESPACE = new Set(['apk', 'composer', 'deb', 'rpm']);
const LOWER_NAME = new Set(['apk', 'composer', 'deb', 'pypi']);

/** ECMA-427 encoding: alphanumerics, ".-_~" and ":" as they are, everything else percent-encoded. */
export function encodePurlText(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%3A/g, ':');
}

const encodeSegments = (text: string): string => text.split('/').map(encodePurlText).join('/');

/** The parts of a purl as written, decoded and normalised; undefined when it is not one. */
export function splitPurl(text: string): PurlParts | undefined {
  const m = /^pkg:([A-Za-z][A-Za-z0-9.+-]*)\/+([^?#]+)(?:\?([^#]*))?(?:#(.*))?$/.exec(text);
  if (!m) return undefined;
  try {
    const type = m[1].toLowerCase();
    let path = m[2].replace(/\/+$/, '');
    let version: string | undefined;
    const at = path.lastIndexOf('@');
    // The version follows the last "@" after the last "/" (an npm scope's "@" starts a segment).
    if (at > 0 && at > path.lastIndexOf('/') && path[at - 1] !== '/') {
      version = decodeURIComponent(path.slice(at + 1)) || undefined;
      path = path.slice(0, at);
    }
    const segments = path.split('/').map(decodeURIComponent);
    const parts: PurlParts = {
      type,
      namespace: segments.length > 1 ? segments.slice(0, -1).join('/') : undefined,
      name: segments[segments.length - 1],
      version,
      qualifiers: qualifiersOf(m[3]),
      subpath: m[4] ? m[4].split('/').filter(Boolean).map(decodeURIComponent).join('/') || undefined : undefined,
    };
    return normalised(parts);
  } catch {
    return undefined; // a malformed percent-encoding: not a purl the seeds should keep
  }
}

function qualifiersOf(text: string | undefined): [string, string][] {
  if (!text) return [];
  const out: [string, string][] = [];
  for (const pair of text.split('&')) {
    const eq = pair.indexOf('=');
    const key = (eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1));
    if (key && value) out.push([key, value]);
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The type rules the service applies (src/model/purl.ts) for the types the seeds hold. */
function normalised(p: PurlParts): PurlParts {
  if (p.namespace && LOWER_NAMESPACE.has(p.type)) p.namespace = p.namespace.toLowerCase();
  if (LOWER_NAME.has(p.type)) p.name = p.name.toLowerCase();
  if (p.type === 'pypi') {
    p.name = p.name.replace(/_/g, '-');
    if (p.version) p.version = p.version.toLowerCase();
  }
  return p;
}

/** "pkg:type/namespace/name": what names the package whatever its version. */
export function stemOf(p: Pick<PurlParts, 'type' | 'namespace' | 'name'>): string {
  return `pkg:${p.type}/${p.namespace ? `${encodeSegments(p.namespace)}/` : ''}${encodePurlText(p.name)}`;
}

/** "?k=v&…#subpath": what follows the version. */
export function tailOf(p: Pick<PurlParts, 'qualifiers' | 'subpath'>): string {
  const q = p.qualifiers.map(([k, v]) => `${k}=${encodePurlText(v)}`).join('&');
  return (q ? `?${q}` : '') + (p.subpath ? `#${encodeSegments(p.subpath)}` : '');
}

/** The purl of a package version from its stem, version and tail. */
export function purlOf(stem: string, version: string, tail: string): string {
  return `${stem}@${encodePurlText(version)}${tail}`;
}

/** A Go pseudo-version: vX.Y.Z-[pre.]yyyymmddhhmmss-<12 hex of the commit>. */
const PSEUDO = /^(v\d+\.\d+\.\d+-(?:[0-9A-Za-z.]+\.)?)(\d{4})(\d{2})(\d{2})(\d{6})-[0-9a-f]{12}$/;

/**
 * The next version as a release would name it: a patch bump (1.2.3 → 1.2.4) or a minor one
 * (1.2.3 → 1.3.0), keeping a "v" prefix and any suffix (-r2, +deb11u5, -18.el9, +incompatible);
 * a Go pseudo-version moves to a later commit (later date, other hash); a version without a
 * dotted number has its last number raised, or ".1" appended.
 */
export function bumpVersion(version: string, minor: boolean, rng: Rng): string {
  const pseudo = PSEUDO.exec(version);
  if (pseudo) {
    const [, base, y, mo, d, time] = pseudo;
    const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d) + rng.int(1, 60)));
    const date = day.toISOString().slice(0, 10).replace(/-/g, '');
    return `${base}${date}${time}-${rng.hex(12)}`;
  }
  const m = /^(v?)(\d+)\.(\d+)(?:\.(\d+))?(.*)$/.exec(version);
  if (m) {
    const [, v, major, min, patch, rest] = m;
    if (minor) return `${v}${major}.${Number(min) + 1}${patch === undefined ? '' : '.0'}${rest}`;
    return `${v}${major}.${min}.${Number(patch ?? 0) + 1}${rest}`;
  }
  const last = /(\d+)(\D*)$/.exec(version);
  if (last) return `${version.slice(0, last.index)}${Number(last[1]) + 1}${last[2]}`;
  return `${version}.1`;
}

/** A plausible first version of a synthetic package, in the style of its ecosystem. */
export function syntheticVersion(type: string, rng: Rng): string {
  const core = `${rng.int(0, 6)}.${rng.int(0, 30)}.${rng.int(0, 20)}`;
  switch (type) {
    case 'golang':
    case 'composer':
      return `v${core}`;
    case 'deb':
      return `${core}-${rng.int(1, 6)}`;
    case 'rpm':
      return `${core}-${rng.int(1, 30)}.el9`;
    case 'apk':
    case 'alpine':
      return `${core}-r${rng.int(0, 10)}`;
    default:
      return core;
  }
}
