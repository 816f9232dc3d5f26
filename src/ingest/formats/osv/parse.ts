// OSV record shape validation (https://ossf.github.io/osv-schema/): one record, standalone or
// embedded in an osv-scanner report, into the advisory the matcher evaluates (src/vuln/osv-match.ts).
// A malformed record is refused with the JSON pointer of the wrong field; an affected entry that
// names no package is kept out and listed in `problems`.
import { DocumentError } from '../../../model/facts.js';
import type { OsvAdvisory, OsvAffected, OsvEvent, OsvRange, OsvSeverity } from '../../../vuln/osv-match.js';
import { isObject, strictOptString, strictStringList } from '../common/json.js';

function parseSeverities(v: unknown, path: string): OsvSeverity[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new DocumentError(path, '"severity" must be an array');
  return v.flatMap((s, i) => {
    if (!isObject(s) || typeof s.type !== 'string' || typeof s.score !== 'string') {
      throw new DocumentError(`${path}/${i}`, 'a severity needs string "type" and "score"');
    }
    return [{ type: s.type, score: s.score }];
  });
}

function parseRange(r: unknown, path: string): OsvRange {
  if (!isObject(r)) throw new DocumentError(path, 'a range must be an object');
  if (typeof r.type !== 'string') throw new DocumentError(`${path}/type`, 'a range needs a string "type"');
  if (!Array.isArray(r.events)) throw new DocumentError(`${path}/events`, 'a range needs an "events" array');
  const events = r.events.map((e, i): OsvEvent => {
    if (!isObject(e)) throw new DocumentError(`${path}/events/${i}`, 'an event must be an object');
    const out: OsvEvent = {};
    for (const key of ['introduced', 'fixed', 'last_affected', 'limit'] as const) {
      const value = e[key];
      if (value === undefined) continue;
      if (typeof value !== 'string') throw new DocumentError(`${path}/events/${i}/${key}`, `"${key}" must be a string`);
      out[key] = value;
    }
    return out;
  });
  return { type: r.type.toUpperCase(), repo: typeof r.repo === 'string' ? r.repo : undefined, events };
}

/** Reads one OSV record; throws DocumentError (JSON pointer under `path`) for malformed ones. */
export function parseOsvAdvisory(json: unknown, path = ''): OsvAdvisory {
  if (!isObject(json)) throw new DocumentError(path, 'an OSV record must be a JSON object');
  const id = json.id;
  if (typeof id !== 'string' || !id.trim())
    throw new DocumentError(`${path}/id`, 'an OSV record needs a non-empty string "id"');
  const problems: OsvAdvisory['problems'] = [];
  const affectedRaw = json.affected ?? [];
  if (!Array.isArray(affectedRaw)) throw new DocumentError(`${path}/affected`, '"affected" must be an array');
  const affected: OsvAffected[] = [];
  affectedRaw.forEach((a, i) => {
    const p = `${path}/affected/${i}`;
    if (!isObject(a)) throw new DocumentError(p, 'an affected entry must be an object');
    const pkg = a.package;
    if (!isObject(pkg) || typeof pkg.ecosystem !== 'string' || typeof pkg.name !== 'string') {
      problems.push({ path: `${p}/package`, reason: 'no package ecosystem and name: cannot be matched to packages' });
      return;
    }
    const ranges = a.ranges ?? [];
    if (!Array.isArray(ranges)) throw new DocumentError(`${p}/ranges`, '"ranges" must be an array');
    affected.push({
      at: i,
      ecosystem: pkg.ecosystem,
      name: pkg.name,
      purl: typeof pkg.purl === 'string' ? pkg.purl : undefined,
      ranges: ranges.map((r, j) => parseRange(r, `${p}/ranges/${j}`)),
      versions: strictStringList(a, 'versions', p),
    });
  });
  const dbSpecific = isObject(json.database_specific) ? json.database_specific : {};
  const severity = parseSeverities(json.severity, `${path}/severity`);
  // OSV 1.5+ may put severity on affected entries only; use those when the record has none.
  if (severity.length === 0) {
    affectedRaw.forEach((a, i) => {
      if (isObject(a) && a.severity !== undefined)
        severity.push(...parseSeverities(a.severity, `${path}/affected/${i}/severity`));
    });
  }
  return {
    id: id.trim(),
    aliases: strictStringList(json, 'aliases', path),
    related: strictStringList(json, 'related', path),
    summary: strictOptString(json, 'summary', path),
    details: strictOptString(json, 'details', path),
    severity,
    databaseSeverity: typeof dbSpecific.severity === 'string' ? dbSpecific.severity : undefined,
    modified: strictOptString(json, 'modified', path),
    published: strictOptString(json, 'published', path),
    withdrawn: strictOptString(json, 'withdrawn', path),
    references: referenceUrls(json.references),
    affected,
    problems,
  };
}

/** The URLs of an OSV record's references[] (entries without a string url are left out). */
function referenceUrls(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((r) => (isObject(r) && typeof r.url === 'string' && r.url.trim() ? [r.url.trim()] : []));
}
