// The SBOM files: one per application (sboms/apps/), one per container image (sboms/images/),
// and one more application's, held back (extra/: the benchmark ingests it while serving).
import { join } from 'node:path';
import { makeApp, type App } from './apps.js';
import type { DocumentContext } from './context.js';
import type { Image } from './images.js';
import { uuid } from './json-text.js';
import type { Manifest } from './manifest.js';
import type { SbomWriter } from './sbom-writer.js';
import { appSubject, imageSubject, ociPurlOf } from './subjects.js';

/** The held-back SBOM, relative to the output directory. */
export const EXTRA_SBOM = 'extra/app-extra.cdx.json';

const numbered = (prefix: string, i: number): string => `${prefix}-${String(i).padStart(5, '0')}.cdx.json`;

export function writeAppSboms(ctx: DocumentContext, sboms: SbomWriter, apps: App[]): Manifest['queries']['apps'] {
  const { u, closure, rng, out, log } = ctx;
  return apps.map((a, i) => {
    const members = closure.reach(a.direct);
    const components = sboms.write(join(out, 'sboms/apps', numbered('app', i + 1)), {
      serial: uuid(rng),
      minute: i,
      subject: appSubject(u, a, false),
      extraParts: [],
      members,
    });
    if ((i + 1) % 200 === 0) log(`apps: ${i + 1}/${apps.length}`);
    return { purl: a.purl, components };
  });
}

/** Image SBOMs list the Debian packages' closure, then the application's (with its binary). */
export function writeImageSboms(
  ctx: DocumentContext,
  sboms: SbomWriter,
  images: Image[],
): Manifest['queries']['images'] {
  const { u, closure, rng, out, log } = ctx;
  return images.map((im, i) => {
    const appMembers = closure.reach(im.app.direct);
    const debMembers = closure.reach(im.deb);
    const members = new Uint32Array(appMembers.length + debMembers.length);
    members.set(debMembers);
    members.set(appMembers, debMembers.length);
    const components = sboms.write(join(out, 'sboms/images', numbered('image', i + 1)), {
      serial: uuid(rng),
      minute: 10_000 + i,
      subject: imageSubject(u, im),
      extraParts: [appSubject(u, im.app, true)],
      members,
    });
    if ((i + 1) % 200 === 0) log(`images: ${i + 1}/${images.length}`);
    return { digest: `sha256:${im.digest}`, purl: ociPurlOf(im), components: components + 1 };
  });
}

/** A new application over existing packages only. */
export function writeExtraSbom(ctx: DocumentContext, sboms: SbomWriter, appCount: number): void {
  const { u, closure, rng, out } = ctx;
  const extraApp = makeApp(u, rng, appCount + 1, 'npm');
  sboms.write(join(out, EXTRA_SBOM), {
    serial: uuid(rng),
    minute: 20_000,
    subject: appSubject(u, extraApp, false),
    extraParts: [],
    members: closure.reach(extraApp.direct),
  });
}
