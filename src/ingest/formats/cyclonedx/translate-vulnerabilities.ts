// CycloneDX VDR/VEX: `vulnerabilities[]` (JSON 1.4+, XML normalised into the same shape) and
// the 1.2/1.3 vulnerability-extension entries inside components
// (http://cyclonedx.org/schema/ext/vulnerability/1.0). Each (affected component, vulnerability)
// becomes a CertifyVuln from the BOM's tool; `analysis.state` acts as VEX for that component:
// not_affected / false_positive → NOT_AFFECTED, resolved → FIXED, exploitable → AFFECTED,
// in_triage → UNDER_INVESTIGATION. An `affects` ref must name a component of this BOM: anything
// else is skipped, so a VDR never adds a package to the SBOM it describes.
// The vulnerability entries are read leniently here: nothing in them refuses a BOM.
import type { ScanMetadata, VexStatus } from '../../../model/facts.js';
import { vectorRating } from '../../../vuln/severity.js';
import { isoUtc } from '../common/dates.js';
import { isObject, str, type Json } from '../common/json.js';
import { firstLine, vulnRef, VulnFacts, type VulnInfo } from '../common/vulns.js';
import type { ParseContext } from '../types.js';
import type { CycloneDxRead } from './translate.js';

const VEX_STATE: Readonly<Record<string, VexStatus>> = {
  not_affected: 'NOT_AFFECTED',
  false_positive: 'NOT_AFFECTED',
  resolved: 'FIXED',
  resolved_with_pedigree: 'FIXED',
  exploitable: 'AFFECTED',
  in_triage: 'UNDER_INVESTIGATION',
};

function list(x: unknown): Json[] {
  return Array.isArray(x) ? x.filter(isObject) : isObject(x) ? [x] : [];
}

/** The BOM's first tool, in either shape (1.2–1.4 array, 1.5+ {components:[…]}). */
function producingTool(bom: Json): { name: string; version: string } {
  const metadata = isObject(bom.metadata) ? bom.metadata : {};
  const tools = isObject(metadata.tools)
    ? [...list(metadata.tools.components), ...list(metadata.tools.services)]
    : list(metadata.tools);
  const tool = tools[0];
  if (!tool) return { name: 'cyclonedx-vdr', version: '' };
  const name = [str(tool.vendor) ?? str(tool.group), str(tool.name)].filter(Boolean).join('/');
  return { name: name || 'cyclonedx-vdr', version: str(tool.version) ?? '' };
}

/** Every value of a field that may be one item or a list (XML normalisation keeps singletons bare). */
function items(x: unknown): unknown[] {
  return Array.isArray(x) ? x : x === undefined || x === null ? [] : [x];
}

function num(x: unknown): number | undefined {
  const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** CycloneDX rating methods that are CVSS → GUAC's score types. */
const CVSS_METHODS: Readonly<Record<string, string>> = {
  cvssv2: 'CVSSv2',
  cvssv3: 'CVSSv3',
  cvssv31: 'CVSSv31',
  cvssv4: 'CVSSv4',
  cvssv40: 'CVSSv4',
};

/**
 * The ratings of a vulnerability, in any of the shapes: 1.4+ `ratings[]` ({score, severity,
 * method, vector}), the extension's `ratings/rating` ({score: {base, impact, exploitability},
 * severity, method, vector}) and its draft `vulnerabilityScore/score` (method named `source`).
 * A valid vector is scored; otherwise a CVSS method's stated base score is used.
 */
function ratingsOf(v: Json): Pick<VulnInfo, 'labels' | 'vectors' | 'scores'> {
  const ratings = [...list(v.ratings), ...(isObject(v.vulnerabilityScore) ? list(v.vulnerabilityScore.score) : [])];
  const labels: string[] = [];
  const vectors: string[] = [];
  const scores: { scoreType: string; score: number }[] = [];
  for (const r of ratings) {
    const label = str(r.severity);
    if (label) labels.push(label);
    const method = str(r.method) ?? (typeof r.source === 'string' ? str(r.source) : undefined);
    const vector = str(r.vector);
    if (vector && vectorRating(vector)) {
      vectors.push(vector);
      continue;
    }
    const scoreType = CVSS_METHODS[(method ?? '').toLowerCase()];
    const score = isObject(r.score) ? num(r.score.base) : num(r.score);
    if (scoreType && score !== undefined) scores.push({ scoreType, score });
  }
  return { labels, vectors, scores };
}

/** Advisory URLs: 1.4+ `advisories[]` ({title, url}) or the extension's `advisories/advisory` (text). */
function advisoriesOf(v: Json): string[] {
  return items(v.advisories)
    .map((a) => (typeof a === 'string' ? str(a) : isObject(a) ? str(a.url) : undefined))
    .filter((u): u is string => !!u);
}

export function translateCycloneDxVulnerabilities(read: CycloneDxRead, ctx: ParseContext): void {
  const bom = read.bom;
  const vf = new VulnFacts(read.builder);
  const tool = producingTool(bom);
  const timeScanned = read.timestamp ?? ctx.now;

  const apply = (v: Json, segments: (string | number)[], affected: string[]): void => {
    const id = str(v.id);
    if (!id) {
      read.builder.skip(read.path(segments), 'a vulnerability without an id');
      return;
    }
    const source = isObject(v.source) ? v.source : {};
    vf.metadata(id, {
      description: str(v.description) ?? firstLine(str(v.detail)),
      ...ratingsOf(v),
      references: advisoriesOf(v),
      timestamp: isoUtc(v.updated) ?? isoUtc(v.published),
      defaultSeverity: 'UNKNOWN',
    });
    for (const r of list(v.references)) {
      const alias = str(r.id);
      if (alias) vf.equal(id, alias, 'CycloneDX vulnerability reference');
    }
    const scan: ScanMetadata = {
      scannerUri: tool.name,
      scannerVersion: tool.version,
      dbUri: str(source.url) ?? str(source.name) ?? '',
      dbVersion: '',
      timeScanned,
    };
    const analysis = isObject(v.analysis) ? v.analysis : {};
    const status = VEX_STATE[str(analysis.state) ?? ''];
    for (const purl of affected) {
      vf.finding(purl, id, scan);
      if (status) {
        read.builder.vex({
          subject: { kind: 'package', purl },
          vulnerability: vulnRef(id),
          status,
          justification: str(analysis.justification),
          statement: str(analysis.detail),
          knownSince: isoUtc(analysis.lastUpdated) ?? isoUtc(v.updated) ?? timeScanned,
        });
      }
    }
  };

  const unknownRef = (segments: (string | number)[], ref: string | undefined): void => {
    read.builder.skip(
      read.path(segments),
      `"${(ref ?? '').slice(0, 200)}" names no component of this BOM: not recorded, and not added to the SBOM`,
    );
  };

  list(bom.vulnerabilities).forEach((v, i) => {
    const affected: string[] = [];
    list(v.affects).forEach((a, j) => {
      const ref = str(a.ref);
      const purl = ref ? read.resolveRef(ref) : undefined;
      if (purl) affected.push(purl);
      else if (!ref || !read.skippedRefs.has(ref)) unknownRef(['vulnerabilities', i, 'affects', j, 'ref'], ref);
    });
    // JFrog Xray (and GUAC's reading of it): no `affects`, the vulnerability's own bom-ref names the component.
    const ownRef = str(v['bom-ref']);
    if (list(v.affects).length === 0 && ownRef?.startsWith('pkg:')) {
      const purl = read.resolveRef(ownRef);
      if (purl) affected.push(purl);
      else if (!read.skippedRefs.has(ownRef)) unknownRef(['vulnerabilities', i, 'bom-ref'], ownRef);
    }
    apply(v, ['vulnerabilities', i], affected);
  });

  // 1.2/1.3 vulnerability extension: entries inside the component they affect. The component is
  // the one they sit in (its `ref` attribute is informative only: Grype wrote random URNs there),
  // with the identity it got as a package, also when it has no bom-ref and no purl.
  const extension = (c: Json, here: (string | number)[]): void => {
    const purl = read.componentPurls.get(c);
    list(c.vulnerabilities).forEach((v, j) => {
      const at = [...here, 'vulnerabilities', j];
      if (purl) apply(v, at, [purl]);
      else
        read.builder.skip(
          read.path(at),
          `vulnerability "${str(v.id) ?? ''}" belongs to a component that is not a package (skipped above): not recorded`,
        );
    });
  };
  const metadata = isObject(bom.metadata) ? bom.metadata : {};
  if (isObject(metadata.component)) extension(metadata.component, ['metadata', 'component']);
  const walk = (components: unknown, segments: (string | number)[]): void => {
    list(components).forEach((c, i) => {
      const here = [...segments, i];
      extension(c, here);
      walk(c.components, [...here, 'components']);
    });
  };
  walk(bom.components, ['components']);
}
