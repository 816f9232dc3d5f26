// CycloneDX VDR/VEX shape reading: `vulnerabilities[]` (JSON 1.4+, XML normalised into the same
// shape) and the 1.2/1.3 vulnerability-extension entries inside components
// (http://cyclonedx.org/schema/ext/vulnerability/1.0), into typed entries. Read leniently: a
// field of another shape counts as absent, and nothing here refuses a BOM (the components and
// dependencies, parse.ts, decide that).
import { isoUtc } from '../common/dates.js';
import { isObject, str, type Json, type Segments } from '../common/json.js';

/**
 * One rating, in any of the shapes: 1.4+ `ratings[]` ({score, severity, method, vector}), the
 * extension's `ratings/rating` ({score: {base, …}, severity, method, vector}) and its draft
 * `vulnerabilityScore/score` (method named `source`).
 */
export interface CdxRating {
  /** Who gave it: 1.4+ `source.name` (the 1.2/1.3 extension's `source` text is the method). */
  source?: string;
  severity?: string;
  method?: string;
  vector?: string;
  /** The stated (base) score. */
  score?: number;
}

export interface CdxVulnerability {
  at: Segments;
  id?: string;
  description?: string;
  detail?: string;
  ratings: CdxRating[];
  /** Advisory URLs: 1.4+ `advisories[]` ({title, url}) or the extension's `advisories/advisory` (text). */
  advisories: string[];
  /** `updated` and `published`, as ISO 8601 UTC when readable. */
  updated?: string;
  published?: string;
  /** Ids of `references[]`: the same vulnerability elsewhere. */
  aliases: string[];
  source: { url?: string; name?: string };
  analysis: { state?: string; justification?: string; detail?: string; lastUpdated?: string };
  /**
   * `affects[].ref`, each with its path; `versions`: the entry lists `versions[]` (versions or
   * vers ranges the analysis is about), whose path is the ref's with `versions` for `ref`.
   */
  affects: { at: Segments; ref?: string; versions: boolean }[];
  /** The vulnerability's own bom-ref (JFrog Xray names the affected component by it). */
  ownRef?: string;
}

export interface CdxVulnerabilities {
  /** The BOM's first tool, in either shape (1.2–1.4 array, 1.5+ {components:[…]}). */
  tool: { name: string; version: string };
  entries: CdxVulnerability[];
  /** Extension entries, with the component object they sit in (metadata.component, then `components` in order). */
  extension: { component: Json; entries: CdxVulnerability[] }[];
}

function list(x: unknown): Json[] {
  return Array.isArray(x) ? x.filter(isObject) : isObject(x) ? [x] : [];
}

/** Every value of a field that may be one item or a list (XML normalisation keeps singletons bare). */
function items(x: unknown): unknown[] {
  return Array.isArray(x) ? x : x === undefined || x === null ? [] : [x];
}

function num(x: unknown): number | undefined {
  const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

export function producingTool(bom: Json): CdxVulnerabilities['tool'] {
  const metadata = isObject(bom.metadata) ? bom.metadata : {};
  const tools = isObject(metadata.tools)
    ? [...list(metadata.tools.components), ...list(metadata.tools.services)]
    : list(metadata.tools);
  const tool = tools[0];
  if (!tool) return { name: 'cyclonedx-vdr', version: '' };
  const name = [str(tool.vendor) ?? str(tool.group), str(tool.name)].filter(Boolean).join('/');
  return { name: name || 'cyclonedx-vdr', version: str(tool.version) ?? '' };
}

function rating(r: Json): CdxRating {
  return {
    source: isObject(r.source) ? str(r.source.name) : undefined,
    severity: str(r.severity),
    method: str(r.method) ?? (typeof r.source === 'string' ? str(r.source) : undefined),
    vector: str(r.vector),
    score: isObject(r.score) ? num(r.score.base) : num(r.score),
  };
}

function vulnerability(v: Json, at: Segments): CdxVulnerability {
  const ratings = [...list(v.ratings), ...(isObject(v.vulnerabilityScore) ? list(v.vulnerabilityScore.score) : [])];
  const source = isObject(v.source) ? v.source : {};
  const analysis = isObject(v.analysis) ? v.analysis : {};
  return {
    at,
    id: str(v.id),
    description: str(v.description),
    detail: str(v.detail),
    ratings: ratings.map(rating),
    advisories: items(v.advisories)
      .map((a) => (typeof a === 'string' ? str(a) : isObject(a) ? str(a.url) : undefined))
      .filter((u): u is string => !!u),
    updated: isoUtc(v.updated),
    published: isoUtc(v.published),
    aliases: list(v.references).flatMap((r) => str(r.id) ?? []),
    source: { url: str(source.url), name: str(source.name) },
    analysis: {
      state: str(analysis.state),
      justification: str(analysis.justification),
      detail: str(analysis.detail),
      lastUpdated: isoUtc(analysis.lastUpdated),
    },
    affects: list(v.affects).map((a, j) => ({
      at: [...at, 'affects', j, 'ref'],
      ref: str(a.ref),
      versions: items(a.versions).length > 0,
    })),
    ownRef: str(v['bom-ref']),
  };
}

/** A 1.4+ `vulnerabilities` list. */
export function vulnerabilityEntries(list_: unknown): CdxVulnerability[] {
  return list(list_).map((v, i) => vulnerability(v, ['vulnerabilities', i]));
}

/**
 * The extension entries of a component at `here` and of the components nested in it, in
 * document order (only components that carry any).
 */
export function extensionEntries(component: Json, here: Segments, into: CdxVulnerabilities['extension']): void {
  const found = list(component.vulnerabilities).map((v, j) => vulnerability(v, [...here, 'vulnerabilities', j]));
  if (found.length) into.push({ component, entries: found });
  list(component.components).forEach((c, i) => extensionEntries(c, [...here, 'components', i], into));
}

export function parseCycloneDxVulnerabilities(bom: Json): CdxVulnerabilities {
  const entries = vulnerabilityEntries(bom.vulnerabilities);
  // The extension's entries sit in the component they affect: metadata.component itself (not
  // the components nested in it), then the `components` tree.
  const extension: CdxVulnerabilities['extension'] = [];
  const metadata = isObject(bom.metadata) ? bom.metadata : {};
  if (isObject(metadata.component)) extensionOfSubject(metadata.component, extension);
  list(bom.components).forEach((c, i) => extensionEntries(c, ['components', i], extension));
  return { tool: producingTool(bom), entries, extension };
}

/** The subject's own extension entries. */
export function extensionOfSubject(component: Json, into: CdxVulnerabilities['extension']): void {
  const found = list(component.vulnerabilities).map((v, j) =>
    vulnerability(v, ['metadata', 'component', 'vulnerabilities', j]),
  );
  if (found.length) into.push({ component, entries: found });
}
