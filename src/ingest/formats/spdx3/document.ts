// The typed form of an SPDX 3 document that parse.ts reads and translate.ts maps.
export interface Spdx3Hash {
  path: string;
  algorithm?: string;
  value?: string;
}

export interface Spdx3Package {
  kind: 'package';
  id: string;
  path: string;
  type: string;
  name?: string;
  version?: string;
  /** software_packageUrl and externalIdentifier entries of type packageUrl. */
  purls: { path: string; value: string }[];
  hashes: Spdx3Hash[];
  downloadLocation?: string;
}

export interface Spdx3File {
  kind: 'file';
  id: string;
  path: string;
  name?: string;
  hashes: Spdx3Hash[];
}

/** Fields of the Security profile's assessment relationships (security_ prefix or not). */
export interface Spdx3Assessment {
  justificationType?: string;
  impactStatement?: string;
  actionStatement?: string;
  statusNotes?: string;
  assessedElement?: string;
  publishedTime?: string;
  modifiedTime?: string;
  score?: number;
  severity?: string;
  vectorString?: string;
}

export interface Spdx3Relationship {
  path: string;
  /** Relationship, LifecycleScopedRelationship, security_VexNotAffectedVulnAssessmentRelationship… */
  type: string;
  relationshipType: string;
  from: string;
  to: string[];
  /** LifecycleScopedRelationship scope (build, dev, test, runtime, design, other). */
  scope?: string;
  assessment: Spdx3Assessment;
}

export interface Spdx3Vulnerability {
  id: string;
  path: string;
  /** externalIdentifier entries: type (cve, securityOther, …) and identifier. */
  identifiers: { type: string; identifier: string; path: string }[];
  summary?: string;
  description?: string;
  published?: string;
  modified?: string;
  /** identifierLocator and externalRef locators. */
  references: string[];
}

export interface Spdx3Document {
  /** "3.0.1", "3.0"… */
  specVersion: string;
  created?: string;
  documentId?: string;
  name?: string;
  /** The SpdxDocument's rootElement ids. */
  roots: { id: string; path: string }[];
  /** rootElement of every Bom/Sbom/Bundle, by the collection's id. */
  collections: Map<string, string[]>;
  elements: (Spdx3Package | Spdx3File)[];
  relationships: Spdx3Relationship[];
  vulnerabilities: Spdx3Vulnerability[];
  /** Licence elements: id → expression text. */
  licenses: Map<string, string>;
  /** Tool names the document's creation info lists in createdUsing. */
  tools: string[];
  /** Every element id in the document, and ids imported from other documents (ExternalMap). */
  known: Set<string>;
  skipped: { path: string; reason: string }[];
}
