// Every error code the service answers with (docs/errors.md). The HTTP layer gives each its
// status and title (http/error-catalogue.ts); the query layer raises the codes of bad input and
// of what the graph does not hold with these same names, so no layer passes a code as a string.

export const ERROR_CODES = [
  'SG_INVALID_PURL',
  'SG_INVALID_DIGEST',
  'SG_AMBIGUOUS_DIGEST',
  'SG_PURL_NOT_EXACT',
  'SG_INVALID_PARAMETER',
  'SG_INVALID_PAGE_SIZE',
  'SG_INVALID_CURSOR',
  'SG_MALFORMED_REQUEST',
  'SG_DOCUMENT_REJECTED',
  'SG_UNAUTHORIZED',
  'SG_FORBIDDEN',
  'SG_PACKAGE_NOT_FOUND',
  'SG_ARTIFACT_NOT_FOUND',
  'SG_DOCUMENT_NOT_FOUND',
  'SG_VULNERABILITY_NOT_FOUND',
  'SG_PATH_NOT_FOUND',
  'SG_PROJECT_NOT_FOUND',
  'SG_POLICY_NOT_FOUND',
  'SG_FEED_NOT_FOUND',
  'SG_ROUTE_NOT_FOUND',
  'SG_METHOD_NOT_ALLOWED',
  'SG_NOT_A_BUILD',
  'SG_FEED_BUSY',
  'SG_REQUEST_TIMEOUT',
  'SG_PAYLOAD_TOO_LARGE',
  'SG_TOO_MANY_INPUTS',
  'SG_ANSWER_TOO_LARGE',
  'SG_URI_TOO_LONG',
  'SG_UNSUPPORTED_MEDIA_TYPE',
  'SG_MISDIRECTED_REQUEST',
  'SG_HEADERS_TOO_LARGE',
  'SG_RATE_LIMITED',
  'SG_INTERNAL',
  'SG_BACKEND_UNAVAILABLE',
  'SG_NOT_READY',
  'SG_OVERLOADED',
  'SG_UI_NOT_BUILT',
  'SG_TIMEOUT',
  'SG_INSUFFICIENT_STORAGE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The codes of a request's input that cannot be answered as given (400). */
export type InvalidInputCode = Extract<
  ErrorCode,
  | 'SG_INVALID_PURL'
  | 'SG_INVALID_DIGEST'
  | 'SG_AMBIGUOUS_DIGEST'
  | 'SG_PURL_NOT_EXACT'
  | 'SG_INVALID_PARAMETER'
  | 'SG_INVALID_PAGE_SIZE'
  | 'SG_INVALID_CURSOR'
>;

/** The codes of what the graph does not hold (404). */
export type NotFoundCode = Extract<
  ErrorCode,
  | 'SG_PACKAGE_NOT_FOUND'
  | 'SG_ARTIFACT_NOT_FOUND'
  | 'SG_DOCUMENT_NOT_FOUND'
  | 'SG_VULNERABILITY_NOT_FOUND'
  | 'SG_PATH_NOT_FOUND'
  | 'SG_PROJECT_NOT_FOUND'
>;
