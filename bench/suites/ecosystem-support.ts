// How many OSV records, per ecosystem, the offline matcher can evaluate: over the OSV records of
// the shared corpus (standalone and inside osv-scanner reports) and of test/fixtures, classified
// by the matcher's own code from a build:
// - "unsupported": affected entries that unsupportedEntries() reports as having no version ordering;
// - "decided": affected entries for which matchAdvisory() on a package at one of the entry's own
//   versions (a listed version, else a range's fixed / last_affected / introduced version) answers
//   without a reason (no unsupported ecosystem or purl type, no unparseable version).
// Run it on two builds to compare (e.g. before and after a change):
//   npx tsc -p tsconfig.json && tsc -p bench/tsconfig.json && node bench/dist/suites/ecosystem-support.js
//   node bench/dist/suites/ecosystem-support.js --dist /path/to/other/build/dist [--corpus DIR] [--osv-dir DIR]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from '../lib/paths.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const DIST = resolve(arg('dist', join(ROOT, 'dist')));
const CORPUS = resolve(arg('corpus', process.env.SUPPLYGRAPH_CORPUS ?? resolve(ROOT, '../shared/corpus')));
const FIXTURES = join(ROOT, 'test/fixtures');

type OsvEvent = { introduced?: string; fixed?: string; last_affected?: string; limit?: string };
type Affected = { ecosystem: string; name: string; versions: string[]; ranges: { type: string; events: OsvEvent[] }[] };
type Advisory = { id: string; affected: Affected[] };
const load = (path: string): Promise<unknown> => import(new URL(`file://${join(DIST, path)}`).href);
const { parseOsvAdvisory } = (await load('ingest/formats/osv/parse.js')) as {
  parseOsvAdvisory: (raw: unknown, path: string) => Advisory;
};
const { matchAdvisory, unsupportedEntries } = (await load('vuln/osv-match.js')) as {
  matchAdvisory: (a: Advisory, p: unknown) => { reasons: string[]; affected: boolean };
  unsupportedEntries: (a: Advisory) => { path: string; reason: string }[];
};
const { purlPartsFromOsv, baseEcosystem } = (await load('vuln/ecosystems.js')) as {
  purlPartsFromOsv: (e: string, n: string, v?: string) => unknown;
  baseEcosystem: (e: string) => string;
};

/** Raw OSV records, keyed by id and modified time (one record found in several places counts once). */
const records = new Map<string, unknown>();
type Raw = { id?: unknown; modified?: unknown; affected?: unknown };
type ScannerReport = { results?: { packages?: { vulnerabilities?: Raw[] }[] }[] };
const add = (rec: Raw | undefined) => {
  if (rec && typeof rec.id === 'string' && Array.isArray(rec.affected))
    records.set(`${rec.id}|${String(rec.modified)}`, rec);
};
const addFile = (path: string) => {
  const doc = JSON.parse(readFileSync(path, 'utf8')) as Raw & ScannerReport;
  if (Array.isArray(doc?.results))
    for (const r of doc.results) for (const p of r.packages ?? []) for (const v of p.vulnerabilities ?? []) add(v);
  else add(doc);
};
const sources: string[] = [];
if (existsSync(join(CORPUS, 'MANIFEST.tsv'))) {
  sources.push(CORPUS);
  for (const line of readFileSync(join(CORPUS, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1)) {
    const [file, kind] = line.split('\t');
    if (kind === 'osv' || kind === 'osv-scanner') addFile(join(CORPUS, file));
  }
}
// Any further directories of OSV records (searched recursively): --osv-dir DIR (repeatable).
const extra = process.argv.flatMap((a, i) => (a === '--osv-dir' ? [resolve(process.argv[i + 1])] : []));
for (const dir of extra) {
  sources.push(dir);
  for (const f of readdirSync(dir, { recursive: true }) as string[]) if (f.endsWith('.json')) addFile(join(dir, f));
}
for (const dir of ['osv', 'osv-scanner', 'versions/osv']) {
  const d = join(FIXTURES, dir);
  if (!existsSync(d)) continue;
  sources.push(d);
  for (const f of readdirSync(d)) if (f.endsWith('.json')) addFile(join(d, f));
}

/** A version the entry itself names, to ask the matcher about. */
function probeVersion(a: Affected): string | undefined {
  if (a.versions.length) return a.versions[0];
  for (const r of a.ranges) {
    if (r.type === 'GIT') continue;
    for (const e of r.events) {
      const v = e.fixed ?? e.last_affected ?? (e.introduced !== '0' ? e.introduced : undefined);
      if (v) return v;
    }
  }
  return undefined;
}

interface Row {
  records: Set<string>;
  entries: number;
  unsupported: number;
  probed: number;
  decided: number;
  /** Entries whose first fixed version the matcher still calls affected (should be none). */
  fixedAffected: number;
}
const rows = new Map<string, Row>();
for (const raw of records.values()) {
  const adv = parseOsvAdvisory(raw, '');
  const unsupported = new Set(
    unsupportedEntries(adv)
      .filter((u) => /version ordering/.test(u.reason))
      .map((u) => u.path),
  );
  adv.affected.forEach((a, i) => {
    const base = baseEcosystem(a.ecosystem);
    let row = rows.get(base);
    if (!row)
      rows.set(
        base,
        (row = { records: new Set(), entries: 0, unsupported: 0, probed: 0, decided: 0, fixedAffected: 0 }),
      );
    row.records.add(adv.id);
    row.entries += 1;
    if (unsupported.has(`/affected/${i}`)) row.unsupported += 1;
    const v = probeVersion(a);
    const parts = v ? purlPartsFromOsv(a.ecosystem, a.name, v) : undefined;
    if (!v) return;
    row.probed += 1;
    if (parts && matchAdvisory({ ...adv, affected: [a] }, parts).reasons.length === 0) row.decided += 1;
    const fixed = a.ranges.find((r) => r.type !== 'GIT')?.events.find((e) => e.fixed)?.fixed;
    const fixedParts = fixed && !a.versions.includes(fixed) ? purlPartsFromOsv(a.ecosystem, a.name, fixed) : undefined;
    if (fixedParts && matchAdvisory({ ...adv, affected: [a] }, fixedParts).affected) row.fixedAffected += 1;
  });
}

console.log(`build: ${DIST}`);
console.log(`records: ${records.size} OSV records from ${sources.join(', ')}`);
console.log('ecosystem\trecords\taffected entries\tunsupported (no ordering)\tprobed\tdecided\tfixed version affected');
for (const [eco, r] of [...rows].sort(([a], [b]) => (a < b ? -1 : 1)))
  console.log(
    `${eco}\t${r.records.size}\t${r.entries}\t${r.unsupported}\t${r.probed}\t${r.decided}\t${r.fixedAffected}`,
  );
