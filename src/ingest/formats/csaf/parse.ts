// CSAF shape validation: the document metadata, the product tree (product-tree.ts) and each
// vulnerability's product status, flags, threats, remediations and scores. A field of the wrong
// type, a status list that is not a list of product ids, or an unreadable release date rejects the
// document (DocumentError naming the field); product ids that name nothing usable are decided in
// translate.ts, with skip reasons.
import { DocumentError } from '../../../model/facts.js';
import { isoUtc } from '../common/dates.js';
import { isObject, str, strictOptString, type Json } from '../common/json.js';
import { isCsaf } from './detect.js';
import { ProductTree } from './product-tree.js';
import { lookupTable } from '../../../model/lookup-table.js';

/** CSAF product_status lists, in the order they are read. */
export const STATUS_LISTS = [
  'known_not_affected',
  'fixed',
  'first_fixed',
  'recommended',
  'known_affected',
  'first_affected',
  'last_affected',
  'under_investigation',
  'unknown',
] as const;
export type StatusList = (typeof STATUS_LISTS)[number];

/** Something said about some products: by product id and by product group id. */
export interface ProductScoped {
  path: string;
  productIds: string[];
  groupIds: string[];
}

export interface CsafFlag extends ProductScoped {
  label: string;
}

export interface CsafThreat extends ProductScoped {
  category: string;
  details: string;
}

export interface CsafRemediation extends ProductScoped {
  category: string;
  details?: string;
  url?: string;
}

/** One CVSS object: its vector, and its stated base score with GUAC's score type. */
export interface CsafCvss {
  vector?: string;
  scoreType?: string;
  score?: number;
  /** baseSeverity as the document states it. */
  severity?: string;
}

export interface CsafScores {
  cvss: CsafCvss[];
  /** 2.1 qualitative_severity_rating values. */
  labels: string[];
}

export interface CsafVulnerability {
  path: string;
  cve?: string;
  /** ids[].text, with their system names. */
  ids: { systemName?: string; text: string }[];
  title?: string;
  notes: { category: string; text: string; title?: string }[];
  /** release_date (2.0) or disclosure_date (2.1). */
  published?: string;
  references: string[];
  status: { list: StatusList; path: string; productIds: string[] }[];
  flags: CsafFlag[];
  threats: CsafThreat[];
  remediations: CsafRemediation[];
  scores: CsafScores;
}

export interface CsafDocument {
  version: string;
  category: string;
  trackingId?: string;
  trackingVersion: string;
  publisherName?: string;
  publisherNamespace?: string;
  /** The document's canonical URL (a `self` reference), when it gives one. */
  selfUrl?: string;
  /** tracking.current_release_date, else the ingest time. */
  releaseDate: string;
  tree: ProductTree;
  vulnerabilities: CsafVulnerability[];
}

function array(v: unknown, path: string): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new DocumentError(path, 'must be an array');
  return v;
}

function object(v: unknown, path: string): Json {
  if (!isObject(v)) throw new DocumentError(path, 'must be an object');
  return v;
}

function optObject(v: unknown, path: string): Json | undefined {
  return v === undefined || v === null ? undefined : object(v, path);
}

/** An optional string field: absent or blank is undefined, anything but a string rejects the document. */
function optString(parent: Json, key: string, path: string): string | undefined {
  return str(strictOptString(parent, key, path));
}

function stringList(v: unknown, path: string): string[] {
  return array(v, path).map((x, i) => {
    if (typeof x !== 'string') throw new DocumentError(`${path}/${i}`, 'a product id must be a string');
    return x.trim();
  });
}

/** A time that must be readable when present. */
function optTime(parent: Json, key: string, path: string): string | undefined {
  const text = optString(parent, key, path);
  if (text === undefined) return undefined;
  const iso = isoUtc(text);
  if (!iso) throw new DocumentError(`${path}/${key}`, `"${text.slice(0, 80)}" is not a valid date-time`);
  return iso;
}

export function parseCsaf(json: unknown, now: string): CsafDocument {
  if (!isCsaf(json)) throw new DocumentError('', 'not a CSAF 2.0/2.1 document');
  const doc = json.document;
  const tracking = optObject(doc.tracking, '/document/tracking') ?? {};
  const publisher = optObject(doc.publisher, '/document/publisher') ?? {};
  const references = array(doc.references, '/document/references').map((r, i) =>
    object(r, `/document/references/${i}`),
  );
  const self = references.find((r) => r.category === 'self' && str(r.url));
  const vulnerabilities = array(json.vulnerabilities, '/vulnerabilities').map((v, i) =>
    parseVulnerability(v, `/vulnerabilities/${i}`),
  );
  return {
    version: String(doc.csaf_version),
    category: String(doc.category).trim(),
    trackingId: optString(tracking, 'id', '/document/tracking'),
    trackingVersion: optString(tracking, 'version', '/document/tracking') ?? '',
    publisherName: optString(publisher, 'name', '/document/publisher'),
    publisherNamespace: optString(publisher, 'namespace', '/document/publisher'),
    selfUrl: self ? str(self.url) : undefined,
    releaseDate: optTime(tracking, 'current_release_date', '/document/tracking') ?? now,
    tree: new ProductTree(json.product_tree),
    vulnerabilities,
  };
}

function scoped(o: Json, path: string, productKey = 'product_ids'): ProductScoped {
  return {
    path,
    productIds: stringList(o[productKey], `${path}/${productKey}`),
    groupIds: stringList(o.group_ids, `${path}/group_ids`),
  };
}

function parseVulnerability(value: unknown, path: string): CsafVulnerability {
  const v = object(value, path);
  const cve = optString(v, 'cve', path);
  const ids = array(v.ids, `${path}/ids`).map((x, i) => {
    const o = object(x, `${path}/ids/${i}`);
    const text = optString(o, 'text', `${path}/ids/${i}`);
    if (!text) throw new DocumentError(`${path}/ids/${i}/text`, 'an id needs a text');
    return { systemName: optString(o, 'system_name', `${path}/ids/${i}`), text };
  });
  const notes = array(v.notes, `${path}/notes`).flatMap((x, i) => {
    const o = object(x, `${path}/notes/${i}`);
    const text = optString(o, 'text', `${path}/notes/${i}`);
    const category = optString(o, 'category', `${path}/notes/${i}`) ?? 'general';
    return text ? [{ category, text, title: optString(o, 'title', `${path}/notes/${i}`) }] : [];
  });
  const references = array(v.references, `${path}/references`).flatMap((x, i) => {
    const url = optString(object(x, `${path}/references/${i}`), 'url', `${path}/references/${i}`);
    return url ? [url] : [];
  });
  const statusObject = optObject(v.product_status, `${path}/product_status`) ?? {};
  const status = STATUS_LISTS.filter((list) => statusObject[list] !== undefined).map((list) => ({
    list,
    path: `${path}/product_status/${list}`,
    productIds: stringList(statusObject[list], `${path}/product_status/${list}`),
  }));
  const flags = array(v.flags, `${path}/flags`).map((x, i) => {
    const p = `${path}/flags/${i}`;
    const o = object(x, p);
    const label = optString(o, 'label', p);
    if (!label) throw new DocumentError(`${p}/label`, 'a flag needs a label');
    return { ...scoped(o, p), label };
  });
  const threats = array(v.threats, `${path}/threats`).flatMap((x, i) => {
    const p = `${path}/threats/${i}`;
    const o = object(x, p);
    const details = optString(o, 'details', p);
    const category = optString(o, 'category', p);
    return details && category ? [{ ...scoped(o, p), category, details }] : [];
  });
  const remediations = array(v.remediations, `${path}/remediations`).map((x, i) => {
    const p = `${path}/remediations/${i}`;
    const o = object(x, p);
    return {
      ...scoped(o, p),
      category: optString(o, 'category', p) ?? 'remediation',
      details: optString(o, 'details', p),
      url: optString(o, 'url', p),
    };
  });
  return {
    path,
    cve,
    ids,
    title: optString(v, 'title', path),
    notes,
    published: optTime(v, 'release_date', path) ?? optTime(v, 'disclosure_date', path),
    references,
    status,
    flags,
    threats,
    remediations,
    scores: readScores(v, path),
  };
}

const SCORE_TYPES = lookupTable<string>({
  '2.0': 'CVSSv2',
  '3.0': 'CVSSv3',
  '3.1': 'CVSSv31',
  '4.0': 'CVSSv4',
});

/** CVSS objects of 2.0 `scores[]` and 2.1 `metrics[].content`, and 2.1 qualitative ratings. */
function readScores(v: Json, path: string): CsafScores {
  const out: CsafScores = { cvss: [], labels: [] };
  const read = (cvss: unknown, at: string, fallbackVersion: string): void => {
    const c = optObject(cvss, at);
    if (!c) return;
    const version = optString(c, 'version', at) ?? fallbackVersion;
    out.cvss.push({
      vector: optString(c, 'vectorString', at),
      scoreType: SCORE_TYPES[version],
      score: typeof c.baseScore === 'number' ? c.baseScore : undefined,
      severity: optString(c, 'baseSeverity', at),
    });
  };
  array(v.scores, `${path}/scores`).forEach((x, i) => {
    const p = `${path}/scores/${i}`;
    const o = object(x, p);
    read(o.cvss_v2, `${p}/cvss_v2`, '2.0');
    read(o.cvss_v3, `${p}/cvss_v3`, '3.1');
    read(o.cvss_v4, `${p}/cvss_v4`, '4.0');
  });
  array(v.metrics, `${path}/metrics`).forEach((x, i) => {
    const p = `${path}/metrics/${i}/content`;
    const content = optObject(object(x, `${path}/metrics/${i}`).content, p);
    if (!content) return;
    read(content.cvss_v2, `${p}/cvss_v2`, '2.0');
    read(content.cvss_v3, `${p}/cvss_v3`, '3.1');
    read(content.cvss_v4, `${p}/cvss_v4`, '4.0');
    const rating = optString(content, 'qualitative_severity_rating', p);
    if (rating) out.labels.push(rating);
  });
  return out;
}
