// The language ecosystems' databases: GitHub (GHSA-…), PyPA (PYSEC-…, some with GIT ranges), the
// Go vulnerability database (GO-…), RustSec (RUSTSEC-…) and OpenSSF malicious packages (MAL-…).
import type { Rng } from '../../lib/rng.js';
import type { Context } from './context.js';
import { cveId, ghsaId, yearId, yearSerial } from './ids.js';
import { LANGUAGES, packageAffected, popularName, repoOf, type Language } from './languages.js';
import { SCHEMA_VERSION, type OsvAffected, type OsvRecord, type OsvReference } from './osv-types.js';
import { cvss3, cweIds, datesIn, detailsOf, referencesOf, severityLabel, summaryOf } from './text.js';

/** CVE serials of the language databases start past the distributions' (they rarely share CVEs). */
const CVE_BASE = { GHSA: 300_000, PYSEC: 600_000, GO: 700_000, RUSTSEC: 750_000 };

interface Common {
  id: string;
  year: number;
  aliases: string[];
  name: string;
  affected: OsvAffected[];
}

/** The fields every language advisory has, around its own `database_specific`. */
function assemble(rng: Rng, c: Common, own: OsvReference[], markdown: boolean): OsvRecord {
  const dates = datesIn(rng, c.year);
  const fixed = c.affected[0].ranges?.[0].events[1]?.fixed;
  return {
    schema_version: SCHEMA_VERSION,
    id: c.id,
    modified: dates.modified,
    published: dates.published,
    aliases: c.aliases,
    summary: summaryOf(rng, c.name),
    details: detailsOf(rng, c.name, fixed, markdown),
    ...(rng.chance(0.85) ? { severity: [{ type: 'CVSS_V3', score: cvss3(rng) }] } : {}),
    affected: c.affected,
    references: referencesOf(rng, own, repoOf(c.name), rng.int(own.length + 1, own.length + 6)),
  };
}

export function ghsaRecord(ctx: Context, rng: Rng, lang: Language): OsvRecord {
  const k = ctx.serial('GHSA');
  const id = ghsaId(k);
  const { year } = yearSerial(k);
  const cve = rng.chance(0.9) ? [cveId(CVE_BASE.GHSA + k)] : [];
  const name = popularName(ctx, rng, lang);
  const affected = packageAffected(rng, lang, name);
  const source = `https://github.com/github/advisory-database/blob/main/advisories/github-reviewed/${year}/0${1 + (k % 9)}/${id}/${id}.json`;
  for (const a of affected) a.database_specific = { source };
  const own = [
    ...cve.map((c) => ({ type: 'ADVISORY', url: `https://nvd.nist.gov/vuln/detail/${c}` })),
    { type: 'PACKAGE', url: `https://${repoOf(name)}` },
  ];
  const record = assemble(rng, { id, year, aliases: cve, name, affected }, own, true);
  record.database_specific = {
    cwe_ids: cweIds(rng),
    severity: severityLabel(rng),
    github_reviewed: true,
    github_reviewed_at: record.modified,
    nvd_published_at: cve.length ? record.published : null,
  };
  return record;
}

export function pysecRecord(ctx: Context, rng: Rng): OsvRecord {
  const k = ctx.serial('PYSEC');
  const name = popularName(ctx, rng, LANGUAGES.pypi);
  const affected = packageAffected(rng, LANGUAGES.pypi, name, true);
  // PyPA records often carry the fixing commit as a GIT range too (the matcher leaves those out).
  if (rng.chance(0.25))
    affected[0].ranges?.push({
      type: 'GIT',
      repo: `https://${repoOf(name)}`,
      events: [{ introduced: rng.hex(40) }, { fixed: rng.hex(40) }],
    });
  const aliases = [cveId(CVE_BASE.PYSEC + k), ...(rng.chance(0.4) ? [ghsaId(900_000 + k)] : [])];
  const record = assemble(
    rng,
    { id: yearId('PYSEC', k), year: yearSerial(k).year, aliases, name, affected },
    [],
    false,
  );
  delete record.summary; // PyPA writes details only
  return record;
}

export function goRecord(ctx: Context, rng: Rng): OsvRecord {
  const k = ctx.serial('GO');
  const id = yearId('GO', k, 1000);
  const name = popularName(ctx, rng, LANGUAGES.go);
  const affected = packageAffected(rng, LANGUAGES.go, name);
  for (const a of affected) {
    const symbols = Array.from(
      { length: rng.int(1, 5) },
      (_, i) => `${rng.pick(['Parse', 'Read', 'Serve', 'Decode'])}${i}`,
    );
    a.ecosystem_specific = { imports: [{ path: `${name}/${rng.pick(['internal', 'pkg', 'codec'])}`, symbols }] };
  }
  const aliases = [...(rng.chance(0.7) ? [cveId(CVE_BASE.GO + k)] : []), ghsaId(950_000 + k)];
  const own = [{ type: 'ADVISORY', url: `https://pkg.go.dev/vuln/${id}` }];
  const record = assemble(rng, { id, year: yearSerial(k).year, aliases, name, affected }, own, false);
  record.database_specific = { url: `https://pkg.go.dev/vuln/${id}`, review_status: 'REVIEWED' };
  return record;
}

export function rustsecRecord(ctx: Context, rng: Rng): OsvRecord {
  const k = ctx.serial('RUSTSEC');
  const name = popularName(ctx, rng, LANGUAGES.crates);
  const affected = packageAffected(rng, LANGUAGES.crates, name);
  for (const a of affected) a.ecosystem_specific = { affects: { arch: [], os: [], functions: [`${name}::decode`] } };
  const aliases = rng.chance(0.5) ? [cveId(CVE_BASE.RUSTSEC + k)] : [];
  const id = yearId('RUSTSEC', k);
  const own = [{ type: 'ADVISORY', url: `https://rustsec.org/advisories/${id}.html` }];
  const record = assemble(rng, { id, year: yearSerial(k).year, aliases, name, affected }, own, false);
  record.database_specific = {
    categories: [rng.pick(['memory-corruption', 'denial-of-service', 'crypto-failure'])],
    cvss: null,
    informational: rng.chance(0.15) ? 'unmaintained' : null,
  };
  return record;
}

/** MAL-…: a malicious package (mostly a name no one else uses) with its published versions listed. */
export function malRecord(ctx: Context, rng: Rng, lang: Language): OsvRecord {
  const k = ctx.serial('MAL');
  const popular = popularName(ctx, rng, lang);
  const name = rng.chance(0.8)
    ? `${popular}-${rng.pick(['utils', 'helper', 'dev', 'sdk', 'core'])}${rng.int(0, 99)}`
    : popular;
  const versions = Array.from({ length: rng.int(1, 6) }, (_, i) => `${rng.int(0, 3)}.${i}.${rng.int(0, 9)}`);
  const sha256 = rng.hex(64);
  const affected: OsvAffected[] = [
    {
      package: { ecosystem: lang.ecosystem, name, purl: lang.purl(name) },
      ...(rng.chance(0.4) ? { ranges: [{ type: 'SEMVER' as const, events: [{ introduced: '0' }] }] } : {}),
      versions: [...new Set(versions)],
      database_specific: { 'malicious-packages-origins': [{ source: 'ossf-package-analysis', sha256 }] },
    },
  ];
  const dates = datesIn(rng, 2022 + (k % 3));
  return {
    schema_version: SCHEMA_VERSION,
    id: `MAL-${2022 + (k % 3)}-${String(1 + Math.floor(k / 3)).padStart(4, '0')}`, // the database started in 2022
    modified: dates.modified,
    published: dates.published,
    summary: `Malicious code in ${name} (${lang.ecosystem})`,
    details: `\n---\n_-= Per source details. Do not edit below this line.=-_\n\n## Source: ossf-package-analysis (${sha256.slice(0, 12)})\n${detailsOf(rng, name, undefined)}`,
    affected,
    references: [{ type: 'WEB', url: `https://${repoOf(name)}` }],
    database_specific: {
      'malicious-packages-origins': [{ source: 'ossf-package-analysis', import_time: dates.published }],
    },
  };
}
