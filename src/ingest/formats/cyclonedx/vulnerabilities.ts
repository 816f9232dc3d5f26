// Plug-in point for CycloneDX VDR/VEX: `vulnerabilities[]` (and, in 1.2/1.3 XML, the
// vulnerability-extension elements that end up as `components[].vulnerabilities`) are NOT mapped
// by the SBOM translate step. Both CycloneDX parsers call this after readCycloneDx, so the
// VDR/VEX mapping only has to fill in this function. It gets:
//   read.bom         the BOM in JSON shape (XML normalised: `affects[].ref`, `ratings[].score`
//                    as a number, `analysis.response[]`, …, see xml.ts)
//   read.refToPurl   bom-ref → canonical purl of every component that became a package
//   read.skippedRefs bom-refs of skipped components (their skip is already recorded)
//   read.subject     the SBOM subject (purl, and artifact when digest-named)
//   read.timestamp   metadata.timestamp (ISO 8601 UTC), when given
//   read.builder     the document's FactsBuilder (add certifyVuln / vex / vulnMetadata facts here)
//   read.path        renders JSON pointers or XML element paths for DocumentError / builder.skip
import type { ParseContext } from '../types.js';
import type { CycloneDxRead } from './read.js';

export function applyCycloneDxVulnerabilities(read: CycloneDxRead, ctx: ParseContext): void {
  void read;
  void ctx;
}
