// GET /v0/vuln/{id}: one vulnerability merged from every document that speaks of it or of one
// of its aliases (OSV records, scanner reports, CycloneDX vulnerabilities, VEX), with the list
// of which document gave which field, and the sizes of its three lists.
import type { Exploitation } from '../model/exploitation.js';
import type { GraphView } from '../index/graph-view.js';
import type { AdvisoryRecord } from '../index/vulnerabilities/advisory-matcher.js';
import type { VulnMetadataRecord } from '../index/vulnerabilities/records.js';
import type { Severity } from '../model/vulnerability.js';
import { affectedPackages, blastRadius } from './blast-radius.js';
import { replacesKeptText, vulnerabilitySummary } from './vulnerabilities.js';
import { severityOf, type RatingView, type SeveritySource } from './vuln-severity.js';
import { compareText } from '../model/compare.js';

/** Which document gave which fields of the record. */
export interface RecordSource {
  /** 'metadata': a description / rating / references; 'advisory': an OSV record matched against packages. */
  kind: 'metadata' | 'advisory';
  /** The id (of the aliases) the document gave them for. */
  vulnerabilityId: string;
  fields: string[];
  origin: string;
  collector: string;
}

export interface VulnRecord {
  id: string;
  type: string;
  aliases: string[];
  summary: string;
  description: string;
  severity: Severity;
  cvssScore?: number;
  severitySource?: SeveritySource;
  /** Every rating of the vulnerability and its aliases, in the rule's order without a package (docs/api.md, "Severity"). */
  ratings: RatingView[];
  kev: Exploitation['kev'];
  epss: Exploitation['epss'];
  published?: string;
  modified?: string;
  references: string[];
  packages: { affected: number; suppressed: number };
  dependents: number;
  artifacts: number;
  sources: RecordSource[];
}

/** Ids in the order a record lists them: CVEs, then GHSAs, then the rest, each in code-unit order (sorts in place). */
export function primaryFirst(ids: string[]): string[] {
  const rank = (id: string): number => (id.startsWith('CVE-') ? 0 : id.startsWith('GHSA-') ? 1 : 2);
  return ids.sort((a, b) => rank(a) - rank(b) || compareText(a, b));
}

/** The id /v0/vuln/{id} shows a vulnerability (any of its aliases) under. */
export function primaryVulnId(index: GraphView, vuln: number): string {
  return primaryFirst(index.aliasesOf(vuln).map(index.keyOf))[0];
}

export function vulnerabilityRecord(index: GraphView, vuln: number): VulnRecord {
  const aliases = index.aliasesOf(vuln);
  const [id, ...others] = primaryFirst(aliases.map(index.keyOf));
  const primary = index.vulnerabilityId(id) ?? vuln;
  const summary = vulnerabilitySummary(index, vuln);
  const { ratings } = severityOf(index, vuln);
  const { references, sources, published, modified, title } = gatherSources(index, aliases);
  sources.sort(compareSources);
  const packages = affectedPackages(index, vuln);
  const affected = new Set(packages.affected.keys());
  return {
    id,
    type: index.vulnType(primary),
    aliases: others,
    summary: title || firstLine(summary.description),
    description: summary.description,
    severity: summary.severity,
    ...(summary.cvssScore !== undefined ? { cvssScore: summary.cvssScore } : {}),
    ...(summary.severitySource ? { severitySource: summary.severitySource } : {}),
    ratings,
    ...index.exploitation.of([id, ...others]),
    ...(published ? { published } : {}),
    ...(modified ? { modified } : {}),
    references: [...references].sort(),
    packages: { affected: packages.affected.size, suppressed: packages.suppressed.size },
    dependents: blastRadius(index, vuln, 'packages', false, affected).items.length,
    artifacts: blastRadius(index, vuln, 'artifacts', false, affected).items.length,
    sources,
  };
}

/** What the documents about a vulnerability's aliases give, gathered alias by alias. */
interface Gathered {
  references: Set<string>;
  sources: RecordSource[];
  published: string | undefined;
  modified: string | undefined;
  /** The latest title any document gives (the rule description follows), else the description's first line. */
  title: string;
  titleTime: string;
}

function gatherSources(index: GraphView, aliases: readonly number[]): Gathered {
  const gathered: Gathered = {
    references: new Set<string>(),
    sources: [],
    published: undefined,
    modified: undefined,
    title: '',
    titleTime: '',
  };
  for (const alias of aliases) {
    const vulnerabilityId = index.keyOf(alias);
    for (const m of index.vulnMetadataOf(alias)) takeMetadata(gathered, vulnerabilityId, m);
    const advisory = index.advisory(alias);
    if (advisory) takeAdvisory(gathered, vulnerabilityId, advisory);
  }
  return gathered;
}

function takeMetadata(gathered: Gathered, vulnerabilityId: string, m: VulnMetadataRecord): void {
  const fields = metadataFields(m);
  if (m.summary && replacesKeptText(m.summary, m.timestamp ?? '', gathered.title, gathered.titleTime)) {
    gathered.title = m.summary;
    gathered.titleTime = m.timestamp ?? '';
  }
  for (const r of m.references ?? []) gathered.references.add(r);
  gathered.published = earlier(gathered.published, m.published);
  gathered.modified = later(gathered.modified, m.timestamp);
  gathered.sources.push({ kind: 'metadata', vulnerabilityId, fields, origin: m.origin, collector: m.collector });
}

/** The fields of the record a metadata fact gives. */
function metadataFields(m: VulnMetadataRecord): string[] {
  const fields: string[] = [];
  if (m.description) fields.push('description');
  if (m.severity) fields.push('severity');
  if (m.ratings) fields.push('ratings');
  if (m.scoreValue !== undefined) fields.push('cvssScore');
  if (m.references?.length) fields.push('references');
  if (m.timestamp) fields.push('modified');
  if (m.published) fields.push('published');
  if (m.summary) fields.push('summary');
  return fields;
}

function takeAdvisory(gathered: Gathered, vulnerabilityId: string, advisory: Readonly<AdvisoryRecord>): void {
  const fields = ['packages'];
  if (advisory.published) fields.push('published');
  if (advisory.modified) fields.push('modified');
  gathered.published = earlier(gathered.published, advisory.published);
  gathered.modified = later(gathered.modified, advisory.modified);
  gathered.sources.push({
    kind: 'advisory',
    vulnerabilityId,
    fields,
    origin: advisory.origin,
    collector: advisory.collector,
  });
}

/** The earlier of two times, either unset: `b` when it is set and `a` is not or is after it. */
function earlier(a: string | undefined, b: string | undefined): string | undefined {
  return b && (!a || b < a) ? b : a;
}

/** The later of two times: `b` when `a` is unset (even if `b` is too) or `b` is after it. */
function later(a: string | undefined, b: string | undefined): string | undefined {
  return !a || (b && b > a) ? b : a;
}

function compareSources(a: RecordSource, b: RecordSource): number {
  const x = [a.vulnerabilityId, a.kind, a.origin, a.collector].join('\u0000');
  const y = [b.vulnerabilityId, b.kind, b.origin, b.collector].join('\u0000');
  return compareText(x, y);
}

function firstLine(text: string): string {
  for (const line of text.split(/\r?\n/)) {
    const l = line.replace(/^#+\s*/, '').trim();
    if (l) return l;
  }
  return '';
}
