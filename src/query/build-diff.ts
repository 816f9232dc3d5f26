// /v0/diff (docs/api.md, "Build diff"): what changed between two builds. A build is the subject
// node of a build reference (./build-ref.ts); its components are the package versions its
// dependency walk reaches, its vulnerabilities the findings of /vulns?includeDependencies=true.
// Both sides are compared by package name.
import type { GraphView } from '../index/graph-view.js';
import { walkArtifactDependencies, walkPackageDependencies } from '../index/walk.js';
import { compareText } from '../model/compare.js';
import { NodeKind } from '../model/kinds.js';
import type { Severity } from '../model/vulnerability.js';
import { distinctLicenses } from './licenses.js';
import { artifactVulnerabilities, packageVulnerabilities, vulnerabilitySummary } from './vulnerabilities.js';

/** A package name and its versions on one side (purls in purl order). */
export interface NamedVersions {
  name: string;
  purls: string[];
}

/** A package name on both sides, with what each side has of it (versions, or licence expressions). */
export interface NameChange {
  name: string;
  from: string[];
  to: string[];
}

/** A vulnerability of one package version of a build. */
export interface VulnerabilityItem {
  /** The id the finding names (the scan's or the advisory's). */
  id: string;
  severity: Severity;
  /** The package version's purl. */
  package: string;
}

export interface BuildDiff {
  /** The builds compared: the subjects' canonical purls or digests. */
  from: string;
  to: string;
  /** Package names only `to` has. */
  added: NamedVersions[];
  /** Package names only `from` has. */
  removed: NamedVersions[];
  /** Package names both have, with different versions. */
  changed: NameChange[];
  vulnerabilities: {
    /** (package name, vulnerability) pairs only `to` has, as `to` has them. */
    introduced: VulnerabilityItem[];
    /** (package name, vulnerability) pairs only `from` has, as `from` has them. */
    fixed: VulnerabilityItem[];
  };
  /** Package names both have whose licence expressions differ. */
  licensesChanged: NameChange[];
}

/** A build's components: package name → its package versions there (ids in purl order); names in purl order. */
type Components = Map<string, number[]>;

/** What the dependency route of the subject answers, by package name. */
function componentsOf(index: GraphView, subject: number): Components {
  const ids =
    index.kinds[subject] === NodeKind.Artifact
      ? walkArtifactDependencies(index, subject)
      : walkPackageDependencies(index, [subject], false);
  const byName: Components = new Map();
  for (const id of index.sortPackages(ids)) {
    const name = index.packagePurl(id).nameKey;
    const versions = byName.get(name);
    if (versions) versions.push(id);
    else byName.set(name, [id]);
  }
  return byName;
}

const byName = (a: { name: string }, b: { name: string }): number => compareText(a.name, b.name);

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/** The names of `side` the other side does not have, with their purls. */
function onlyIn(index: GraphView, side: Components, other: Components): NamedVersions[] {
  const out: NamedVersions[] = [];
  for (const [name, ids] of side) if (!other.has(name)) out.push({ name, purls: ids.map(index.keyOf) });
  return out.sort(byName);
}

/** The names both sides have where `of` (their versions, or licences) differs. */
function changedNames(from: Components, to: Components, of: (ids: number[]) => string[]): NameChange[] {
  const out: NameChange[] = [];
  for (const [name, fromIds] of from) {
    const toIds = to.get(name);
    if (toIds === undefined) continue;
    const change = { name, from: of(fromIds), to: of(toIds) };
    if (!sameList(change.from, change.to)) out.push(change);
  }
  return out.sort(byName);
}

/** The distinct licence expressions documents state for any of the versions, sorted. */
function licencesOf(index: GraphView, ids: readonly number[]): string[] {
  const expressions = new Set(ids.flatMap((id) => distinctLicenses(index.licensesOf(id))));
  return [...expressions].sort(compareText);
}

/** The findings /vulns?includeDependencies=true answers for the subject, as (package, id) pairs with a severity. */
function findingsOf(index: GraphView, subject: number): VulnerabilityItem[] {
  if (index.kinds[subject] === NodeKind.Artifact)
    return artifactVulnerabilities(index, index.keyOf(subject), true).map(({ id, severity, package: purl }) => ({
      id,
      severity,
      package: purl,
    }));
  const named = { ids: [subject], exact: true, canonical: index.keyOf(subject) };
  // One entry per scan: several may name the same (package, id).
  const pairs = new Map<string, VulnerabilityItem>();
  for (const v of packageVulnerabilities(index, named, true)) {
    const id = v.vulnerability.vulnerabilityIDs[0];
    const key = `${v.package}\u0000${id}`;
    const vuln = index.vulnerabilityId(id);
    if (pairs.has(key) || vuln === undefined) continue;
    pairs.set(key, { id, severity: vulnerabilitySummary(index, vuln, v.package).severity, package: v.package });
  }
  return [...pairs.values()];
}

const byPackageThenId = (a: VulnerabilityItem, b: VulnerabilityItem): number =>
  compareText(a.package, b.package) || compareText(a.id, b.id);

/**
 * A side's vulnerabilities keyed by (package name, alias root): the first item of each in
 * (package, id) order, so the answer does not depend on which alias or version came first.
 */
function vulnerabilitiesOf(index: GraphView, subject: number): Map<string, VulnerabilityItem> {
  const keyed = new Map<string, VulnerabilityItem>();
  for (const item of findingsOf(index, subject).sort(byPackageThenId)) {
    const pkg = index.packageId(item.package);
    const vuln = index.vulnerabilityId(item.id);
    if (pkg === undefined || vuln === undefined) continue;
    const key = `${index.packagePurl(pkg).nameKey}\u0000${index.aliasRoot(vuln)}`;
    if (!keyed.has(key)) keyed.set(key, item);
  }
  return keyed;
}

/** The items of `side` whose key the other side does not have, in (package, id) order. */
function notIn(side: Map<string, VulnerabilityItem>, other: Map<string, VulnerabilityItem>): VulnerabilityItem[] {
  return [...side]
    .filter(([key]) => !other.has(key))
    .map(([, item]) => item)
    .sort(byPackageThenId);
}

/**
 * What changed from build `from` to build `to` (subject nodes: a package version or an artifact,
 * see resolveBuild). Components are what /v0/package/{purl}/dependencies (or the artifact's)
 * answers for each, compared by package name; vulnerabilities are what
 * /vulns?includeDependencies=true answers (VEX applied), compared by package name and alias set;
 * licences are every expression documents state for the name's versions on each side.
 */
export function diffBuilds(index: GraphView, from: number, to: number): BuildDiff {
  const before = componentsOf(index, from);
  const after = componentsOf(index, to);
  const vulnsBefore = vulnerabilitiesOf(index, from);
  const vulnsAfter = vulnerabilitiesOf(index, to);
  return {
    from: index.keyOf(from),
    to: index.keyOf(to),
    added: onlyIn(index, after, before),
    removed: onlyIn(index, before, after),
    changed: changedNames(before, after, (ids) => ids.map(index.keyOf)),
    vulnerabilities: { introduced: notIn(vulnsAfter, vulnsBefore), fixed: notIn(vulnsBefore, vulnsAfter) },
    licensesChanged: changedNames(before, after, (ids) => licencesOf(index, ids)),
  };
}
