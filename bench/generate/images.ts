// Container images: one application each (spread over the list) on a Debian base, plus their own
// apt installs.
import type { Rng } from '../lib/rng.js';
import type { App } from './apps.js';
import { popularVersion } from './popularity.js';
import type { Universe } from './universe.js';

export interface Image {
  index: number;
  app: App;
  repo: string;
  tag: string;
  /** SHA-256 of the image (hex). */
  digest: string;
  /** Debian versions installed. */
  deb: number[];
}

export function makeImages(u: Universe, rng: Rng, apps: App[], count: number): Image[] {
  const bases = debianBases(u, rng, Math.max(2, Math.ceil(count / 40)));
  const images: Image[] = [];
  for (let i = 0; i < count; i++) {
    const app = apps[Math.floor((i * apps.length) / count)];
    const set = new Set(bases[i % bases.length]);
    for (let k = rng.int(0, 6); k > 0; k--) set.add(popularVersion(u, rng, 'deb'));
    images.push({
      index: i + 1,
      app,
      repo: `registry.example.com/acme/${app.name.replace(/^github\.com\/acme\//, '')}`,
      tag: app.version.replace(/^v/, ''),
      digest: rng.hex(64),
      deb: [...set],
    });
  }
  return images;
}

/** The Debian bases the images share: a dozen to three dozen popular packages each. */
function debianBases(u: Universe, rng: Rng, count: number): number[][] {
  const bases: number[][] = [];
  for (let b = 0; b < count; b++) {
    const set = new Set<number>();
    const n = 12 + rng.int(0, 25);
    for (let i = 0; i < n; i++) set.add(popularVersion(u, rng, 'deb'));
    bases.push([...set]);
  }
  return bases;
}
