// The reverse questions (issue 13): dependents, the artifacts holding a package, an advisory's
// blast radius and record, and paths. Blast-radius scenarios come before the vulnerability record
// (whose counts walk the same radius) and take disjoint advisories, so that each one's first
// requests are computed from scratch whatever the server memoizes.
import type { ReverseQueries } from '../generate/manifest.js';
import { enc, packagePath, vulnPath } from './scenario-paths.js';
import type { ScenarioDef } from './scenarios.js';

export function reverseScenarios(r: ReverseQueries | undefined): ScenarioDef[] {
  if (!r) return [];
  return [...dependentsScenarios(r), ...vulnScenarios(r), pathScenario(r)];
}

const evens = <T>(list: T[]): T[] => list.filter((_, i) => i % 2 === 0);
const odds = <T>(list: T[]): T[] => list.filter((_, i) => i % 2 === 1);

function dependentsScenarios(r: ReverseQueries): ScenarioDef[] {
  const popular = r.dependentsPopular.map((d) => d.purl);
  // Whole answers and first pages take disjoint inputs, so neither's first requests are warmed by the other.
  const popularWhole = evens(popular);
  const popularPaged = odds(popular);
  const typical = r.dependentsTypical.map((d) => d.purl);
  const some = [...popular, ...typical.slice(0, 70)];
  return [
    {
      name: 'dependents-popular',
      expectKey: 'dependents',
      description: `\`/v0/package/{purl}/dependents\`, ${popularWhole.length} of the versions with the most dependents (whole answer)`,
      paths: popularWhole.map((p) => packagePath(p, '/dependents')),
    },
    {
      name: 'dependents-popular-page',
      expectKey: 'dependents',
      description: `\`/v0/package/{purl}/dependents?PageSize=100\`, ${popularPaged.length} other versions with the most dependents (first page)`,
      paths: popularPaged.map((p) => packagePath(p, '/dependents?PageSize=100')),
    },
    {
      name: 'dependents-typical',
      expectKey: 'dependents',
      description: '`/v0/package/{purl}/dependents`, versions with 20–500 dependents (100 inputs, repeated)',
      paths: typical.slice(0, 100).map((p) => packagePath(p, '/dependents')),
    },
    {
      name: 'dependents-distinct',
      expectKey: 'dependents',
      description:
        '`/v0/package/{purl}/dependents`, up to 20,000 distinct versions with 20–500 dependents, taken in turn (at size L more than the response cache holds)',
      paths: typical.map((p) => packagePath(p, '/dependents')),
    },
    {
      name: 'dependents-direct',
      expectKey: 'dependents',
      description: '`/v0/package/{purl}/dependents?direct=true`, popular and typical versions',
      paths: some.map((p) => packagePath(p, '/dependents?direct=true')),
    },
    {
      name: 'package-artifacts',
      expectKey: 'artifacts',
      description: '`/v0/package/{purl}/artifacts`, popular and typical versions',
      paths: some.map((p) => packagePath(p, '/artifacts')),
    },
  ];
}

function vulnScenarios(r: ReverseQueries): ScenarioDef[] {
  const radius = r.vulnsPopular;
  // Records asked for by id, by alias, and in lower case (ids are case-insensitive).
  const vulnIds = [...r.vulnsSample, ...radius].map((v, i) =>
    i % 3 === 1 ? v.alias : i % 5 === 2 ? v.id.toLowerCase() : v.id,
  );
  return [
    {
      name: 'blast-radius-artifacts',
      expectKey: 'artifacts',
      description:
        '`/v0/vuln/{id}/artifacts` (each with a path), advisories over popular packages with the largest blast radius (whole answer)',
      paths: evens(radius).map((v) => vulnPath(v.id, '/artifacts')),
    },
    {
      name: 'blast-radius-dependents',
      expectKey: 'dependents',
      description:
        '`/v0/vuln/{id}/dependents?PageSize=100` (each with a path), other advisories over popular packages with the largest blast radius',
      paths: odds(radius).map((v) => vulnPath(v.id, '/dependents?PageSize=100')),
    },
    {
      name: 'vuln-record',
      expectKey: 'id',
      description: '`/v0/vuln/{id}`, by id, alias or lower-case id: advisories over all packages, and the popular ones',
      paths: vulnIds.map((id) => vulnPath(id)),
    },
    {
      name: 'vuln-packages',
      expectKey: 'packages',
      description: '`/v0/vuln/{id}/packages`, the same advisories',
      paths: vulnIds.map((id) => vulnPath(id, '/packages')),
    },
  ];
}

function pathScenario(r: ReverseQueries): ScenarioDef {
  const path = (x: { from: string; to: string }): string => `/v0/path?from=${enc(x.from)}&to=${enc(x.to)}`;
  return {
    name: 'path',
    expectKey: 'paths',
    description:
      '`/v0/path?from=&to=`: a typical version to its farthest dependency, and an image digest to a package deep in it',
    paths: [...r.pathsPackage.map(path), ...r.pathsImage.map(path)],
  };
}
