// SPDX 3 Security profile → the facts CycloneDX VDR/VEX and OpenVEX produce
// (docs/formats/vulnerabilities.md, "SPDX 3.0 Security profile"):
//   - security_Vulnerability: its id is the first externalIdentifier of type cve, else
//     securityOther, else any other (an id written as the spdxId's last segment as a last resort);
//     the other identifiers are aliases (VulnEqual); summary, description, publishedTime,
//     modifiedTime and identifier/reference locators are its VulnMetadata.
//   - Cvss{V2,V3,V4}VulnAssessmentRelationship: score, severity and vector go into that
//     vulnerability's metadata (a valid vector is scored; else the stated score). No finding.
//   - a Relationship "vulnerability affects element" or "element hasAssociatedVulnerability
//     vulnerability": CertifyVuln for the element's packages, from the document's tools.
//   - Vex{Affected,NotAffected,Fixed,UnderInvestigation}VulnAssessmentRelationship: one VEX
//     statement per (vulnerability, product in "to"); justificationType in OpenVEX spelling,
//     impactStatement (not affected) or actionStatement (affected) as the statement, statusNotes
//     and the assessed element as notes; an affected statement also certifies the vulnerability.
//   - Epss, ExploitCatalog and Ssvc assessments: not mapped (no fact holds them).
import type { FactsBuilder, ScanMetadata, VexStatus } from '../../../model/facts.js';
import { isoUtc } from '../common/dates.js';
import { vectorRating } from '../../../vuln/severity.js';
import { VulnFacts, vulnRef, type VulnInfo } from '../common/vulns.js';
import type { ParseContext } from '../types.js';
import type { Spdx3Document, Spdx3Relationship, Spdx3Vulnerability } from './document.js';
import { CVSS_CLASS, VEX_CLASS, vexJustification } from './relationships.js';
import type { Spdx3Elements } from './resolve.js';

const ID_PREFERENCE = ['cve', 'securityOther'];
const ID_IN_IRI = /(?:^|[/#:])((?:CVE|GHSA|GO|PYSEC|RUSTSEC|OSV|GSD|SNYK)-[A-Za-z0-9-]+)$/i;

/** The vulnerability's id and aliases; undefined when it has none. */
function idsOf(v: Spdx3Vulnerability): { id: string; aliases: string[] } | undefined {
  const ranked = [...v.identifiers].sort(
    (a, b) =>
      (ID_PREFERENCE.indexOf(a.type) + 1 || ID_PREFERENCE.length + 1) -
      (ID_PREFERENCE.indexOf(b.type) + 1 || ID_PREFERENCE.length + 1),
  );
  const id = ranked[0]?.identifier ?? ID_IN_IRI.exec(v.id)?.[1];
  if (!id) return undefined;
  return { id, aliases: ranked.slice(1).map((x) => x.identifier) };
}

export function translateSpdx3Security(doc: Spdx3Document, elements: Spdx3Elements, ctx: ParseContext): void {
  const t = new SecurityTranslation(doc, elements, doc.created ?? ctx.now);
  for (const v of doc.vulnerabilities) t.vulnerability(v);
  for (const r of doc.relationships) t.relationship(r);
  t.emitMetadata();
}

/** A vulnerability's id, and the metadata gathered for it (emitted once, at the end). */
interface Gathered {
  id: string;
  info: VulnInfo;
}

class SecurityTranslation {
  private readonly builder: FactsBuilder;
  private readonly vf: VulnFacts;
  /** Vulnerability element id → its id and metadata. */
  private readonly vulns = new Map<string, Gathered>();
  private readonly vulnElementIds: Set<string>;

  constructor(
    private readonly doc: Spdx3Document,
    private readonly elements: Spdx3Elements,
    private readonly documentTime: string,
  ) {
    this.builder = elements.builder;
    this.vf = new VulnFacts(this.builder);
    this.vulnElementIds = new Set(doc.vulnerabilities.map((v) => v.id));
  }

  vulnerability(v: Spdx3Vulnerability): void {
    const ids = idsOf(v);
    if (!ids) {
      this.builder.skip(v.path, 'vulnerability without a cve or securityOther identifier: not recorded');
      return;
    }
    for (const alias of ids.aliases) this.vf.equal(ids.id, alias, 'SPDX 3 vulnerability externalIdentifier');
    const published = isoUtc(v.published);
    this.vulns.set(v.id, {
      id: ids.id,
      info: {
        description: v.description ?? v.summary,
        summary: v.description ? v.summary : undefined,
        published,
        timestamp: isoUtc(v.modified) ?? published,
        references: v.references,
        labels: [],
        vectors: [],
        scores: [],
      },
    });
  }

  relationship(r: Spdx3Relationship): void {
    const cvss = CVSS_CLASS[r.type];
    const vex = VEX_CLASS[r.type];
    if (cvss) this.cvss(r, cvss);
    else if (vex) {
      const v = this.vulnOf(r.from, r.path);
      if (v) this.stateVex(r, v.id, vex);
    } else if (r.type === 'Relationship' || r.type === 'LifecycleScopedRelationship') this.associated(r);
  }

  emitMetadata(): void {
    for (const { id, info } of this.vulns.values()) this.vf.metadata(id, info);
  }

  /** A CVSS assessment: its severity, vector or score go into the vulnerability's metadata. */
  private cvss(r: Spdx3Relationship, scoreType: string): void {
    const v = this.vulnOf(r.from, r.path);
    if (!v) return;
    const { vectorString, score, severity } = r.assessment;
    if (severity) v.info.labels!.push(severity);
    if (vectorString && vectorRating(vectorString)) v.info.vectors!.push(vectorString);
    else if (score !== undefined) v.info.scores!.push({ scoreType, score });
  }

  /** "vulnerability affects elements" and "element hasAssociatedVulnerability vulnerabilities". */
  private associated(r: Spdx3Relationship): void {
    const pairs =
      r.relationshipType === 'affects'
        ? r.to.map((to) => [r.from, to])
        : r.relationshipType === 'hasAssociatedVulnerability'
          ? r.to.map((to) => [to, r.from])
          : [];
    for (const [vulnId, target] of pairs) {
      const v = this.vulnOf(vulnId, r.path);
      if (v) for (const purl of this.packagesOf(target, r.path)) this.vf.finding(purl, v.id, this.scan(r));
    }
  }

  private stateVex(r: Spdx3Relationship, id: string, status: VexStatus): void {
    const { elements, builder } = this;
    const a = r.assessment;
    const assessed = a.assessedElement
      ? (elements.nodes.get(a.assessedElement)?.purls.join(', ') ?? a.assessedElement)
      : undefined;
    const notes = [a.statusNotes, assessed ? `assessed element: ${assessed}` : undefined].filter(Boolean).join('; ');
    const knownSince = isoUtc(a.modifiedTime) ?? isoUtc(a.publishedTime) ?? this.documentTime;
    for (const target of r.to) {
      const purls = this.packagesOf(target, r.path);
      if (purls.length === 0 && elements.doc.known.has(target) && !elements.nodes.has(target))
        builder.skip(r.path, `VEX product "${target.slice(0, 200)}" is no package or file with a hash: not recorded`);
      for (const purl of purls) {
        builder.vex({
          subject: { kind: 'package', purl },
          vulnerability: vulnRef(id),
          status,
          justification: vexJustification(a.justificationType),
          statement: status === 'AFFECTED' ? a.actionStatement : (a.impactStatement ?? a.actionStatement),
          statusNotes: notes || undefined,
          knownSince,
        });
        if (status === 'AFFECTED') this.vf.finding(purl, id, this.scan(r));
      }
    }
  }

  private scan(r: Spdx3Relationship): ScanMetadata {
    return {
      scannerUri: this.doc.tools.join(', ') || this.doc.documentId || 'spdx-3',
      scannerVersion: '',
      dbUri: '',
      dbVersion: '',
      timeScanned: isoUtc(r.assessment.modifiedTime) ?? isoUtc(r.assessment.publishedTime) ?? this.documentTime,
    };
  }

  private vulnOf(id: string, path: string): Gathered | undefined {
    const v = this.vulns.get(id);
    if (!v && !this.vulnElementIds.has(id))
      this.builder.skip(path, `names "${id.slice(0, 200)}", which is no vulnerability of this document`);
    return v;
  }

  /** The packages a relationship end names (skips an unknown one; an element without identity gives none). */
  private packagesOf(id: string, path: string): string[] {
    return this.elements.resolve(id, path)?.purls ?? [];
  }
}
