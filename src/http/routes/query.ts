// POST /v0/query/vulns, POST /v0/query/dependencies: the single dependency and vulnerability
// questions for many inputs in one request (docs/api.md, "Batch questions"). Every entry is the single endpoint's whole
// answer (all pages) or its problem, one per distinct input; all entries are computed from one
// index version, in one synchronous pass. Answers are not cached and carry no ETag (POST). The
// body counts against the server's body budget while it arrives (request-guards.ts), the answer
// is bounded by --list-cap items, and the request counts by its inputs against the rate limit.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AnswerTooLargeError,
  batchDependencies,
  batchPackageVulnerabilities,
  type InputOutcome,
} from '../../query/batch.js';
import type { BatchOptions } from '../plugins/app/api-context.js';
import { batchCost } from '../plugins/app/rate-limit.js';
import { STREAMED_BODY_BYTES } from '../body-budget.js';
import { inputProblemOf, problem, ProblemError } from '../errors.js';
import { acceptJsonOnly } from '../json-body.js';
import { BATCH_PATHS } from '../paths.js';
import {
  DependenciesBatchAnswerSchema,
  DependenciesBatchRequestSchema,
  VulnsBatchAnswerSchema,
  VulnsBatchRequestSchema,
  type DependenciesBatchAnswer,
  type DependenciesBatchRequest,
  type VulnsBatchAnswer,
  type VulnsBatchRequest,
} from '../schemas/batch.js';
import { dataRouteErrors, JSON_MEDIA_TYPE, jsonResponse, problemResponses } from '../schemas/responses.js';
import { InvalidInputError } from '../../query/errors.js';

/** Bytes of body a request may send per input it may name, plus a fixed allowance for the rest. */
const BODY_BYTES_PER_INPUT = 1024;
const BODY_BYTES_BASE = 64 * 1024;

/** The largest body a batch question may have: generous for any purl, bounded by the input limit. */
export function batchBodyLimit(maxInputs: number): number {
  return maxInputs * BODY_BYTES_PER_INPUT + BODY_BYTES_BASE;
}

/** Why these batch options cannot work together, or undefined: every body must fit in the budget. */
export function batchOptionsProblem(options: BatchOptions): string | undefined {
  const largest = Math.max(batchBodyLimit(options.maxInputs), STREAMED_BODY_BYTES);
  if (options.bodyBudgetBytes >= largest) return undefined;
  return `--body-budget (${options.bodyBudgetBytes}) must be at least the largest body it counts, ${largest} bytes with --max-batch-inputs ${options.maxInputs}`;
}

/** One entry of the answer: the single answer under `field`, or the single answer's problem fields. */
function entryOf<F extends string, T>(outcome: InputOutcome<T>, field: F) {
  if (outcome.error === undefined) return { input: outcome.input, status: 200, [field]: outcome.answer };
  const mapped = inputProblemOf(outcome.error)!;
  // The problem document's fields but its request id: the answer's X-Request-Id names the request.
  const { type, title, status, detail, Message, code } = problem(mapped.code, mapped.detail);
  return { input: outcome.input, status, type, title, detail, Message, code };
}

/** 413 past the limit, naming it, before any input is looked at. */
function checkInputCount(app: FastifyInstance, count: number): void {
  const { maxInputs } = app.batchOptions;
  if (count > maxInputs)
    throw new ProblemError(
      'SG_TOO_MANY_INPUTS',
      `this request names ${count} inputs; at most ${maxInputs} are taken per request (--max-batch-inputs): split it`,
    );
}

/** The outcomes `compute` gives, or 413 when their items pass --list-cap. */
function boundedAnswer<T>(app: FastifyInstance, compute: (maxItems: number) => T): T {
  try {
    return compute(app.pageLimits.listCap);
  } catch (err) {
    if (!(err instanceof AnswerTooLargeError)) throw err;
    throw new ProblemError(
      'SG_ANSWER_TOO_LARGE',
      `the answers of the first ${err.inputsAnswered} distinct inputs already hold more than ${err.maxItems} items (--list-cap): split the request`,
    );
  }
}

/** The vulnerabilities of each distinct purl, charged by inputs against the rate limit. */
function answerVulnsBatch(
  app: FastifyInstance,
  body: VulnsBatchRequest,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { purls, includeDependencies = false } = body;
  checkInputCount(app, purls.length);
  app.chargeRateLimit(request, reply, batchCost(new Set(purls).size, includeDependencies));
  const outcomes = boundedAnswer(app, (maxItems) =>
    batchPackageVulnerabilities(app.indexService.index, purls, includeDependencies, maxItems),
  );
  const answer: VulnsBatchAnswer = { results: outcomes.map((o) => entryOf(o, 'vulnerabilities')) };
  return reply.type(JSON_MEDIA_TYPE).send(answer);
}

/** The dependencies of each distinct purl, then of each distinct digest, charged by inputs against the rate limit. */
function answerDependenciesBatch(
  app: FastifyInstance,
  body: DependenciesBatchRequest,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { purls, digests } = body;
  if (purls === undefined && digests === undefined)
    throw new InvalidInputError('purls', 'the body names no inputs: give "purls", "digests" or both');
  checkInputCount(app, (purls?.length ?? 0) + (digests?.length ?? 0));
  // Every dependency answer is a walk over a closure.
  const distinct = new Set(purls).size + new Set(digests).size;
  app.chargeRateLimit(request, reply, batchCost(distinct, true));
  const outcomes = boundedAnswer(app, (maxItems) =>
    batchDependencies(app.indexService.index, purls ?? [], digests ?? [], maxItems),
  );
  const answer: DependenciesBatchAnswer = { results: outcomes.map((o) => entryOf(o, 'dependencies')) };
  return reply.type(JSON_MEDIA_TYPE).send(answer);
}

/**
 * The options of both routes: their body limit, and bodies buffered whole (JSON), which count
 * against the body budget (request-guards.ts).
 */
function batchRouteOptions(app: FastifyInstance) {
  return { bodyLimit: batchBodyLimit(app.batchOptions.maxInputs), config: { buffersBody: true } };
}

const batchErrors = { ...dataRouteErrors, ...problemResponses(415) };

const VULNS_SCHEMA = {
  operationId: 'queryPackageVulns',
  summary: 'Vulnerabilities of many purls at once: `/v0/package/{purl}/vulns` for each, in input order',
  description:
    'One entry per distinct purl, in input order (a repeated purl is answered once, at its first position), ' +
    'each with the status the single request would have had: 200 with its whole answer (every page) in ' +
    '`vulnerabilities`, or 400/404 with the fields of its problem document. One bad or unknown purl never ' +
    'fails the request. At most `--max-batch-inputs` purls (default 1,000); answers holding more than ' +
    '`--list-cap` items in all are 413 `SG_ANSWER_TOO_LARGE`.',
  tags: ['packages'],
  body: VulnsBatchRequestSchema,
  response: {
    200: jsonResponse('One entry per distinct purl, in input order', VulnsBatchAnswerSchema),
    ...batchErrors,
  },
};

const vulnsBatchRoute: FastifyPluginAsyncTypebox = (app) => {
  app.post(BATCH_PATHS.vulns, { ...batchRouteOptions(app), schema: VULNS_SCHEMA }, (request, reply) =>
    answerVulnsBatch(app, request.body, request, reply),
  );
  return Promise.resolve();
};

const DEPENDENCIES_SCHEMA = {
  operationId: 'queryDependencies',
  summary:
    'Dependencies of many purls and digests at once: `/v0/package/{purl}/dependencies` for each purl, then ' +
    '`/v0/artifact/{digest}/dependencies` for each digest',
  description:
    'One entry per distinct input, the purls first then the digests, each in input order (a repeated input is ' +
    'answered once, at its first position), with the status the single request would have had: 200 with its ' +
    'whole answer (every page) in `dependencies`, or 400/404 with the fields of its problem document. At most ' +
    '`--max-batch-inputs` inputs in all (default 1,000); answers holding more than `--list-cap` items in all ' +
    'are 413 `SG_ANSWER_TOO_LARGE`.',
  tags: ['packages'],
  body: DependenciesBatchRequestSchema,
  response: {
    200: jsonResponse('One entry per distinct input: the purls, then the digests', DependenciesBatchAnswerSchema),
    ...batchErrors,
  },
};

const dependenciesBatchRoute: FastifyPluginAsyncTypebox = (app) => {
  app.post(BATCH_PATHS.dependencies, { ...batchRouteOptions(app), schema: DEPENDENCIES_SCHEMA }, (request, reply) =>
    answerDependenciesBatch(app, request.body, request, reply),
  );
  return Promise.resolve();
};

const queryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const optionsProblem = batchOptionsProblem(app.batchOptions);
  if (optionsProblem !== undefined) throw new Error(optionsProblem);
  // Set before the routes are registered: their plugins inherit the parsers, the validator and the hook.
  acceptJsonOnly(app);
  await app.register(vulnsBatchRoute);
  await app.register(dependenciesBatchRoute);
};

export default queryRoutes;
