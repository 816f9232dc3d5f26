// Schemas shared by validation, serialization and the OpenAPI document.

export const problemSchema = {
  $id: 'Problem',
  type: 'object',
  description: "RFC 9457 problem details, with GUAC's `Message` field.",
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    Message: { type: 'string' },
    code: { type: 'string' },
    requestId: { type: 'string' },
  },
  required: ['title', 'status', 'detail', 'Message'],
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

export const errorResponses = {
  400: { description: 'Bad input', $ref: 'Problem#' },
  404: { description: 'Unknown package, artifact or path', $ref: 'Problem#' },
  500: { description: 'Unexpected error', $ref: 'Problem#' },
  502: { description: 'The data backend cannot be reached or failed', $ref: 'Problem#' },
  503: { description: 'Not ready', $ref: 'Problem#' },
} as const;

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
