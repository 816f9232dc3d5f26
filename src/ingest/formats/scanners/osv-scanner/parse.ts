// osv-scanner report shape validation: every package entry needs a "package" object, and the
// OSV records it embeds are read by the OSV format's parser. A package that yields no purl is
// kept with the reason it is skipped for, and its records are not read (nothing would use them).
import { DocumentError } from '../../../../model/facts.js';
import type { OsvAdvisory } from '../../../../vuln/osv-match.js';
import { purlPartsFromOsv } from '../../../../vuln/ecosystems.js';
import { isObject, str } from '../../common/json.js';
import { parseOsvAdvisory } from '../../osv/parse.js';
import { tryCanonicalPurl, tryFormatParts } from '../common.js';
import { isOsvScannerReport } from './detect.js';

export interface OsvScannerPackage {
  path: string;
  purl: string;
  advisories: OsvAdvisory[];
  /** osv-scanner's groups of ids it considers one vulnerability (well-formed groups only). */
  groups: string[][];
  /** True when the entry lists groups at all (a package with neither records nor groups scanned clean). */
  listsGroups: boolean;
}

export type OsvScannerEntry = OsvScannerPackage | { path: string; reason: string };

export function parseOsvScanner(json: unknown): OsvScannerEntry[] {
  if (!isOsvScannerReport(json))
    throw new DocumentError('', 'not an osv-scanner report: "results" must be an array of {source, packages}');
  return json.results.flatMap((result, r) =>
    (result as { packages: unknown[] }).packages.map((entry, p) => parseEntry(entry, `/results/${r}/packages/${p}`)),
  );
}

function parseEntry(entry: unknown, path: string): OsvScannerEntry {
  if (!isObject(entry) || !isObject(entry.package))
    throw new DocumentError(`${path}/package`, 'a package entry needs a "package" object');
  const pkg = entry.package;
  const name = str(pkg.name),
    version = str(pkg.version),
    ecosystem = str(pkg.ecosystem);
  const purl =
    tryCanonicalPurl(pkg.purl) ??
    (name && ecosystem ? tryFormatParts(purlPartsFromOsv(ecosystem, name, version)) : undefined);
  if (!purl)
    return { path: `${path}/package`, reason: `no purl for ecosystem "${ecosystem ?? ''}" package "${name ?? ''}"` };
  const records = Array.isArray(entry.vulnerabilities) ? entry.vulnerabilities : [];
  const groups = Array.isArray(entry.groups) ? entry.groups : [];
  return {
    path,
    purl,
    advisories: records.map((record, v) => parseOsvAdvisory(record, `${path}/vulnerabilities/${v}`)),
    groups: groups.flatMap((g) =>
      isObject(g) && Array.isArray(g.ids) ? [g.ids.filter((x): x is string => typeof x === 'string')] : [],
    ),
    listsGroups: groups.length > 0,
  };
}
