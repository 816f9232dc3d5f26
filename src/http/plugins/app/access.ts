// Who is asking and what they may do: the bearer token of a request (its principal), the access
// each route needs (`config.access`), and the audit record of writes and refused requests.
// One onRequest hook, after the request guards (405, 413, shutdown and backend answers come
// first): authenticate, count the request against the rate limit, then authorise. Unknown paths
// stay 404 and open routes (/healthz, /readyz, /openapi.json, the docs page, the web UI's
// files) skip all three.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { scopeAllows } from '../../../model/tokens.js';
import type { AuditEvent, TokenScope } from '../../../store/types.js';
import { ProblemError, sendProblem } from '../../errors.js';
import { StoreError } from '../../../store/types.js';
import { AuditBudget } from './audit-budget.js';
import { createRateLimiter, requestCost } from './rate-limit.js';
import { TokenVerifier } from './token-verifier.js';

/** What a route needs: nothing ("open"), or a token with at least this scope (read < ingest < admin). */
export type RouteAccess = 'open' | TokenScope;

/** The token a request was authenticated with. */
export interface Principal {
  token: string;
  scope: TokenScope;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Default "read": reads follow --read-access, writes always need a token. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** null for a request without a token (allowed only where reads are open). */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Records a write or a refused request in the store's audit log (never throws). */
    audit(request: FastifyRequest, event: Pick<AuditEvent, 'action' | 'digest' | 'result'>): Promise<void>;
    /**
     * Counts the request as `cost` requests in all against the rate limit (a batch question, once
     * its inputs are known); throws 429 when that does not fit. Nothing when no limit applies.
     */
    chargeRateLimit(request: FastifyRequest, reply: FastifyReply, cost: number): void;
  }
}

const REALM = 'Bearer realm="supplygraph"';
/** RFC 6750: the scheme is case-insensitive, the token is base64url-ish text. */
const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

type AuditedPart = Pick<AuditEvent, 'action' | 'digest' | 'result'>;

/** Why the token a request carried was refused. */
interface AuthFailure {
  detail: string;
  /** The token's name when it exists but may not be used (expired). */
  name?: string;
}

/** What the route of this request needs; undefined for unknown paths (they stay 404). */
function accessOf(request: FastifyRequest): RouteAccess | undefined {
  if (request.is404) return undefined;
  return request.routeOptions.config.access ?? 'read';
}

/** A pending body is not read for a refused request: the connection closes instead. */
function closeIfBodyPending(request: FastifyRequest, reply: FastifyReply): void {
  const length = request.headers['content-length'];
  if ((length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined) {
    void reply.header('connection', 'close');
  }
}

/** Writes the audit record of a request (never throws: a store failure is logged). */
function auditWriter(app: FastifyInstance) {
  return async (request: FastifyRequest, token: string | null, event: AuditedPart): Promise<void> => {
    try {
      await app.ports.access.appendAudit({ at: new Date().toISOString(), token, client: request.ip, ...event });
    } catch (err) {
      request.log.error({ err }, 'cannot write the audit record');
    }
  };
}

/** Checks the token a request sent; a store failure is 502, anything else a bug (500). */
async function verifyToken(app: FastifyInstance, verifier: TokenVerifier, request: FastifyRequest, token: string) {
  try {
    return await verifier.verify(token);
  } catch (err) {
    if (!(err instanceof StoreError)) throw err;
    request.log.error({ err }, 'cannot look up the token');
    app.metrics.storeError();
    throw new ProblemError('SG_BACKEND_UNAVAILABLE', 'the token cannot be checked: the data backend is unavailable');
  }
}

/** Sets `request.principal` for a valid token; answers why a token that was sent is refused. */
async function authenticate(
  app: FastifyInstance,
  verifier: TokenVerifier,
  request: FastifyRequest,
): Promise<AuthFailure | undefined> {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) return { detail: 'the Authorization header does not carry a Bearer token' };
  const verified = await verifyToken(app, verifier, request, token);
  if (!verified.ok) return { detail: verified.reason, name: verified.name };
  request.principal = { token: verified.name, scope: verified.scope };
  return undefined;
}

/** The parts the access hook works with, built once per app. */
interface AccessParts {
  verifier: TokenVerifier;
  limiter: ReturnType<typeof createRateLimiter>;
  /** Audits a refused request (within the budget); the answer follows. */
  refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    result: 'unauthorized' | 'forbidden',
    token: string | null,
  ): Promise<void>;
}

function accessParts(app: FastifyInstance, writeAudit: ReturnType<typeof auditWriter>): AccessParts {
  const verifier = new TokenVerifier(app.ports.access, (err) =>
    app.log.warn({ err }, 'cannot record the last use of a token'),
  );
  const budget = new AuditBudget((count) =>
    app.log.warn({ count }, 'authentication failures left out of the audit log (over the per-minute budget)'),
  );
  return {
    verifier,
    limiter: createRateLimiter(app.accessOptions),
    refuse: async (request, reply, result, token) => {
      closeIfBodyPending(request, reply);
      if (budget.take(request.ip)) await writeAudit(request, token, { action: 'auth.failure', digest: null, result });
    },
  };
}

/** Whether the request is counted: a limit is set and the route is neither open nor exempt. */
function isCounted(parts: AccessParts, request: FastifyRequest): boolean {
  const needed = accessOf(request);
  return (
    parts.limiter !== undefined &&
    needed !== undefined &&
    needed !== 'open' &&
    request.routeOptions.config.rateLimit !== false
  );
}

/** Authenticates and charges the rate limit; a problem raised on the way is answered here. */
async function admit(app: FastifyInstance, parts: AccessParts, request: FastifyRequest, reply: FastifyReply) {
  try {
    const failure = await authenticate(app, parts.verifier, request);
    // A route may opt out (the metrics scrape). A request counts by its cost (rate-limit.ts).
    if (isCounted(parts, request)) parts.limiter?.charge(request, reply, requestCost(request));
    return { failure };
  } catch (err) {
    // Answered here rather than by the error handler, which routes registered before this
    // plugin (the docs page) do not have.
    if (err instanceof ProblemError) return { answered: sendProblem(reply, err.code, err.message) };
    throw err;
  }
}

/** The answer to a request the token check let through, or refused (401/403). */
async function authorise(
  app: FastifyInstance,
  parts: AccessParts,
  request: FastifyRequest,
  reply: FastifyReply,
  needed: TokenScope,
) {
  // Routes of plugins registered before this one (the docs page) lack the decorator: undefined there.
  const principal = request.principal ?? null;
  if (principal === null) {
    if (needed === 'read' && app.accessOptions.readAccess === 'open') return undefined;
    await parts.refuse(request, reply, 'unauthorized', null);
    void reply.header('www-authenticate', REALM);
    return sendProblem(
      reply,
      'SG_UNAUTHORIZED',
      `this request needs an API token with the "${needed}" scope: send "Authorization: Bearer <token>"`,
    );
  }
  if (scopeAllows(principal.scope, needed)) return undefined;
  await parts.refuse(request, reply, 'forbidden', principal.token);
  void reply.header('www-authenticate', `${REALM}, error="insufficient_scope", scope="${needed}"`);
  return sendProblem(
    reply,
    'SG_FORBIDDEN',
    `the token "${principal.token}" has the "${principal.scope}" scope; this request needs "${needed}"`,
  );
}

export default fp(
  (app, _options, done) => {
    app.decorateRequest('principal', null);
    const writeAudit = auditWriter(app);
    app.decorate('audit', (request: FastifyRequest, event: AuditedPart) =>
      writeAudit(request, request.principal?.token ?? null, event),
    );
    const parts = accessParts(app, writeAudit);
    app.decorate('chargeRateLimit', (request: FastifyRequest, reply: FastifyReply, cost: number) => {
      if (isCounted(parts, request)) parts.limiter?.charge(request, reply, cost);
    });

    app.addHook('onRequest', async (request, reply) => {
      const needed = accessOf(request);
      if (needed === undefined || needed === 'open') return undefined;
      const admitted = await admit(app, parts, request, reply);
      if ('answered' in admitted) return admitted.answered;
      if (admitted.failure) {
        await parts.refuse(request, reply, 'unauthorized', admitted.failure.name ?? null);
        void reply.header('www-authenticate', `${REALM}, error="invalid_token"`);
        return sendProblem(
          reply,
          'SG_UNAUTHORIZED',
          `${admitted.failure.detail}; send "Authorization: Bearer <token>"`,
        );
      }
      return authorise(app, parts, request, reply, needed);
    });
    done();
  },
  { name: 'access', dependencies: ['api-context', 'metrics'] },
);
