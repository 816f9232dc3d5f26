// The error catalogue: every error code (model/error-codes.ts) has a status and a title
// (listed for users in docs/errors.md; a test keeps the two in step).
import type { ErrorCode } from '../model/error-codes.js';

export type { ErrorCode } from '../model/error-codes.js';

export const ERROR_CATALOGUE = {
  SG_INVALID_PURL: { status: 400, title: 'Invalid package URL' },
  SG_INVALID_DIGEST: { status: 400, title: 'Invalid digest' },
  SG_AMBIGUOUS_DIGEST: { status: 400, title: 'Ambiguous digest' },
  SG_PURL_NOT_EXACT: { status: 400, title: 'Package URL names several versions' },
  SG_INVALID_PARAMETER: { status: 400, title: 'Invalid parameter' },
  SG_INVALID_PAGE_SIZE: { status: 400, title: 'Invalid page size' },
  SG_INVALID_CURSOR: { status: 400, title: 'Invalid cursor' },
  SG_MALFORMED_REQUEST: { status: 400, title: 'Malformed request' },
  SG_DOCUMENT_REJECTED: { status: 400, title: 'Document rejected' },
  SG_UNAUTHORIZED: { status: 401, title: 'Unauthorized' },
  SG_FORBIDDEN: { status: 403, title: 'Forbidden' },
  SG_PACKAGE_NOT_FOUND: { status: 404, title: 'Package not found' },
  SG_ARTIFACT_NOT_FOUND: { status: 404, title: 'Artifact not found' },
  SG_DOCUMENT_NOT_FOUND: { status: 404, title: 'Document not found' },
  SG_VULNERABILITY_NOT_FOUND: { status: 404, title: 'Vulnerability not found' },
  SG_PATH_NOT_FOUND: { status: 404, title: 'No path' },
  SG_PROJECT_NOT_FOUND: { status: 404, title: 'Project not found' },
  SG_ROUTE_NOT_FOUND: { status: 404, title: 'Not found' },
  SG_METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  SG_NOT_A_BUILD: { status: 409, title: 'Not a build' },
  SG_REQUEST_TIMEOUT: { status: 408, title: 'Request timeout' },
  SG_PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large' },
  SG_TOO_MANY_INPUTS: { status: 413, title: 'Too many inputs' },
  SG_ANSWER_TOO_LARGE: { status: 413, title: 'Answer too large' },
  SG_URI_TOO_LONG: { status: 414, title: 'URI too long' },
  SG_UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported media type' },
  SG_MISDIRECTED_REQUEST: { status: 421, title: 'Host not served' },
  SG_HEADERS_TOO_LARGE: { status: 431, title: 'Request header fields too large' },
  SG_RATE_LIMITED: { status: 429, title: 'Too many requests' },
  SG_INTERNAL: { status: 500, title: 'Internal server error' },
  SG_BACKEND_UNAVAILABLE: { status: 502, title: 'Data backend unavailable' },
  SG_NOT_READY: { status: 503, title: 'Service not ready' },
  SG_OVERLOADED: { status: 503, title: 'Service overloaded' },
  SG_UI_NOT_BUILT: { status: 503, title: 'Web UI not built' },
  SG_TIMEOUT: { status: 504, title: 'Query timed out' },
  SG_INSUFFICIENT_STORAGE: { status: 507, title: 'Insufficient storage' },
} as const satisfies Record<ErrorCode, { status: number; title: string }>;
