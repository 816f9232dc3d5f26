// /v0/findings and /v0/findings/summary over a real socket, on the backend under test, against a
// plain scan of the documents: each latest build's components read from its SBOM, each advisory's
// affected npm package and fixed version read from its OSV record, compared by version number.
// A VEX statement about one build takes its finding off (shown with suppressed=any).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { serviceSbom } from '../helpers/builds.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const read = (name: string): string => readFileSync(join(FIXTURES_DIR, 'diff', name), 'utf8');
const SBOMS = ['shop-api-1.0.0.cdx.json', 'shop-api-1.1.0.cdx.json'];
const ADVISORIES = ['osv-GHSA-35jh-r3h4-6jhm.json', 'osv-GHSA-xvch-5gv4-984h.json'];
/** A second service whose only build still has the lodash before the fix, and a VEX saying it is not affected. */
const ORDERS = serviceSbom({ service: 'orders', version: '2.0.0', components: ['pkg:npm/lodash@4.17.20'] });
const VEX = JSON.stringify({
  '@context': 'https://openvex.dev/ns/v0.2.0',
  '@id': 'https://example.com/vex/orders-1',
  author: 'test',
  timestamp: '2026-11-01T00:00:00Z',
  version: 1,
  statements: [
    {
      vulnerability: { name: 'GHSA-35jh-r3h4-6jhm' },
      products: [{ '@id': 'pkg:npm/orders@2.0.0' }],
      status: 'not_affected',
      justification: 'vulnerable_code_not_in_execute_path',
    },
  ],
});

interface Finding {
  project: string;
  build: { digest: string; version: string | null };
  package: string;
  vulnerability: { id: string; vulnerabilityIDs: string[] };
  severity: string;
  fixAvailable: boolean;
  fixedIn: string[];
  vex: { status: string } | null;
  suppressed: boolean;
  path: string[];
}

/** Dotted version numbers compared part by part (the fixtures' npm versions are plain). */
function older(a: string, b: string): boolean {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
  return false;
}

/** What a plain scan of one SBOM against the advisories finds: [purl, advisory id, fixed version]. */
function plainScan(sbom: string): [string, string, string][] {
  const purls = (JSON.parse(sbom) as { components: { purl: string }[] }).components.map((c) => c.purl);
  const out: [string, string, string][] = [];
  for (const file of ADVISORIES) {
    const osv = JSON.parse(read(file)) as {
      id: string;
      affected: { package: { name: string }; ranges: { events: { introduced?: string; fixed?: string }[] }[] }[];
    };
    for (const a of osv.affected) {
      for (const range of a.ranges) {
        const introduced = range.events.find((e) => e.introduced !== undefined)!.introduced!;
        const fixed = range.events.find((e) => e.fixed !== undefined)!.fixed!;
        for (const purl of purls) {
          const [, name, version] = /^pkg:npm\/([^@]+)@(.+)$/.exec(purl)!;
          const inRange = (introduced === '0' || !older(version, introduced)) && older(version, fixed);
          if (name === a.package.name && inRange) out.push([purl, osv.id, fixed]);
        }
      }
    }
  }
  return out.sort();
}

let t: TestServer;

beforeAll(async () => {
  const docs: Record<string, string> = { 'orders.cdx.json': ORDERS, 'orders.vex.json': VEX };
  for (const name of [...SBOMS, ...ADVISORIES]) docs[name] = read(name);
  t = await startTestServer(docs);
});
afterAll(async () => {
  await t?.close();
});

const findings = async (query: string): Promise<Finding[]> => {
  const res = await t.get(`/v0/findings${query}`);
  expect(res.status, res.text).toBe(200);
  return (res.body as { findings: Finding[] }).findings;
};
const triples = (rows: Finding[]): [string, string, string][] =>
  rows.map((f) => [f.package, f.vulnerability.id, f.fixedIn[0]] as [string, string, string]).sort();

describe('findings', () => {
  it("lists what a plain scan of each project's latest build finds, VEX-suppressed ones left out", async () => {
    const rows = await findings('');
    const shop = rows.filter((f) => f.project === 'shop-api');
    expect(triples(shop)).toEqual(plainScan(read(SBOMS[1])));
    expect(shop.length).toBeGreaterThan(0);
    for (const f of shop) {
      expect(f.build.version).toBe('1.1.0');
      expect(f.fixAvailable).toBe(true);
      expect(f.suppressed).toBe(false);
      expect(f.path.at(-1)).toBe(f.package);
      expect(f.path.length).toBeGreaterThanOrEqual(2);
    }
    expect(rows.filter((f) => f.project === 'orders')).toEqual([]);
  });

  it('shows the suppressed finding with its VEX statement when asked', async () => {
    const orders = await findings('?suppressed=any&project=orders');
    expect(triples(orders)).toEqual(plainScan(ORDERS));
    expect(orders[0]).toMatchObject({ suppressed: true, vex: { status: 'NOT_AFFECTED' } });
    expect(orders[0].path).toEqual(['pkg:npm/orders@2.0.0', 'pkg:npm/lodash@4.17.20']);
    expect(await findings('?suppressed=true&project=shop-api')).toEqual([]);
  });

  it('every build of one project with builds=all; refused without a project, naming the parameter', async () => {
    const all = await findings('?builds=all&project=shop-api');
    const expected = [...plainScan(read(SBOMS[0])), ...plainScan(read(SBOMS[1]))].sort();
    expect(triples(all)).toEqual(expected);
    const refused = await t.get('/v0/findings?builds=all');
    expect(refused.status).toBe(400);
    expect((refused.body as { detail: string }).detail).toMatch(/builds=all needs project=/);
  });

  it('filters by vulnerability (any alias), package, ecosystem, severity and fix; unknown names keep nothing', async () => {
    const all = await findings('?builds=all&project=shop-api');
    const lodash = all.filter((f) => f.package.startsWith('pkg:npm/lodash@'));
    const alias = lodash[0].vulnerability.vulnerabilityIDs.find((id) => id.startsWith('CVE-'))!;
    expect(await findings(`?builds=all&project=shop-api&vulnerability=${alias}`)).toEqual(lodash);
    expect(await findings('?builds=all&project=shop-api&package=pkg:npm/lodash')).toEqual(lodash);
    expect(await findings('?builds=all&project=shop-api&ecosystem=pypi')).toEqual([]);
    expect(await findings('?builds=all&project=shop-api&fixAvailable=false')).toEqual([]);
    expect(await findings('?vulnerability=CVE-1999-0001')).toEqual([]);
    const worst = all.map((f) => f.severity).sort()[0];
    const atLeast = await findings(`?builds=all&project=shop-api&severity=${worst.toLowerCase()}`);
    expect(atLeast.every((f) => f.severity === worst || f.severity === 'CRITICAL')).toBe(true);
    const bad = await t.get('/v0/findings?severity=urgent');
    expect(bad.status).toBe(400);
    expect((bad.body as { detail: string }).detail).toMatch(/^severity: "urgent" is not a severity/);
  });

  it('sorts worst first and pages with a cursor', async () => {
    const all = await findings('?builds=all&project=shop-api&suppressed=any');
    const first = await t.get('/v0/findings?builds=all&project=shop-api&suppressed=any&PageSize=1');
    const page = first.body as { findings: Finding[]; PaginationInfo: { TotalCount: number; NextCursor?: string } };
    expect(page.PaginationInfo.TotalCount).toBe(all.length);
    expect(page.findings).toEqual(all.slice(0, 1));
    const next = await t.get(
      `/v0/findings?builds=all&project=shop-api&suppressed=any&PageSize=10&Cursor=${page.PaginationInfo.NextCursor}`,
    );
    expect((next.body as { findings: Finding[] }).findings).toEqual(all.slice(1));
    const other = await t.get(`/v0/findings?project=orders&Cursor=${page.PaginationInfo.NextCursor}`);
    expect(other.status).toBe(400);
  });

  it('counts findings per severity and per project build, builds without findings included', async () => {
    const res = await t.get('/v0/findings/summary');
    expect(res.status, res.text).toBe(200);
    const summary = res.body as {
      total: number;
      bySeverity: Record<string, number>;
      projects: { project: string; total: number; bySeverity: Record<string, number> }[];
    };
    const rows = await findings('');
    expect(summary.total).toBe(rows.length);
    expect(summary.projects.map((p) => [p.project, p.total])).toEqual([
      ['orders', 0],
      ['shop-api', rows.length],
    ]);
    for (const f of rows) expect(summary.bySeverity[f.severity]).toBeGreaterThan(0);
  });
});

describe('a project over time', () => {
  it("each build of the project's history carries its findings by severity, as builds=all lists them", async () => {
    const all = await findings('?builds=all&project=shop-api');
    const res = await t.get('/v0/projects/shop-api');
    expect(res.status, res.text).toBe(200);
    const history = (
      res.body as { history: { digest: string; findings: { total: number; bySeverity: Record<string, number> } }[] }
    ).history;
    expect(history).toHaveLength(2);
    for (const b of history) {
      const own = all.filter((f) => f.build.digest === b.digest);
      expect(b.findings.total).toBe(own.length);
      for (const f of own) expect(b.findings.bySeverity[f.severity]).toBeGreaterThan(0);
    }
    expect(history.map((b) => b.findings.total).reduce((a, n) => a + n, 0)).toBe(all.length);
  });
});

describe('projects by findings', () => {
  it('sort=findings puts the worst latest build first, by the summary counts; pages with a cursor', async () => {
    const summary = (await t.get('/v0/findings/summary')).body as {
      projects: { project: string; bySeverity: Record<string, number> }[];
    };
    const worstFirst = [...summary.projects]
      .sort((a, b) => {
        for (const s of ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN']) {
          if (a.bySeverity[s] !== b.bySeverity[s]) return b.bySeverity[s] - a.bySeverity[s];
        }
        return a.project < b.project ? -1 : 1;
      })
      .map((p) => p.project);
    const listed = (await t.get('/v0/projects?sort=findings')).body as { projects: { name: string }[] };
    expect(listed.projects.map((p) => p.name)).toEqual(worstFirst);
    expect(worstFirst[0]).toBe('shop-api');
    const first = (await t.get('/v0/projects?sort=findings&PageSize=1')).body as {
      projects: { name: string }[];
      PaginationInfo: { NextCursor: string; TotalCount: number };
    };
    expect(first.PaginationInfo.TotalCount).toBe(worstFirst.length);
    const next = (await t.get(`/v0/projects?sort=findings&PageSize=5&Cursor=${first.PaginationInfo.NextCursor}`))
      .body as { projects: { name: string }[] };
    expect([...first.projects, ...next.projects].map((p) => p.name)).toEqual(worstFirst);
  });
});
