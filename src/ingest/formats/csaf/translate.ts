// CSAF document → facts. Mapping (docs/formats/vulnerabilities.md, "CSAF"):
//   - each vulnerability is named by its `cve`, else by the first `ids[].text` that is a CVE, GHSA
//     or OSV id; other such ids become VulnEqual. Without either it is skipped (Bugzilla numbers
//     and advisory ids do not name a vulnerability);
//   - metadata: title (summary), the description note (else summary note, else title),
//     release/disclosure date, reference URLs, and the severity from CVSS objects (vectors scored
//     by src/vuln/cvss.ts, stated base scores when a vector is unusable), baseSeverity,
//     2.1 qualitative ratings and impact threats that are a severity word (Red Hat's "Important"),
//     all given by the publisher (csafSource);
//   - product_status → one VEX fact per (product's subject, vulnerability):
//     known_not_affected → NOT_AFFECTED; fixed, first_fixed, recommended → FIXED;
//     known_affected, first_affected, last_affected → AFFECTED; under_investigation →
//     UNDER_INVESTIGATION; 2.1 `unknown` is skipped (no VEX status says it);
//   - flags give NOT_AFFECTED statements their justification (CSAF flag labels are OpenVEX's
//     justification names); impact threats that are not a severity word are the impact statement;
//     remediations (category, details, url) are the action statement of the other statuses;
//   - an AFFECTED statement about a package also certifies the vulnerability for it, as OpenVEX does;
//   - a package stated with two statuses in one vulnerability (a component of two products) keeps
//     the one that does not hide the vulnerability (AFFECTED, then UNDER_INVESTIGATION, FIXED,
//     NOT_AFFECTED); the other is skipped with the reason;
//   - a pkg:oci purl whose version is a digest also names the image artifact: IsOccurrence (as OpenVEX);
//   - knownSince is the document's current_release_date (CSAF statements carry no time of their own).
import { FactsBuilder, type DocumentFacts, type ScanMetadata, type VexStatus } from '../../../model/facts.js';
import { canonicalSource } from '../../../vuln/rating-sources.js';
import { labelRating, vectorRating } from '../../../vuln/severity.js';
import { digestFromOciPurl, occurrenceOnce } from '../common/sbom.js';
import { firstLine, vulnRef, VulnFacts, type VulnInfo } from '../common/vulns.js';
import type { CsafDocument, CsafScores, CsafVulnerability, ProductScoped, StatusList } from './parse.js';
import type { ProductTree, Subject } from './product-tree.js';

export const CSAF_FORMAT = 'csaf';

const STATUS: Readonly<Record<StatusList, VexStatus | undefined>> = {
  known_not_affected: 'NOT_AFFECTED',
  fixed: 'FIXED',
  first_fixed: 'FIXED',
  recommended: 'FIXED',
  known_affected: 'AFFECTED',
  first_affected: 'AFFECTED',
  last_affected: 'AFFECTED',
  under_investigation: 'UNDER_INVESTIGATION',
  unknown: undefined,
};

/** Lists whose name says more than the VEX status: named in statusNotes. */
const PLAIN_LISTS = new Set<StatusList>(['known_not_affected', 'fixed', 'known_affected', 'under_investigation']);

/** When one package is stated with two statuses: the earlier here is kept (it does not hide the vulnerability). */
const KEEP_ORDER: readonly VexStatus[] = ['AFFECTED', 'UNDER_INVESTIGATION', 'FIXED', 'NOT_AFFECTED'];

/** Vulnerability ids the graph knows how to name: CVE, GHSA and the OSV databases. */
const VULN_ID = /^(CVE-\d{4}-\d{4,}|GHSA(-[0-9a-z]{4}){3}|(GO|PYSEC|RUSTSEC|OSV|GSD|MAL)-[\w.-]+)$/i;

/** At most this many product contexts are named in one statement's statusNotes. */
const MAX_CONTEXTS = 5;

export function translateCsaf(doc: CsafDocument): DocumentFacts {
  const builder = new FactsBuilder(CSAF_FORMAT);
  for (const s of doc.tree.skips) builder.skip(s.path, s.reason);
  const vulns = new VulnFacts(builder);
  if (doc.vulnerabilities.length === 0) builder.skip('/vulnerabilities', 'the document states no vulnerabilities');
  for (const v of doc.vulnerabilities) translateVulnerability(builder, vulns, doc, v);
  return builder.facts;
}

function vulnerabilityIds(v: CsafVulnerability): { id?: string; others: string[] } {
  const candidates = [v.cve, ...v.ids.map((i) => i.text)].filter((x): x is string => !!x && VULN_ID.test(x));
  const id = v.cve ?? candidates[0];
  return { id, others: candidates.filter((c) => c !== id) };
}

/**
 * Who rates in a CSAF document: its publisher, named by its namespace's domain (https://www.redhat.com
 * → redhat, https://www.suse.com → suse), else by its name (docs/formats/vulnerabilities.md, "Rating sources").
 */
export function csafSource(doc: Pick<CsafDocument, 'publisherNamespace' | 'publisherName'>): string | undefined {
  let host: string | undefined;
  try {
    host = doc.publisherNamespace ? new URL(doc.publisherNamespace).hostname : undefined;
  } catch {
    host = undefined;
  }
  // The label before the public suffix: "www.redhat.com" → redhat, "cert.example.co.uk" → example.
  const labels = (host ?? '').split('.').filter(Boolean);
  const suffix = labels.length >= 3 && SECOND_LEVEL.has(labels[labels.length - 2]) ? 2 : 1;
  return canonicalSource(labels.length > suffix ? labels[labels.length - suffix - 1] : doc.publisherName);
}

/** Second-level labels of country-code suffixes (co.uk, com.au, or.jp, …). */
const SECOND_LEVEL: ReadonlySet<string> = new Set(['co', 'com', 'org', 'net', 'gov', 'ac', 'or', 'ne', 'go']);

function severityInfo(scores: CsafScores, impactLabels: string[]): Pick<VulnInfo, 'labels' | 'vectors' | 'scores'> {
  const vectors: string[] = [];
  const stated: { scoreType: string; score: number }[] = [];
  const labels = [...scores.labels, ...impactLabels];
  for (const c of scores.cvss) {
    if (c.severity) labels.push(c.severity);
    if (c.vector && vectorRating(c.vector)) vectors.push(c.vector);
    else if (c.scoreType && c.score !== undefined) stated.push({ scoreType: c.scoreType, score: c.score });
  }
  return { labels, vectors, scores: stated };
}

interface Pending {
  subject: Subject;
  status: VexStatus;
  list: StatusList;
  productId: string;
  path: string;
  justification?: string;
  statement?: string;
  contexts: Set<string>;
}

/** What the vulnerability's threats, remediations and flags say, per product. */
interface ProductTexts {
  /** Impact threats that are a severity word: labels of the vulnerability. */
  impactLabels: string[];
  impacts: ProductText;
  remediations: ProductText;
  flags: ProductText;
}

function translateVulnerability(
  builder: FactsBuilder,
  vulns: VulnFacts,
  doc: CsafDocument,
  v: CsafVulnerability,
): void {
  const { id, others } = vulnerabilityIds(v);
  if (!id) {
    builder.skip(
      v.path,
      'a vulnerability without a cve, and without an ids entry that is a CVE, GHSA or OSV id: nothing names it',
    );
    return;
  }
  for (const other of others) vulns.equal(id, other, 'CSAF vulnerability ids');
  const texts = productTexts(builder, doc, v);
  const description = note(v, 'description') ?? note(v, 'summary') ?? v.title ?? firstLine(note(v, 'general'));
  vulns.metadata(id, {
    description,
    summary: v.title,
    ...severityInfo(v.scores, texts.impactLabels),
    source: csafSource(doc),
    timestamp: doc.releaseDate,
    published: v.published,
    references: v.references,
    defaultSeverity: doc.category === 'csaf_vex' ? undefined : 'UNKNOWN',
  });
  const pending = new Map<string, Pending>();
  for (const list of v.status) addStatusList(builder, doc, texts, pending, list);
  stateStatements(builder, vulns, doc, id, pending.values());
}

function productTexts(builder: FactsBuilder, doc: CsafDocument, v: CsafVulnerability): ProductTexts {
  // Threats: impact severity words are labels; other impact details are statements.
  const impactLabels: string[] = [];
  const impacts = new ProductText(doc.tree, builder);
  for (const t of v.threats) {
    if (t.category !== 'impact') continue;
    // A severity word (Red Hat writes "Important") is a label, as every format's labels are read.
    if (labelRating(t.details)) impactLabels.push(t.details);
    else impacts.add(t, t.details);
  }
  const remediations = new ProductText(doc.tree, builder);
  for (const r of v.remediations) {
    const text = [r.details, r.url ? `(${r.url})` : undefined].filter(Boolean).join(' ');
    remediations.add(r, text ? `${r.category}: ${text}` : r.category);
  }
  const flags = new ProductText(doc.tree, builder);
  for (const f of v.flags) flags.add(f, f.label);
  return { impactLabels, impacts, remediations, flags };
}

/** The statements of one product_status list, one per subject its products resolve to. */
function addStatusList(
  builder: FactsBuilder,
  doc: CsafDocument,
  texts: ProductTexts,
  pending: Map<string, Pending>,
  list: CsafVulnerability['status'][number],
): void {
  const status = STATUS[list.list];
  if (!status) {
    if (list.productIds.length > 0)
      builder.skip(list.path, `${list.productIds.length} product(s) of status "${list.list}": no VEX status says that`);
    return;
  }
  list.productIds.forEach((productId, j) => {
    const path = `${list.path}/${j}`;
    const resolved = doc.tree.resolve(productId);
    if ('reason' in resolved) {
      builder.skip(path, resolved.reason);
      return;
    }
    for (const subject of resolved.subjects) {
      const key = subject.kind === 'package' ? subject.purl : subject.digest;
      const earlier = pending.get(key);
      if (earlier && earlier.status === status) {
        if (resolved.context) earlier.contexts.add(resolved.context);
        continue;
      }
      const next: Pending = {
        subject,
        status,
        list: list.list,
        productId,
        path,
        justification: status === 'NOT_AFFECTED' ? texts.flags.first(productId) : undefined,
        statement: (status === 'NOT_AFFECTED' ? texts.impacts : texts.remediations).join(productId),
        contexts: new Set(resolved.context ? [resolved.context] : []),
      };
      if (earlier) keepOne(builder, pending, key, earlier, next);
      else pending.set(key, next);
    }
  });
}

/** A package stated with two statuses: the one that does not hide the vulnerability is kept, the other skipped. */
function keepOne(
  builder: FactsBuilder,
  pending: Map<string, Pending>,
  key: string,
  earlier: Pending,
  next: Pending,
): void {
  const [kept, dropped] =
    KEEP_ORDER.indexOf(next.status) < KEEP_ORDER.indexOf(earlier.status) ? [next, earlier] : [earlier, next];
  pending.set(key, kept);
  builder.skip(
    dropped.path,
    `${key} is stated both ${kept.status} (product "${kept.productId}") and ${dropped.status} ` +
      `(product "${dropped.productId}"): one status per package is kept, the one that does not hide the vulnerability`,
  );
}

/** One VEX fact per statement; an affected package is also certified, an OCI image digest purl also names the image. */
function stateStatements(
  builder: FactsBuilder,
  vulns: VulnFacts,
  doc: CsafDocument,
  id: string,
  statements: Iterable<Pending>,
): void {
  const scan: ScanMetadata = {
    scannerUri: doc.selfUrl ?? doc.publisherNamespace ?? 'https://docs.oasis-open.org/csaf',
    scannerVersion: doc.trackingVersion,
    dbUri: doc.publisherNamespace ?? '',
    dbVersion: '',
    timeScanned: doc.releaseDate,
  };
  for (const p of statements) {
    builder.vex({
      subject: p.subject,
      vulnerability: vulnRef(id),
      status: p.status,
      justification: p.justification,
      statement: p.statement,
      statusNotes: statusNotes(p),
      knownSince: doc.releaseDate,
    });
    if (p.subject.kind !== 'package') continue;
    if (p.status === 'AFFECTED') vulns.finding(p.subject.purl, id, scan);
    const image = digestFromOciPurl(p.subject.purl);
    if (image)
      occurrenceOnce(builder, {
        artifact: image,
        subject: p.subject,
        justification: 'CSAF product is an OCI image purl whose version is the image digest',
      });
  }
}

function note(v: CsafVulnerability, category: string): string | undefined {
  return v.notes.find((n) => n.category === category)?.text;
}

function statusNotes(p: Pending): string | undefined {
  const parts: string[] = [];
  if (!PLAIN_LISTS.has(p.list)) parts.push(`CSAF ${p.list}`);
  if (p.contexts.size > 0) {
    const shown = [...p.contexts].slice(0, MAX_CONTEXTS).join('; ');
    const more = p.contexts.size - MAX_CONTEXTS;
    parts.push(more > 0 ? `${shown}; and ${more} more` : shown);
  }
  return parts.length ? parts.join('; ') : undefined;
}

/**
 * Texts said about products (flags, threats, remediations), looked up by product id: an entry
 * without product_ids or group_ids is said about every product of the vulnerability.
 */
class ProductText {
  private readonly byProduct = new Map<string, string[]>();
  private readonly forAll: string[] = [];

  constructor(
    private readonly tree: ProductTree,
    private readonly builder: FactsBuilder,
  ) {}

  add(scope: ProductScoped, text: string): void {
    if (scope.productIds.length === 0 && scope.groupIds.length === 0) {
      this.forAll.push(text);
      return;
    }
    const ids = new Set(scope.productIds);
    scope.groupIds.forEach((g, i) => {
      const members = this.tree.group(g);
      if (members) for (const m of members) ids.add(m);
      else this.builder.skip(`${scope.path}/group_ids/${i}`, `group_id "${g}" is not defined in the product tree`);
    });
    for (const id of ids) {
      const list = this.byProduct.get(id);
      if (list) {
        if (!list.includes(text)) list.push(text);
      } else this.byProduct.set(id, [text]);
    }
  }

  private of(productId: string): string[] {
    return [...(this.byProduct.get(productId) ?? []), ...this.forAll];
  }

  first(productId: string): string | undefined {
    return this.of(productId)[0];
  }

  join(productId: string): string | undefined {
    const texts = this.of(productId);
    return texts.length ? texts.join('; ') : undefined;
  }
}
