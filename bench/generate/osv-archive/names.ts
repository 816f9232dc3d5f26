// Package-name pools, one per ecosystem family, in popularity order: records draw names with a
// power-law over the pool (a few thousand names), so many records hit the same popular names, as
// osv.dev's do (the Linux kernel, openssl, lodash…) and matching sees realistic fan-in.
import { Rng } from '../../lib/rng.js';
import { zipfIndex } from '../popularity.js';
import { ORGS, SYLLABLES, WORDS, word } from '../words.js';

export type PoolKey =
  'distro' | 'npm' | 'pypi' | 'maven' | 'go' | 'crates' | 'nuget' | 'rubygems' | 'packagist' | 'hex' | 'pub';

export type NamePools = Record<PoolKey, readonly string[]>;

/** Pool sizes: "a few thousand names per ecosystem", fewer for the small ecosystems. */
const POOL_SIZE: Record<PoolKey, number> = {
  distro: 4000,
  npm: 6000,
  pypi: 5000,
  maven: 4000,
  go: 3000,
  crates: 2000,
  nuget: 2000,
  rubygems: 2000,
  packagist: 2500,
  hex: 400,
  pub: 400,
};

/** The head of the distributions' pool: real source packages that collect the most CVEs. */
const DISTRO_HEAD = [
  'linux',
  'imagemagick',
  'openjdk-17',
  'chromium',
  'firefox',
  'thunderbird',
  'php8.1',
  'python3.10',
  'openssl',
  'tiff',
  'binutils',
  'qemu',
  'ghostscript',
  'vim',
  'curl',
  'libxml2',
  'mysql-8.0',
  'postgresql-14',
  'glibc',
  'ruby3.0',
  'nodejs',
  'tcpdump',
  'wireshark',
  'ffmpeg',
  'libvpx',
  'gnutls28',
  'nss',
  'samba',
  'bind9',
  'openssh',
  'git',
  'sudo',
  'systemd',
  'poppler',
  'exiv2',
  'libraw',
  'gpac',
  'jasper',
  'xorg-server',
  'webkit2gtk',
];

const DISTRO_PREFIXES = ['lib', 'python-', 'golang-', 'node-', 'ruby-', 'perl-lib', 'r-cran-', ''];

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const bare = (rng: Rng): string => word(rng).replace(/-/g, '');

/** One candidate name of `key`'s shape; `extra` lengthens it after a collision. */
function candidate(key: PoolKey, rng: Rng, extra: string): string {
  const a = word(rng) + extra;
  const b = word(rng);
  switch (key) {
    case 'distro':
      return `${rng.pick(DISTRO_PREFIXES)}${bare(rng)}${extra}`;
    case 'npm':
      return rng.chance(0.25) ? `@${rng.pick(ORGS)}/${a}-${b}` : `${a}-${b}`;
    case 'pypi':
      return rng.chance(0.4) ? `${bare(rng)}${extra}` : `${a}-${b}`;
    case 'maven':
      return `${rng.chance(0.6) ? 'org' : 'com'}.${rng.pick(ORGS)}.${bare(rng)}:${a}-${b}`;
    case 'go':
      return `github.com/${rng.pick(ORGS)}-${rng.pick(SYLLABLES)}/${a}${rng.chance(0.2) ? '/v2' : ''}`;
    case 'crates':
    case 'rubygems':
    case 'hex':
    case 'pub':
      return `${bare(rng)}_${b.replace(/-/g, '_')}${extra}`;
    case 'nuget':
      return `${cap(rng.pick(ORGS))}.${cap(bare(rng))}.${cap(rng.pick(WORDS))}${extra}`;
    case 'packagist':
      return `${rng.pick(ORGS)}/${a}-${b}`;
  }
}

function makePool(key: PoolKey, seed: string): string[] {
  const rng = new Rng(`${seed}:names:${key}`);
  const names = key === 'distro' ? [...DISTRO_HEAD] : [];
  const taken = new Set(names);
  while (names.length < POOL_SIZE[key]) {
    let name = candidate(key, rng, '');
    // A collision retries with a syllable appended, so the pool keeps its full size.
    while (taken.has(name)) name = candidate(key, rng, rng.pick(SYLLABLES));
    taken.add(name);
    names.push(name);
  }
  return names;
}

export function makePools(seed: string): NamePools {
  const pools = {} as Record<PoolKey, string[]>;
  for (const key of Object.keys(POOL_SIZE) as PoolKey[]) pools[key] = makePool(key, seed);
  return pools;
}

/**
 * A rank in a pool of `n` names, 0 the most popular. alpha 2.2 gives the top 1 % of the names
 * about an eighth of the picks, close to what osv.dev's counts per package look like.
 */
export function popularRank(rng: Rng, n: number, alpha = 2.2): number {
  return zipfIndex(rng, n, alpha);
}
