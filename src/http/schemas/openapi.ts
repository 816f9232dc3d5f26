// The OpenAPI document around the route schemas: info, servers, tags, and the headers and
// error responses every route shares, which the routes reference instead of repeating them.
import type { SwaggerOptions } from '@fastify/swagger';
import { Type } from 'typebox';
import { withRouteSecurity } from './openapi-security.js';
import { StringEnum } from './typebox.js';

type HeaderName =
  'ETag' | 'X-Total-Count' | 'Link' | 'X-Request-Id' | 'Allow' | 'Retry-After' | 'Location' | 'WWW-Authenticate';

const SHARED_HEADERS: Record<HeaderName, { description: string; required?: boolean; schema: object }> = {
  ETag: {
    description:
      'Version of the answer: the store and the number of documents the index has loaded (rankings add the sort). ' +
      'Send it back in `If-None-Match` to get `304` until the data changes.',
    required: true,
    schema: Type.String({ pattern: '^"[^"]+"$' }),
  },
  'X-Total-Count': {
    description: 'Number of items in the whole list (bare-array answers carry it here instead of `PaginationInfo`).',
    required: true,
    schema: Type.Integer({ minimum: 0 }),
  },
  Link: {
    description: 'RFC 8288 link to the next page, `<…>; rel="next"`; present only when more items remain.',
    schema: Type.String({ pattern: '^<[^>]+>; rel="next"$' }),
  },
  'X-Request-Id': {
    description:
      'Identifies the request in the server log: the `X-Request-Id` the client sent when it is a plain token ' +
      '(1–128 of `A-Za-z0-9._-`), else a generated UUID.',
    required: true,
    schema: Type.String({ minLength: 1, maxLength: 128 }),
  },
  Allow: {
    description: 'The methods the path answers.',
    required: true,
    schema: StringEnum(['GET, HEAD', 'GET, HEAD, POST', 'GET, HEAD, DELETE', 'POST']),
  },
  Location: {
    description:
      'Path of the document just stored, `/v0/documents/{digest}`; absent for a zip archive, whose results ' +
      'give each entry its digest.',
    schema: Type.String({ pattern: '^/v0/documents/sha256:[0-9a-f]{64}$' }),
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again (when the server sheds load, or past the rate limit).',
    schema: Type.Integer({ minimum: 0 }),
  },
  'WWW-Authenticate': {
    description:
      'RFC 6750 challenge: `Bearer realm="supplygraph"`, with `error="invalid_token"` when the token sent was ' +
      'refused, or `error="insufficient_scope"` and the `scope` needed.',
    required: true,
    schema: Type.String({ pattern: '^Bearer ' }),
  },
};

interface SharedResponse {
  /** Component name under `#/components/responses/`. */
  name: string;
  description: string;
  headers: HeaderName[];
  /**
   * The request id header is absent: answers written for requests Node's HTTP parser refused
   * never became a request with an id.
   */
  withoutRequestId?: true;
  /** False for a status with no body. */
  problem: boolean;
}

/** One shared response per status: the statuses a route can answer besides its 200. */
export const SHARED_RESPONSES = {
  304: {
    name: 'NotModified',
    description: '`If-None-Match` names the current `ETag`: the client already has this answer. No body.',
    headers: ['ETag', 'X-Request-Id'],
    problem: false,
  },
  400: {
    name: 'BadRequest',
    description:
      'Bad input: an unparseable purl or digest, an ambiguous digest, a bad parameter, page size or cursor, or a ' +
      'URL that is not correctly percent-encoded.',
    headers: ['X-Request-Id'],
    problem: true,
  },
  401: {
    name: 'Unauthorized',
    description:
      'No API token where one is needed (writes, the audit log, and reads under `--read-access token`), or the ' +
      'token sent is malformed, unknown, revoked or expired (refused even where reads are open).',
    headers: ['WWW-Authenticate', 'X-Request-Id'],
    problem: true,
  },
  403: {
    name: 'Forbidden',
    description: 'The token is valid but its scope is too low for this operation (read < ingest < admin).',
    headers: ['WWW-Authenticate', 'X-Request-Id'],
    problem: true,
  },
  404: {
    name: 'NotFound',
    description: 'No package matches the purl, nor artifact or document the digest, nor project the name.',
    headers: ['X-Request-Id'],
    problem: true,
  },
  405: {
    name: 'MethodNotAllowed',
    description: 'A method this path does not answer; `Allow` names those it does (docs/api.md, "Documents").',
    headers: ['Allow', 'X-Request-Id'],
    problem: true,
  },
  409: {
    name: 'Conflict',
    description: 'The document is stored but is no SBOM, so it is no build of a project (`SG_NOT_A_BUILD`).',
    headers: ['X-Request-Id'],
    problem: true,
  },
  408: {
    name: 'RequestTimeout',
    description: 'The client did not send the whole request in time; the connection closes.',
    headers: [],
    withoutRequestId: true,
    problem: true,
  },
  413: {
    name: 'PayloadTooLarge',
    description:
      'The request announces a body where none is taken, or an upload is larger than `--max-document-size` ' +
      '(after gzip decoding); the connection closes. A batch question naming more inputs than ' +
      '`--max-batch-inputs` (`SG_TOO_MANY_INPUTS`), or whose body is larger than that allows.',
    headers: ['X-Request-Id'],
    problem: true,
  },
  414: {
    name: 'UriTooLong',
    description: 'The request URL is longer than the server accepts; the connection closes.',
    headers: [],
    withoutRequestId: true,
    problem: true,
  },
  415: {
    name: 'UnsupportedMediaType',
    description:
      'An upload whose Content-Type or Content-Encoding is not a document (a form, an image, brotli), or whose ' +
      'content no format recognises; a batch question whose body is not `application/json` or is encoded.',
    headers: ['X-Request-Id'],
    problem: true,
  },
  431: {
    name: 'RequestHeaderFieldsTooLarge',
    description: 'The request headers are larger than the server accepts; the connection closes.',
    headers: [],
    withoutRequestId: true,
    problem: true,
  },
  429: {
    name: 'TooManyRequests',
    description:
      'More requests this minute than the rate limit allows: per API token, or per client address without one.',
    headers: ['Retry-After', 'X-Request-Id'],
    problem: true,
  },
  500: {
    name: 'InternalServerError',
    description: 'An unexpected error; the server log has the details under the request id.',
    headers: ['X-Request-Id'],
    problem: true,
  },
  502: {
    name: 'BadGateway',
    description:
      'The data backend cannot be reached or failed, so the answer cannot be vouched for; `Retry-After` says when to try again.',
    headers: ['Retry-After', 'X-Request-Id'],
    problem: true,
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'Not ready (the graph is not loaded or the store does not answer), shutting down, or overloaded; ' +
      '`Retry-After` says when to try again.',
    headers: ['Retry-After', 'X-Request-Id'],
    problem: true,
  },
  504: {
    name: 'GatewayTimeout',
    description: 'The answer waits on a background computation (the ranking) that ran past the query budget.',
    headers: ['X-Request-Id'],
    problem: true,
  },
  507: {
    name: 'InsufficientStorage',
    description: 'The disk is full (the temporary file of an upload, or the store): nothing was stored.',
    headers: ['X-Request-Id'],
    problem: true,
  },
} as const satisfies Record<number, SharedResponse>;

export type SharedStatus = keyof typeof SHARED_RESPONSES;

const headerRef = (name: string): { $ref: string } => ({ $ref: `#/components/headers/${name}` });

/** The request id where it may be missing (`withoutRequestId`). */
const OPTIONAL_REQUEST_ID = { ...SHARED_HEADERS['X-Request-Id'], required: false };

function responseComponent(shared: SharedResponse): object {
  const headers: Record<string, object> = Object.fromEntries(shared.headers.map((h) => [h, headerRef(h)]));
  if (shared.withoutRequestId) headers['X-Request-Id'] = OPTIONAL_REQUEST_ID;
  return {
    description: shared.description,
    headers,
    ...(shared.problem
      ? { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } }
      : {}),
  };
}

interface Operation {
  responses: Record<string, { headers?: Record<string, unknown> } & Record<string, unknown>>;
}

/**
 * Route schemas give each status inline (Fastify serializes with them); in the document, shared
 * statuses become references to their component, and shared headers references to theirs.
 */
function referenceSharedParts<T extends object>(generated: T): T {
  const document = generated as { components?: object; paths?: Record<string, Record<string, Operation>> };
  const shared = SHARED_RESPONSES as Record<string, SharedResponse>;
  document.components = {
    ...document.components,
    headers: SHARED_HEADERS,
    responses: Object.fromEntries(Object.values(shared).map((r) => [r.name, responseComponent(r)])),
  };
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (shared[status]) {
          operation.responses[status] = { $ref: `#/components/responses/${shared[status].name}` };
          continue;
        }
        const names = [...Object.keys(response.headers ?? {}), 'X-Request-Id'];
        for (const name of names) {
          if (!(name in SHARED_HEADERS)) throw new Error(`response header ${name} has no shared component`);
        }
        response.headers = Object.fromEntries(names.map((name) => [name, headerRef(name)]));
      }
    }
  }
  return generated;
}

export const swaggerOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: 'supplygraph',
      version: '0.1.0',
      description:
        'REST API over a graph of software supply-chain metadata (SBOMs, provenance, vulnerability ' +
        'scans and advisories, VEX, OpenSSF Scorecards): documents go in (`POST /v0/documents`, a token with the ' +
        'ingest scope) and come out (`DELETE`, admin); the questions are what a package or artifact depends on, which known ' +
        "vulnerabilities reach it, and which dependencies matter most. It follows the endpoints of GUAC's REST " +
        'API; docs/api.md lists where answers differ.\n\n' +
        'Every `GET` operation also answers `HEAD`; the batch questions (`/v0/query/...`) and uploads are `POST`, ' +
        'deletes `DELETE`; any other method is `405`. Path parameters are URL-encoded. ' +
        'Lists page with `PageSize` and `Cursor`. Errors are RFC 9457 problem documents ' +
        '(`application/problem+json`) with a stable `code`.\n\n' +
        'Access: each operation lists its security. Reads list both no requirement and `bearerAuth`: they need ' +
        'no token when the server runs with `--read-access open` (the default when it listens on loopback only) ' +
        'and a token with scope `read` under `--read-access token` (the default otherwise); a token that is sent ' +
        'must be valid either way. Uploads, deletes and the audit log always need a token, with the scope in ' +
        '`x-required-scope` (`ingest` < `admin`). `/healthz` and `/readyz` need none.',
      license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
    },
    servers: [
      {
        url: 'http://{host}:{port}',
        description: 'A `supplygraph serve` process (defaults: `--host 127.0.0.1 --port 8080`).',
        variables: { host: { default: '127.0.0.1' }, port: { default: '8080' } },
      },
    ],
    // No document-wide requirement: each operation states its own (withRouteSecurity).
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API token from `supplygraph token create`, sent as `Authorization: Bearer <token>`.',
        },
      },
    },
    tags: [
      {
        name: 'packages',
        description: 'Packages named by a Package URL (purl): matches, dependencies, vulnerabilities.',
      },
      { name: 'artifacts', description: 'Artifacts named by a digest: dependencies and vulnerabilities.' },
      {
        name: 'vulnerabilities',
        description:
          'A vulnerability named by any of its ids: its merged record, the package versions that have it, and what reaches them.',
      },
      { name: 'analysis', description: 'Rankings over the whole graph.' },
      { name: 'search', description: 'Names, artifacts and vulnerabilities found by part of a purl, digest or id.' },
      {
        name: 'documents',
        description: 'Documents in the store: upload (any format ingest reads, or a zip of them), list, show, delete.',
      },
      { name: 'projects', description: 'Projects and their builds, labels and findings.' },
      { name: 'policies', description: 'Policies (CEL) and the verdicts builds get by them.' },
      { name: 'feeds', description: 'Vulnerability data the server keeps current: OSV archives, KEV, EPSS.' },
      { name: 'operations', description: 'Liveness, readiness and metrics of the service.' },
      { name: 'access', description: 'API tokens and the audit log of writes and refused requests.' },
    ],
  },
  // Shared schemas keep their $id as their component name (`Problem`, `PaginationInfo`).
  refResolver: {
    buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
  },
  transform: withRouteSecurity,
  transformObject: (input) =>
    'openapiObject' in input ? referenceSharedParts(input.openapiObject) : input.swaggerObject,
};
