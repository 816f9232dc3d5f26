// The archive's mix: each family of records (an ecosystem and the databases writing for it),
// its share of the records — roughly osv.dev's today — and how one record of it is built.
import type { Rng } from '../../lib/rng.js';
import { ghsaRecord, goRecord, malRecord, pysecRecord, rustsecRecord } from './advisories.js';
import type { Builder, Context } from './context.js';
import { alpineRecord, debianRecord } from './debian.js';
import { LANGUAGES, type LanguageKey } from './languages.js';
import type { OsvRecord } from './osv-types.js';
import { redHatRecord, suseRecord } from './rpm.js';
import { timeAfter } from './text.js';
import { ubuntuRecord } from './ubuntu.js';

export interface Family {
  /** The ecosystem, as the summary counts records. */
  label: string;
  share: number;
  build: Builder;
}

/** GHSA for a language, or another database's record with probability `p`. */
function githubOr(key: LanguageKey, p: number, other: (ctx: Context, rng: Rng) => OsvRecord): Builder {
  return (ctx, rng) => (rng.chance(p) ? other(ctx, rng) : ghsaRecord(ctx, rng, LANGUAGES[key]));
}

const github =
  (key: LanguageKey): Builder =>
  (ctx, rng) =>
    ghsaRecord(ctx, rng, LANGUAGES[key]);

export const FAMILIES: readonly Family[] = [
  { label: 'Ubuntu', share: 0.35, build: ubuntuRecord },
  { label: 'Debian', share: 0.2, build: debianRecord },
  { label: 'Alpine', share: 0.05, build: alpineRecord },
  { label: 'npm', share: 0.08, build: githubOr('npm', 0.18, (c, r) => malRecord(c, r, LANGUAGES.npm)) },
  {
    label: 'PyPI',
    share: 0.08,
    build: (ctx, rng) => {
      const r = rng.next();
      if (r < 0.42) return pysecRecord(ctx, rng);
      return r < 0.5 ? malRecord(ctx, rng, LANGUAGES.pypi) : ghsaRecord(ctx, rng, LANGUAGES.pypi);
    },
  },
  { label: 'Maven', share: 0.06, build: github('maven') },
  { label: 'Go', share: 0.05, build: githubOr('go', 0.7, goRecord) },
  { label: 'crates.io', share: 0.03, build: githubOr('crates', 0.6, rustsecRecord) },
  { label: 'Packagist', share: 0.025, build: github('packagist') },
  { label: 'RubyGems', share: 0.015, build: github('rubygems') },
  { label: 'NuGet', share: 0.015, build: github('nuget') },
  { label: 'Hex', share: 0.003, build: github('hex') },
  { label: 'Pub', share: 0.002, build: github('pub') },
  { label: 'Red Hat', share: 0.02, build: redHatRecord },
  { label: 'SUSE', share: 0.02, build: suseRecord },
];

/** The family a uniform draw in [0, 1) falls into (shares sum to 1; rounding lands on the last). */
export function familyAt(u: number): Family {
  let acc = 0;
  for (const f of FAMILIES) {
    acc += f.share;
    if (u < acc) return f;
  }
  return FAMILIES[FAMILIES.length - 1];
}

/** Share of records osv.dev keeps but marks withdrawn. */
const WITHDRAWN_SHARE = 0.01;

/** Marks a record withdrawn after its last change; the withdrawal is its newest change. */
export function withdraw(rng: Rng, record: OsvRecord): void {
  const at = timeAfter(rng, Date.parse(record.modified));
  record.withdrawn = at;
  record.modified = at;
}

/** Record `index` of the archive: its family, then its content, all from its own random stream. */
export function buildRecord(ctx: Context, rng: Rng): { family: Family; record: OsvRecord } {
  const family = familyAt(rng.next());
  const record = family.build(ctx, rng);
  if (rng.chance(WITHDRAWN_SHARE)) withdraw(rng, record);
  return { family, record };
}
