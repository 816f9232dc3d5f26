// Transitive dependencies of packages and artifacts (SPEC §3), as sorted purl lists.
import type { GraphView } from '../index/graph-view.js';
import { walkArtifactDependencies, walkPackageDependencies } from '../index/walk.js';
import { resolveArtifact, type NamedPackages } from './resolve.js';

/** What the packages a purl named (see resolvePackages) depend on, transitively, as sorted purls. */
export function packageDependencies(index: GraphView, named: NamedPackages): string[] {
  // A template names all its versions: they are part of the answer themselves.
  const ids = walkPackageDependencies(index, named.ids, !named.exact);
  return index.sortPackages(ids).map(index.keyOf);
}

export function artifactDependencies(index: GraphView, digest: string): string[] {
  const artifact = resolveArtifact(index, digest);
  return index.sortPackages(walkArtifactDependencies(index, artifact)).map(index.keyOf);
}
