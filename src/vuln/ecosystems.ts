// Mapping between purls and OSV package identities ({ecosystem, name}, see
// https://ossf.github.io/osv-schema/#affectedpackage-field and the purl type definitions), plus
// each ecosystem's version ordering. Used both to match advisories against packages and to build
// purls from scanner reports that only give ecosystem + name + version.
import type { PurlParts } from '../model/purl.js';
import {
  compareDpkg,
  compareMaven,
  compareNuget,
  comparePackagist,
  comparePep440,
  compareRubyGems,
  compareSemver,
  type Comparator,
} from './versions.js';
import { compareApk } from './versions-apk.js';
import { compareRpm } from './versions-rpm.js';
import {
  DISTRO_NAMESPACE,
  distributionOfQualifier,
  distroEcosystem,
  distroQualifier,
  isDistributionType,
  purlDistroEcosystem,
  releasesAgree,
  sourcePackage,
} from './distros.js';

export interface OsvPackageKey {
  /** OSV ecosystem, e.g. "npm", "PyPI", "Maven", "Go", "crates.io", "Debian:11". */
  ecosystem: string;
  /** Package name as OSV spells it (Maven "group:artifact", Go module path, npm "@scope/name"). */
  name: string;
  /**
   * Distro packages: the source package the binary was built from (purl `upstream` qualifier),
   * when it differs from `name`. Alpine, AlmaLinux, Rocky Linux and SUSE advisories name source
   * packages; an advisory naming either matches.
   */
  sourceName?: string;
  /**
   * The source package's version when the purl tells it and it may differ from the package's
   * (rpm: from the source RPM file name, with the package's epoch), in OSV spelling.
   */
  sourceVersion?: string;
}

interface EcosystemRule {
  purlType: string;
  /** Version ordering used for ECOSYSTEM ranges, and where it comes from (for the docs). */
  compare: Comparator;
  /** Canonical form of a name for comparison (OSV names compared to purl-derived names). */
  normaliseName: (name: string) => string;
}

/** PEP 503: runs of "-", "_", "." are equivalent and names are case-insensitive. */
export function pep503(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

const exact = (n: string) => n;
const lower = (n: string) => n.toLowerCase();

/** Base ecosystems (the part before ":" such as "Debian" in "Debian:11") that can be matched. */
const ECOSYSTEMS: Readonly<Record<string, EcosystemRule>> = {
  npm: { purlType: 'npm', compare: compareSemver, normaliseName: exact },
  PyPI: { purlType: 'pypi', compare: comparePep440, normaliseName: pep503 },
  Maven: { purlType: 'maven', compare: compareMaven, normaliseName: exact },
  Go: { purlType: 'golang', compare: compareSemver, normaliseName: exact },
  // crates.io refuses names that differ only by case or "-" vs "_": they name one crate.
  'crates.io': { purlType: 'cargo', compare: compareSemver, normaliseName: (n) => n.toLowerCase().replace(/_/g, '-') },
  RubyGems: { purlType: 'gem', compare: compareRubyGems, normaliseName: exact },
  NuGet: { purlType: 'nuget', compare: compareNuget, normaliseName: lower },
  Packagist: { purlType: 'composer', compare: comparePackagist, normaliseName: lower },
  Hex: { purlType: 'hex', compare: compareSemver, normaliseName: lower },
  Pub: { purlType: 'pub', compare: compareSemver, normaliseName: (n) => n.toLowerCase() },
  Debian: { purlType: 'deb', compare: compareDpkg, normaliseName: exact },
  Ubuntu: { purlType: 'deb', compare: compareDpkg, normaliseName: exact },
  Alpine: { purlType: 'apk', compare: compareApk, normaliseName: exact },
  Wolfi: { purlType: 'apk', compare: compareApk, normaliseName: exact },
  Chainguard: { purlType: 'apk', compare: compareApk, normaliseName: exact },
  'Red Hat': { purlType: 'rpm', compare: compareRpm, normaliseName: exact },
  AlmaLinux: { purlType: 'rpm', compare: compareRpm, normaliseName: exact },
  'Rocky Linux': { purlType: 'rpm', compare: compareRpm, normaliseName: exact },
  SUSE: { purlType: 'rpm', compare: compareRpm, normaliseName: exact },
  openSUSE: { purlType: 'rpm', compare: compareRpm, normaliseName: exact },
};

export const SUPPORTED_ECOSYSTEMS: readonly string[] = Object.keys(ECOSYSTEMS);

/** "Debian:11" → "Debian"; "Ubuntu:Pro:22.04:LTS" → "Ubuntu". */
export function baseEcosystem(ecosystem: string): string {
  const i = ecosystem.indexOf(':');
  return i < 0 ? ecosystem : ecosystem.slice(0, i);
}

/** The purl type of a distribution ecosystem's packages ("AlmaLinux:9" → "rpm"); else undefined. */
export function distributionPurlType(ecosystem: string): string | undefined {
  const type = ECOSYSTEMS[baseEcosystem(ecosystem)]?.purlType;
  return type && isDistributionType(type) ? type : undefined;
}

/** Ordering for an OSV ecosystem, or undefined when we cannot order its versions. */
export function comparatorFor(ecosystem: string): Comparator | undefined {
  return ECOSYSTEMS[baseEcosystem(ecosystem)]?.compare;
}

export function normaliseOsvName(ecosystem: string, name: string): string {
  const rule = ECOSYSTEMS[baseEcosystem(ecosystem)];
  return rule ? rule.normaliseName(name) : name;
}

export type PackageKeyResult = { key: OsvPackageKey } | { reason: string };

/** Debian/Ubuntu release from a deb purl's distro qualifier ("debian-11", "ubuntu-22.04"), if any. */
function debRelease(ecosystem: string, distro: string | undefined): string | undefined {
  if (!distro) return undefined;
  const m = /^(?:debian|ubuntu)-(\d+(?:\.\d+)?)/i.exec(distro);
  if (!m) return undefined;
  // OSV uses the major release for Debian ("Debian:11") and major.minor for Ubuntu ("Ubuntu:22.04").
  return ecosystem === 'Ubuntu' ? m[1] : m[1].split('.')[0];
}

/**
 * The OSV base ecosystem of a deb, rpm or apk purl, and the namespace it stands for: the purl's
 * namespace, else the distribution its `distro` qualifier starts with (cdxgen writes
 * pkg:rpm/acl@2.3.1-3.el9?distro=almalinux-9.2), so such a purl matches as the namespaced one would.
 */
function distroOf(p: PurlParts): { base: string; namespace: string } | { reason: string } {
  const distro = p.qualifiers.distro;
  const namespace = p.namespace ?? distributionOfQualifier(p.type, distro);
  const base = distroEcosystem(p.type, namespace);
  if (namespace && base) return { base, namespace };
  if (p.namespace) return { reason: `${p.type} packages of "${p.namespace}" have no OSV ecosystem here` };
  return {
    reason: distro
      ? `${p.type} packages without a namespace whose distro qualifier "${distro}" names no known distribution have no OSV ecosystem here`
      : `${p.type} packages without a namespace or distro qualifier have no OSV ecosystem here`,
  };
}

/** The OSV identity of a purl, or why there is none (callers count the reasons). */
export function osvPackageKeyOrReason(p: PurlParts): PackageKeyResult {
  const ns = p.namespace;
  switch (p.type) {
    case 'npm':
      return { key: { ecosystem: 'npm', name: ns ? `${ns}/${p.name}` : p.name } };
    case 'pypi':
      return { key: { ecosystem: 'PyPI', name: pep503(p.name) } };
    case 'maven':
      if (!ns) return { reason: 'a maven purl without a group (namespace) has no OSV name' };
      return { key: { ecosystem: 'Maven', name: `${ns}:${p.name}` } };
    case 'golang':
      return { key: { ecosystem: 'Go', name: ns ? `${ns}/${p.name}` : p.name } };
    case 'cargo':
      return { key: { ecosystem: 'crates.io', name: p.name } };
    case 'gem':
      return { key: { ecosystem: 'RubyGems', name: p.name } };
    case 'nuget':
      return { key: { ecosystem: 'NuGet', name: p.name } };
    case 'composer':
      if (!ns) return { reason: 'a composer purl without a vendor (namespace) has no OSV name' };
      return { key: { ecosystem: 'Packagist', name: `${ns}/${p.name}` } };
    case 'hex':
      return { key: { ecosystem: 'Hex', name: p.name } };
    case 'pub':
      return { key: { ecosystem: 'Pub', name: p.name } };
    case 'deb': {
      const distro = distroOf(p);
      if ('reason' in distro) return distro;
      const release = debRelease(distro.base, p.qualifiers.distro);
      return { key: { ecosystem: release ? `${distro.base}:${release}` : distro.base, name: p.name } };
    }
    case 'rpm':
    case 'apk': {
      const distro = distroOf(p);
      if ('reason' in distro) return distro;
      const ecosystem = purlDistroEcosystem(distro.base, p.qualifiers.distro, distro.namespace);
      const key: OsvPackageKey = { ecosystem, name: p.name };
      const source = sourcePackage(p.type, p.qualifiers.upstream);
      if (source && source.name !== p.name) {
        key.sourceName = source.name;
        if (source.version) key.sourceVersion = withEpoch(source.version, p.qualifiers.epoch);
      }
      return { key };
    }
    default:
      return { reason: `purl type "${p.type}" has no supported OSV ecosystem` };
  }
}

/** The names an advisory may give the package: its own, and its source package's. */
export function osvNamesOf(key: OsvPackageKey): string[] {
  return key.sourceName ? [key.name, key.sourceName] : [key.name];
}

/**
 * The purl's version as the OSV ecosystem spells it: rpm purls carry the epoch in the `epoch`
 * qualifier, OSV puts it in the version ("1:3.0.7-16.el9"). A missing epoch is 0.
 */
export function osvVersionOf(p: PurlParts): string | undefined {
  const v = p.version;
  return v && p.type === 'rpm' ? withEpoch(v, p.qualifiers.epoch) : v;
}

function withEpoch(version: string, epoch: string | undefined): string {
  const e = epoch?.trim();
  return e && /^\d+$/.test(e) && !/^\d*:/.test(version) ? `${e}:${version}` : version;
}

export function osvPackageKey(p: PurlParts): OsvPackageKey | undefined {
  const r = osvPackageKeyOrReason(p);
  return 'key' in r ? r.key : undefined;
}

/**
 * Whether an advisory's ecosystem names the package's. Release-qualified distro ecosystems
 * ("Debian:11") must agree on the release when the purl says which one it is; a purl without
 * a release matches any release (versions of different releases rarely overlap — documented).
 */
export function ecosystemMatches(advisoryEcosystem: string, packageEcosystem: string): boolean {
  if (advisoryEcosystem === packageEcosystem) return true;
  if (baseEcosystem(advisoryEcosystem) !== baseEcosystem(packageEcosystem)) return false;
  // Distro releases compare by release ("Red Hat:enterprise_linux:9::appstream" vs a rhel-9.2 purl).
  return releasesAgree(advisoryEcosystem, packageEcosystem);
}

/**
 * Builds purl parts from a report's ecosystem + name + version (osv-scanner, Trivy/Grype without
 * a purl). Go module versions get their "v" back ("1.3.1" → "v1.3.1"), which is how Go tools and
 * SBOM generators spell them, so the same module version is one package in the graph.
 */
export function purlPartsFromOsv(ecosystem: string, name: string, version?: string): PurlParts | undefined {
  const base = baseEcosystem(ecosystem);
  const release = ecosystem.includes(':') ? ecosystem.slice(ecosystem.indexOf(':') + 1) : undefined;
  const split = (sep: string): [string | undefined, string] => {
    const i = name.lastIndexOf(sep);
    return i <= 0 ? [undefined, name] : [name.slice(0, i), name.slice(i + 1)];
  };
  const parts = (
    type: string,
    namespace: string | undefined,
    n: string,
    v = version,
    qualifiers: Record<string, string> = {},
  ): PurlParts => ({ type, namespace, name: n, version: v || undefined, qualifiers });
  switch (base) {
    case 'npm': {
      const [ns, n] = name.startsWith('@') ? split('/') : [undefined, name];
      return parts('npm', ns, n);
    }
    case 'PyPI':
      return parts('pypi', undefined, pep503(name));
    case 'Maven': {
      const [ns, n] = split(':');
      return ns ? parts('maven', ns, n) : undefined;
    }
    case 'Go': {
      const [ns, n] = split('/');
      const v = version && /^\d/.test(version) && name !== 'stdlib' && name !== 'toolchain' ? `v${version}` : version;
      return parts('golang', ns, n, v);
    }
    case 'crates.io':
      return parts('cargo', undefined, name);
    case 'RubyGems':
      return parts('gem', undefined, name);
    case 'NuGet':
      return parts('nuget', undefined, name);
    case 'Packagist': {
      const [ns, n] = split('/');
      return parts('composer', ns, n);
    }
    case 'Hex':
      return parts('hex', undefined, name);
    case 'Pub':
      return parts('pub', undefined, name);
    case 'Debian':
      return parts('deb', 'debian', name, version, release ? { distro: `debian-${release}` } : {});
    case 'Ubuntu':
      return parts('deb', 'ubuntu', name, version, release ? { distro: `ubuntu-${release}` } : {});
    default: {
      const distro = DISTRO_NAMESPACE[base];
      if (!distro) return undefined;
      const qualifiers: Record<string, string> = {};
      const d = distroQualifier(ecosystem);
      if (d) qualifiers.distro = d;
      let v = version;
      // rpm: the epoch goes to its qualifier ("1:3.0.7-16.el9" → 3.0.7-16.el9 ?epoch=1).
      const epoch = distro.type === 'rpm' && v ? /^(\d+):(.+)$/.exec(v) : null;
      if (epoch) {
        qualifiers.epoch = epoch[1];
        v = epoch[2];
      }
      return parts(distro.type, distro.namespace, name, v, qualifiers);
    }
  }
}
