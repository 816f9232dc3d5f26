import { FactKind } from '../../model/kinds.js';
import { DocumentSummaryFields } from '../../model/schemas/document.js';
import { DependencyFields, HasSbomFields, HasSourceAtFields, HashEqualFields, OccurrenceFields, ScorecardFields, SlsaFields, } from '../../model/schemas/graph.js';
import { AdvisoryFields, CertifyVulnFields, VexFields, VulnEqualFields, VulnMetadataFields, } from '../../model/schemas/vulnerability.js';
import { isLinkFactKind } from '../../model/stored-facts.js';
import { Type } from 'typebox';
import { columnsOf } from './columns.js';
function table(kind, name, fields) {
    return { kind, name, columns: columnsOf(fields), link: isLinkFactKind(kind) };
}
/** Every fact kind but IsDependency (kept apart: dependency_sets, dependency_evidence, dependency_edges). */
export const FACT_TABLES = [
    table(FactKind.HasSbom, 'has_sbom', HasSbomFields),
    table(FactKind.SbomIncludes, 'sbom_includes', Type.Object({})),
    table(FactKind.IsOccurrence, 'is_occurrence', OccurrenceFields),
    table(FactKind.HashEqual, 'hash_equal', HashEqualFields),
    table(FactKind.HasSlsa, 'has_slsa', SlsaFields),
    table(FactKind.CertifyVuln, 'certify_vuln', CertifyVulnFields),
    table(FactKind.VulnEqual, 'vuln_equal', VulnEqualFields),
    table(FactKind.VulnMetadata, 'vuln_metadata', VulnMetadataFields),
    table(FactKind.Vex, 'vex', VexFields),
    table(FactKind.HasSourceAt, 'has_source_at', HasSourceAtFields),
    table(FactKind.Scorecard, 'scorecard', ScorecardFields),
    table(FactKind.Advisory, 'advisory', AdvisoryFields),
];
const BY_KIND = new Map(FACT_TABLES.map((t) => [t.kind, t]));
export function factTable(kind) {
    const found = BY_KIND.get(kind);
    if (!found)
        throw new Error(`no table for fact kind ${kind}`);
    return found;
}
/** Columns of dependency_evidence after (doc, idx): what a document says about its edges. */
export const EVIDENCE_COLUMNS = columnsOf(DependencyFields);
/** Typed summary columns of the documents table. */
export const SUMMARY_COLUMNS = columnsOf(DocumentSummaryFields);
