// The forward questions: a package, its dependencies and vulnerabilities, an artifact's, and
// the rankings.
import type { Manifest } from '../generate/manifest.js';
import { artifactPath, packagePath } from './scenario-paths.js';
import type { ScenarioDef } from './scenarios.js';

type Queries = Manifest['queries'];

export function forwardScenarios(q: Queries): ScenarioDef[] {
  const typical = q.typical.slice(0, 100).map((t) => t.purl);
  return [
    { name: 'healthz', description: '`/healthz`', paths: ['/healthz'] },
    ...packageScenarios(q, typical),
    ...artifactScenarios(q),
    ...rankingScenarios(),
  ];
}

function packageScenarios(q: Queries, typical: string[]): ScenarioDef[] {
  return [
    {
      name: 'package',
      description: '`/v0/package/{purl}`: partial purls (popular names) and exact purls',
      paths: [
        ...q.partial.slice(0, 50).map((p) => packagePath(p.purl)),
        ...typical.slice(0, 50).map((p) => packagePath(p)),
      ],
    },
    {
      name: 'deps-typical',
      description: '`/v0/package/{purl}/dependencies`, versions with a typical closure (60–150)',
      paths: typical.map((p) => packagePath(p, '/dependencies')),
    },
    {
      name: 'deps-distinct',
      description:
        '`/v0/package/{purl}/dependencies`, up to 40,000 distinct versions with a closure of 40–300, taken in turn (at size L more than the response cache holds: no hits)',
      paths: q.typicalMany.map((p) => packagePath(p, '/dependencies')),
    },
    {
      name: 'deps-large',
      description: '`/v0/package/{purl}/dependencies`, the largest single-version closures',
      paths: q.large.slice(0, 20).map((p) => packagePath(p.purl, '/dependencies')),
    },
    {
      name: 'deps-partial',
      description: '`/v0/package/{purl}/dependencies`, partial purls (every version of a popular name)',
      paths: q.partial.slice(0, 40).map((p) => packagePath(p.purl, '/dependencies')),
    },
    {
      name: 'vulns',
      description:
        '`/v0/package/{purl}/vulns`: vulnerable versions, and typical versions with `includeDependencies=true`',
      paths: [
        ...q.vulnerable.slice(0, 50).map((p) => packagePath(p, '/vulns')),
        ...typical.slice(0, 50).map((p) => packagePath(p, '/vulns?includeDependencies=true')),
      ],
    },
    {
      name: 'vulns-distinct',
      description:
        '`/v0/package/{purl}/vulns?includeDependencies=true`, the distinct versions of deps-distinct taken in turn (no response cache hits at size L)',
      paths: q.typicalMany.map((p) => packagePath(p, '/vulns?includeDependencies=true')),
    },
  ];
}

function artifactScenarios(q: Queries): ScenarioDef[] {
  const images = q.images.slice(0, 50);
  return [
    {
      name: 'artifact-deps',
      description: '`/v0/artifact/{digest}/dependencies`, container images',
      paths: images.map((i) => artifactPath(i.digest, '/dependencies')),
    },
    {
      name: 'artifact-vulns',
      description: '`/v0/artifact/{digest}/vulns?includeDependencies=true`, container images',
      paths: images.map((i) => artifactPath(i.digest, '/vulns?includeDependencies=true')),
    },
  ];
}

function rankingScenarios(): ScenarioDef[] {
  return [
    {
      name: 'ranking-top100',
      description: '`/analysis/dependencies?sort=frequency|scorecard&PageSize=100`',
      paths: [
        '/analysis/dependencies?sort=frequency&PageSize=100',
        '/analysis/dependencies?sort=scorecard&PageSize=100',
      ],
    },
    {
      name: 'ranking-pages',
      description:
        '`/analysis/dependencies?sort=frequency|scorecard&PageSize=100…599`: 1,000 distinct URLs (computed unless still in the response cache)',
      paths: Array.from(
        { length: 1000 },
        (_, i) => `/analysis/dependencies?sort=${i % 2 ? 'scorecard' : 'frequency'}&PageSize=${100 + (i >> 1)}`,
      ),
    },
    {
      name: 'ranking-whole',
      description: '`/analysis/dependencies?sort=frequency`, the whole ranking',
      paths: ['/analysis/dependencies?sort=frequency'],
    },
  ];
}
