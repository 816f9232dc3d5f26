// Linux distribution releases on both sides of OSV matching, reduced to one comparable release
// key per base ecosystem:
// - OSV ecosystem suffixes: "Alpine:v3.18", "AlmaLinux:8", "Rocky Linux:9",
//   "Red Hat:enterprise_linux:9::appstream" (a Red Hat CPE without its prefix),
//   "SUSE:Linux Enterprise Server 15 SP5", "openSUSE:Leap 15.5", "Debian:11";
// - purl `distro` qualifiers as SBOM tools write them: "alpine-3.18.4" (syft), "3.9.4" (trivy),
//   "rhel-9.2", "almalinux-8.10", "rocky-9.3", "sles-15.5", "opensuse-leap-15.5".
// A release the text does not tell is undefined: callers then match any release.
// The distribution of a package is its purl namespace, or, without one, the id that starts its
// `distro` qualifier (docs/formats/vulnerabilities.md, "Distribution from the distro qualifier").
import { lookupTable } from '../model/lookup-table.js';

/** The purl namespaces of rpm packages per OSV ecosystem (syft, trivy, grype and Red Hat spellings). */
const RPM_NAMESPACES = lookupTable<string>({
  redhat: 'Red Hat',
  rhel: 'Red Hat',
  almalinux: 'AlmaLinux',
  alma: 'AlmaLinux',
  rocky: 'Rocky Linux',
  rockylinux: 'Rocky Linux',
  'rocky-linux': 'Rocky Linux',
  suse: 'SUSE',
  sles: 'SUSE',
  sled: 'SUSE',
  sles_sap: 'SUSE',
  'sle-micro': 'SUSE',
  'suse linux enterprise server': 'SUSE',
  opensuse: 'openSUSE',
  'opensuse-leap': 'openSUSE',
  'opensuse.leap': 'openSUSE',
  'opensuse-leap-micro': 'openSUSE',
  'opensuse-tumbleweed': 'openSUSE',
  'opensuse.tumbleweed': 'openSUSE',
});

/** The purl namespaces of apk packages per OSV ecosystem. */
const APK_NAMESPACES = lookupTable<string>({
  alpine: 'Alpine',
  wolfi: 'Wolfi',
  chainguard: 'Chainguard',
});

/** The purl namespaces of deb packages per OSV ecosystem. */
const DEB_NAMESPACES = lookupTable<string>({
  debian: 'Debian',
  ubuntu: 'Ubuntu',
});

/** Every distribution the matcher knows, by purl type: the one table of distribution names. */
const NAMESPACES_BY_TYPE = lookupTable<Readonly<Record<string, string>>>({
  deb: DEB_NAMESPACES,
  rpm: RPM_NAMESPACES,
  apk: APK_NAMESPACES,
});

/** OSV base ecosystem of a deb, rpm or apk purl namespace (case-insensitive), if it has one. */
export function distroEcosystem(type: string, namespace: string | undefined): string | undefined {
  const table = NAMESPACES_BY_TYPE[type];
  const ns = (namespace ?? '').toLowerCase();
  return table && Object.hasOwn(table, ns) ? table[ns] : undefined;
}

/** Whether packages of a purl type belong to a distribution (deb, rpm, apk). */
export function isDistributionType(type: string): boolean {
  return Object.hasOwn(NAMESPACES_BY_TYPE, type);
}

/**
 * The distribution named at the start of a `distro` qualifier, as a purl namespace of `type`:
 * the longest known namespace that is the whole qualifier or is followed by "-"
 * ("opensuse-leap-15.5" → "opensuse-leap", "almalinux-9.2" → "almalinux"). A qualifier that
 * starts with no known name ("centos-9", "el9", "3.18.4", "bookworm") names none.
 */
export function distributionOfQualifier(type: string, distro: string | undefined): string | undefined {
  const table = NAMESPACES_BY_TYPE[type];
  const d = (distro ?? '').trim().toLowerCase();
  if (!table || !d) return undefined;
  let found: string | undefined;
  for (const name of Object.keys(table)) {
    const names = d === name || d.startsWith(`${name}-`);
    if (names && (!found || name.length > found.length)) found = name;
  }
  return found;
}

/** The purl namespace written for packages of an OSV base ecosystem (reverse of the above). */
export const DISTRO_NAMESPACE = lookupTable<{ type: string; namespace: string }>({
  Alpine: { type: 'apk', namespace: 'alpine' },
  Wolfi: { type: 'apk', namespace: 'wolfi' },
  Chainguard: { type: 'apk', namespace: 'chainguard' },
  'Red Hat': { type: 'rpm', namespace: 'redhat' },
  AlmaLinux: { type: 'rpm', namespace: 'almalinux' },
  'Rocky Linux': { type: 'rpm', namespace: 'rocky' },
  SUSE: { type: 'rpm', namespace: 'suse' },
  openSUSE: { type: 'rpm', namespace: 'opensuse' },
});

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[\s_.:-]+/)
    .filter(Boolean);

/** "Linux Enterprise Server 15 SP5" / "15.5" / "sles-15.5" → "15.5"; "15" → "15". */
function suseRelease(text: string): string | undefined {
  const m = /(\d+)(?:(?:\s*SP|\.)(\d+))?/i.exec(text);
  if (!m) return undefined;
  return m[2] && m[2] !== '0' ? `${m[1]}.${m[2]}` : m[1];
}

/** "Leap 15.5", "leap-15.5", "Tumbleweed", "tumbleweed-20240101", "Leap Micro 5.5" → "leap 15.5" … */
function openSuseRelease(text: string): string | undefined {
  const parts = words(text.replace(/^opensuse[-.\s]?/i, ''));
  if (parts[0] === 'tumbleweed' || parts[0] === 'slowroll') return parts[0];
  // "leap 15 5" (split at ".") back to "leap 15.5": the numbers of a release are joined by ".".
  const named = parts.filter((p) => !/^\d+$/.test(p));
  const nums = parts.filter((p) => /^\d+$/.test(p));
  if (!named.length && !nums.length) return undefined;
  return [...named, nums.join('.')].filter(Boolean).join(' ');
}

/**
 * A Red Hat CPE product:version:update:edition, e.g. enterprise_linux:9::appstream,
 * rhel_eus:9.2::baseos, openshift:4.13::el9. RHEL's own streams give the major release; others
 * may end in "el9".
 */
function redHatRelease(suffix: string): string | undefined {
  const [product = '', version = '', ...rest] = suffix.split(':');
  if (product === 'enterprise_linux' || product.startsWith('rhel')) return /^(\d+)/.exec(version)?.[1];
  for (const part of rest.reverse()) {
    const m = /^el(\d+)/.exec(part);
    if (m) return m[1];
  }
  return undefined;
}

const majorRelease = (suffix: string): string | undefined => /^(\d+)/.exec(suffix)?.[1];

type ReleaseReader = (suffix: string) => string | undefined;

/** How a base ecosystem writes its release after the ":", where it is more than the suffix as written. */
const RELEASE_OF_SUFFIX: ReadonlyMap<string, ReleaseReader> = new Map<string, ReleaseReader>([
  ['Alpine', (suffix) => /^v?(\d+\.\d+)/.exec(suffix)?.[1] ?? (suffix === 'edge' ? 'edge' : undefined)],
  ['AlmaLinux', majorRelease],
  ['Rocky Linux', majorRelease],
  ['Red Hat', redHatRelease],
  ['SUSE', suseRelease],
  ['openSUSE', openSuseRelease],
  // "22.04:LTS", "Pro:18.04:LTS", "Pro:FIPS-updates:20.04:LTS": the release is the version
  // number; a purl's distro qualifier gives only that ("ubuntu-22.04").
  ['Ubuntu', (suffix) => /(\d+\.\d+)/.exec(suffix)?.[1] ?? suffix],
]);

/** Release of an OSV ecosystem string, or undefined when it names none (or one we cannot read). */
export function advisoryRelease(ecosystem: string): string | undefined {
  const i = ecosystem.indexOf(':');
  if (i < 0) return undefined;
  const base = ecosystem.slice(0, i);
  const suffix = ecosystem.slice(i + 1).trim();
  if (!suffix) return undefined;
  const release = RELEASE_OF_SUFFIX.get(base);
  // Debian and the rest: the suffix as written.
  return release ? release(suffix) : suffix;
}

/** Release named by a purl's `distro` qualifier, as the OSV ecosystem string of that release. */
export function purlDistroEcosystem(base: string, distro: string | undefined, namespace?: string): string {
  const d = (distro ?? '').trim();
  switch (base) {
    case 'Alpine': {
      const m = /(\d+\.\d+)/.exec(d);
      return m ? `Alpine:v${m[1]}` : base;
    }
    case 'AlmaLinux':
    case 'Rocky Linux':
    case 'Red Hat': {
      const m = /(\d+)/.exec(d.replace(/^el(?=\d)/i, ''));
      if (!m) return base;
      return base === 'Red Hat' ? `Red Hat:enterprise_linux:${m[1]}` : `${base}:${m[1]}`;
    }
    case 'SUSE': {
      const r = suseRelease(d);
      if (!r) return base;
      const [major, minor] = r.split('.');
      return `SUSE:${major}${minor ? ` SP${minor}` : ''}`;
    }
    case 'openSUSE': {
      // No distro: the namespace may still say which flavour ("opensuse-tumbleweed").
      const r = openSuseRelease(d || (namespace && namespace.toLowerCase() !== 'opensuse' ? namespace : ''));
      return r ? `openSUSE:${r.replace(/(^|\s)\S/g, (c) => c.toUpperCase())}` : base;
    }
    default:
      return base;
  }
}

/** The purl `distro` qualifier for an OSV ecosystem's release (for purls built from scanner reports). */
export function distroQualifier(ecosystem: string): string | undefined {
  const i = ecosystem.indexOf(':');
  const base = i < 0 ? ecosystem : ecosystem.slice(0, i);
  const release = advisoryRelease(ecosystem);
  if (!release) return undefined;
  switch (base) {
    case 'Alpine':
      return release;
    case 'AlmaLinux':
      return `almalinux-${release}`;
    case 'Rocky Linux':
      return `rocky-${release}`;
    case 'Red Hat':
      return `rhel-${release}`;
    case 'SUSE':
      return `sles-${release}`;
    case 'openSUSE':
      return `opensuse-${release.replace(/\s+/g, '-')}`;
    default:
      return undefined;
  }
}

/**
 * Whether two ecosystem strings of the same base name the same release. A side without a
 * release (or with one we cannot read) matches any release of the other.
 */
export function releasesAgree(advisoryEcosystem: string, packageEcosystem: string): boolean {
  const a = advisoryRelease(advisoryEcosystem),
    p = advisoryRelease(packageEcosystem);
  return a === undefined || p === undefined || a === p;
}

/**
 * Source package from a purl's `upstream` qualifier: apk's origin ("openssl"; its subpackages share
 * its version), or an rpm's source RPM file ("nss-3.79.0-17.el9_1.src.rpm" → nss at
 * 3.79.0-17.el9_1: rpm subpackages may have versions of their own, nspr built from nss).
 */
export function sourcePackage(
  type: string,
  upstream: string | undefined,
): { name: string; version?: string } | undefined {
  const text = (upstream ?? '').trim();
  if (!text) return undefined;
  if (type === 'rpm') {
    if (!/\.rpm$/.test(text)) return { name: text };
    const m = /^(.+)-([^-]+-[^-]+)\.(?:no)?src\.rpm$/.exec(text);
    return m ? { name: m[1], version: m[2] } : undefined;
  }
  if (type === 'apk') {
    const name = text.split('@')[0];
    return name ? { name } : undefined;
  }
  return undefined;
}

/** The source package name alone (see sourcePackage). */
export function sourcePackageName(type: string, upstream: string | undefined): string | undefined {
  return sourcePackage(type, upstream)?.name;
}
