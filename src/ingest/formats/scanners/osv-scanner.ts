// osv-scanner JSON reports (`osv-scanner --format json`): results[].packages[] pair a package
// {name, version, ecosystem} with the full OSV records that affect it, plus groups[] of ids
// osv-scanner considers the same vulnerability.
// Scan metadata: the report carries no scanner version, database version or scan time, so
// timeScanned is the ingest time (ParseContext.now) and dbUri is osv.dev, the database
// osv-scanner queries.
import { DocumentError, FactsBuilder, type DocumentFacts, type ScanMetadata } from '../../../model/facts.js';
import type { FormatParser, ParseContext, SniffedDocument } from '../types.js';
import { parseOsvAdvisory } from '../../../vuln/osv-match.js';
import { purlPartsFromOsv } from '../../../vuln/ecosystems.js';
import { emitAdvisoryFacts } from '../osv/index.js';
import { isObject, str, tryCanonicalPurl, tryFormatParts, VulnFacts } from './common.js';

export const OSV_SCANNER_URI = 'https://github.com/google/osv-scanner';

export function isOsvScannerReport(json: unknown): json is { results: unknown[] } {
  if (!isObject(json) || !Array.isArray(json.results)) return false;
  if (json.results.length === 0) return 'experimental_config' in json;
  return json.results.every((r) => isObject(r) && isObject(r.source) && Array.isArray(r.packages));
}

export const osvScannerParser: FormatParser = {
  name: 'osv-scanner',
  detect: (doc: SniffedDocument) => isOsvScannerReport(doc.json),
  parse(doc: SniffedDocument, ctx: ParseContext): DocumentFacts {
    const json = doc.json;
    if (!isOsvScannerReport(json))
      throw new DocumentError('', 'not an osv-scanner report: "results" must be an array of {source, packages}');
    const builder = new FactsBuilder('osv-scanner');
    const vulns = new VulnFacts(builder);
    const scan: ScanMetadata = {
      scannerUri: OSV_SCANNER_URI,
      scannerVersion: '',
      dbUri: 'https://osv.dev',
      dbVersion: '',
      timeScanned: ctx.now,
    };
    json.results.forEach((result, r) => {
      const packages = (result as { packages: unknown[] }).packages;
      packages.forEach((entry, p) => {
        const path = `/results/${r}/packages/${p}`;
        if (!isObject(entry) || !isObject(entry.package))
          throw new DocumentError(`${path}/package`, 'a package entry needs a "package" object');
        const pkg = entry.package;
        const name = str(pkg.name),
          version = str(pkg.version),
          ecosystem = str(pkg.ecosystem);
        const purl =
          tryCanonicalPurl(pkg.purl) ??
          (name && ecosystem ? tryFormatParts(purlPartsFromOsv(ecosystem, name, version)) : undefined);
        if (!purl) {
          builder.skip(`${path}/package`, `no purl for ecosystem "${ecosystem ?? ''}" package "${name ?? ''}"`);
          return;
        }
        const records = Array.isArray(entry.vulnerabilities) ? entry.vulnerabilities : [];
        records.forEach((record, v) => {
          const advisory = parseOsvAdvisory(record, `${path}/vulnerabilities/${v}`);
          vulns.finding(purl, advisory.id, scan);
          emitAdvisoryFacts(vulns, advisory);
        });
        // Groups: osv-scanner's de-duplication says these ids are one vulnerability.
        const groups = Array.isArray(entry.groups) ? entry.groups : [];
        for (const g of groups) {
          if (!isObject(g) || !Array.isArray(g.ids)) continue;
          const ids = g.ids.filter((x): x is string => typeof x === 'string');
          for (const other of ids.slice(1)) vulns.equal(ids[0], other, 'osv-scanner group');
        }
        if (records.length === 0 && groups.length === 0) vulns.finding(purl, null, scan);
      });
    });
    return builder.facts;
  },
};
