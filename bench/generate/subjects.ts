// The subjects of the SBOMs: an application (by its purl), or a container image (an oci purl
// whose version is the image digest, with its hash: the SBOM is the image artifact's).
import type { App } from './apps.js';
import type { Image } from './images.js';
import { q } from './json-text.js';
import type { SubjectPart } from './sbom-writer.js';
import type { Universe } from './universe.js';
import { purlOf } from './versions.js';

/** An application as a component; `withBinary` adds its binary's hash (as images list it). */
export function appSubject(u: Universe, a: App, withBinary: boolean): SubjectPart {
  return {
    ref: a.purl,
    json:
      `{"type":"application","bom-ref":${q(a.purl)},${a.group ? `"group":${q(a.group)},` : ''}"name":${q(a.name)},"version":${q(a.version)},"purl":${q(a.purl)}` +
      (withBinary ? `,"hashes":[{"alg":"SHA-256","content":"${a.binary}"}]` : '') +
      '}',
    deps: a.direct.map((v) => purlOf(u, v)),
  };
}

/** The image's oci purl. */
export function ociPurlOf(im: Image): string {
  const name = im.repo.slice(im.repo.lastIndexOf('/') + 1);
  return `pkg:oci/${name}@sha256%3A${im.digest}?repository_url=${encodeURIComponent(im.repo)}&tag=${im.tag}`;
}

/** An image as a container component, depending on its Debian packages and its application. */
export function imageSubject(u: Universe, im: Image): SubjectPart {
  const ociPurl = ociPurlOf(im);
  return {
    ref: ociPurl,
    json: `{"type":"container","bom-ref":${q(ociPurl)},"name":${q(im.repo)},"version":"sha256:${im.digest}","purl":${q(ociPurl)},"hashes":[{"alg":"SHA-256","content":"${im.digest}"}]}`,
    deps: [...im.deb.map((v) => purlOf(u, v)), im.app.purl],
  };
}
