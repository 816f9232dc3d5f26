// Vulnerabilities: OSV advisories over runs of older releases of (mostly popular) names, about
// 3 % of the versions affected.
import type { Rng } from '../lib/rng.js';
import { ECOSYSTEMS, OSV_ECOSYSTEM } from './ecosystems.js';
import { isoAt, q } from './json-text.js';
import { zipfIndex } from './popularity.js';
import type { Universe } from './universe.js';
import { versionOf } from './versions.js';

/** An advisory as a vulnerable version's scan lists it. */
export interface Finding {
  id: string;
  alias: string;
  /** The full OSV record (JSON). */
  record: string;
}

/** An advisory as the query inputs use it: the name it affects and the versions. */
export interface Advisory {
  id: string;
  alias: string;
  nameId: number;
  affected: number[];
}

export interface Advisories {
  /** In the order drawn. */
  list: Advisory[];
  /** Per affected version, the advisories that affect it. */
  byVersion: Map<number, Finding[]>;
}

const VECTORS = [
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'CRITICAL'],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', 'HIGH'],
  ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N', 'MODERATE'],
  ['CVSS:3.1/AV:L/AC:H/PR:L/UI:N/S:U/C:L/I:N/A:N', 'LOW'],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', 'MODERATE'],
];
const WEAKNESSES = [
  'prototype pollution',
  'denial of service',
  'path traversal',
  'improper input validation',
  'SSRF',
  'regular expression DoS',
  'information exposure',
];
const GHSA = '23456789cfghjmpqrvwx';

export function makeAdvisories(u: Universe, rng: Rng): Advisories {
  const byVersion = new Map<number, Finding[]>();
  const list: Advisory[] = [];
  const wantVulnerable = Math.round(u.versionCount * 0.03);
  for (let attempts = 0; byVersion.size < wantVulnerable && attempts < wantVulnerable * 20; attempts++) {
    const advisory = drawAdvisory(u, rng);
    list.push(advisory);
    const finding = { id: advisory.id, alias: advisory.alias, record: osvRecord(u, rng, advisory) };
    for (const v of advisory.affected) {
      const found = byVersion.get(v);
      if (found) found.push(finding);
      else byVersion.set(v, [finding]);
    }
  }
  return { list, byVersion };
}

/** A name by popularity, a run of its releases up to one (later ones carry the fix), its ids. */
function drawAdvisory(u: Universe, rng: Rng): Advisory {
  const eco = ECOSYSTEMS[Math.min(ECOSYSTEMS.length - 1, Math.floor(rng.next() * ECOSYSTEMS.length))];
  const { start, count } = u.ecoNames[eco];
  const nameId = start + zipfIndex(rng, count, 1.6);
  const k = u.nameCount[nameId];
  const hi = rng.int(0, k); // releases 0..hi-ish are affected; later ones carry the fix
  const lo = Math.max(0, hi - rng.int(0, 8));
  const affected: number[] = [];
  for (let j = lo; j <= hi; j++) affected.push(u.nameFirst[nameId] + j);
  const gh = () => Array.from({ length: 4 }, () => GHSA[rng.int(0, GHSA.length)]).join('');
  const id = `GHSA-${gh()}-${gh()}-${gh()}`;
  const alias = `CVE-${2019 + rng.int(0, 7)}-${10000 + rng.int(0, 89999)}`;
  return { id, alias, nameId, affected };
}

/** The advisory's OSV record, with explicit `versions` lists. */
function osvRecord(u: Universe, rng: Rng, { id, alias, nameId, affected }: Advisory): string {
  const [vector, label] = VECTORS[rng.int(0, VECTORS.length)];
  const info = u.names[nameId];
  return (
    `{"schema_version":"1.6.0","id":"${id}","modified":"${isoAt(-rng.int(0, 500_000))}","published":"${isoAt(-600_000 - rng.int(0, 500_000))}",` +
    `"aliases":["${alias}"],"summary":${q(`${info.name}: ${rng.pick(WEAKNESSES)}`)},` +
    `"details":"Synthetic advisory generated for the supplygraph benchmark.","severity":[{"type":"CVSS_V3","score":"${vector}"}],` +
    `"affected":[{"package":{"ecosystem":"${OSV_ECOSYSTEM[info.eco]}","name":${q(info.osvName)},"purl":${q(info.purlName)}},"versions":[${affected.map((v) => q(versionOf(u, v))).join(',')}]}],` +
    `"database_specific":{"severity":"${label}"}}`
  );
}
