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
import type { ScanMetadata, VexStatus } from '../../../model/facts.js';
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
  const { builder } = elements;
  const vf = new VulnFacts(builder);
  // Vulnerability element id → its id, and the metadata gathered for it (emitted once, at the end).
  const vulns = new Map<string, { id: string; info: VulnInfo }>();
  for (const v of doc.vulnerabilities) {
    const ids = idsOf(v);
    if (!ids) {
      builder.skip(v.path, 'vulnerability without a cve or securityOther identifier: not recorded');
      continue;
    }
    for (const alias of ids.aliases) vf.equal(ids.id, alias, 'SPDX 3 vulnerability externalIdentifier');
    const published = isoUtc(v.published);
    vulns.set(v.id, {
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

  const vulnElementIds = new Set(doc.vulnerabilities.map((v) => v.id));
  const documentTime = doc.created ?? ctx.now;
  const scan = (r: Spdx3Relationship): ScanMetadata => ({
    scannerUri: doc.tools.join(', ') || doc.documentId || 'spdx-3',
    scannerVersion: '',
    dbUri: '',
    dbVersion: '',
    timeScanned: isoUtc(r.assessment.modifiedTime) ?? isoUtc(r.assessment.publishedTime) ?? documentTime,
  });
  const vulnOf = (id: string, path: string) => {
    const v = vulns.get(id);
    if (!v && !vulnElementIds.has(id))
      builder.skip(path, `names "${id.slice(0, 200)}", which is no vulnerability of this document`);
    return v;
  };
  /** The packages a relationship end names (skips an unknown one; an element without identity gives none). */
  const packagesOf = (id: string, path: string): string[] => elements.resolve(id, path)?.purls ?? [];

  for (const r of doc.relationships) {
    const cvss = CVSS_CLASS[r.type];
    const vex = VEX_CLASS[r.type];
    if (cvss) {
      const v = vulnOf(r.from, r.path);
      if (!v) continue;
      const { vectorString, score, severity } = r.assessment;
      if (severity) v.info.labels!.push(severity);
      if (vectorString && vectorRating(vectorString)) v.info.vectors!.push(vectorString);
      else if (score !== undefined) v.info.scores!.push({ scoreType: cvss, score });
    } else if (vex) {
      const v = vulnOf(r.from, r.path);
      if (v) stateVex(r, v.id, vex);
    } else if (r.type === 'Relationship' || r.type === 'LifecycleScopedRelationship') {
      // "vulnerability affects elements" and "element hasAssociatedVulnerability vulnerabilities".
      const pairs =
        r.relationshipType === 'affects'
          ? r.to.map((to) => [r.from, to])
          : r.relationshipType === 'hasAssociatedVulnerability'
            ? r.to.map((to) => [to, r.from])
            : [];
      for (const [vulnId, target] of pairs) {
        const v = vulnOf(vulnId, r.path);
        if (v) for (const purl of packagesOf(target, r.path)) vf.finding(purl, v.id, scan(r));
      }
    }
  }
  for (const { id, info } of vulns.values()) vf.metadata(id, info);

  function stateVex(r: Spdx3Relationship, id: string, status: VexStatus): void {
    const a = r.assessment;
    const assessed = a.assessedElement
      ? (elements.nodes.get(a.assessedElement)?.purls.join(', ') ?? a.assessedElement)
      : undefined;
    const notes = [a.statusNotes, assessed ? `assessed element: ${assessed}` : undefined].filter(Boolean).join('; ');
    const knownSince = isoUtc(a.modifiedTime) ?? isoUtc(a.publishedTime) ?? documentTime;
    for (const target of r.to) {
      const purls = packagesOf(target, r.path);
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
        if (status === 'AFFECTED') vf.finding(purl, id, scan(r));
      }
    }
  }
}
