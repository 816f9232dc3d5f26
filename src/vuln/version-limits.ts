// How long a version may be for any comparator to evaluate it (docs/formats/vulnerabilities.md
// "Version limits"). Issue 29: a 60 KB Maven range bound of 10,000 segments overflowed the stack
// of the Maven comparison and took the service down; bounding every comparator's input keeps each
// comparison shallow and fast whatever an advisory or a package version holds.

/**
 * Longest version any comparator evaluates (npm's semver refuses longer ones too). Real versions
 * are far shorter: in the test fixtures and examples the longest range bound is a 40-character
 * commit hash and the longest purl version a 71-character OCI digest.
 */
/** Orders two versions: negative, zero or positive; undefined when it cannot decide. */
export type Comparator = (a: string, b: string) => number | undefined;

export const MAX_VERSION_LENGTH = 256;

/** Why a version cannot be evaluated by any comparator, or undefined when it can be tried. */
export function unevaluableVersion(version: string): string | undefined {
  return version.length > MAX_VERSION_LENGTH
    ? `unevaluable version: ${version.length} characters, more than the ${MAX_VERSION_LENGTH} a version may have`
    : undefined;
}

/** The comparator, answering undefined ("cannot decide") for versions over the length limit. */
export function bounded(compare: Comparator): Comparator {
  return (a, b) => (a.length > MAX_VERSION_LENGTH || b.length > MAX_VERSION_LENGTH ? undefined : compare(a, b));
}
