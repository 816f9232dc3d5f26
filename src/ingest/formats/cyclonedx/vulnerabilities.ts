// CycloneDX VDR/VEX: `vulnerabilities[]` (JSON 1.4+, XML normalised into the same shape) and
// the 1.2/1.3 vulnerability-extension entries inside components. Each (affected component,
// vulnerability) becomes a CertifyVuln from the BOM's tool; `analysis.state` acts as VEX for
// that component: not_affected / false_positive → NOT_AFFECTED, resolved → FIXED,
// exploitable → AFFECTED, in_triage → UNDER_INVESTIGATION.
import { canonicalPurl } from '../../../model/purl.js';
import type { ScanMetadata, VexStatus } from '../../../model/facts.js';
import type { ParseContext } from '../types.js';
import { firstLine, isObject, isoUtc, str, vulnRef, VulnFacts } from '../scanners/common.js';
import type { CycloneDxRead } from './read.js';

type Json = Record<string, unknown>;

const VEX_STATE: Readonly<Record<string, VexStatus>> = {
  not_affected: 'NOT_AFFECTED',
  false_positive: 'NOT_AFFECTED',
  resolved: 'FIXED',
  resolved_with_pedigree: 'FIXED',
  exploitable: 'AFFECTED',
  in_triage: 'UNDER_INVESTIGATION',
};

const SEVERITY_ORDER = ['critical', 'high', 'medium', 'moderate', 'low', 'info', 'none', 'unknown'];

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

export function applyCycloneDxVulnerabilities(read: CycloneDxRead, ctx: ParseContext): void {
  const bom = read.bom as Json;
  const vf = new VulnFacts(read.builder);
  const tool = producingTool(bom);
  const timeScanned = read.timestamp ?? ctx.now;

  const purlOfRef = (ref: string): string | undefined => {
    const known = read.refToPurl.get(ref);
    if (known) return known;
    if (ref.startsWith('pkg:')) {
      try {
        return canonicalPurl(ref);
      } catch {
        return undefined;
      }
    }
    return undefined;
  };

  const apply = (v: Json, segments: (string | number)[], affected: string[]): void => {
    const id = str(v.id);
    if (!id) {
      read.builder.skip(read.path(segments), 'a vulnerability without an id');
      return;
    }
    const ratings = list(v.ratings);
    const labels = ratings
      .map((r) => str(r.severity)?.toLowerCase())
      .filter((s): s is string => !!s)
      .sort((a, b) => SEVERITY_ORDER.indexOf(a) - SEVERITY_ORDER.indexOf(b));
    const source = isObject(v.source) ? v.source : {};
    vf.metadata(id, {
      description: str(v.description) ?? firstLine(str(v.detail)),
      label: labels[0],
      vectors: ratings.map((r) => str(r.vector)).filter((s): s is string => !!s && /^CVSS:|^AV:/.test(s)),
      timestamp: isoUtc(v.updated) ?? isoUtc(v.published),
      prefer: 'label',
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

  list(bom.vulnerabilities).forEach((v, i) => {
    const affected: string[] = [];
    list(v.affects).forEach((a, j) => {
      const ref = str(a.ref);
      const purl = ref ? purlOfRef(ref) : undefined;
      if (purl) affected.push(purl);
      else if (!ref || !read.skippedRefs.has(ref)) {
        read.builder.skip(
          read.path(['vulnerabilities', i, 'affects', j, 'ref']),
          `"${ref ?? ''}" names no component of this BOM`,
        );
      }
    });
    // JFrog Xray (and GUAC's reading of it): no `affects`, the vulnerability's own bom-ref names the component.
    const ownRef = str(v['bom-ref']);
    if (list(v.affects).length === 0 && ownRef?.startsWith('pkg:')) {
      const purl = purlOfRef(ownRef);
      if (purl) affected.push(purl);
    }
    apply(v, ['vulnerabilities', i], affected);
  });

  // 1.2/1.3 vulnerability extension: entries inside the component they affect.
  const walk = (components: unknown, segments: (string | number)[]): void => {
    list(components).forEach((c, i) => {
      const here = [...segments, i];
      const ref = str(c['bom-ref']);
      const purl = (ref && read.refToPurl.get(ref)) || (str(c.purl) ? purlOfRef(str(c.purl)!) : undefined);
      list(c.vulnerabilities).forEach((v, j) => {
        const normalised: Json = { ...v, id: v.id ?? v.ref };
        if (purl) apply(normalised, [...here, 'vulnerabilities', j], [purl]);
      });
      walk(c.components, [...here, 'components']);
    });
  };
  walk(bom.components, ['components']);
}
