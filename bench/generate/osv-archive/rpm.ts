// The rpm distributions: Red Hat's RHSA-YYYY:NNNN and SUSE's SUSE-SU-YYYY:NNNN-1 advisories, one
// affected entry per (binary package, product stream), rpm-style fixed versions.
import type { Rng } from '../../lib/rng.js';
import { cvePackage, purlVersion, someOf, type Context } from './context.js';
import { colonId, cveId, yearSerial } from './ids.js';
import { SCHEMA_VERSION, type OsvAffected, type OsvRecord } from './osv-types.js';
import { cvss3, datesIn, detailsOf, referencesOf, severityLabel } from './text.js';
import { distroBase, upstream } from './versions.js';

interface Stream {
  ecosystem: string;
  /** The purl `distro` qualifier, e.g. rhel-9.4 or sles-15.5. */
  distro: string;
  /** The release tag in versions: "el9_4" or "150500". */
  tag: string;
  age: number;
}

const RED_HAT: readonly Stream[] = [
  { ecosystem: 'Red Hat:enterprise_linux:8::appstream', distro: 'rhel-8.10', tag: 'el8_10', age: 0 },
  { ecosystem: 'Red Hat:enterprise_linux:8::baseos', distro: 'rhel-8.10', tag: 'el8_10', age: 0 },
  { ecosystem: 'Red Hat:enterprise_linux:9::appstream', distro: 'rhel-9.4', tag: 'el9_4', age: 1 },
  { ecosystem: 'Red Hat:enterprise_linux:9::baseos', distro: 'rhel-9.4', tag: 'el9_4', age: 1 },
];

const SUSE: readonly Stream[] = [
  { ecosystem: 'SUSE:Linux Enterprise Server 15 SP5', distro: 'sles-15.5', tag: '150500', age: 0 },
  { ecosystem: 'SUSE:Linux Enterprise Server 15 SP6', distro: 'sles-15.6', tag: '150600', age: 1 },
  { ecosystem: 'SUSE:Linux Enterprise Desktop 15 SP5', distro: 'sled-15.5', tag: '150500', age: 0 },
  { ecosystem: 'SUSE:Linux Enterprise Module for Basesystem 15 SP6', distro: 'sles-15.6', tag: '150600', age: 1 },
  { ecosystem: 'openSUSE:Leap 15.5', distro: 'opensuse-leap-15.5', tag: '150500', age: 0 },
  { ecosystem: 'openSUSE:Leap 15.6', distro: 'opensuse-leap-15.6', tag: '150600', age: 1 },
];

/** The binary rpms built from a source package (the source itself first). */
function binaryNames(rng: Rng, name: string): string[] {
  const stem = name.replace(/^lib/, '');
  const all = [name, `${name}-devel`, `${name}-libs`, `lib${stem}1`, `${name}-debuginfo`, `${name}-debugsource`];
  return all.slice(0, rng.int(1, all.length + 1));
}

function rpmEntry(name: string, version: string, s: Stream, vendor: 'redhat' | 'suse'): OsvAffected {
  return {
    package: {
      ecosystem: s.ecosystem,
      name,
      purl: `pkg:rpm/${vendor}/${name}@${purlVersion(version)}?arch=x86_64&distro=${s.distro}`,
    },
    ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: version }] }],
  };
}

function rpmRecord(ctx: Context, rng: Rng, vendor: 'redhat' | 'suse'): OsvRecord {
  const k = ctx.serial(vendor);
  const id = vendor === 'redhat' ? colonId('RHSA', k) : colonId('SUSE-SU', k, `-${1 + (k % 3 === 0 ? 1 : 0)}`);
  const cves = [...new Set(Array.from({ length: rng.int(1, 6) }, () => cveId(rng.int(0, 200_000))))];
  const pkg = cvePackage(ctx, rng.int(0, 200_000), false);
  const base = distroBase(ctx.seed, pkg.rank);
  const streams = someOf(rng, vendor === 'redhat' ? RED_HAT : SUSE, rng.int(1, 4));
  const names = binaryNames(rng, pkg.name);
  const release = rng.int(1, 40);
  const affected = streams.flatMap((s) => {
    const up = `${base.epoch}${upstream(base, s.age)}`;
    const version = vendor === 'redhat' ? `${up}-${release}.${s.tag}` : `${up}-${s.tag}.${release}.${rng.int(1, 30)}.1`;
    return names.map((name) => rpmEntry(name, version, s, vendor));
  });
  const dates = datesIn(rng, yearSerial(k).year);
  const label = severityLabel(rng);
  return {
    schema_version: SCHEMA_VERSION,
    id,
    modified: dates.modified,
    published: dates.published,
    aliases: cves,
    summary: `${label === 'CRITICAL' ? 'Critical' : 'Important'}: ${pkg.name} security update`,
    details: detailsOf(rng, pkg.name, undefined),
    severity: [{ type: 'CVSS_V3', score: cvss3(rng) }],
    affected,
    references: referencesOf(
      rng,
      vendor === 'redhat'
        ? [{ type: 'ADVISORY', url: `https://access.redhat.com/errata/${id}` }]
        : [{ type: 'ADVISORY', url: `https://www.suse.com/support/update/announcement/${id.toLowerCase()}/` }],
      undefined,
      rng.int(2, 8),
    ),
    database_specific: { severity: label },
  };
}

export function redHatRecord(ctx: Context, rng: Rng): OsvRecord {
  return rpmRecord(ctx, rng, 'redhat');
}

export function suseRecord(ctx: Context, rng: Rng): OsvRecord {
  return rpmRecord(ctx, rng, 'suse');
}
