// What the project pages decide without a DOM: how a build is named, which two builds a diff
// compares by default, and how a diff's size reads.
import type { Answer } from '../../components/api-types';
import { plural } from '../../components/text';
import { shortDigest, utcText } from '../documents/logic';

export type ProjectSummary = Answer<'/v0/projects'>['projects'][number];
export type ProjectDetail = Answer<'/v0/projects/{name}'>;
export type Build = ProjectDetail['history'][number];
export type BuildDiff = Answer<'/v0/diff'>;

/** A build as a person names it: its version, else its document digest shortened. */
export const buildName = (build: Pick<Build, 'version' | 'digest'>): string =>
  build.version ?? shortDigest(build.digest);

/** An option of the diff's selects: `1.1.0, built 2026-11-27 23:31:39 UTC (sha256:ad53d923…)`. */
export const buildOption = (build: Build): string =>
  `${buildName(build)}, built ${utcText(build.builtAt)} (${shortDigest(build.digest)})`;

/** The builds a diff can name: /v0/diff names a build by its subject, so those without one cannot be. */
export const diffable = (builds: readonly Build[]): Build[] => builds.filter((b) => b.subject !== null);

/**
 * The two builds to compare, newest-first `builds` (the history): the ones chosen when they are
 * still there, else the latest (`to`) and the one before it (`from`); null with fewer than two.
 */
export function diffPair(
  builds: readonly Build[],
  chosen: { from?: string; to?: string },
): { from: Build; to: Build } | null {
  const options = diffable(builds);
  if (options.length < 2) return null;
  const to = options.find((b) => b.digest === chosen.to) ?? options[0];
  const from = options.find((b) => b.digest === chosen.from) ?? options.find((b) => b !== to)!;
  return { from, to };
}

/** `1 added, 1 removed, 2 changed; 1 vulnerability introduced, 1 fixed; 1 licence changed`. */
export function diffText(diff: BuildDiff): string {
  const components = `${plural(diff.added.length, 'component')} added, ${diff.removed.length.toLocaleString('en')} removed, ${diff.changed.length.toLocaleString('en')} changed version`;
  const vulns = `${plural(diff.vulnerabilities.introduced.length, 'vulnerability', 'vulnerabilities')} introduced, ${diff.vulnerabilities.fixed.length.toLocaleString('en')} fixed`;
  const licences = `${plural(diff.licensesChanged.length, 'licence')} changed`;
  return `${components}; ${vulns}; ${licences}`;
}

/** A project's labels as `key=value` texts, by key. */
export const labelText = (labels: Record<string, string>): string[] =>
  Object.entries(labels)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`);
