// GUAC ingest-predicates documents for the ingest benchmark, and their ingest through the CLI:
//   node bench/dist/suites/guac-predicates.js [--documents 200] [--edges 2000] [--seed 42] [--store DIR|postgres://…]
// Each document is what GUAC's collectors hand its assembler for one application: a hasSBOM for
// the application, then `edges` isDependency predicates among package versions of a shared
// universe (so later documents restate many edges earlier ones stored, as real feeds do), and
// an isOccurrence for every tenth package. Written to bench/out/guac-predicates-<edges>-<seed>/,
// then ingested into a fresh embedded store (or the PostgreSQL database given, migrated first);
// prints documents/s and dependency facts/s. Deterministic: same arguments, same bytes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, OUT_DIR } from '../lib/paths.js';
import { Rng } from '../lib/rng.js';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const documents = Number(option('documents', '200'));
const edges = Number(option('edges', '2000'));
const seed = option('seed', '42');
const outDir = join(OUT_DIR, `guac-predicates-${edges}-${seed}`);
const store = option('store', join(outDir, 'store'));

interface Pkg {
  type: string;
  namespace?: string;
  name: string;
  version: string;
  qualifiers?: { key: string; value: string }[];
}

const rng = new Rng(`guac-predicates-${seed}`);
const ECOSYSTEMS = ['npm', 'maven', 'pypi', 'golang'] as const;
/** The universe: about 40 package versions per document, so documents overlap as real ones do. */
const universe: Pkg[] = [];
for (let i = 0; universe.length < Math.max(4_000, documents * 40); i++) {
  const type = ECOSYSTEMS[i % ECOSYSTEMS.length];
  const namespace =
    type === 'maven' ? `org.example${i % 97}` : type === 'golang' ? `github.com/org${i % 89}` : undefined;
  for (let v = 0; v < 1 + rng.int(0, 4); v++) {
    universe.push({
      type,
      ...(namespace ? { namespace } : {}),
      name: `lib-${i}`,
      version: `${1 + rng.int(0, 9)}.${v}.${rng.int(0, 20)}`,
      ...(type === 'maven' ? { qualifiers: [{ key: 'type', value: 'jar' }] } : {}),
    });
  }
}
/** Popular versions are depended on far more often (a power law over the universe). */
const popular = (): Pkg => universe[Math.floor(universe.length * rng.next() ** 3)];
const origin = (n: number) => ({ origin: `file:///feeds/app-${n}.json`, collector: 'guac-bench' });

function document(n: number): object {
  const app: Pkg = { type: 'npm', name: `app-${n}`, version: '1.0.0' };
  const from: Pkg[] = [app];
  const isDependency: object[] = [];
  const isOccurrence: object[] = [];
  while (isDependency.length < edges) {
    const a = rng.chance(0.05) ? app : rng.pick(from);
    const b = popular();
    if (a === b) continue;
    isDependency.push({
      pkg: a,
      depPkg: b,
      isDependency: {
        dependencyType: a === app ? 'DIRECT' : 'INDIRECT',
        versionRange: `^${b.version}`,
        justification: 'dependency from the lock file',
        ...origin(n),
      },
    });
    if (from.length < 200 && rng.chance(0.2)) from.push(b);
    if (isDependency.length % 10 === 0)
      isOccurrence.push({
        pkg: b,
        artifact: { algorithm: 'sha256', digest: rng.hex(64) },
        isOccurrence: { justification: 'file in the image', ...origin(n) },
      });
  }
  const hasSBOM = [
    {
      pkg: app,
      hasSbom: {
        uri: `https://sbom.example/app-${n}.json`,
        algorithm: 'sha256',
        digest: rng.hex(64),
        downloadLocation: `https://sbom.example/app-${n}.json`,
        knownSince: '2024-06-01T00:00:00Z',
        ...origin(n),
      },
    },
  ];
  return { hasSBOM, isDependency, isOccurrence };
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(join(outDir, 'documents'), { recursive: true });
for (let n = 1; n <= documents; n++)
  writeFileSync(join(outDir, 'documents', `app-${String(n).padStart(5, '0')}.json`), JSON.stringify(document(n)));
console.log(`wrote ${documents} documents of ${edges} isDependency predicates to ${join(outDir, 'documents')}`);

if (store.startsWith('postgres')) {
  const m = spawnSync(process.execPath, [BIN, 'migrate', '--store', store], { stdio: 'inherit' });
  if (m.status !== 0) throw new Error(`migrate failed (exit ${m.status})`);
}
const r = spawnSync(
  process.execPath,
  [BIN, 'ingest', '--store', store, '--json', '--quiet', join(outDir, 'documents')],
  {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  },
);
if (r.status !== 0) throw new Error(`ingest failed (exit ${r.status}): ${r.stderr.slice(0, 2000)}`);
const s = JSON.parse(r.stdout) as { documents: number; stored: number; dependencies: number; seconds: number };
console.log(
  `ingest: ${s.stored}/${s.documents} documents stored in ${s.seconds.toFixed(2)} s: ` +
    `${Math.round(s.documents / s.seconds)} documents/s, ${Math.round(s.dependencies / s.seconds)} dependency facts/s`,
);
