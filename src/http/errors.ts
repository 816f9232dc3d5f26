// Error answers: every error the API returns has a code of the catalogue (error-catalogue.ts).
// Bodies are RFC 9457 problem details plus GUAC's `Message` field; never a stack, SQL or path.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidInputError, NotFoundError } from '../query/errors.js';
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

export function sendProblem(reply: FastifyReply, code: ErrorCode, detail: string): FastifyReply {
  const body = problem(code, detail, String(reply.request.id));
  reply.removeHeader('etag');
  return reply.code(body.status).type('application/problem+json; charset=utf-8').send(body);
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const first = issues[0];
  const missing = first.params?.missingProperty;
  const where =
    (first.instancePath || '').replace(/^\//, '') || (typeof missing === 'string' ? missing : (context ?? 'request'));
  const reason = Array.isArray(first.params?.allowedValues)
    ? `must be one of ${(first.params.allowedValues as string[]).join(', ')}`
    : (first.message ?? 'is invalid');
  return `invalid ${context === 'querystring' ? 'query parameter' : (context ?? 'parameter')} "${where}": ${reason}`;
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
    default:
      return undefined;
  }
}

/** Maps anything thrown by a route to a problem response. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof InvalidInputError) return sendProblem(reply, error.code as ErrorCode, error.message);
  if (error instanceof NotFoundError) return sendProblem(reply, error.code, error.message);
  if (error instanceof ProblemError) return sendProblem(reply, error.code, error.message);
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
