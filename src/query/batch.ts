// Batch questions (SPEC §8): the answers of the single dependency and vulnerability questions for
// many inputs at once, input by input. Each input is answered by the very functions the single
// routes call, so an entry equals the single answer by construction; a bad or unknown input is
// that input's error, never the whole request's.
import type { GraphView } from '../index/graph-view.js';
import { artifactDependencies, packageDependencies } from './dependencies.js';
import { InvalidInputError, NotFoundError } from './errors.js';
import { resolvePackages } from './resolve.js';
import { packageVulnerabilities, type PackageVulnerability } from './vulnerabilities.js';

/** What one input got: the single question's whole answer, or the error the single question raised. */
export type InputOutcome<T> =
  { input: string; answer: T; error?: undefined } | { input: string; answer?: undefined; error: InputError };

export type InputError = InvalidInputError | NotFoundError;

/**
 * Each input's outcome, in input order. An input given twice is answered once (both entries share
 * the answer). Only input errors are caught: anything else is a fault of the whole request.
 */
export function answerEach<T>(inputs: readonly string[], answer: (input: string) => T): InputOutcome<T>[] {
  const known = new Map<string, InputOutcome<T>>();
  return inputs.map((input) => {
    let outcome = known.get(input);
    if (!outcome) {
      try {
        outcome = { input, answer: answer(input) };
      } catch (err) {
        if (!(err instanceof InvalidInputError || err instanceof NotFoundError)) throw err;
        outcome = { input, error: err };
      }
      known.set(input, outcome);
    }
    return outcome;
  });
}

/** `/v0/package/{purl}/vulns?includeDependencies=` for each purl. */
export function batchPackageVulnerabilities(
  index: GraphView,
  purls: readonly string[],
  includeDependencies: boolean,
): InputOutcome<PackageVulnerability[]>[] {
  return answerEach(purls, (purl) => packageVulnerabilities(index, resolvePackages(index, purl), includeDependencies));
}

/** `/v0/package/{purl}/dependencies` for each purl, then `/v0/artifact/{digest}/dependencies` for each digest. */
export function batchDependencies(
  index: GraphView,
  purls: readonly string[],
  digests: readonly string[],
): InputOutcome<string[]>[] {
  return [
    ...answerEach(purls, (purl) => packageDependencies(index, resolvePackages(index, purl))),
    ...answerEach(digests, (digest) => artifactDependencies(index, digest)),
  ];
}
