import { FactKind } from './kinds.js';
/** Fact kinds whose fields the index never reads: backends need not ship them on load. */
export const LINK_FACT_KINDS = [
    FactKind.HasSbom,
    FactKind.SbomIncludes,
    FactKind.IsOccurrence,
    FactKind.HashEqual,
    FactKind.HasSlsa,
    FactKind.VulnEqual,
    FactKind.HasSourceAt,
];
const LINK_KIND_SET = new Set(LINK_FACT_KINDS);
export function isLinkFactKind(kind) {
    return LINK_KIND_SET.has(kind);
}
