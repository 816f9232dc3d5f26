// Licence fields of SBOMs (SPDX, CycloneDX) and scanner reports → HasLicense facts, normalised to
// SPDX expressions by model/license.ts. See docs/formats/sbom.md#licences.
import type { FactsBuilder, LicenseKind } from '../../../model/facts.js';
import { normaliseLicense } from '../../../model/license.js';

/** What each builder already states, so a licence repeated for a package is one fact. */
const stated = new WeakMap<FactsBuilder, Set<string>>();

/**
 * States that `purl` is under the licence `text` (a document field, as written): nothing when the
 * field says none is known (NOASSERTION, NONE, empty), the text itself flagged verbatim when it is
 * no SPDX expression even corrected.
 */
export function stateLicense(builder: FactsBuilder, purl: string, text: string, kind: LicenseKind): void {
  const licence = normaliseLicense(text);
  if (!licence) return;
  let seen = stated.get(builder);
  if (!seen) stated.set(builder, (seen = new Set()));
  const key = `${purl}\n${kind}\n${licence.expression}`;
  if (seen.has(key)) return;
  seen.add(key);
  builder.license({
    package: purl,
    expression: licence.expression,
    kind,
    ...(licence.verbatim ? { verbatim: true } : {}),
  });
}
