// Names every object inherits (`constructor`, `toString`, `__proto__`, …) are not keys of the
// tables documents and requests are looked up in (src/model/lookup-table.ts): a purl of type
// "constructor" failed with a TypeError, an OpenVEX status "constructor" passed as known.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclonedxJsonParser } from '../../src/ingest/formats/cyclonedx/index.js';
import { openvexParser } from '../../src/ingest/formats/openvex/index.js';
import { lookupTable } from '../../src/model/lookup-table.js';
import { parsePurl } from '../../src/model/purl.js';
import { scoreOfVector } from '../../src/vuln/cvss.js';
import { distroEcosystem } from '../../src/vuln/distros.js';
import { comparatorFor, normaliseOsvName } from '../../src/vuln/ecosystems.js';
import { knownSource } from '../../src/vuln/rating-sources.js';
import { compareMaven, comparePackagist } from '../../src/vuln/versions.js';
import { CTX } from '../ingest/formats/vuln-formats.suite.js';

const INHERITED = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];

const doc = (json: unknown) => ({ name: 'x', text: '', json, xml: false });

function openvexWithStatus(status: string) {
  return doc({
    '@context': 'https://openvex.dev/ns/v0.2.0',
    '@id': 'https://example.com/vex-1',
    author: 'test',
    timestamp: '2024-01-01T00:00:00Z',
    version: 1,
    statements: [{ vulnerability: { name: 'CVE-2024-0001' }, products: [{ '@id': 'pkg:npm/a@1' }], status }],
  });
}

function cyclonedxWithState(state: string) {
  return doc({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: { component: { 'bom-ref': 'app', type: 'application', name: 'app', purl: 'pkg:npm/app@1' } },
    components: [{ 'bom-ref': 'a', type: 'library', name: 'a', version: '1', purl: 'pkg:npm/a@1' }],
    vulnerabilities: [{ id: 'CVE-2024-0001', affects: [{ ref: 'a' }], analysis: { state } }],
  });
}

describe('lookup tables', () => {
  it('find their own entries only', () => {
    const table = lookupTable({ open: 1 });
    expect(table.open).toBe(1);
    for (const key of INHERITED) {
      expect(table[key]).toBeUndefined();
      expect(key in table).toBe(false);
    }
  });

  it('a purl whose type is an inherited name is an unregistered type, not a TypeError', () => {
    expect(parsePurl('pkg:constructor/x@1')).toMatchObject({ type: 'constructor', name: 'x', version: '1' });
  });

  it.each(INHERITED)('an OpenVEX status %j is refused as unknown', (status) => {
    expect(() => openvexParser.parse(openvexWithStatus(status), CTX)).toThrow(/is not one of/);
  });

  it.each(INHERITED)('a CycloneDX analysis state %j states no VEX', (state) => {
    expect(cyclonedxJsonParser.parse(cyclonedxWithState(state), CTX).vex ?? []).toEqual([]);
  });

  it.each(INHERITED)('version orders, ecosystems and sources do not know %j', (name) => {
    expect(compareMaven(`1.0-${name}`, `1.0-${name}`)).toBe(0);
    expect(compareMaven(`1.0-${name}`, '1.0')).not.toBeUndefined();
    expect(comparePackagist(`1.0-${name}`, `1.0-${name}`)).toBe(0);
    expect(comparatorFor(name)).toBeUndefined();
    expect(normaliseOsvName(name, 'Some_Name')).toBe('Some_Name');
    expect(distroEcosystem(name, 'debian')).toBeUndefined();
    expect(distroEcosystem('deb', name)).toBeUndefined();
    expect(knownSource(name)).toBeUndefined();
    expect(scoreOfVector(`CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/${name}:X`)).toBeUndefined();
  });
});

describe('tables keyed by text in ingest, vuln and model', () => {
  const SRC = new URL('../../src/', import.meta.url).pathname;
  const PLAIN_TABLE = /^(?:export )?const [A-Z][A-Z_0-9]+: *(?:Readonly<)?(?:Partial<)?Record<string,/m;

  it('are lookup tables (an object literal typed Record<string, …> is not)', () => {
    const plain = ['ingest', 'vuln', 'model'].flatMap((layer) =>
      readdirSync(join(SRC, layer), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .filter((file) => PLAIN_TABLE.test(readFileSync(join(SRC, layer, file), 'utf8')))
        .map((file) => `${layer}/${file}`),
    );
    expect(plain).toEqual([]);
  });
});
