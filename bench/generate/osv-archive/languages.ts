// The language ecosystems and how their advisories spell packages and versions: the range type
// GitHub writes (SEMVER for npm, Go, crates.io, Hex and Pub; ECOSYSTEM for the rest), the purl,
// and how often osv.dev lists the affected versions explicitly (PyPI almost always, many).
import type { Rng } from '../../lib/rng.js';
import type { Context } from './context.js';
import { popularRank, type PoolKey } from './names.js';
import type { OsvAffected, OsvEvent } from './osv-types.js';
import { releaseSeries, type Scheme } from './versions.js';

export interface Language {
  ecosystem: string;
  pool: PoolKey;
  scheme: Scheme;
  range: 'SEMVER' | 'ECOSYSTEM';
  /** The purl of a name, without version. */
  purl: (name: string) => string;
  /** Share of affected entries that list `versions`, and how many they list at most. */
  versionsShare: number;
  maxVersions: number;
}

const slashPath = (type: string) => (name: string) => `pkg:${type}/${name}`;

export const LANGUAGES = {
  npm: {
    ecosystem: 'npm',
    pool: 'npm',
    scheme: 'semver',
    range: 'SEMVER',
    purl: (n: string) => `pkg:npm/${n.replace(/^@/, '%40')}`,
    versionsShare: 0.2,
    maxVersions: 40,
  },
  pypi: {
    ecosystem: 'PyPI',
    pool: 'pypi',
    scheme: 'pep440',
    range: 'ECOSYSTEM',
    purl: slashPath('pypi'),
    versionsShare: 0.9,
    maxVersions: 200,
  },
  maven: {
    ecosystem: 'Maven',
    pool: 'maven',
    scheme: 'maven',
    range: 'ECOSYSTEM',
    purl: (n: string) => `pkg:maven/${n.replace(':', '/')}`,
    versionsShare: 0.5,
    maxVersions: 80,
  },
  go: {
    ecosystem: 'Go',
    pool: 'go',
    scheme: 'semver',
    range: 'SEMVER',
    purl: slashPath('golang'),
    versionsShare: 0,
    maxVersions: 0,
  },
  crates: {
    ecosystem: 'crates.io',
    pool: 'crates',
    scheme: 'semver',
    range: 'SEMVER',
    purl: slashPath('cargo'),
    versionsShare: 0.4,
    maxVersions: 60,
  },
  nuget: {
    ecosystem: 'NuGet',
    pool: 'nuget',
    scheme: 'nuget',
    range: 'ECOSYSTEM',
    purl: slashPath('nuget'),
    versionsShare: 0.5,
    maxVersions: 60,
  },
  rubygems: {
    ecosystem: 'RubyGems',
    pool: 'rubygems',
    scheme: 'rubygems',
    range: 'ECOSYSTEM',
    purl: slashPath('gem'),
    versionsShare: 0.5,
    maxVersions: 80,
  },
  packagist: {
    ecosystem: 'Packagist',
    pool: 'packagist',
    scheme: 'packagist',
    range: 'ECOSYSTEM',
    purl: slashPath('composer'),
    versionsShare: 0.5,
    maxVersions: 80,
  },
  hex: {
    ecosystem: 'Hex',
    pool: 'hex',
    scheme: 'semver',
    range: 'SEMVER',
    purl: slashPath('hex'),
    versionsShare: 0.3,
    maxVersions: 40,
  },
  pub: {
    ecosystem: 'Pub',
    pool: 'pub',
    scheme: 'semver',
    range: 'SEMVER',
    purl: slashPath('pub'),
    versionsShare: 0.3,
    maxVersions: 40,
  },
} as const satisfies Record<string, Language>;

export type LanguageKey = keyof typeof LANGUAGES;

/** A popular name of the language's pool. */
export function popularName(ctx: Context, rng: Rng, lang: Language): string {
  const pool = ctx.pools[lang.pool];
  return pool[popularRank(rng, pool.length)];
}

/**
 * The affected entries of one package: 1–3 vulnerable release lines (most advisories have one),
 * each introduced at the line's start (or "0") and fixed — sometimes only a last_affected bound.
 */
export function packageAffected(rng: Rng, lang: Language, name: string, listVersions = false): OsvAffected[] {
  const lines = rng.chance(0.8) ? 1 : rng.int(2, 4);
  const out: OsvAffected[] = [];
  for (let i = 0; i < lines; i++) {
    const list = listVersions || rng.chance(lang.versionsShare);
    // Listed versions: skewed short, from a twentieth of the maximum up (PyPI: 10–200).
    const least = Math.max(1, Math.ceil(lang.maxVersions / 20));
    const count = list ? Math.max(least, Math.floor(lang.maxVersions * Math.pow(rng.next(), 1.5))) : rng.int(1, 6);
    const series = releaseSeries(rng, lang.scheme, count);
    const first = i === 0 && rng.chance(0.6) ? '0' : series.versions[0];
    const end: OsvEvent = rng.chance(0.88)
      ? { fixed: series.next }
      : { last_affected: series.versions[series.versions.length - 1] };
    const entry: OsvAffected = {
      package: { ecosystem: lang.ecosystem, name, purl: lang.purl(name) },
      ranges: [{ type: lang.range, events: [{ introduced: first }, end] }],
    };
    if (list) entry.versions = series.versions;
    out.push(entry);
  }
  return out;
}

/** The source repository of a package name (for references), GitHub-style. */
export function repoOf(name: string): string {
  const path = name
    .replace(/^github\.com\//, '')
    .replace(/^@/, '')
    .replace(/[:.]/g, '-');
  return path.includes('/') ? `github.com/${path.split('/').slice(0, 2).join('/')}` : `github.com/${path}/${path}`;
}
