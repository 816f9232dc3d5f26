// Numeric codes persisted in the store (never renumber; add new codes at the end).

export const NodeKind = {
  Package: 1,
  Artifact: 2,
  Source: 3,
  Vulnerability: 4,
  /** A package name (purl without version), subject of name-level HasSourceAt. */
  PackageName: 5,
} as const;
export type NodeKind = (typeof NodeKind)[keyof typeof NodeKind];

export const FactKind = {
  HasSbom: 1, // a = subject
  SbomIncludes: 2, // a = subject, b = included package or artifact
  IsDependency: 3, // a = package, b = dependency package (stored apart: see fact-rows.ts)
  IsOccurrence: 4, // a = artifact, b = package or source
  HashEqual: 5, // a = artifact, b = artifact
  HasSlsa: 6, // a = built artifact, b = material artifact (or null)
  CertifyVuln: 7, // a = package, b = vulnerability (null: scanned clean)
  VulnEqual: 8, // a = vulnerability, b = vulnerability
  VulnMetadata: 9, // a = vulnerability
  Vex: 10, // a = package or artifact, b = vulnerability
  HasSourceAt: 11, // a = package or package name, b = source
  Scorecard: 12, // a = source
  Advisory: 13, // a = vulnerability; data = the affected entries to match
  HasLicense: 14, // a = package; the licence expression a document declares or concludes for it
} as const;
export type FactKind = (typeof FactKind)[keyof typeof FactKind];
