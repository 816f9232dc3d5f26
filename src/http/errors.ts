// Error answers: every error the API returns has a code of the catalogue (error-catalogue.ts).
// Bodies are RFC 9457 problem details plus GUAC's `Message` field; never a stack, SQL or path.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidInputError, NotFoundError } from '../query/errors.js';
import { isStorageFull } from './storage-full.js';
import { StoreError } from '../store/types.js';
import { ERROR_CATALOGUE, type ErrorCode } from './error-catalogue.js';
import type { Problem } from './schemas/problem.js';

/** An error raised by the HTTP layer itself, answered with its catalogue code. */
export class ProblemError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function problem(code: ErrorCode, detail: string, requestId?: string): Problem {
  const entry = ERROR_CATALOGUE[code];
  return {
    type: `urn:supplygraph:error:${code}`,
    title: entry.title,
    status: entry.status,
    detail,
    Message: detail,
    code,
    requestId,
  };
}

/** Answers a client may retry as they are: the backend away, the service not ready, busy or rate-limited. */
const RETRYABLE: ReadonlySet<ErrorCode> = new Set([
  'SG_BACKEND_UNAVAILABLE',
  'SG_NOT_READY',
  'SG_OVERLOADED',
  'SG_RATE_LIMITED',
]);

/** Seconds a client is told to wait after a 502 or 503 that did not say otherwise (docs/errors.md). */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

export function sendProblem(reply: FastifyReply, code: ErrorCode, detail: string): FastifyReply {
  const body = problem(code, detail, String(reply.request.id));
  reply.removeHeader('etag');
  // Every temporary refusal says when to come back; 429 and load shedding set their own.
  if (RETRYABLE.has(code) && !reply.hasHeader('retry-after'))
    void reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
  return reply.code(body.status).type('application/problem+json; charset=utf-8').send(body);
}

interface ValidationIssue {
  keyword?: string;
  schemaPath?: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The name of the field an issue is about: its path, else the missing property (Ajv's or TypeBox's form). */
function fieldOf(issue: ValidationIssue): string | undefined {
  const path = (issue.instancePath || '').replace(/^\//, '');
  if (path) return path;
  const missing = issue.params?.missingProperty ?? (issue.params?.requiredProperties as unknown[] | undefined)?.[0];
  return typeof missing === 'string' ? missing : undefined;
}

function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const first = issues[0];
  const field = fieldOf(first);
  // A field the request's schema does not have (additionalProperties: false) fails as "schema is false".
  const unknownField = first.keyword === 'boolean' && first.schemaPath?.endsWith('/additionalProperties');
  const reason = unknownField
    ? 'is not a field of this request'
    : first.keyword === 'required' && field
      ? 'is required'
      : Array.isArray(first.params?.allowedValues)
        ? `must be one of ${(first.params.allowedValues as string[]).join(', ')}`
        : (first.message ?? 'is invalid');
  if (context === 'body') return field ? `invalid body field "${field}": ${reason}` : `invalid body: ${reason}`;
  const what = context === 'querystring' ? 'query parameter' : (context ?? 'parameter');
  return `invalid ${what} "${field ?? context ?? 'request'}": ${reason}`;
}

/** Errors Fastify raises before a route runs (routing, body reading). */
function frameworkProblem(code: string | undefined): { code: ErrorCode; detail: string } | undefined {
  switch (code) {
    case 'FST_ERR_BAD_URL':
      return { code: 'SG_INVALID_PARAMETER', detail: 'the URL is not correctly percent-encoded' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { code: 'SG_URI_TOO_LONG', detail: 'a path segment of the URL is longer than the server accepts' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'SG_PAYLOAD_TOO_LARGE', detail: 'the request body is larger than the server accepts' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        code: 'SG_UNSUPPORTED_MEDIA_TYPE',
        detail: 'the request body must be JSON (Content-Type: application/json)',
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'SG_MALFORMED_REQUEST', detail: 'the request body is empty; a JSON object is expected' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 'SG_MALFORMED_REQUEST', detail: 'the request body is not valid JSON' };
    default:
      return undefined;
  }
}

/**
 * The code and detail of an error about the request's own input (bad input, unknown package or
 * artifact, a refusal of the HTTP layer); undefined for anything else. One mapping for whole
 * requests (handleError) and for the entries of a batch answer, so both say the same.
 */
export function inputProblemOf(error: unknown): { code: ErrorCode; detail: string } | undefined {
  if (error instanceof InvalidInputError) return { code: error.code, detail: error.message };
  if (error instanceof NotFoundError || error instanceof ProblemError)
    return { code: error.code, detail: error.message };
  return undefined;
}

/** Maps anything thrown by a route to a problem response. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const input = inputProblemOf(error);
  if (input) return sendProblem(reply, input.code, input.detail);
  if (isStorageFull(error)) {
    request.log.error({ err: error }, 'the disk is full');
    return sendProblem(
      reply,
      'SG_INSUFFICIENT_STORAGE',
      'the server is out of disk space; nothing of this request was stored. Send it again once space has been freed',
    );
  }
  if (error instanceof StoreError) {
    request.log.error({ err: error }, 'store call failed');
    return sendProblem(reply, 'SG_BACKEND_UNAVAILABLE', 'the data backend failed or is unavailable; try again later');
  }
  const e = error as {
    validation?: ValidationIssue[];
    validationContext?: string;
    statusCode?: number;
    code?: string;
    message?: string;
  };
  if (e.validation?.length)
    return sendProblem(reply, 'SG_INVALID_PARAMETER', describeValidation(e.validation, e.validationContext));
  const framework = frameworkProblem(e.code);
  if (framework) return sendProblem(reply, framework.code, framework.detail);
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return sendProblem(reply, 'SG_MALFORMED_REQUEST', 'the request is malformed');
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendProblem(
    reply,
    'SG_INTERNAL',
    'an unexpected error occurred; the request id identifies it in the server log',
  );
}
