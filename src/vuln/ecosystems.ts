// Mapping between purls and OSV package identities ({ecosystem, name}, see
// https://ossf.github.io/osv-schema/#affectedpackage-field and the purl type definitions), plus
// each ecosystem's version ordering. Used both to match advisories against packages and to build
// purls from scanner reports that only give ecosystem + name + version.
import type { PurlParts } from '../model/purl.js';
import {
  compareMaven,
  compareNuget,
  comparePackagist,
  comparePep440,
  compareRubyGems,
  compareSemver,
  type Comparator,
} from './versions.js';
import { compareApk } from './versions-apk.js';
import { compareDpkg } from './versions-dpkg.js';
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
import { lookupTable } from '../model/lookup-table.js';

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
const ECOSYSTEMS = lookupTable<EcosystemRule>({
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
});

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

/** deb purls: the distribution's ecosystem, with the release the distro qualifier names. */
function debKey(p: PurlParts): PackageKeyResult {
  const distro = distroOf(p);
  if ('reason' in distro) return distro;
  const release = debRelease(distro.base, p.qualifiers.distro);
  return { key: { ecosystem: release ? `${distro.base}:${release}` : distro.base, name: p.name } };
}

/** rpm and apk purls: the distribution's ecosystem and release, and the source package it was built from. */
function rpmOrApkKey(p: PurlParts): PackageKeyResult {
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

/** A purl type whose OSV name is the purl's name alone. */
const nameIn =
  (ecosystem: string) =>
  (p: PurlParts): PackageKeyResult => ({ key: { ecosystem, name: p.name } });

/** A purl type whose OSV name is "namespace/name" when there is a namespace. */
const pathIn =
  (ecosystem: string) =>
  (p: PurlParts): PackageKeyResult => ({ key: { ecosystem, name: p.namespace ? `${p.namespace}/${p.name}` : p.name } });

type KeyReader = (p: PurlParts) => PackageKeyResult;

/** The OSV identity of a purl, per purl type. */
const KEY_OF_TYPE: ReadonlyMap<string, KeyReader> = new Map<string, KeyReader>([
  ['npm', pathIn('npm')],
  ['pypi', (p) => ({ key: { ecosystem: 'PyPI', name: pep503(p.name) } })],
  [
    'maven',
    (p) =>
      p.namespace
        ? { key: { ecosystem: 'Maven', name: `${p.namespace}:${p.name}` } }
        : { reason: 'a maven purl without a group (namespace) has no OSV name' },
  ],
  ['golang', pathIn('Go')],
  ['cargo', nameIn('crates.io')],
  ['gem', nameIn('RubyGems')],
  ['nuget', nameIn('NuGet')],
  [
    'composer',
    (p) =>
      p.namespace
        ? { key: { ecosystem: 'Packagist', name: `${p.namespace}/${p.name}` } }
        : { reason: 'a composer purl without a vendor (namespace) has no OSV name' },
  ],
  ['hex', nameIn('Hex')],
  ['pub', nameIn('Pub')],
  ['deb', debKey],
  ['rpm', rpmOrApkKey],
  ['apk', rpmOrApkKey],
]);

/** The OSV identity of a purl, or why there is none (callers count the reasons). */
export function osvPackageKeyOrReason(p: PurlParts): PackageKeyResult {
  const keyOf = KEY_OF_TYPE.get(p.type);
  return keyOf ? keyOf(p) : { reason: `purl type "${p.type}" has no supported OSV ecosystem` };
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

/** What a report says of a package: its ecosystem (and release, after the ":"), name and version. */
interface OsvPackage {
  ecosystem: string;
  release?: string;
  name: string;
  version?: string;
}

function purlParts(
  type: string,
  namespace: string | undefined,
  name: string,
  version: string | undefined,
  qualifiers: Record<string, string> = {},
): PurlParts {
  return { type, namespace, name, version: version || undefined, qualifiers };
}

/** The name split at its last `sep` into namespace and name (no namespace when `sep` leads or is absent). */
function splitName(name: string, sep: string): [string | undefined, string] {
  const i = name.lastIndexOf(sep);
  return i <= 0 ? [undefined, name] : [name.slice(0, i), name.slice(i + 1)];
}

/** An ecosystem whose names are the purl's name alone. */
const unscoped =
  (type: string) =>
  (o: OsvPackage): PurlParts =>
    purlParts(type, undefined, o.name, o.version);

/** An ecosystem whose names are "namespace/name". */
const scoped =
  (type: string) =>
  (o: OsvPackage): PurlParts =>
    purlParts(type, ...splitName(o.name, '/'), o.version);

/** Debian and Ubuntu: the release goes to the distro qualifier ("Debian:11" → distro=debian-11). */
const debian =
  (namespace: string) =>
  (o: OsvPackage): PurlParts =>
    purlParts('deb', namespace, o.name, o.version, o.release ? { distro: `${namespace}-${o.release}` } : {});

/** npm: a scoped package ("@scope/name") has its scope as the namespace. */
function npmPurl(o: OsvPackage): PurlParts {
  const [ns, n] = o.name.startsWith('@') ? splitName(o.name, '/') : [undefined, o.name];
  return purlParts('npm', ns, n, o.version);
}

/** Go module versions get their "v" back ("1.3.1" → "v1.3.1"), except the toolchain's own. */
function goPurl(o: OsvPackage): PurlParts {
  const { name, version } = o;
  const v = version && /^\d/.test(version) && name !== 'stdlib' && name !== 'toolchain' ? `v${version}` : version;
  return purlParts('golang', ...splitName(name, '/'), v);
}

type PurlBuilder = (o: OsvPackage) => PurlParts | undefined;

/** The purl of an OSV package, per base ecosystem; other ecosystems are distributions (distroPurl). */
const PURL_OF_ECOSYSTEM: ReadonlyMap<string, PurlBuilder> = new Map<string, PurlBuilder>([
  ['npm', npmPurl],
  ['PyPI', (o) => purlParts('pypi', undefined, pep503(o.name), o.version)],
  [
    'Maven',
    (o) => {
      const [ns, n] = splitName(o.name, ':');
      return ns ? purlParts('maven', ns, n, o.version) : undefined;
    },
  ],
  ['Go', goPurl],
  ['crates.io', unscoped('cargo')],
  ['RubyGems', unscoped('gem')],
  ['NuGet', unscoped('nuget')],
  ['Packagist', scoped('composer')],
  ['Hex', unscoped('hex')],
  ['Pub', unscoped('pub')],
  ['Debian', debian('debian')],
  ['Ubuntu', debian('ubuntu')],
]);

/** rpm and apk distributions: the release goes to the distro qualifier, an rpm epoch to its own. */
function distroPurl(o: OsvPackage, base: string): PurlParts | undefined {
  const distro = DISTRO_NAMESPACE[base];
  if (!distro) return undefined;
  const qualifiers: Record<string, string> = {};
  const d = distroQualifier(o.ecosystem);
  if (d) qualifiers.distro = d;
  let v = o.version;
  // rpm: the epoch goes to its qualifier ("1:3.0.7-16.el9" → 3.0.7-16.el9 ?epoch=1).
  const epoch = distro.type === 'rpm' && v ? /^(\d+):(.+)$/.exec(v) : null;
  if (epoch) {
    qualifiers.epoch = epoch[1];
    v = epoch[2];
  }
  return purlParts(distro.type, distro.namespace, o.name, v, qualifiers);
}

/**
 * Builds purl parts from a report's ecosystem + name + version (osv-scanner, Trivy/Grype without
 * a purl). Go module versions get their "v" back ("1.3.1" → "v1.3.1"), which is how Go tools and
 * SBOM generators spell them, so the same module version is one package in the graph.
 */
export function purlPartsFromOsv(ecosystem: string, name: string, version?: string): PurlParts | undefined {
  const base = baseEcosystem(ecosystem);
  const release = ecosystem.includes(':') ? ecosystem.slice(ecosystem.indexOf(':') + 1) : undefined;
  const o: OsvPackage = { ecosystem, release, name, version };
  const purlOf = PURL_OF_ECOSYSTEM.get(base);
  return purlOf ? purlOf(o) : distroPurl(o, base);
}
