// Requests per minute, per API token when a valid one is sent and per client address otherwise
// (@fastify/rate-limit with its in-process store: on PostgreSQL every replica counts on its own,
// so N replicas behind a balancer allow up to N times the limit). The access plugin calls the
// limiter between authentication and authorisation, so a flood of refused requests is cut here
// before it writes a single audit record.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from '../../errors.js';
import type { AccessOptions } from './api-context.js';

const WINDOW_MS = 60_000;
/** Counters kept at most (least recently used first out): more client addresses than this share fate. */
const MAX_COUNTERS = 50_000;

export type RateLimiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const TOKEN_KEY = 'token:';

/** The counter a request goes to: its token's name once authenticated, else its address. */
function keyOf(request: FastifyRequest): string {
  return request.principal ? TOKEN_KEY + request.principal.token : `address:${request.ip}`;
}

/** The limiter for these options, or undefined when neither limit is set. */
export async function createRateLimiter(
  app: FastifyInstance,
  options: AccessOptions,
): Promise<RateLimiter | undefined> {
  const perToken = options.rateLimitPerMinute;
  const anonymous = options.anonymousRateLimitPerMinute;
  if (perToken === 0 && anonymous === 0) return undefined;
  const limitOf = (key: string): number => (key.startsWith(TOKEN_KEY) ? perToken : anonymous);
  await app.register(rateLimit, {
    global: false, // no route hooks: the access plugin calls the limiter itself, in its place
    timeWindow: WINDOW_MS,
    cache: MAX_COUNTERS,
    keyGenerator: keyOf,
    max: (_request, key) => limitOf(key),
    allowList: (_request, key) => limitOf(key) === 0,
    errorResponseBuilder: (request, context) =>
      new ProblemError(
        'SG_RATE_LIMITED',
        `more than ${context.max} requests per minute ${request.principal ? `for the token "${request.principal.token}"` : 'from this address without a token'}; retry in ${context.after}`,
      ),
  });
  const limiter = app.rateLimit();
  return async (request, reply) => {
    await limiter.call(app, request, reply);
  };
}
