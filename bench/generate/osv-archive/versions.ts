// Version strings in each ecosystem's own scheme, valid for the matcher's comparators (SemVer,
// PEP 440, Maven, NuGet, RubyGems, Packagist, dpkg, apk, rpm), with the shapes the real
// databases use ("3.0.2-0ubuntu1.15", "1.1.1n-0+deb11u4", "3.1.4-r2", "1.1.1k-9.el9_2").
import { Rng } from '../../lib/rng.js';

export type Scheme = 'semver' | 'pep440' | 'maven' | 'nuget' | 'rubygems' | 'packagist';

export interface Series {
  /** Ascending releases, oldest first. */
  versions: string[];
  /** The release after the last one (the fix). */
  next: string;
}

function format(scheme: Scheme, [major, minor, patch]: number[]): string {
  return scheme === 'packagist' && major > 0 && minor % 4 === 3
    ? `v${major}.${minor}.${patch}` // some Packagist tags keep their "v"
    : `${major}.${minor}.${patch}`;
}

/** A pre-release of `major.minor.0`, spelled as the scheme does (sorts before the release). */
function preRelease(scheme: Scheme, major: number, minor: number): string {
  if (scheme === 'pep440') return `${major}.${minor}.0rc1`;
  if (scheme === 'maven' || scheme === 'rubygems') return `${major}.${minor}.0.beta1`;
  return `${major}.${minor}.0-beta.1`;
}

/** Moves [major, minor, patch] to the next release: mostly patches, some minors, few majors. */
function step(rng: Rng, v: number[]): 'patch' | 'minor' | 'major' {
  const r = rng.next();
  if (r < 0.7) {
    v[2]++;
    return 'patch';
  }
  if (r < 0.96) {
    v[1]++;
    v[2] = 0;
    return 'minor';
  }
  v[0]++;
  v[1] = 0;
  v[2] = 0;
  return 'major';
}

/** `count` consecutive releases of a package and the one after them. */
export function releaseSeries(rng: Rng, scheme: Scheme, count: number): Series {
  const v = rng.chance(0.4) ? [0, rng.int(1, 9), rng.int(0, 4)] : [rng.int(1, 6), rng.int(0, 12), rng.int(0, 9)];
  const versions: string[] = [];
  while (versions.length < count) {
    versions.push(format(scheme, v));
    const kind = step(rng, v);
    // Pre-releases before some minor releases; Packagist and NuGet feeds rarely list them.
    if (kind === 'minor' && scheme !== 'packagist' && scheme !== 'nuget' && rng.chance(0.1))
      versions.push(preRelease(scheme, v[0], v[1]));
  }
  versions.length = count;
  return { versions, next: format(scheme, v) };
}

/** One release, for ranges that name no explicit versions. */
export function someRelease(rng: Rng, scheme: Scheme): string {
  return releaseSeries(rng, scheme, 1).next;
}

/** A distribution package's upstream version line: stable per name, so records agree on it. */
export interface DistroBase {
  epoch: string;
  major: number;
  minor: number;
  patch: number;
  letter: string;
  dfsg: boolean;
  debianRevision: number;
}

export function distroBase(seed: string, rank: number): DistroBase {
  const rng = new Rng(`${seed}:distro-version:${rank}`);
  return {
    epoch: rng.chance(0.08) ? `${rng.int(1, 3)}:` : '',
    major: rng.int(0, 10),
    minor: rng.int(0, 20),
    patch: rng.int(0, 30),
    letter: rng.chance(0.08) ? rng.pick(['a', 'b', 'c', 'd', 'f', 'k', 'n']) : '',
    dfsg: rng.chance(0.12),
    debianRevision: rng.int(0, 6),
  };
}

/** The upstream version a release ships: newer releases (higher `age`) ship newer minors. */
export function upstream(b: DistroBase, age: number): string {
  return `${b.major}.${b.minor + age}.${b.patch}${b.letter}`;
}

/** Upstream with the Debian/Ubuntu packaging: epoch, "+dfsg" repack and Debian revision. */
export function debUpstream(b: DistroBase, age: number): string {
  return `${b.epoch}${upstream(b, age)}${b.dfsg ? '+dfsg' : ''}-${b.debianRevision}`;
}

/**
 * A package's releases in one distribution release up to a fix: the release's first version,
 * then its security updates `patched(1)` … `patched(fix - 1)`; the fix is `patched(fix)`.
 */
export function updateSeries(first: string, patched: (n: number) => string, fix: number): Series {
  const versions = [first];
  for (let n = 1; n < fix; n++) versions.push(patched(n));
  return { versions, next: patched(fix) };
}
