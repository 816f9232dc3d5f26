// Schemas shared by several fact kinds: node and vulnerability references, who said a fact.
import { Type } from 'typebox';
export const DependencyTypeSchema = Type.Union([
    Type.Literal('DIRECT'),
    Type.Literal('INDIRECT'),
    Type.Literal('UNKNOWN'),
]);
export const VexStatusSchema = Type.Union([
    Type.Literal('NOT_AFFECTED'),
    Type.Literal('AFFECTED'),
    Type.Literal('FIXED'),
    Type.Literal('UNDER_INVESTIGATION'),
]);
export const PackageRefSchema = Type.Object({ kind: Type.Literal('package'), purl: Type.String() });
export const ArtifactRefSchema = Type.Object({ kind: Type.Literal('artifact'), digest: Type.String() });
export const SourceRefSchema = Type.Object({ kind: Type.Literal('source'), url: Type.String() });
export const NodeRefSchema = Type.Union([PackageRefSchema, ArtifactRefSchema, SourceRefSchema]);
export const VulnRefSchema = Type.Object({
    /** "CVE", "GHSA", "OSV", … */
    type: Type.String(),
    /** The canonical id. */
    id: Type.String(),
});
/** Who said it: defaults to the document's, a fact may override (ingest-predicates carry their own). */
export const FactOriginSchema = Type.Object({
    origin: Type.Optional(Type.String()),
    collector: Type.Optional(Type.String()),
});
export const SkippedItemSchema = Type.Object({
    /** JSON pointer or element path of what was skipped. */
    path: Type.String(),
    reason: Type.String(),
});
