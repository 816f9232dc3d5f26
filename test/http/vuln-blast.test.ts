// /v0/vuln/{id}/dependents and /artifacts (the blast radius) against the forward questions, over
// generated graphs with findings, an OSV advisory, aliases and VEX (see vuln-properties.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { generatedGraph } from '../helpers/generated-graph.js';
import { vex, vuln } from '../helpers/predicates.js';
import { startTestApp, type TestClient } from '../helpers/server.js';
import { affectedPackages } from '../../src/query/blast-radius.js';
import { expectBlastProperties } from './vuln-properties.js';

const IDS: [string, string][] = [
  ['cve', 'CVE-2099-0001'],
  ['cve', 'CVE-2099-0002'],
  ['ghsa', 'GHSA-aaaa-bbbb-cccc'],
];
const STATUSES = ['NOT_AFFECTED', 'AFFECTED', 'FIXED', 'UNDER_INVESTIGATION'];

/** A generated graph (see generated-graph.ts) with findings, an advisory, an alias and VEX statements about its nodes. */
function generatedVulnGraph(seed: number, size: number): Record<string, unknown> {
  const { docs, purls, digests, next, pick } = generatedGraph(seed, size);
  docs['scan.json'] = {
    certifyVuln: Array.from({ length: Math.ceil(size / 6) }, () => {
      const [type, id] = pick(IDS);
      return vuln(pick(purls), type, id);
    }),
    vulnEqual: [
      {
        vulnerability: { type: 'ghsa', vulnerabilityID: 'GHSA-aaaa-bbbb-cccc' },
        equalVulnerability: { type: 'cve', vulnerabilityID: 'CVE-2099-0003' },
        vulnEqual: { justification: 'alias', origin: 'o', collector: 'c' },
      },
    ],
  };
  // An advisory for p1 0.0.0 and 1.0.0, known as CVE-2099-0003 too: the matcher finds those versions.
  docs['advisory.json'] = JSON.stringify({
    schema_version: '1.4.0',
    id: 'GHSA-dddd-eeee-ffff',
    modified: '2024-01-02T00:00:00Z',
    published: '2024-01-01T00:00:00Z',
    aliases: ['CVE-2099-0003'],
    summary: 'Generated advisory',
    affected: [{ package: { ecosystem: 'npm', name: 'p1' }, versions: ['0.0.0', '1.0.0'] }],
  });
  docs['vex.json'] = {
    vex: Array.from({ length: Math.ceil(size / 5) }, (_, i) => {
      const [type, id] = pick([...IDS, ['cve', 'CVE-2099-0003'] as [string, string]]);
      const subject = next() < 0.7 ? { pkg: pick(purls) } : { artifact: pick(digests) };
      return vex(subject, type, id, pick(STATUSES), `2024-0${1 + (i % 9)}-01T00:00:00Z`);
    }),
  };
  return docs;
}

describe('blast radius: the inverse of the forward vulnerability questions', () => {
  let t: TestClient | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it.each([1, 2, 3, 4])('on a generated graph (seed %i)', async (seed) => {
    await t?.close();
    t = await startTestApp(generatedVulnGraph(seed, 30));
    const index = t.server.service.index;
    const { listed, suppressed } = expectBlastProperties(index);
    expect(listed).toBeGreaterThan(0);
    // The graph exercises what the properties are about: VEX that suppresses, and the advisory matcher.
    expect(suppressed).toBeGreaterThan(0);
    const advisory = affectedPackages(index, index.vulnerabilityId('GHSA-dddd-eeee-ffff')!);
    const evidence = [...advisory.affected.values(), ...[...advisory.suppressed.values()].map((s) => s.evidence)];
    expect(evidence.flat().some((e) => e.kind === 'advisory')).toBe(true);
  });
});
