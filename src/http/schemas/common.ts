// Schemas shared by validation, serialization and the OpenAPI document.
import { ERROR_CATALOGUE } from '../errors.js';
import { SHARED_RESPONSES, type SharedStatus } from './openapi.js';

export const problemSchema = {
  $id: 'Problem',
  type: 'object',
  description:
    "RFC 9457 problem details, with GUAC's `Message` field (the same text as `detail`). The codes are listed in docs/errors.md.",
  properties: {
    type: {
      type: 'string',
      pattern: '^urn:supplygraph:error:SG_[A-Z_]+$',
      description: '`urn:supplygraph:error:` followed by the code.',
    },
    title: { type: 'string', description: 'Short summary of the code; the same for every occurrence.' },
    status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status of the response.' },
    detail: { type: 'string', description: 'What was wrong with this request, naming the parameter.' },
    Message: { type: 'string', description: "`detail` again, under GUAC's field name." },
    code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE), description: 'Stable error code.' },
    requestId: {
      type: 'string',
      description: 'The request id, also in `X-Request-Id`; it identifies the request in the server log.',
    },
  },
  required: ['type', 'title', 'status', 'detail', 'Message', 'code'],
} as const;

export const paginationInfoSchema = {
  $id: 'PaginationInfo',
  type: 'object',
  properties: {
    NextCursor: { type: 'string', description: 'Present when more items remain; pass it back as `Cursor`.' },
    TotalCount: { type: 'integer' },
  },
  required: ['TotalCount'],
} as const;

export const paginationQueryProperties = {
  PageSize: {
    type: 'integer',
    minimum: 1,
    description: 'Items per page (1..the configured maximum). Without it a list comes whole up to the configured cap.',
  },
  Cursor: { type: 'string', description: 'Opaque cursor from a previous `NextCursor`.' },
  'paginationSpec[PageSize]': { type: 'integer', minimum: 1, description: 'GUAC spelling of `PageSize`.' },
  'paginationSpec[Cursor]': { type: 'string', description: 'GUAC spelling of `Cursor`.' },
} as const;

export const includeDependenciesProperty = {
  type: 'string',
  enum: ['true', 'false', '1', '0'],
  default: 'false',
  description: 'Also report the vulnerabilities of every dependency the walk returns.',
} as const;

/**
 * Route responses for error statuses: problem+json bodies (Fastify serializes them with the
 * Problem schema). The OpenAPI document replaces each with a reference to the shared response
 * of its status (openapi.ts), which holds the description and headers.
 */
export function problemResponses(...statuses: SharedStatus[]): Record<string, unknown> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: SHARED_RESPONSES[status].description,
        content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
      },
    ]),
  );
}

/** `If-None-Match` matched the current ETag: no body. */
export const notModifiedResponse = { 304: { description: SHARED_RESPONSES[304].description, type: 'null' } } as const;

/** Errors any path can answer before a route runs: method, request limits, shutdown, overload. */
export const requestErrors = problemResponses(405, 408, 413, 414, 431, 500, 503);

/** Errors every data route (`/v0/...`, `/analysis/...`) can answer besides its own 404 (and 504). */
export const dataRouteErrors = { ...requestErrors, ...problemResponses(400, 502) };

/** A 200 answer from the graph: JSON, with the version ETag and, for bare arrays, the paging headers. */
export function okResponse(description: string, schema: object, paging: 'body' | 'headers'): Record<string, unknown> {
  const headers: Record<string, object> = { ETag: { type: 'string' } };
  if (paging === 'headers') Object.assign(headers, { 'X-Total-Count': { type: 'integer' }, Link: { type: 'string' } });
  return { 200: { description, headers, content: { 'application/json': { schema } } } };
}

export const purlListResponse = {
  type: 'object',
  properties: {
    PaginationInfo: { $ref: 'PaginationInfo#' },
    PurlList: { type: 'array', items: { type: 'string' } },
  },
  required: ['PaginationInfo', 'PurlList'],
} as const;

export const dependencyListResponse = {
  type: 'object',
  properties: {
    PaginationInfo: { $ref: 'PaginationInfo#' },
    dependencies: { type: 'array', items: { type: 'string' } },
  },
  required: ['PaginationInfo', 'dependencies'],
} as const;

export const packageVulnerabilityListResponse = {
  type: 'array',
  description: 'Bare array; the total is in `X-Total-Count` and the next page in a `Link: <…>; rel="next"` header.',
  items: {
    type: 'object',
    properties: {
      package: { type: 'string' },
      vulnerability: {
        type: 'object',
        properties: { type: { type: 'string' }, vulnerabilityIDs: { type: 'array', items: { type: 'string' } } },
        required: ['type', 'vulnerabilityIDs'],
      },
      metadata: {
        type: 'object',
        properties: {
          scannerUri: { type: 'string' },
          scannerVersion: { type: 'string' },
          dbUri: { type: 'string' },
          dbVersion: { type: 'string' },
          timeScanned: { type: 'string', format: 'date-time' },
          origin: { type: 'string' },
          collector: { type: 'string' },
        },
        required: ['scannerUri', 'scannerVersion', 'dbUri', 'dbVersion', 'timeScanned', 'origin', 'collector'],
      },
    },
    required: ['package', 'vulnerability', 'metadata'],
  },
} as const;

export const artifactVulnerabilityListResponse = {
  type: 'object',
  properties: {
    PaginationInfo: { $ref: 'PaginationInfo#' },
    vulnerabilities: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          type: { type: 'string' },
          vulnerabilityIDs: { type: 'array', items: { type: 'string' } },
          description: { type: 'string' },
          severity: { type: 'string', enum: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN'] },
          cvssScore: { type: 'number' },
          severitySource: {
            type: 'object',
            description: 'The rating that gave `severity` (absent when none is known); see docs/api.md "Severity"',
            properties: {
              kind: { type: 'string', enum: ['cvss', 'label'] },
              vulnerabilityID: { type: 'string' },
              scoreType: { type: 'string' },
              score: { type: 'number' },
              origin: { type: 'string' },
              collector: { type: 'string' },
            },
            required: ['kind', 'vulnerabilityID', 'origin', 'collector'],
          },
          package: { type: 'string' },
        },
        required: ['id', 'description', 'severity', 'package'],
      },
    },
  },
  required: ['PaginationInfo', 'vulnerabilities'],
} as const;

export const rankingResponse = {
  type: 'array',
  description: 'Bare array; the total is in `X-Total-Count` and the next page in a `Link: <…>; rel="next"` header.',
  items: {
    type: 'object',
    properties: {
      Name: { type: 'string' },
      DependentCount: { type: 'integer' },
      Score: { type: 'number', description: 'scorecard sort only: the aggregate score sorted on (-1: inconclusive)' },
      Source: { type: 'string', description: 'scorecard sort only: the source repository scored' },
      ScorecardDate: { type: 'string', description: 'scorecard sort only' },
    },
    required: ['Name', 'DependentCount'],
  },
} as const;
