// Step 1: the generated graph, reused from bench/out/<size>-<seed> when its manifest matches.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from '../generate/generate.js';
import { GENERATOR_REVISION, QUERIES_REVISION, type Manifest } from '../generate/manifest.js';
import { SIZES } from '../generate/sizes.js';
import { log } from './log.js';
import type { RunOptions } from './options.js';

export function generatedGraph(o: RunOptions, dir: string): { manifest: Manifest; generateSeconds: number | 'reused' } {
  const manifestPath = join(dir, 'manifest.json');
  const existing = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : undefined;
  if (existing && !o.regenerate && isCurrent(existing, o)) {
    log(`reusing ${dir}`);
    return { manifest: existing, generateSeconds: 'reused' };
  }
  log(`generating size ${o.size} (seed ${o.seed}) into ${dir}`);
  const manifest = generate({ size: o.size, seed: o.seed, out: dir, log: (l) => log(`generate: ${l}`) });
  return { manifest, generateSeconds: manifest.stats.seconds };
}

/** Written by this generator and these query inputs, at this size and seed. */
function isCurrent(m: Manifest, o: RunOptions): boolean {
  return (
    m.generator === GENERATOR_REVISION &&
    m.queriesRevision === QUERIES_REVISION &&
    m.size === o.size &&
    m.seed === o.seed &&
    JSON.stringify(m.params) === JSON.stringify(SIZES[o.size])
  );
}
