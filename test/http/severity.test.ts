// The one severity rule over real documents: an artifact-vulnerability entry takes the highest
// rating any ingested document gives for the vulnerability or an alias — label or CVSS — and
// says which rating that was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const IMAGE_HEX = 'c0ffee'.padEnd(64, '0');
const IMAGE = `sha256:${IMAGE_HEX}`;

/** A CycloneDX VDR of an image: its scanner rates qs MEDIUM (label) and 7.5 (CVSS), lodash CRITICAL (label). */
const vdr = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  metadata: {
    timestamp: '2024-05-01T00:00:00Z',
    tools: { components: [{ type: 'application', name: 'scanner', version: '1' }] },
    component: {
      type: 'container',
      name: 'shop',
      version: '1.0',
      'bom-ref': 'shop',
      hashes: [{ alg: 'SHA-256', content: IMAGE_HEX }],
    },
  },
  components: [
    { type: 'library', name: 'qs', version: '6.7.0', purl: 'pkg:npm/qs@6.7.0', 'bom-ref': 'qs' },
    { type: 'library', name: 'lodash', version: '4.17.20', purl: 'pkg:npm/lodash@4.17.20', 'bom-ref': 'lodash' },
  ],
  vulnerabilities: [
    {
      id: 'CVE-2022-24999',
      references: [{ id: 'GHSA-hrpp-h998-j3pp', source: { name: 'GitHub' } }],
      ratings: [
        { severity: 'medium', method: 'other' },
        { method: 'CVSSv31', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' },
      ],
      affects: [{ ref: 'qs' }],
    },
    { id: 'CVE-2021-23337', ratings: [{ severity: 'critical' }], affects: [{ ref: 'lodash' }] },
  ],
};

/** Advisories for the aliases: GHSA gives qs CVSS 9.8 with a LOW label; lodash CVSS 7.2 with HIGH. */
const advisory = (id: string, alias: string, vector: string, label: string) => ({
  id,
  modified: '2024-01-01T00:00:00Z',
  aliases: [alias],
  severity: [{ type: 'CVSS_V3', score: vector }],
  database_specific: { severity: label },
  affected: [],
});

let t: TestClient;
beforeAll(async () => {
  t = await startTestApp({
    'vdr.cdx.json': vdr,
    'qs.osv.json': advisory(
      'GHSA-hrpp-h998-j3pp',
      'CVE-2022-24999',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'LOW',
    ),
    'lodash.osv.json': advisory(
      'GHSA-35jh-r3h4-6jhm',
      'CVE-2021-23337',
      'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H',
      'HIGH',
    ),
  });
});
afterAll(() => t?.close());

describe('artifact vulnerability severity', () => {
  it('is the highest rating across documents and aliases, naming its source', async () => {
    const r = await t.get(`/v0/artifact/${enc(IMAGE)}/vulns?includeDependencies=true`);
    expect(r.status).toBe(200);
    const byPackage = Object.fromEntries(r.body.vulnerabilities.map((v: any) => [v.package, v]));
    // qs: scanner label MEDIUM and CVSS 7.5 lose to the alias advisory's CVSS 9.8 (its LOW label too).
    expect(byPackage['pkg:npm/qs@6.7.0']).toMatchObject({
      id: 'CVE-2022-24999',
      severity: 'CRITICAL',
      cvssScore: 9.8,
      severitySource: {
        kind: 'cvss',
        vulnerabilityID: 'GHSA-hrpp-h998-j3pp',
        scoreType: 'CVSSv31',
        score: 9.8,
        origin: 'qs.osv.json',
        collector: 'test',
      },
    });
    // lodash: the scanner's CRITICAL label beats the alias advisory's CVSS 7.2 and HIGH label;
    // the score is still the highest CVSS score known.
    expect(byPackage['pkg:npm/lodash@4.17.20']).toMatchObject({
      id: 'CVE-2021-23337',
      severity: 'CRITICAL',
      cvssScore: 7.2,
      severitySource: { kind: 'label', vulnerabilityID: 'CVE-2021-23337', origin: 'vdr.cdx.json', collector: 'test' },
    });
    expect(byPackage['pkg:npm/lodash@4.17.20'].severitySource).not.toHaveProperty('score');
  });
});
