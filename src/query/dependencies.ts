// Transitive dependencies of packages and artifacts (SPEC §3), as sorted purl lists.
import type { GraphIndex } from '../index/graph-index.js';
import { walkArtifactDependencies, walkPackageDependencies } from '../index/walk.js';
import { resolveArtifact, resolvePackages } from './resolve.js';

export function packageDependencies(index: GraphIndex, purl: string): string[] {
  const named = resolvePackages(index, purl);
  // A template names all its versions: they are part of the answer themselves.
  const ids = walkPackageDependencies(index, named.ids, !named.exact);
  return index.sortPackages(ids).map((id) => index.keys[id]);
}

export function artifactDependencies(index: GraphIndex, digest: string): string[] {
  const artifact = resolveArtifact(index, digest);
  return index.sortPackages(walkArtifactDependencies(index, artifact)).map((id) => index.keys[id]);
}
