// The documents, in the order their draws are taken from the documents' random stream (changing
// the order changes every byte after it): applications and images, their SBOMs, the held-back
// SBOM, then the osv-scanner reports and the scorecards.
import { makeAdvisories, type Advisories } from './advisories.js';
import { makeApps, type App } from './apps.js';
import type { DocumentContext } from './context.js';
import { addAppRoots, addImageRoots, addUnreachable, rootsByEcosystem, sortedUnique } from './coverage.js';
import { makeImages, type Image } from './images.js';
import type { Manifest } from './manifest.js';
import { growMonorepo } from './monorepo.js';
import { writeScans } from './osv-scans.js';
import { writeAppSboms, writeExtraSbom, writeImageSboms } from './sbom-documents.js';
import { SbomWriter } from './sbom-writer.js';
import { writeScorecards } from './scorecards.js';
import type { SizeParams } from './sizes.js';

export interface WrittenDocuments {
  apps: App[];
  images: Image[];
  /** The npm application grown to about 10,000 packages. */
  monorepo: App;
  manifestApps: Manifest['queries']['apps'];
  manifestImages: Manifest['queries']['images'];
  /** The SBOMs' tallies: dependency facts, components, versions covered, subject edges. */
  sboms: SbomWriter;
  advisories: Advisories;
  /** Affected versions, ascending. */
  vulnerableIds: number[];
  scans: number;
  scorecards: number;
  /** Bytes over every document written. */
  bytes: number;
}

export function writeDocuments(ctx: DocumentContext, params: SizeParams): WrittenDocuments {
  const { u, rng, out } = ctx;
  const { apps, images, monorepo } = planDocuments(ctx, params);
  const sboms = new SbomWriter(u);
  const manifestApps = writeAppSboms(ctx, sboms, apps);
  const manifestImages = writeImageSboms(ctx, sboms, images);
  writeExtraSbom(ctx, sboms, apps.length);
  const advisories = makeAdvisories(u, rng);
  const vulnerableIds = [...advisories.byVersion.keys()].sort((a, b) => a - b);
  const scans = writeScans(u, out, vulnerableIds, advisories.byVersion);
  const scorecards = writeScorecards(u, rng, out);
  return {
    apps,
    images,
    monorepo,
    manifestApps,
    manifestImages,
    sboms,
    advisories,
    vulnerableIds,
    scans: scans.scans,
    scorecards: scorecards.scorecards,
    bytes: sboms.bytes + scans.bytes + scorecards.bytes,
  };
}

/** Applications and images with their direct dependencies, every version covered by one. */
function planDocuments(ctx: DocumentContext, params: SizeParams): { apps: App[]; images: Image[]; monorepo: App } {
  const { u, closure, rng } = ctx;
  const roots = rootsByEcosystem(u, rng);
  const apps = makeApps(u, rng, params.apps);
  addAppRoots(apps, roots);
  for (const a of apps) a.direct = sortedUnique(a.direct);
  const images = makeImages(u, rng, apps, params.images);
  addImageRoots(images, roots);
  addUnreachable(u, closure, apps, images);
  for (const a of apps) a.direct = sortedUnique(a.direct);
  for (const im of images) im.deb = sortedUnique(im.deb);
  const monorepo = growMonorepo(u, closure, rng, apps, params);
  return { apps, images, monorepo };
}
