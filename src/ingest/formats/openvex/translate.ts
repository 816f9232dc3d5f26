// OpenVEX document → facts. Mapping (after GUAC's open_vex parser):
//   - one VexFact per (statement, product); products are purls ("@id" or identifiers.purl) or
//     digests (hashes, or a bare "sha256:…" id). Subcomponents narrow where in the product the
//     vulnerable code is; the statement is about the product, so they are named in statusNotes.
//   - status not_affected/affected/fixed/under_investigation → VexStatus; anything else rejects
//     the document (as GUAC does).
//   - knownSince: the statement's timestamp, else the document's, else the ingest time.
//   - statement text: impact_statement (not_affected), action_statement (affected), else "statement".
//   - an "affected" statement about a package also certifies the vulnerability for it (GUAC
//     does this for affected and under_investigation; under_investigation is not a finding, so
//     we do not).
//   - a pkg:oci purl whose version is a digest also names the image artifact: IsOccurrence.
//   - legacy documents (pre-0.2.0 context): "vulnerability" and "products" are plain strings.
import { FactsBuilder, type DocumentFacts, type ScanMetadata } from '../../../model/facts.js';
import { occurrenceOnce } from '../common/sbom.js';
import { VulnFacts, vulnRef } from '../common/vulns.js';
import type { OpenVexDocument, OpenVexStatement, Product } from './parse.js';

export const OPENVEX_FORMAT = 'openvex';

export function translateOpenVex(doc: OpenVexDocument): DocumentFacts {
  const builder = new FactsBuilder(OPENVEX_FORMAT);
  const vulns = new VulnFacts(builder);
  for (const s of doc.statements) {
    for (const alias of s.aliases) vulns.equal(s.vulnerability, alias, 'OpenVEX vulnerability aliases');
    if (s.description) vulns.metadata(s.vulnerability, { description: s.description });
    if (s.products.length === 0) {
      builder.skip(s.path, 'statement has no products');
      continue;
    }
    for (const product of s.products) {
      if ('reason' in product) builder.skip(product.path, product.reason);
      else translateProduct(builder, vulns, doc, s, product);
    }
  }
  return builder.facts;
}

function translateProduct(
  builder: FactsBuilder,
  vulns: VulnFacts,
  doc: OpenVexDocument,
  s: OpenVexStatement,
  product: Product,
): void {
  const notes =
    [s.statusNotes, product.subcomponents.length ? `subcomponents: ${product.subcomponents.join(', ')}` : undefined]
      .filter(Boolean)
      .join('; ') || undefined;
  for (const subject of product.subjects) {
    builder.vex({
      subject,
      vulnerability: vulnRef(s.vulnerability),
      status: s.status,
      justification: s.justification,
      statement: s.statement,
      statusNotes: notes,
      knownSince: s.knownSince,
    });
    if (s.status === 'AFFECTED' && subject.kind === 'package') {
      const scan: ScanMetadata = {
        scannerUri: doc.id ?? 'https://openvex.dev',
        scannerVersion: doc.version,
        dbUri: '',
        dbVersion: '',
        timeScanned: s.knownSince,
      };
      vulns.finding(subject.purl, s.vulnerability, scan);
    }
    if (subject.kind === 'package' && product.ociDigest) {
      occurrenceOnce(builder, {
        artifact: product.ociDigest,
        subject,
        justification: 'OpenVEX product is an OCI image purl whose version is the image digest',
      });
    }
  }
}
