// SPDX 3 relationship types (Core RelationshipType vocabulary) that are dependency edges, and in
// which direction; the Security profile's VEX classes and their statuses. Mirrors SPDX 2's table
// (spdx/relationships.ts) for the types SPDX 3 kept or renamed: contains/dependsOn forward,
// generates reversed, links, prerequisites and optional/provided dependencies forward.
import type { VexStatus } from '../../../model/facts.js';
import { lookupTable } from '../../../model/lookup-table.js';

/** "A <type> B" means A depends on B. */
const FORWARD = new Set([
  'contains',
  'dependsOn',
  'hasDynamicLink',
  'hasStaticLink',
  'hasOptionalComponent',
  'hasOptionalDependency',
  'hasProvidedDependency',
  'hasPrerequisite',
]);

/** "A <type> B" means B depends on A (B is generated from A). */
const REVERSE = new Set(['generates']);

export function orientation(relationshipType: string): 'forward' | 'reverse' | undefined {
  if (FORWARD.has(relationshipType)) return 'forward';
  if (REVERSE.has(relationshipType)) return 'reverse';
  return undefined;
}

export const LICENSE_KIND = lookupTable<'declared' | 'concluded'>({
  hasDeclaredLicense: 'declared',
  hasConcludedLicense: 'concluded',
});

/** Security profile VEX assessment classes → status. */
export const VEX_CLASS = lookupTable<VexStatus>({
  security_VexAffectedVulnAssessmentRelationship: 'AFFECTED',
  security_VexNotAffectedVulnAssessmentRelationship: 'NOT_AFFECTED',
  security_VexFixedVulnAssessmentRelationship: 'FIXED',
  security_VexUnderInvestigationVulnAssessmentRelationship: 'UNDER_INVESTIGATION',
});

/** CVSS assessment classes → GUAC score type (a valid vector names its own version). */
export const CVSS_CLASS = lookupTable<string>({
  security_CvssV2VulnAssessmentRelationship: 'CVSSv2',
  security_CvssV3VulnAssessmentRelationship: 'CVSSv3',
  security_CvssV4VulnAssessmentRelationship: 'CVSSv4',
});

/** SPDX 3 VexJustificationType (componentNotPresent) → the OpenVEX spelling (component_not_present). */
export function vexJustification(value: string | undefined): string | undefined {
  return value?.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
