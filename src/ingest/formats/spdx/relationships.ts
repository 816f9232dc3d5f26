// Which SPDX relationship types are dependency edges, and in which direction. GUAC's parser uses
// CONTAINS/DEPENDS_ON/GENERATED_FROM forward and CONTAINED_BY/DEPENDENCY_OF/GENERATES/PACKAGE_OF
// reversed; we add the SPDX 2.3 dependency family (*_DEPENDENCY_OF, linking, prerequisites), which
// state a dependency just as plainly. Everything else (DESCRIBES, VARIANT_OF, DESCENDANT_OF,
// BUILD_TOOL_OF, DOCUMENTATION_OF, OTHER, …) is not a dependency.

/** "A <type> B" means A depends on B. */
const FORWARD = new Set([
  'CONTAINS',
  'DEPENDS_ON',
  'GENERATED_FROM',
  'STATIC_LINK',
  'DYNAMIC_LINK',
  'HAS_PREREQUISITE',
]);

/** "A <type> B" means B depends on A. */
const REVERSE = new Set([
  'CONTAINED_BY',
  'DEPENDENCY_OF',
  'GENERATES',
  'PACKAGE_OF',
  'PREREQUISITE_FOR',
  'BUILD_DEPENDENCY_OF',
  'DEV_DEPENDENCY_OF',
  'OPTIONAL_DEPENDENCY_OF',
  'PROVIDED_DEPENDENCY_OF',
  'TEST_DEPENDENCY_OF',
  'RUNTIME_DEPENDENCY_OF',
]);

export type Orientation = 'forward' | 'reverse' | undefined;

export function orientation(relationshipType: string): Orientation {
  const t = relationshipType.trim().toUpperCase().replace(/-/g, '_');
  if (FORWARD.has(t)) return 'forward';
  if (REVERSE.has(t)) return 'reverse';
  return undefined;
}

export function isDescribes(relationshipType: string): boolean {
  return relationshipType.trim().toUpperCase() === 'DESCRIBES';
}

export function isDescribedBy(relationshipType: string): boolean {
  return relationshipType.trim().toUpperCase() === 'DESCRIBED_BY';
}
