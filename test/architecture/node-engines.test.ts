// The Node.js versions package.json's `engines` states (README, "Get going") are ones every
// installed package accepts: for the first release of each supported line, no dependency's own
// `engines.node` refuses it (which `npm install` reports as EBADENGINE), except the one the
// README explains as harmless. A dependency bump that drops a supported line fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

interface Manifest {
  name: string;
  version: string;
  engines?: { node?: string };
}

const read = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8')) as Manifest;

/**
 * Warnings the README explains (name → the lines it applies to): cookie 2 asks for Node 22 because
 * it is an ES module that light-my-request (fastify's inject) loads with require(), which Node
 * 20.19 does too.
 */
const EXPLAINED: Record<string, string[]> = { cookie: ['20'] };

/** Every package.json under node_modules (nested ones too), with its path. */
function installedManifests(dir = join(ROOT, 'node_modules')): { path: string; manifest: Manifest }[] {
  const found: { path: string; manifest: Manifest }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      found.push(...installedManifests(path));
      continue;
    }
    try {
      found.push({ path, manifest: read(join(path, 'package.json')) });
    } catch {
      continue; // not a package (a stray directory)
    }
    try {
      found.push(...installedManifests(join(path, 'node_modules')));
    } catch {
      // no nested node_modules
    }
  }
  return found;
}

const ENGINES = read(join(ROOT, 'package.json')).engines?.node ?? '';
/** The first release of each line the range takes, e.g. 20.19.0, 22.13.0, 24.0.0. */
const LINE_STARTS = new semver.Range(ENGINES).set.flatMap((comparators) => {
  const start = semver.minVersion(new semver.Range(comparators.map((c) => c.value).join(' ')));
  return start ? [start] : [];
});

describe('supported Node.js versions', () => {
  it('engines names the LTS lines 20 (end of life, still working), 22 and 24', () => {
    expect(LINE_STARTS.map((v) => v.major)).toEqual([20, 22, 24]);
    // The tests run on a supported version.
    expect(semver.satisfies(process.versions.node, ENGINES), `Node ${process.versions.node}`).toBe(true);
  });

  it.each(LINE_STARTS.map((v) => [v.version]))('no installed package refuses Node %s', (version) => {
    const refusing = installedManifests()
      .filter(({ manifest }) => {
        const wanted = manifest.engines?.node;
        if (typeof wanted !== 'string' || !semver.validRange(wanted)) return false;
        if (EXPLAINED[manifest.name]?.includes(String(semver.major(version)))) return false;
        return !semver.satisfies(version, wanted);
      })
      .map(({ manifest }) => `${manifest.name}@${manifest.version} wants node ${manifest.engines?.node}`);
    expect(refusing).toEqual([]);
  });

  it('the explained warning is still there (else the README says too much)', () => {
    const wanted = installedManifests().find(({ manifest }) => manifest.name === 'cookie')?.manifest.engines?.node;
    expect(wanted).toBeTypeOf('string');
    expect(semver.satisfies(LINE_STARTS[0].version, wanted ?? '*')).toBe(false);
  });
});
