// Package names per ecosystem: a purl, the CycloneDX and OSV names, and a source repository.
import type { Rng } from '../lib/rng.js';
import type { Eco } from './ecosystems.js';
import { ORGS, SYLLABLES, word } from './words.js';

export interface NameInfo {
  eco: Eco;
  /** purl without version (canonical), e.g. pkg:npm/%40acme/foo */
  purlName: string;
  /** CycloneDX group / name fields. */
  group?: string;
  name: string;
  /** OSV package name. */
  osvName: string;
  /** Source repository (host/owner/repo) when the package links to one. */
  repo?: string;
  /** true when the source is implied by the purl itself (golang github.com/...). */
  impliedSource: boolean;
}

/** The name of rank `rank` (0: the most popular) in `eco`. */
export function makeName(eco: Eco, rank: number, rng: Rng): NameInfo {
  const id = rank.toString(36);
  const base = `${word(rng)}-${word(rng)}-${id}`;
  const owner = rng.pick(ORGS) + (rng.chance(0.7) ? `-${rng.pick(SYLLABLES)}${rng.pick(SYLLABLES)}` : '');
  switch (eco) {
    case 'npm': {
      const scoped = rng.chance(0.2);
      const name = base;
      const repo = rng.chance(0.6) ? `github.com/${owner}/${name}` : undefined;
      if (scoped) {
        const scope = rng.pick(ORGS);
        return {
          eco,
          purlName: `pkg:npm/%40${scope}/${name}`,
          group: `@${scope}`,
          name,
          osvName: `@${scope}/${name}`,
          repo,
          impliedSource: false,
        };
      }
      return { eco, purlName: `pkg:npm/${name}`, name, osvName: name, repo, impliedSource: false };
    }
    case 'maven': {
      const group = `${rng.chance(0.5) ? 'org' : 'com'}.${rng.pick(ORGS)}.${word(rng).replace(/-/g, '')}`;
      const repo = rng.chance(0.5) ? `github.com/${owner}/${base}` : undefined;
      return {
        eco,
        purlName: `pkg:maven/${group}/${base}`,
        group,
        name: base,
        osvName: `${group}:${base}`,
        repo,
        impliedSource: false,
      };
    }
    case 'pypi': {
      const repo = rng.chance(0.5) ? `github.com/${owner}/${base}` : undefined;
      return { eco, purlName: `pkg:pypi/${base}`, name: base, osvName: base, repo, impliedSource: false };
    }
    case 'golang': {
      const path = `github.com/${owner}/${base}`;
      return { eco, purlName: `pkg:golang/${path}`, name: path, osvName: path, repo: path, impliedSource: true };
    }
    case 'deb': {
      const name = `lib${word(rng).replace(/-/g, '')}${id}`;
      return { eco, purlName: `pkg:deb/debian/${name}`, group: 'debian', name, osvName: name, impliedSource: false };
    }
  }
}
