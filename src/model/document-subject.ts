// What a document is about, in one string, for the document list and its `subject=` filter.
// The first of, in this order (the first fact of that kind in document order):
//   1. an SBOM's subject (HasSbom: CycloneDX metadata.component, SPDX describes, ingest
//      predicates): its purl, or its artifact digest;
//   2. an SLSA provenance's subject artifact digest (in-toto/SLSA attestations);
//   3. a scorecard's repository URL (OpenSSF Scorecard results);
//   4. an advisory's vulnerability id (OSV records);
//   5. a VEX statement's subject: purl or artifact digest (OpenVEX, CSAF VEX, CycloneDX VEX);
//   6. a vulnerability scan's package purl (CertifyVuln: osv-scanner and scan predicates).
// null when the document states none of these (e.g. bare dependency predicates). Step 5 of the
// store's migrations gives documents stored before the first choice only (their SBOM subject).
import type { DocumentFacts, NodeRef } from './facts.js';

function refKey(ref: NodeRef): string {
  return ref.kind === 'package' ? ref.purl : ref.kind === 'artifact' ? ref.digest : ref.url;
}

export function documentSubject(facts: DocumentFacts): string | null {
  const sbom = facts.sboms[0];
  if (sbom) return refKey(sbom.subject);
  const slsa = facts.slsa[0];
  if (slsa) return slsa.subject;
  const scorecard = facts.scorecards[0];
  if (scorecard) return scorecard.source;
  const advisory = facts.advisories[0];
  if (advisory) return advisory.vulnerability.id;
  const vex = facts.vex[0];
  if (vex) return refKey(vex.subject);
  const scan = facts.certifyVulns[0];
  if (scan) return scan.package;
  return null;
}
