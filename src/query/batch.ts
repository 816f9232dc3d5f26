// Batch questions (docs/api.md, "Batch questions"): the answers of the single dependency and vulnerability questions for
// many inputs at once, input by input. Each input is answered by the very functions the single
// routes call, so an entry equals the single answer by construction; a bad or unknown input is
// that input's error, never the whole request's. Repeated inputs are folded and the answer's
// items are bounded, so a small request cannot ask for an unbounded answer.
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
 * The answers of one batch would hold more items than `maxItems` (docs/api.md: the answer is
 * bounded like one page of a list, by --list-cap). Raised as soon as the count passes it, so the
 * inputs after that one are not answered.
 */
export class AnswerTooLargeError extends Error {
  constructor(
    readonly maxItems: number,
    /** Inputs answered when the count passed the bound, the one that passed it included. */
    readonly inputsAnswered: number,
  ) {
    super(`the answers hold more than ${maxItems} items`);
  }
}

/** Items (list entries) of the answers so far, across every list of one batch. */
export class AnswerItems {
  #count = 0;
  #inputs = 0;

  constructor(readonly maxItems: number) {}

  add(items: number): void {
    this.#count += items;
    this.#inputs++;
    if (this.#count > this.maxItems) throw new AnswerTooLargeError(this.maxItems, this.#inputs);
  }
}

/**
 * Each distinct input's outcome, in the order of first appearance: an input given more than once
 * is answered once, at its first position (docs/api.md), so repeating an input cannot multiply
 * the answer. Only input errors are caught: anything else is a fault of the whole request.
 */
export function answerEach<T extends readonly unknown[]>(
  inputs: readonly string[],
  answer: (input: string) => T,
  items: AnswerItems,
): InputOutcome<T>[] {
  const outcomes: InputOutcome<T>[] = [];
  for (const input of new Set(inputs)) {
    let outcome: InputOutcome<T>;
    try {
      outcome = { input, answer: answer(input) };
    } catch (err) {
      if (!(err instanceof InvalidInputError || err instanceof NotFoundError)) throw err;
      outcome = { input, error: err };
    }
    items.add(outcome.answer?.length ?? 0);
    outcomes.push(outcome);
  }
  return outcomes;
}

/** `/v0/package/{purl}/vulns?includeDependencies=` for each purl. */
export function batchPackageVulnerabilities(
  index: GraphView,
  purls: readonly string[],
  includeDependencies: boolean,
  maxItems: number,
): InputOutcome<PackageVulnerability[]>[] {
  return answerEach(
    purls,
    (purl) => packageVulnerabilities(index, resolvePackages(index, purl), includeDependencies),
    new AnswerItems(maxItems),
  );
}

/** `/v0/package/{purl}/dependencies` for each purl, then `/v0/artifact/{digest}/dependencies` for each digest. */
export function batchDependencies(
  index: GraphView,
  purls: readonly string[],
  digests: readonly string[],
  maxItems: number,
): InputOutcome<string[]>[] {
  const items = new AnswerItems(maxItems);
  return [
    ...answerEach(purls, (purl) => packageDependencies(index, resolvePackages(index, purl)), items),
    ...answerEach(digests, (digest) => artifactDependencies(index, digest), items),
  ];
}
