// Transitive dependencies of packages and artifacts (docs/api.md, "Dependencies"), as sorted purl lists.
import { layersOf } from '../index/csr.js';
import type { GraphView } from '../index/graph-view.js';
import { NodeKind } from '../model/kinds.js';
import {
  equivalenceClosure,
  row,
  walkArtifactDependencies,
  walkArtifactDependents,
  walkPackageDependencies,
  walkPackageDependents,
} from '../index/walk.js';
import { resolveArtifact, type NamedPackages } from './resolve.js';
import { compareText } from '../model/compare.js';

/** What the packages a purl named (see resolvePackages) depend on, transitively, as sorted purls. */
export function packageDependencies(index: GraphView, named: NamedPackages): string[] {
  return packageDependencyIds(index, named).map(index.keyOf);
}

/** packageDependencies as package ids in purl order (the HTTP answer writes their purls as bytes). */
export function packageDependencyIds(index: GraphView, named: NamedPackages): number[] {
  // A template names all its versions: they are part of the answer themselves.
  return index.sortPackages(walkPackageDependencies(index, named.ids, !named.exact));
}

export function artifactDependencies(index: GraphView, digest: string): string[] {
  const artifact = resolveArtifact(index, digest);
  return index.sortPackages(walkArtifactDependencies(index, artifact)).map(index.keyOf);
}

/**
 * `?direct=true`: the first step of packageDependencies, and the exact inverse of
 * `/dependents?direct=true` (D is listed for P exactly when P is a direct dependent of D): what
 * a named package's own dependency edges and SBOM inclusions reach, with their equivalents. The
 * named packages and their equivalents are left out, as in the full walk, except that a
 * template's versions are listed themselves (the partial-purl rule). A subset of the full list.
 * Package ids in purl order (the HTTP answer writes their purls as bytes).
 */
export function packageDirectDependencyIds(index: GraphView, named: NamedPackages): number[] {
  const own = new Set(equivalenceClosure(index, named.ids));
  const found = new Set<number>();
  for (const pkg of named.ids)
    for (const id of directDependencies(index, pkg))
      // directDependencies gives the artifacts it reaches too: packages only here.
      if (index.kinds[id] === NodeKind.Package && !own.has(id)) found.add(id);
  if (!named.exact) for (const pkg of named.ids) found.add(pkg);
  return index.sortPackages(found);
}

/**
 * `?direct=true` for an artifact: the first step of artifactDependencies. From the artifact and
 * what is equivalent to it (the walk's start) one SBOM inclusion or SLSA material, then
 * equivalence; the packages reached, less the start's equivalents (which the full walk leaves out
 * too). Packages are leaves there, so only the artifacts of the start have a step to take.
 */
export function artifactDirectDependencies(index: GraphView, digest: string): string[] {
  const start = equivalenceClosure(index, [resolveArtifact(index, digest)]);
  const own = new Set(start);
  const { sbomOut, slsaOut } = index.adjacency;
  const reached: number[] = [];
  const add = (v: number): void => {
    reached.push(v);
  };
  for (const node of start) {
    if (index.kinds[node] !== NodeKind.Artifact) continue;
    for (const layer of layersOf(sbomOut)) row(layer, node, add);
    row(slsaOut, node, add);
  }
  const packages = equivalenceClosure(index, reached).filter(
    (id) => index.kinds[id] === NodeKind.Package && !own.has(id),
  );
  return index.sortPackages(packages).map(index.keyOf);
}

/**
 * The package versions (ids, in purl order) whose dependencies include a package the purl names: the inverse of
 * packageDependencies, pair by pair. The one reverse walk leaves out every package equivalent to
 * a named one; a named package (or one equivalent to it) that depends on another of the named
 * ones is a dependent all the same, so those few are checked one by one.
 */
export function packageDependents(index: GraphView, named: NamedPackages, direct: boolean): number[] {
  const dependents = walkPackageDependents(index, named.ids, direct);
  if (named.ids.length <= 1) return index.sortPackages(dependents);
  const found = new Set(dependents);
  const targets = new Set(named.ids);
  for (const candidate of equivalenceClosure(index, named.ids)) {
    if (index.kinds[candidate] !== NodeKind.Package || found.has(candidate)) continue;
    const reached = direct ? directDependencies(index, candidate) : walkPackageDependencies(index, [candidate], false);
    if (reached.some((id) => targets.has(id))) found.add(candidate);
  }
  return index.sortPackages(found);
}

/** The packages one step from a package: its dependency and SBOM-inclusion targets, and their equivalents. */
function directDependencies(index: GraphView, pkg: number): number[] {
  const { dependencyOut, sbomOut } = index.adjacency;
  const out: number[] = [];
  for (const csr of [dependencyOut, ...layersOf(sbomOut)]) {
    if (pkg + 1 >= csr.offsets.length) continue;
    for (let i = csr.offsets[pkg], end = csr.offsets[pkg + 1]; i < end; i++) out.push(csr.targets[i]);
  }
  const own = new Set(equivalenceClosure(index, [pkg]));
  return equivalenceClosure(index, out).filter((id) => !own.has(id));
}

/**
 * The artifacts whose dependencies include a package the purl names: the inverse of
 * artifactDependencies, pair by pair, as sorted digests. As for packageDependents, artifacts
 * equivalent to a named package are left out of the reverse walk and, when several packages are
 * named, checked one by one (one may ship another of the named versions).
 */
export function packageArtifacts(index: GraphView, named: NamedPackages): number[] {
  const found = new Set(walkArtifactDependents(index, named.ids));
  if (named.ids.length > 1) {
    const targets = new Set(named.ids);
    for (const candidate of equivalenceClosure(index, named.ids)) {
      if (index.kinds[candidate] !== NodeKind.Artifact || found.has(candidate)) continue;
      if (walkArtifactDependencies(index, candidate).some((id) => targets.has(id))) found.add(candidate);
    }
  }
  return [...found].sort((a, b) => compareText(index.keyOf(a), index.keyOf(b)));
}

/** What an artifact is known as: the package purls equivalent to it, sorted. */
export function artifactSubjects(index: GraphView, artifact: number): string[] {
  const packages = equivalenceClosure(index, [artifact]).filter((id) => index.kinds[id] === NodeKind.Package);
  return index.sortPackages(packages).map(index.keyOf);
}
