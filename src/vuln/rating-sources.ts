// Who gave a severity rating, in one spelling per source, and which sources are closest to a
// package: its distribution's for a distribution package, its ecosystem's advisory databases for a
// language package (docs/formats/vulnerabilities.md, "Rating sources"; the rule that uses them is
// docs/api.md, "Severity").
import { parsePurl } from '../model/purl.js';
import { distributionOfQualifier } from './distros.js';
import { lookupTable } from '../model/lookup-table.js';

export const NVD = 'nvd';
export const GHSA = 'ghsa';
/** A rating whose document does not say who gave it (and every rating stored before sources were kept). */
export const UNSPECIFIED = 'unspecified';

/** Distributions by the names their ratings come under (Trivy, Grype, CSAF, OSV id prefixes). */
const DISTRIBUTIONS = lookupTable<string>({
  debian: 'debian',
  ubuntu: 'ubuntu',
  canonical: 'ubuntu',
  redhat: 'redhat',
  'red hat': 'redhat',
  'red hat product security': 'redhat',
  'secalert@redhat.com': 'redhat',
  rhel: 'redhat',
  centos: 'redhat',
  alpine: 'alpine',
  amazon: 'amazon',
  amzn: 'amazon',
  amazonlinux: 'amazon',
  oracle: 'oracle',
  'oracle-oval': 'oracle',
  ol: 'oracle',
  oraclelinux: 'oracle',
  photon: 'photon',
  alma: 'almalinux',
  almalinux: 'almalinux',
  rocky: 'rocky',
  rockylinux: 'rocky',
  'rocky-linux': 'rocky',
  'arch-linux': 'arch',
  arch: 'arch',
  archlinux: 'arch',
  azure: 'azurelinux',
  azurelinux: 'azurelinux',
  'cbl-mariner': 'azurelinux',
  mariner: 'azurelinux',
  suse: 'suse',
  'suse-cvrf': 'suse',
  sles: 'suse',
  sled: 'suse',
  opensuse: 'suse',
  'opensuse-leap': 'suse',
  'opensuse.leap': 'suse',
  'opensuse-tumbleweed': 'suse',
  'opensuse.tumbleweed': 'suse',
  wolfi: 'wolfi',
  chainguard: 'chainguard',
  fedora: 'fedora',
});

/** The other sources' spellings: NVD, GitHub's advisories and the language advisory databases. */
const OTHER_NAMES = lookupTable<string>({
  nvd: NVD,
  'nvd@nist.gov': NVD,
  'national vulnerability database': NVD,
  ghsa: GHSA,
  github: GHSA,
  'github advisories': GHSA,
  'github advisory database': GHSA,
  'security-advisories@github.com': GHSA,
  'go-vulndb': 'go-vulndb',
  go: 'go-vulndb',
  pypa: 'pypa',
  pysec: 'pypa',
  rustsec: 'rustsec',
  'rust-advisory-db': 'rustsec',
  'ruby-advisory-db': 'ruby-advisory-db',
  'php-security-advisories': 'php-security-advisories',
  friendsofphp: 'php-security-advisories',
  'nodejs-security-wg': 'nodejs-security-wg',
});

/** Language purl types → the advisory databases of that ecosystem (GitHub's covers them all). */
const ECOSYSTEM_SOURCES = lookupTable<readonly string[]>({
  npm: [GHSA, 'nodejs-security-wg'],
  pypi: [GHSA, 'pypa'],
  maven: [GHSA],
  golang: [GHSA, 'go-vulndb'],
  cargo: [GHSA, 'rustsec'],
  gem: [GHSA, 'ruby-advisory-db'],
  composer: [GHSA, 'php-security-advisories'],
  nuget: [GHSA],
  hex: [GHSA],
  pub: [GHSA],
  swift: [GHSA],
  github: [GHSA],
});

/** The purl types of distribution packages; the namespace names the distribution. */
const DISTRIBUTION_TYPES: ReadonlySet<string> = new Set(['deb', 'rpm', 'apk', 'alpm']);

/** OSV id prefixes → the database that publishes them (osv.dev's CVE records are NVD's, converted). */
const OSV_PREFIXES = lookupTable<string>({
  CVE: NVD,
  GHSA: GHSA,
  GO: 'go-vulndb',
  PYSEC: 'pypa',
  RUSTSEC: 'rustsec',
  DSA: 'debian',
  DLA: 'debian',
  DTSA: 'debian',
  DEBIAN: 'debian',
  USN: 'ubuntu',
  UBUNTU: 'ubuntu',
  RHSA: 'redhat',
  RHBA: 'redhat',
  RHEA: 'redhat',
  ALSA: 'almalinux',
  ALBA: 'almalinux',
  ALEA: 'almalinux',
  RLSA: 'rocky',
  RXSA: 'rocky',
  SUSE: 'suse',
  OPENSUSE: 'suse',
  ALPINE: 'alpine',
  CGA: 'chainguard',
});

/**
 * One spelling per source: "nvd@nist.gov" and "NVD" are `nvd`, "oracle-oval" is `oracle`,
 * "security-advisories@github.com" is `ghsa`, a Grype namespace ("nvd:cpe",
 * "debian:distro:debian:12", "github:language:java", also as Grype's CycloneDX output names a
 * source) its database; a name it does not know is kept, lowercased. Undefined for a blank name.
 */
export function canonicalSource(name: string | undefined): string | undefined {
  const text = (name ?? '').trim().toLowerCase();
  if (!text) return undefined;
  const known = (t: string): string | undefined => DISTRIBUTIONS[t] ?? OTHER_NAMES[t];
  const namespace = /^([a-z0-9.-]+):(?!\/\/)/.exec(text)?.[1];
  return known(text) ?? (namespace ? known(namespace) : undefined) ?? text;
}

/**
 * A source only when `name` is one this table knows ("NVD", "ghsa", "debian", …): GUAC's metadata
 * names where its data came from in `origin`, which may as well be a file or URL.
 */
export function knownSource(name: string | undefined): string | undefined {
  const text = (name ?? '').trim().toLowerCase();
  return DISTRIBUTIONS[text] ?? OTHER_NAMES[text];
}

/** The source of a Grype namespace ("debian:distro:debian:12" → debian, "github:language:python" → ghsa). */
export function grypeNamespaceSource(namespace: string | undefined): string | undefined {
  return canonicalSource(namespace);
}

/** The database an OSV record comes from, by its id's prefix (GHSA-… → ghsa, DSA-… → debian). */
export function osvRecordSource(id: string): string {
  const prefix = id.slice(0, Math.max(0, id.indexOf('-'))).toUpperCase();
  return OSV_PREFIXES[prefix] ?? canonicalSource(prefix) ?? UNSPECIFIED;
}

/** The distribution a source is, when it is one. */
function distributionOf(source: string): string | undefined {
  return DISTRIBUTIONS[source];
}

/** True for an advisory database: NVD, GitHub's, a language database, a distribution. */
function isAdvisoryDatabase(source: string): boolean {
  return source in DISTRIBUTIONS || source in OTHER_NAMES;
}

/**
 * The sources closest to a package (the tier the rule asks first): the package's distribution for
 * a deb/rpm/apk/alpm purl (by its namespace: `pkg:deb/debian/…` → debian, `pkg:rpm/rhel/…` →
 * redhat; without one, by its `distro` qualifier), its ecosystem's advisory databases for a language purl; none for other purls or text
 * that is not a purl.
 */
export function closestSources(purl: string): ReadonlySet<string> {
  let type: string;
  let namespace: string | undefined;
  let qualifiers: Record<string, string>;
  try {
    ({ type, namespace, qualifiers } = parsePurl(purl));
  } catch {
    return new Set();
  }
  if (DISTRIBUTION_TYPES.has(type)) {
    // Without a namespace, the distro qualifier names the distribution, as in advisory matching.
    const named = namespace ?? distributionOfQualifier(type, qualifiers.distro);
    const distribution = distributionOf((named ?? '').toLowerCase());
    return new Set(distribution ? [distribution] : []);
  }
  return new Set(ECOSYSTEM_SOURCES[type] ?? []);
}

/**
 * The tier of a rating's source, 0 first. For a package: its closest sources, then NVD, then any
 * other. Without a package (a vulnerability's own record): NVD, then the advisory databases, then
 * any other (scanners' own labels, vendors, unspecified).
 */
export function sourceTier(source: string, closest: ReadonlySet<string> | undefined): number {
  if (closest) return closest.has(source) ? 0 : source === NVD ? 1 : 2;
  return source === NVD ? 0 : isAdvisoryDatabase(source) ? 1 : 2;
}
