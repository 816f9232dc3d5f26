// Offline OSV matching throughput: a graph of package versions across ecosystems and an
// advisory dump the size of a real per-ecosystem all.zip, matched the way the index does it
// (advisories against every package, then packages added later against the advisories).
// Prints packages × advisories per second and the evaluations actually made.
//   npm run bench:osv -- [--packages 200000] [--advisories 20000]
import { builtModule } from '../lib/paths.js';
import { Rng } from '../lib/rng.js';

// The service's own index, from the build (`npm run build`), as the server runs it.
interface Batch {
  node(id: number, kind: number, key: string, attr: string | null): void;
  record(fact: { kind: number; a: number; b: number; doc: number; fields: object }): void;
}
interface Index {
  apply(batch: Batch): void;
  vulnerabilities: { advisories: { matchesByPackage: Map<number, Set<number>> } };
}
const { GraphIndex } = (await builtModule('index/graph-index.js')) as { GraphIndex: new () => Index };
const { LoadBatch } = (await builtModule('index/load-batch.js')) as { LoadBatch: new () => Batch };
const { FactKind, NodeKind } = (await builtModule('model/kinds.js')) as {
  FactKind: Record<string, number>;
  NodeKind: Record<string, number>;
};

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const PACKAGES = arg('packages', 200_000);
const ADVISORIES = arg('advisories', 20_000);
const NAMES = Math.round(PACKAGES / 4);

const ECOSYSTEMS = [
  { osv: 'npm', purl: (n: string, v: string) => `pkg:npm/${n}@${v}`, name: (n: string) => n },
  { osv: 'PyPI', purl: (n: string, v: string) => `pkg:pypi/${n}@${v}`, name: (n: string) => n },
  {
    osv: 'Go',
    purl: (n: string, v: string) => `pkg:golang/github.com/acme/${n}@v${v}`,
    name: (n: string) => `github.com/acme/${n}`,
  },
  {
    osv: 'Maven',
    purl: (n: string, v: string) => `pkg:maven/org.acme/${n}@${v}`,
    name: (n: string) => `org.acme:${n}`,
  },
  { osv: 'crates.io', purl: (n: string, v: string) => `pkg:cargo/${n}@${v}`, name: (n: string) => n },
];

const rng = new Rng('osv-matching');
const random = (): number => rng.next();
const version = (): string => `${Math.floor(random() * 5)}.${Math.floor(random() * 20)}.${Math.floor(random() * 10)}`;

function packagesBatch(from: number, count: number): Batch {
  const batch = new LoadBatch();
  for (let i = 0; i < count; i++) {
    const n = (from + i) % NAMES;
    const eco = ECOSYSTEMS[n % ECOSYSTEMS.length];
    batch.node(1 + from + i, NodeKind.Package, eco.purl(`lib-${n}`, version()), null);
  }
  return batch;
}

function advisoriesBatch(firstNode: number): Batch {
  const batch = new LoadBatch();
  for (let a = 0; a < ADVISORIES; a++) {
    const n = Math.floor(random() * NAMES);
    const eco = ECOSYSTEMS[n % ECOSYSTEMS.length];
    const id = firstNode + a;
    batch.node(id, NodeKind.Vulnerability, `GHSA-bench-${a}`, 'GHSA');
    const introduced = `${Math.floor(random() * 3)}.0.0`;
    const fixed = `${Math.floor(random() * 2) + 3}.${Math.floor(random() * 10)}.0`;
    const data = {
      dbUri: 'https://github.com/advisories',
      modified: '2024-01-01T00:00:00Z',
      affected: [
        {
          ecosystem: eco.osv,
          name: eco.name(`lib-${n}`),
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced }, { fixed }] }],
          versions: random() < 0.3 ? [version(), version()] : [],
        },
      ],
    };
    batch.record({ kind: FactKind.Advisory, a: id, b: 0, doc: 1, fields: data });
  }
  return batch;
}

const index = new GraphIndex();
const half = Math.floor(PACKAGES / 2);
index.apply(packagesBatch(0, half));
let started = performance.now();
index.apply(advisoriesBatch(PACKAGES + 1));
const advisoriesMs = performance.now() - started;
started = performance.now();
index.apply(packagesBatch(half, PACKAGES - half));
const laterMs = performance.now() - started;
let matches = 0;
for (const set of index.vulnerabilities.advisories.matchesByPackage.values()) matches += set.size;

const pairs = half * ADVISORIES + (PACKAGES - half) * ADVISORIES;
const seconds = (advisoriesMs + laterMs) / 1000;
console.log(
  JSON.stringify(
    {
      packages: PACKAGES,
      advisories: ADVISORIES,
      names: NAMES,
      ecosystems: ECOSYSTEMS.map((e) => e.osv),
      advisoriesAgainstExistingMs: Math.round(advisoriesMs),
      laterPackagesAgainstAdvisoriesMs: Math.round(laterMs),
      matches,
      packagesTimesAdvisoriesPerSecond: Math.round(pairs / seconds),
    },
    null,
    2,
  ),
);
