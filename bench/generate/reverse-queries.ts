// Inputs for the reverse questions (dependents, blast radius, paths), derived from the universe
// alone: the walks read no random stream the documents are drawn from, so the documents stay
// byte for byte as they were before these inputs existed.
import { Rng } from '../lib/rng.js';
import type { Advisory } from './advisories.js';
import type { ReverseQueries, ReverseVuln } from './manifest.js';
import { ReverseWalks } from './reverse-walks.js';
import type { GenerateOptions } from './sizes.js';
import type { Universe } from './universe.js';
import { purlOf } from './versions.js';

/** Inputs for dependents, blast-radius and path queries, derived from the universe alone. */
export function reverseQueries(
  u: Universe,
  options: Pick<GenerateOptions, 'seed' | 'size'>,
  typicalVersions: number[],
  images: { digest: string; starts: number[] }[],
  advisories: Advisory[],
): ReverseQueries {
  const walks = new ReverseWalks(u);
  // Popular: the most depended-on versions directly are the candidates for the most dependents.
  const byInDegree = Array.from({ length: u.versionCount }, (_, v) => v)
    .sort((a, b) => walks.inDegree(b) - walks.inDegree(a) || a - b)
    .slice(0, 300);
  const dependentsPopular = byInDegree
    .map((v) => ({ v, dependents: walks.dependentCount([v]) }))
    .sort((a, b) => b.dependents - a.dependents || a.v - b.v)
    .slice(0, 60)
    .map((x) => ({ purl: purlOf(u, x.v), dependents: x.dependents }));

  const dependentsTypical: ReverseQueries['dependentsTypical'] = [];
  const qrng = new Rng(`supplygraph-bench:${options.seed}:${options.size}:reverse-queries`);
  for (const v of qrng.shuffle(Array.from({ length: u.versionCount }, (_, i) => i))) {
    if (dependentsTypical.length >= 20_000) break;
    const c = walks.dependentCount([v], 500);
    if (c >= 20 && c <= 500) dependentsTypical.push({ purl: purlOf(u, v), dependents: c });
  }

  const toVuln = (a: (typeof advisories)[number], cap?: number): ReverseVuln => ({
    id: a.id,
    alias: a.alias,
    package: u.names[a.nameId].purlName,
    versions: a.affected.length,
    dependents: walks.dependentCount(a.affected, cap),
  });
  const isCore = (nameId: number): boolean => u.nameRank[nameId] < u.ecoNames[u.names[nameId].eco].core;
  const vulnsPopular = advisories
    .filter((a) => isCore(a.nameId))
    .slice(0, 200)
    .map((a) => toVuln(a))
    .sort((a, b) => b.dependents - a.dependents || (a.id < b.id ? -1 : 1))
    .slice(0, 50);
  const step = Math.max(1, Math.floor(advisories.length / 200));
  const vulnsSample = advisories.filter((_, i) => i % step === 0).map((a) => toVuln(a, 5000));

  const pathsPackage: ReverseQueries['pathsPackage'] = [];
  for (const v of typicalVersions.slice(0, 200)) {
    const deep = walks.deepestDependency([v]);
    if (deep) pathsPackage.push({ from: purlOf(u, v), to: purlOf(u, deep.v), hops: deep.hops });
  }
  const pathsImage: ReverseQueries['pathsImage'] = [];
  for (const im of images.slice(0, 100)) {
    const deep = walks.deepestDependency(im.starts);
    if (deep) pathsImage.push({ from: im.digest, to: purlOf(u, deep.v) });
  }
  return { dependentsPopular, dependentsTypical, vulnsPopular, vulnsSample, pathsPackage, pathsImage };
}
