// The search answers, checked against plain scans over an index of real documents (SBOMs,
// scanner reports, OSV records from the fixtures): every package name whose text has every word,
// every artifact whose digest starts with the prefix, every vulnerability with an id starting with
// it, once per alias set; ranked in the order of searchKey with exact matches flagged as the API says.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphIndex } from '../../src/index/graph-index.js';
import { searchableText } from '../../src/index/name-search.js';
import { FactKind, NodeKind } from '../../src/model/kinds.js';
import { compareKeys } from '../../src/query/pagination.js';
import { search, searchKey, searchRequest, searchResult, type SearchHit } from '../../src/query/search.js';
import { primaryVulnId, vulnerabilityRecord } from '../../src/query/vuln-record.js';
import { FIXTURES } from '../helpers/corpus.js';
import { random } from '../helpers/generated-graph.js';
import { startTestApp, type TestClient } from '../helpers/server.js';

let t: TestClient;
beforeAll(async () => {
  const docs: Record<string, unknown> = {};
  for (const file of [
    ...FIXTURES.filesOfKind('spdx').slice(0, 3),
    ...FIXTURES.filesOfKind('cyclonedx').slice(0, 3),
    ...FIXTURES.filesOfKind('grype', 'trivy', 'osv-scanner').slice(0, 3),
    ...FIXTURES.filesOfKind('osv').slice(0, 5),
    ...FIXTURES.filesOfKind('slsa-provenance').slice(0, 2),
  ])
    docs[file] = readFileSync(FIXTURES.path(file), 'utf8');
  t = await startTestApp(docs);
});
afterAll(() => t?.close());

const nodesOfKind = (kind: number): number[] => {
  const index = t.server.service.index;
  const out: number[] = [];
  for (let id = 1; id < index.nodeCount; id++) if (index.kinds[id] === kind) out.push(id);
  return out;
};

/** Dependent counts for the test: any deterministic function of the name does. */
const countOf = (name: string): number => name.length % 4;

function expectRanked(hits: readonly SearchHit[]): void {
  for (let i = 1; i < hits.length; i++) expect(compareKeys(searchKey(hits[i - 1]), searchKey(hits[i]))).toBeLessThan(0);
}

describe('search over real documents', () => {
  it('finds exactly the package names containing every word, any case, exact ones first', () => {
    const index = t.server.service.index;
    const names = [...index.nodes.packagesByName.keys()];
    expect(names.length).toBeGreaterThan(100);
    const next = random(5);
    const wordOf = (name: string): string => {
      const text = searchableText(name);
      const start = Math.floor(next() * text.length);
      return text.slice(start, start + 1 + Math.floor(next() * 6));
    };
    for (let i = 0; i < 200; i++) {
      const name = names[Math.floor(next() * names.length)];
      const words = i % 3 === 0 ? [wordOf(name), wordOf(name)] : [wordOf(name)];
      const q = (i % 2 ? words.join(' ') : words.join(' ').toUpperCase()).trim();
      if (!q) continue;
      const hits = search(index, searchRequest(q, undefined, 'package'), countOf);
      const wanted = words.map((w) => w.toLowerCase().trim()).filter((w) => w.length > 0);
      const expected = names.filter((n) => wanted.every((w) => searchableText(n).includes(w))).sort();
      expect(hits.map((h) => h.name).sort(), q).toEqual(expected);
      expect(hits.map((h) => h.name)).toContain(name);
      expectRanked(hits);
      for (const h of hits) {
        const text = searchableText(h.name);
        const lower = q.toLowerCase();
        expect(h.exact, `${q} ${h.name}`).toBe(text === lower || text.slice(text.lastIndexOf('/') + 1) === lower);
        expect(h.dependentCount).toBe(countOf(h.name));
      }
    }
  });

  it('finds every artifact by any prefix of 8 characters or more of its digest, none by 7', () => {
    const index = t.server.service.index;
    const artifacts = nodesOfKind(NodeKind.Artifact).map(index.keyOf);
    expect(artifacts.length).toBeGreaterThan(3);
    const hexValued = artifacts.filter((a) => /^[a-z0-9-]+:[0-9a-f]{8,}$/.test(a));
    expect(hexValued.length).toBeGreaterThan(3);
    for (const key of hexValued.slice(0, 100)) {
      const value = key.slice(key.indexOf(':') + 1);
      for (const length of [7, 8, 12, value.length]) {
        const prefix = value.slice(0, length);
        const hits = search(index, searchRequest(prefix, undefined, 'artifact'), countOf);
        const expected = length < 8 ? [] : hexValued.filter((a) => a.slice(a.indexOf(':') + 1).startsWith(prefix));
        expect(hits.map((h) => h.name).sort(), prefix).toEqual(expected.sort());
        expectRanked(hits);
        if (length === value.length) expect(hits.find((h) => h.name === key)?.exact).toBe(true);
      }
    }
  });

  it('finds every vulnerability by any prefix of any of its ids, once, under its record id', () => {
    const index = t.server.service.index;
    const vulns = nodesOfKind(NodeKind.Vulnerability);
    expect(vulns.length).toBeGreaterThan(5);
    for (const vuln of vulns) {
      const id = index.keyOf(vuln);
      for (const prefix of [id.slice(0, 4), id.slice(0, -1), id.toLowerCase()]) {
        const hits = search(index, searchRequest(prefix, undefined, 'vulnerability'), countOf);
        const expected = new Set(
          vulns
            .filter((v) => index.keyOf(v).toLowerCase().startsWith(prefix.toLowerCase()))
            .map((v) => primaryVulnId(index, v)),
        );
        expect(hits.map((h) => h.name).sort(), prefix).toEqual([...expected].sort());
        expect(hits.map((h) => h.name)).toContain(primaryVulnId(index, vuln));
        expectRanked(hits);
      }
    }
  });

  it('says which id or alias matched and lists the aliases (issue 30: a GHSA typed, its CVE shown)', () => {
    const index = t.server.service.index;
    const vulns = nodesOfKind(NodeKind.Vulnerability);
    // The fixtures hold vulnerabilities shown under another id than one of theirs (a GHSA under its CVE).
    expect(vulns.filter((v) => primaryVulnId(index, v) !== index.keyOf(v)).length).toBeGreaterThan(0);
    for (const vuln of vulns) {
      const id = index.keyOf(vuln);
      const shown = primaryVulnId(index, vuln);
      // The aliases as /v0/vuln/{id} lists them.
      const others = vulnerabilityRecord(index, vuln).aliases;
      expect(new Set([shown, ...others])).toEqual(new Set(index.aliasesOf(vuln).map(index.keyOf)));
      // A whole id, in any case: that id matched, whichever id the result is shown under.
      const [hit] = search(index, searchRequest(id.toLowerCase(), undefined, 'vulnerability'), countOf);
      expect(hit, id).toMatchObject({ name: shown, exact: true, matched: id });
      expect(searchResult(index, hit)).toEqual({
        kind: 'vulnerability',
        name: shown,
        dependentCount: hit.dependentCount,
        id: shown,
        aliases: others,
        matched: id,
        kev: null,
        epss: null,
      });
      // A prefix: an id of the set starting with it, the shown one when it does.
      const prefix = id.slice(0, -1).toLowerCase();
      for (const h of search(index, searchRequest(prefix, undefined, 'vulnerability'), countOf)) {
        const set = index.aliasesOf(index.vulnerabilityId(h.name)!).map(index.keyOf);
        expect(set, `${prefix} ${h.name}`).toContain(h.matched);
        expect(h.matched!.toLowerCase().startsWith(prefix)).toBe(true);
        if (h.name.toLowerCase().startsWith(prefix)) expect(h.matched).toBe(h.name);
      }
    }
  });

  it("names the matching alias, and lists the aliases in /v0/vuln/{id}'s order (CVE, GHSA, then the rest)", () => {
    const index = new GraphIndex();
    const ids = ['DLA-3755-1', 'GHSA-r978-9m6m-6gm6', 'CVE-2024-23944', 'ALAS-2024-1234', 'GHSA-2222-3333-4444'];
    ids.forEach((id, i) => index.node(i + 1, NodeKind.Vulnerability, id, null));
    for (let i = 2; i <= ids.length; i++) index.link(FactKind.VulnEqual, 1, i);
    index.finishLoad();
    const [hit, ...rest] = search(index, searchRequest('ghsa-r978', undefined, undefined), countOf);
    expect(rest).toEqual([]);
    const aliases = ['GHSA-2222-3333-4444', 'GHSA-r978-9m6m-6gm6', 'ALAS-2024-1234', 'DLA-3755-1'];
    expect(searchResult(index, hit)).toEqual({
      kind: 'vulnerability',
      name: 'CVE-2024-23944',
      dependentCount: 0,
      id: 'CVE-2024-23944',
      aliases,
      matched: 'GHSA-r978-9m6m-6gm6',
      kev: null,
      epss: null,
    });
    expect(vulnerabilityRecord(index, 1).aliases).toEqual(aliases);
    // Two aliases start with q: the first in code-unit order; the shown id when it matches too.
    expect(search(index, searchRequest('GHSA-', undefined, undefined), countOf)[0].matched).toBe('GHSA-2222-3333-4444');
    expect(search(index, searchRequest('c', undefined, undefined), countOf)[0].matched).toBe('CVE-2024-23944');
  });

  it('ranks a one-letter word that matches 150,000 names', () => {
    const index = new GraphIndex();
    for (let i = 1; i <= 150_000; i++) index.node(i, NodeKind.Package, `pkg:npm/p${i}@1.0.0`, null);
    index.finishLoad();
    const hits = search(index, searchRequest('p', undefined, undefined), (name) => (name === 'pkg:npm/p7' ? 1 : 0));
    expect(hits).toHaveLength(150_000);
    expect(hits[0]).toEqual({ kind: 'package', name: 'pkg:npm/p7', exact: false, dependentCount: 1 });
    expect(hits[1].name).toBe('pkg:npm/p1');
  });
});
