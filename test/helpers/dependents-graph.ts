// The small graph both dependents suites ask about: app → lib → leaf@3, leaf@1 → leaf@3, an SBOM
// subject (tool) that depends on leaf@3, and an image with an SBOM and an occurrence.
import { dependsOn, hex, occurrence, sbomFor } from './predicates.js';

export function dependentsDocuments(): Record<string, unknown> {
  const image = `sha256:${hex('image')}`;
  return {
    'deps.json': {
      isDependency: [
        dependsOn('pkg:npm/app@1.0.0', 'pkg:npm/lib@2.0.0'),
        dependsOn('pkg:npm/lib@2.0.0', 'pkg:npm/leaf@3.0.0'),
        dependsOn('pkg:npm/leaf@1.0.0', 'pkg:npm/leaf@3.0.0'),
      ],
    },
    'sbom.json': {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/tool@1.0.0' })],
      isDependency: [dependsOn('pkg:npm/tool@1.0.0', 'pkg:npm/leaf@3.0.0')],
    },
    'image.json': { hasSBOM: [sbomFor({ artifact: image })], isOccurrence: [occurrence('pkg:oci/img@1', image)] },
  };
}
