// Build references (docs/api.md, "Build diff"): which node `from` and `to` of /v0/diff name.
import type { GraphView } from '../index/graph-view.js';
import { splitCanonicalPurl } from '../index/purl-key.js';
import { InvalidInputError, NotFoundError } from './errors.js';
import { canonicalQueryPurl, resolveArtifact } from './resolve.js';

/**
 * The subject node of the build `text` names:
 * - a purl (`pkg:…`) with a version names exactly that package version, compared in canonical
 *   form as every route reads purls; no template matching (a build is one version), so a purl
 *   without a version is 400;
 * - anything else is an artifact digest, read as the artifact routes read it (resolveArtifact).
 *
 * Errors are those of the other resolvers, their message starting with `parameter` (`from`,
 * `to`) and 400s naming it: SG_INVALID_PURL, SG_INVALID_DIGEST, SG_AMBIGUOUS_DIGEST,
 * SG_INVALID_PARAMETER; 404 SG_PACKAGE_NOT_FOUND or SG_ARTIFACT_NOT_FOUND for a build the graph
 * does not have.
 *
 * Other kinds of reference (`project@version`, an SBOM document's digest) belong here, each a
 * case before the digest fallback, returning the node whose dependency walk is the build.
 */
export function resolveBuild(index: GraphView, text: string, parameter = 'build'): number {
  try {
    return text.startsWith('pkg:') ? packageVersion(index, text) : resolveArtifact(index, text);
  } catch (err) {
    if (err instanceof InvalidInputError)
      throw new InvalidInputError(parameter, `${parameter}: ${err.message}`, err.code);
    if (err instanceof NotFoundError) throw new NotFoundError(err.code, `${parameter}: ${err.message}`);
    throw err;
  }
}

/** The package node whose canonical purl is the purl `text`, which must have a version. */
function packageVersion(index: GraphView, text: string): number {
  // Clients mostly send back purls this service gave them: already canonical, no parse needed.
  const canonical = index.packageId(text) === undefined ? canonicalQueryPurl(text) : text;
  if (splitCanonicalPurl(canonical).version === undefined)
    throw new InvalidInputError('purl', `a build is one package version: ${canonical} has no version`);
  const id = index.packageId(canonical);
  if (id === undefined) throw new NotFoundError('SG_PACKAGE_NOT_FOUND', `no package in the graph is ${canonical}`);
  return id;
}
