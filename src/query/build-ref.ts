// Build references (docs/api.md, "Build diff"): which node `from` and `to` of /v0/diff name.
import type { GraphView } from '../index/graph-view.js';
import { splitCanonicalPurl } from '../index/purl-key.js';
import { InvalidInputError, NotFoundError } from './errors.js';
import { canonicalQueryPurl, resolveArtifact } from './resolve.js';
import type { ProjectCatalogue, StoredBuild } from '../store/types.js';
import { isLoaded } from './build-findings.js';

/**
 * The subject node of the build `text` names, with the builds the store keeps (docs/api.md,
 * "Build diff"): an SBOM document's digest (`sha256:` and 64 hex digits) names that build, and
 * `project@version` the newest build of the project with that version; anything else is read
 * by resolveBuild. A build stored but not loaded yet, or one the store does not have, is 404.
 */
export async function resolveStoredBuild(
  index: GraphView,
  catalogue: Pick<ProjectCatalogue, 'getBuild' | 'buildOfVersion'>,
  text: string,
  parameter: string,
): Promise<number> {
  const build = await storedBuildNamed(catalogue, text);
  if (build === null) return resolveBuild(index, text, parameter);
  if (build === undefined || !isLoaded(index, build.subjectNode)) {
    throw new NotFoundError('SG_DOCUMENT_NOT_FOUND', `${parameter}: no stored build is ${text}`);
  }
  return build.subjectNode;
}

/** The build a document digest or project@version names; null when the text is neither (a purl, an artifact digest). */
async function storedBuildNamed(
  catalogue: Pick<ProjectCatalogue, 'getBuild' | 'buildOfVersion'>,
  text: string,
): Promise<StoredBuild | undefined | null> {
  if (text.startsWith('pkg:')) return null;
  const digest = /^sha256:([0-9a-f]{64})$/i.exec(text)?.[1];
  if (digest) return (await catalogue.getBuild(`sha256:${digest.toLowerCase()}`))?.build ?? null;
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return null;
  return catalogue.buildOfVersion(text.slice(0, at), text.slice(at + 1));
}

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
