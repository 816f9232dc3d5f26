// osv-scanner JSON reports (`osv-scanner --format json`): results[].packages[] pair a package
// {name, version, ecosystem} with the full OSV records that affect it, plus groups[] of ids
// osv-scanner considers the same vulnerability.
// Scan metadata: the report carries no scanner version, database version or scan time, so
// timeScanned is the ingest time (ParseContext.now) and dbUri is osv.dev, the database
// osv-scanner queries.
import { FactsBuilder, type DocumentFacts, type ScanMetadata } from '../../../../model/facts.js';
import { VulnFacts } from '../../common/vulns.js';
import { emitAdvisoryFacts } from '../../osv/translate.js';
import type { OsvScannerEntry } from './parse.js';

export const OSV_SCANNER_URI = 'https://github.com/google/osv-scanner';

export function translateOsvScanner(entries: readonly OsvScannerEntry[], now: string): DocumentFacts {
  const builder = new FactsBuilder('osv-scanner');
  const vulns = new VulnFacts(builder);
  const scan: ScanMetadata = {
    scannerUri: OSV_SCANNER_URI,
    scannerVersion: '',
    dbUri: 'https://osv.dev',
    dbVersion: '',
    timeScanned: now,
  };
  for (const entry of entries) {
    if ('reason' in entry) {
      builder.skip(entry.path, entry.reason);
      continue;
    }
    for (const advisory of entry.advisories) {
      vulns.finding(entry.purl, advisory.id, scan);
      emitAdvisoryFacts(vulns, advisory);
    }
    // Groups: osv-scanner's de-duplication says these ids are one vulnerability.
    for (const ids of entry.groups) for (const other of ids.slice(1)) vulns.equal(ids[0], other, 'osv-scanner group');
    if (entry.advisories.length === 0 && !entry.listsGroups) vulns.finding(entry.purl, null, scan);
  }
  return builder.facts;
}
