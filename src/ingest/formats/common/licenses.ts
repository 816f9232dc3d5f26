// Licence fields of SBOMs (SPDX, CycloneDX) and scanner reports → HasLicense facts, normalised to
// SPDX expressions by model/license.ts. See docs/formats/sbom.md#licences.
import type { FactsBuilder, LicenseKind } from '../../../model/facts.js';
import { readLicense } from '../../../model/license.js';
import { isObject } from './json.js';

/** What each builder already states, so a licence repeated for a package is one fact. */
const stated = new WeakMap<FactsBuilder, Set<string>>();

/**
 * States that `purl` is under the licence `text` (a document field, as written): nothing when the
 * field says none is known (NOASSERTION, NONE, empty), the text itself flagged verbatim when it is
 * no SPDX expression even corrected. A text beyond the licence limits (model/license.ts
 * LICENSE_LIMITS) is left out and recorded as skipped at `path` (the element that carries it): the
 * rest of the document is kept.
 */
export function stateLicense(builder: FactsBuilder, purl: string, text: string, kind: LicenseKind, path: string): void {
  const read = readLicense(text);
  let seen = stated.get(builder);
  if (!seen) stated.set(builder, (seen = new Set()));
  if (read.reading === 'over-limit') {
    // One record per package, kind and problem, however often a report repeats the package.
    const key = `${purl}\n${kind}\nover-limit ${read.problem}`;
    if (!seen.has(key)) builder.skip(path, `${kind} licence of ${purl} left out: ${read.problem}`);
    seen.add(key);
    return;
  }
  const licence = read.license;
  if (!licence) return;
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

/**
 * The licence texts of a scanner's list of a package's licences: strings (Trivy `Licenses`, Grype
 * `artifact.licenses`), or objects with an `spdxExpression` or `value` (syft's licence objects).
 * Anything else is no licence.
 */
export function licenceTexts(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((l: unknown) => {
    if (typeof l === 'string') return [l];
    if (!isObject(l)) return [];
    const text = typeof l.spdxExpression === 'string' && l.spdxExpression ? l.spdxExpression : l.value;
    return typeof text === 'string' ? [text] : [];
  });
}
