// Writes an SPDX 2.x JSON document as SPDX 3.0.1 JSON-LD, for the tests: real SBOMs from the
// fixtures become larger SPDX 3 documents whose facts must equal those of the original. The
// translation follows the SPDX 3.0 migration guide's mapping (packages, files, checksums → Hash,
// purl external refs → packageUrl identifiers, licences → LicenseExpression relationships,
// relationship types → their SPDX 3 names, the *_DEPENDENCY_OF family → LifecycleScopedRelationship).
type Json = Record<string, any>;

/** SPDX 2 type → [SPDX 3 type, reversed, lifecycle scope]. */
const RELATIONSHIPS: Record<string, [string, boolean, string?]> = {
  DESCRIBES: ['describes', false],
  DESCRIBED_BY: ['describes', true],
  CONTAINS: ['contains', false],
  CONTAINED_BY: ['contains', true],
  DEPENDS_ON: ['dependsOn', false],
  DEPENDENCY_OF: ['dependsOn', true],
  GENERATES: ['generates', false],
  GENERATED_FROM: ['generates', true],
  PACKAGE_OF: ['contains', true],
  STATIC_LINK: ['hasStaticLink', false],
  DYNAMIC_LINK: ['hasDynamicLink', false],
  HAS_PREREQUISITE: ['hasPrerequisite', false],
  PREREQUISITE_FOR: ['hasPrerequisite', true],
  OPTIONAL_DEPENDENCY_OF: ['hasOptionalDependency', true],
  PROVIDED_DEPENDENCY_OF: ['hasProvidedDependency', true],
  BUILD_DEPENDENCY_OF: ['dependsOn', true, 'build'],
  DEV_DEPENDENCY_OF: ['dependsOn', true, 'development'],
  TEST_DEPENDENCY_OF: ['dependsOn', true, 'test'],
  RUNTIME_DEPENDENCY_OF: ['dependsOn', true, 'runtime'],
};

export function spdx3FromSpdx2(doc: Json): Json {
  const ns: string = doc.documentNamespace ?? 'https://example.invalid/spdx2';
  const id = (spdxId: string) => (spdxId === doc.SPDXID ? `${ns}#DOCUMENT` : `${ns}#${spdxId}`);
  const graph: Json[] = [
    {
      type: 'CreationInfo',
      '@id': '_:creationinfo',
      specVersion: '3.0.1',
      created: doc.creationInfo.created,
      createdBy: [`${ns}#converter`],
      createdUsing: [`${ns}#converter-tool`],
    },
    {
      type: 'Tool',
      spdxId: `${ns}#converter-tool`,
      name: 'test/helpers/spdx3-from-spdx2.ts',
      creationInfo: '_:creationinfo',
    },
  ];
  const element = (e: Json) => graph.push({ ...e, creationInfo: '_:creationinfo' });
  let n = 0;
  const licences = new Map<string, string>();
  const licence = (from: string, text: string | undefined, relationshipType: string) => {
    if (!text) return;
    let lid = licences.get(text);
    if (!lid) {
      lid = `${ns}#licence-${licences.size}`;
      licences.set(text, lid);
      element({ type: 'simplelicensing_LicenseExpression', spdxId: lid, simplelicensing_licenseExpression: text });
    }
    element({ type: 'Relationship', spdxId: `${ns}#rel-${n++}`, from, relationshipType, to: [lid] });
  };
  const hashes = (checksums: Json[] | undefined) =>
    (checksums ?? []).map((c) => ({
      type: 'Hash',
      algorithm: String(c.algorithm).toLowerCase().replace(/-/g, '_'),
      hashValue: c.checksumValue,
    }));
  for (const p of doc.packages ?? []) {
    const purls = (p.externalRefs ?? []).filter((r: Json) => String(r.referenceType).toLowerCase() === 'purl');
    element({
      type: 'software_Package',
      spdxId: id(p.SPDXID),
      name: p.name,
      ...(p.versionInfo ? { software_packageVersion: p.versionInfo } : {}),
      ...(p.downloadLocation ? { software_downloadLocation: p.downloadLocation } : {}),
      ...(purls.length
        ? {
            externalIdentifier: purls.map((r: Json) => ({
              type: 'ExternalIdentifier',
              externalIdentifierType: 'packageUrl',
              identifier: r.referenceLocator,
            })),
          }
        : {}),
      ...(p.checksums?.length ? { verifiedUsing: hashes(p.checksums) } : {}),
    });
    licence(id(p.SPDXID), p.licenseConcluded, 'hasConcludedLicense');
    licence(id(p.SPDXID), p.licenseDeclared, 'hasDeclaredLicense');
  }
  for (const f of doc.files ?? [])
    element({ type: 'software_File', spdxId: id(f.SPDXID), name: f.fileName, verifiedUsing: hashes(f.checksums) });
  const roots: string[] = (doc.documentDescribes ?? []).map(id);
  for (const r of doc.relationships ?? []) {
    const map = RELATIONSHIPS[String(r.relationshipType).toUpperCase()];
    if (!map) continue;
    const [type, reversed, scope] = map;
    const [a, b] = reversed ? [r.relatedSpdxElement, r.spdxElementId] : [r.spdxElementId, r.relatedSpdxElement];
    if (type === 'describes' && a === doc.SPDXID) {
      if (b !== doc.SPDXID) roots.push(id(b));
      continue;
    }
    if (a.startsWith('DocumentRef-') || b.startsWith('DocumentRef-') || /^(NONE|NOASSERTION)$/.test(b)) continue;
    element({
      type: scope ? 'LifecycleScopedRelationship' : 'Relationship',
      spdxId: `${ns}#rel-${n++}`,
      from: id(a),
      relationshipType: type,
      to: [id(b)],
      ...(scope ? { scope } : {}),
    });
  }
  element({ type: 'SpdxDocument', spdxId: `${ns}#DOCUMENT`, name: doc.name, rootElement: [...new Set(roots)] });
  return { '@context': 'https://spdx.org/rdf/3.0.1/spdx-context.jsonld', '@graph': graph };
}
