// Debian's records — DEBIAN-CVE-… per CVE, DSA-…/DLA-… per security announcement — one affected
// entry per (source package, release) with "+debNNuM" fixes; and Alpine's ALPINE-CVE-… with one
// entry per Alpine release and "-rN" fixes.
import type { Rng } from '../../lib/rng.js';
import { cvePackage, purlVersion, someOf, type Context } from './context.js';
import { cveId, cveYear, debianAdvisoryId, YEARS } from './ids.js';
import { SCHEMA_VERSION, type OsvAffected, type OsvRecord } from './osv-types.js';
import { cvss3, datesIn, detailsOf, referencesOf, summaryOf } from './text.js';
import { debUpstream, distroBase, updateSeries, upstream, type Series } from './versions.js';

/** Debian releases by major version, oldest first (13 is testing: new revisions, not "+deb13uN"). */
const DEBIAN = [10, 11, 12, 13];
const ALPINE = ['v3.12', 'v3.13', 'v3.14', 'v3.15', 'v3.16', 'v3.17', 'v3.18', 'v3.19', 'v3.20', 'v3.21'];

function debianSeries(rng: Rng, rank: number, ctx: Context, major: number): Series {
  const base = distroBase(ctx.seed, rank);
  const first = debUpstream(base, major - 10);
  if (major === 13) {
    const stem = `${base.epoch}${upstream(base, 3)}${base.dfsg ? '+dfsg' : ''}`;
    return updateSeries(first, (n) => `${stem}-${base.debianRevision + n}`, rng.int(1, 6));
  }
  return updateSeries(first, (n) => `${first}+deb${major}u${n}`, rng.int(1, 9));
}

function debianEntry(rng: Rng, ctx: Context, rank: number, major: number, withVersions: boolean): OsvAffected {
  const name = ctx.pools.distro[rank];
  const series = debianSeries(rng, rank, ctx, major);
  const fixed = major === 10 ? rng.chance(0.5) : rng.chance(0.85);
  const out: OsvAffected = {
    package: { ecosystem: `Debian:${major}`, name, purl: `pkg:deb/debian/${name}?arch=source` },
    ranges: [
      { type: 'ECOSYSTEM', events: fixed ? [{ introduced: '0' }, { fixed: series.next }] : [{ introduced: '0' }] },
    ],
  };
  if (withVersions) out.versions = series.versions;
  out.ecosystem_specific = { urgency: rng.pick(['not yet assigned', 'low', 'medium', 'high', 'unimportant']) };
  return out;
}

function debianCveRecord(ctx: Context, rng: Rng): OsvRecord {
  const n = ctx.serial('DEBIAN-CVE');
  const cve = cveId(n);
  const pkg = cvePackage(ctx, n);
  const withVersions = rng.chance(0.5);
  const releases = someOf(rng, DEBIAN, rng.int(1, 5));
  const dates = datesIn(rng, cveYear(n));
  return {
    schema_version: SCHEMA_VERSION,
    id: `DEBIAN-${cve}`,
    modified: dates.modified,
    published: dates.published,
    aliases: [cve],
    details: detailsOf(rng, pkg.name, undefined),
    ...(rng.chance(0.3) ? { severity: [{ type: 'CVSS_V3', score: cvss3(rng) }] } : {}),
    affected: releases.map((major) => debianEntry(rng, ctx, pkg.rank, major, withVersions)),
    references: referencesOf(
      rng,
      [{ type: 'ADVISORY', url: `https://security-tracker.debian.org/tracker/${cve}` }],
      undefined,
      rng.int(2, 7),
    ),
  };
}

/** DSA (stable) and DLA (long-term support) announcements: a package update fixing several CVEs. */
function announcementRecord(ctx: Context, rng: Rng, prefix: 'DSA' | 'DLA'): OsvRecord {
  const k = ctx.serial(prefix);
  const id = debianAdvisoryId(prefix, k);
  const cves = Array.from({ length: rng.int(1, 7) }, () => rng.int(0, 200_000));
  const pkg = cvePackage(ctx, cves[0]);
  const releases = prefix === 'DSA' ? someOf(rng, [11, 12], rng.int(1, 3)) : [rng.pick([10, 11])];
  const dates = datesIn(rng, 2014 + (k % YEARS));
  return {
    schema_version: SCHEMA_VERSION,
    id,
    modified: dates.modified,
    published: dates.published,
    // An announcement fixes several CVEs: osv.dev lists them as related, not as aliases (they
    // are different vulnerabilities; as aliases they would join unrelated alias sets).
    related: [...new Set(cves.map(cveId))],
    summary: `${pkg.name} - security update`,
    details: detailsOf(rng, pkg.name, undefined),
    affected: releases.map((major) => debianEntry(rng, ctx, pkg.rank, major, false)),
    references: [{ type: 'ADVISORY', url: `https://www.debian.org/security/${id.toLowerCase()}` }],
  };
}

export function debianRecord(ctx: Context, rng: Rng): OsvRecord {
  const r = rng.next();
  if (r < 0.85) return debianCveRecord(ctx, rng);
  return announcementRecord(ctx, rng, r < 0.93 ? 'DSA' : 'DLA');
}

function alpineEntry(rng: Rng, ctx: Context, rank: number, release: string, age: number): OsvAffected {
  const name = ctx.pools.distro[rank];
  const up = upstream(distroBase(ctx.seed, rank), Math.floor(age / 3));
  const fixed = `${up}-r${rng.int(0, 8)}`;
  return {
    package: { ecosystem: `Alpine:${release}`, name, purl: `pkg:apk/alpine/${name}@${purlVersion(fixed)}?arch=source` },
    ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed }] }],
  };
}

/** ALPINE-CVE-…: the CVE's package (never the kernel: Alpine's secdb leaves it out) per release. */
export function alpineRecord(ctx: Context, rng: Rng): OsvRecord {
  const n = 2 * ctx.serial('ALPINE-CVE') + 1;
  const cve = cveId(n);
  const pkg = cvePackage(ctx, n, false);
  const count = rng.int(1, 9);
  const dates = datesIn(rng, cveYear(n));
  // The newest releases carry the fix; older ones too when they were still supported.
  const releases = ALPINE.slice(ALPINE.length - count);
  return {
    schema_version: SCHEMA_VERSION,
    id: `ALPINE-${cve}`,
    modified: dates.modified,
    published: dates.published,
    aliases: [cve],
    ...(rng.chance(0.2) ? { summary: summaryOf(rng, pkg.name) } : {}),
    details: detailsOf(rng, pkg.name, undefined),
    affected: releases.map((r) => alpineEntry(rng, ctx, pkg.rank, r, ALPINE.indexOf(r))),
    references: referencesOf(
      rng,
      [{ type: 'ADVISORY', url: `https://security.alpinelinux.org/vuln/${cve}` }],
      undefined,
      rng.int(2, 6),
    ),
  };
}
