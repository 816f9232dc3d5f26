// osv-scanner JSON reports (scans/), one per shard of 250 vulnerable versions ("an inventory
// scan"), each version with the full OSV records of its advisories.
import { join } from 'node:path';
import type { Finding } from './advisories.js';
import { OSV_ECOSYSTEM } from './ecosystems.js';
import { FileWriter } from './file-writer.js';
import { q } from './json-text.js';
import type { Universe } from './universe.js';
import { purlOf, versionOf } from './versions.js';

const SHARD = 250;

/** Writes the reports; returns how many, and their bytes. */
export function writeScans(
  u: Universe,
  out: string,
  vulnerableIds: number[],
  findings: Map<number, Finding[]>,
): { scans: number; bytes: number } {
  let scans = 0;
  let bytes = 0;
  for (let s = 0; s < vulnerableIds.length; s += SHARD) {
    scans++;
    const w = new FileWriter(join(out, 'scans', `osv-scanner-${String(scans).padStart(4, '0')}.json`));
    w.write(`{"results":[{"source":{"path":"/inventory/shard-${scans}/bom.cdx.json","type":"sbom"},"packages":[`);
    vulnerableIds
      .slice(s, s + SHARD)
      .forEach((v, i) => w.write(`${i ? ',' : ''}${scannedPackage(u, v, findings.get(v)!)}`));
    w.write(']}],"experimental_config":{"licenses":{"summary":false}}}\n');
    bytes += w.close();
  }
  return { scans, bytes };
}

function scannedPackage(u: Universe, v: number, found: Finding[]): string {
  const info = u.names[u.verName[v]];
  return (
    `{"package":{"name":${q(info.osvName)},"version":${q(versionOf(u, v))},"ecosystem":"${OSV_ECOSYSTEM[info.eco]}","purl":${q(purlOf(u, v))}},` +
    `"vulnerabilities":[${found.map((f) => f.record).join(',')}],"groups":[${found.map((f) => `{"ids":["${f.id}","${f.alias}"]}`).join(',')}]}`
  );
}
