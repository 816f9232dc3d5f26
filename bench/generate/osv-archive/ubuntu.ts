// Ubuntu's UBUNTU-CVE-… records, the biggest part of osv.dev: one affected entry per (source
// package, release) — 5 to 40 of them — each with an ECOSYSTEM range, the versions the release
// shipped before the fix, and the binary packages built from it.
import type { Rng } from '../../lib/rng.js';
import { cvePackage, purlVersion, someOf, type Context } from './context.js';
import { cveId, cveYear } from './ids.js';
import { SCHEMA_VERSION, type OsvAffected, type OsvRecord } from './osv-types.js';
import { cvss3, datesIn, detailsOf, referencesOf } from './text.js';
import { debUpstream, distroBase, updateSeries, type DistroBase } from './versions.js';

interface Release {
  ecosystem: string;
  /** The purl `distro` qualifier Ubuntu writes. */
  distro: string;
  /** Position in time: newer releases ship newer upstream versions. */
  age: number;
  pro: boolean;
}

const release = (version: string, codename: string, age: number, pro = false, lts = true): Release => ({
  ecosystem: `Ubuntu:${pro ? 'Pro:' : ''}${version}${lts ? ':LTS' : ''}`,
  distro: pro ? `esm-infra/${codename}` : codename,
  age,
  pro,
});

const RELEASES: readonly Release[] = [
  release('14.04', 'trusty', 0, true),
  release('16.04', 'xenial', 1, true),
  release('18.04', 'bionic', 2, true),
  release('20.04', 'focal', 3, true),
  release('22.04', 'jammy', 4, true),
  release('14.04', 'trusty', 0),
  release('16.04', 'xenial', 1),
  release('18.04', 'bionic', 2),
  release('20.04', 'focal', 3),
  release('22.04', 'jammy', 4),
  release('24.04', 'noble', 5),
  release('24.10', 'oracular', 6, false, false),
  release('25.04', 'plucky', 7, false, false),
];

/** Kernel flavours: a kernel CVE is tracked once per flavour and release. */
const FLAVOURS = ['aws', 'azure', 'gcp', 'oracle', 'kvm', 'raspi', 'ibm', 'lowlatency', 'nvidia', 'gke', 'oem-6.8'];

const PRIORITIES = ['negligible', 'low', 'medium', 'medium', 'high'];

/** The binaries built from a source package, as ecosystem_specific lists them. */
function binaries(rng: Rng, name: string, version: string): { binary_name: string; binary_version: string }[] {
  const stem = name.replace(/^lib/, '');
  const names = [name, `lib${stem}-dev`, `lib${stem}${rng.int(0, 4)}`, `${stem}-doc`, `${stem}-utils`, `${stem}-data`];
  return names.slice(0, rng.int(1, 6)).map((binary_name) => ({ binary_name, binary_version: version }));
}

/** One source package in one release: fixed (most) or still open, with the versions shipped. */
function entry(rng: Rng, name: string, base: DistroBase, r: Release): OsvAffected {
  const first = `${debUpstream(base, r.age)}ubuntu${1 + (r.age % 3)}`;
  const fixed = rng.chance(0.82);
  // Ubuntu Pro releases continue the last public update with "+esmN" ones.
  const last = `${first}.${rng.int(1, 9)}`;
  const series = r.pro
    ? updateSeries(last, (n) => `${last}+esm${n}`, rng.int(1, 12))
    : updateSeries(first, (n) => `${first}.${n}`, rng.int(1, 26));
  const shown = fixed ? series.next : series.versions[series.versions.length - 1];
  return {
    package: {
      ecosystem: r.ecosystem,
      name,
      purl: `pkg:deb/ubuntu/${name}@${purlVersion(shown)}?arch=source&distro=${encodeURIComponent(r.distro)}`,
    },
    ranges: [
      { type: 'ECOSYSTEM', events: fixed ? [{ introduced: '0' }, { fixed: series.next }] : [{ introduced: '0' }] },
    ],
    versions: series.versions,
    ecosystem_specific: {
      binaries: binaries(rng, name, shown),
      availability: r.pro ? 'Available with Ubuntu Pro: https://ubuntu.com/pro' : 'No subscription required',
    },
  };
}

/** Affected entries: a kernel CVE over several flavours and recent releases, else 1–2 packages over 5–13 releases. */
function affectedOf(ctx: Context, rng: Rng, n: number): OsvAffected[] {
  const pkg = cvePackage(ctx, n);
  if (pkg.kernel) {
    const base = distroBase(ctx.seed, 0);
    const flavours = ['linux', ...someOf(rng, FLAVOURS, rng.int(2, 11)).map((f) => `linux-${f}`)];
    const releases = someOf(rng, RELEASES, rng.int(2, 6));
    return flavours.flatMap((f) => releases.map((r) => entry(rng, f, base, r))).slice(0, 40);
  }
  const ranks = [pkg.rank];
  // Some CVEs hit a second source package too (a bundled copy, a versioned fork).
  if (rng.chance(0.2)) ranks.push(1 + rng.int(0, ctx.pools.distro.length - 1));
  const releases = someOf(rng, RELEASES, rng.int(5, RELEASES.length + 1));
  return ranks.flatMap((rank) => {
    const base = distroBase(ctx.seed, rank);
    return releases.map((r) => entry(rng, ctx.pools.distro[rank], base, r));
  });
}

export function ubuntuRecord(ctx: Context, rng: Rng): OsvRecord {
  const n = ctx.serial('UBUNTU-CVE');
  const cve = cveId(n);
  const affected = affectedOf(ctx, rng, n);
  const dates = datesIn(rng, cveYear(n));
  const name = affected[0].package.name;
  const own = [
    { type: 'REPORT', url: `https://ubuntu.com/security/${cve}` },
    { type: 'REPORT', url: `https://www.cve.org/CVERecord?id=${cve}` },
    { type: 'ADVISORY', url: `https://ubuntu.com/security/notices/USN-${5000 + (n % 2500)}-${1 + (n % 3)}` },
  ];
  return {
    schema_version: SCHEMA_VERSION,
    id: `UBUNTU-${cve}`,
    modified: dates.modified,
    published: dates.published,
    aliases: [cve],
    details: detailsOf(rng, name, undefined),
    severity: [
      ...(rng.chance(0.7) ? [{ type: 'CVSS_V3', score: cvss3(rng) }] : []),
      { type: 'Ubuntu', score: rng.pick(PRIORITIES) },
    ],
    affected,
    references: referencesOf(rng, own, undefined, rng.int(3, 9)),
  };
}
