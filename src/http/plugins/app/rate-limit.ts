// Request units per minute, per API token when a valid one is sent and per client address otherwise
// (the socket's, or the one a trusted reverse proxy forwards: --trust-proxy). A request counts by
// its cost (docs/api.md, "Rate limiting"): 1 for most, more for whole-closure answers, uploads and
// batch questions. Fixed one-minute windows kept in the process: on PostgreSQL every replica
// counts on its own, so N replicas behind a balancer allow up to N times the limit. The access
// plugin charges a request between authentication and authorisation, so a flood of refused
// requests is cut here before it writes a single audit record; a batch question is charged the
// rest of its cost once its body is read.
//
// Written here rather than with @fastify/rate-limit: that plugin counts every request as one.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from '../../errors.js';
import { parseBoolean } from '../../paging.js';
import { DOCUMENTS_PATH } from '../../paths.js';
import type { AccessOptions } from './api-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route is never counted (the metrics scrape). */
    rateLimit?: false;
  }
}

const WINDOW_MS = 60_000;
/** Counters kept at most (least recently used first out): more client addresses than this share fate. */
const MAX_COUNTERS = 50_000;

/** What requests cost, in requests (docs/api.md, "Rate limiting"). */
export const REQUEST_COSTS = {
  /** An answer walked over a whole transitive closure (dependencies, dependents, blast radius, paths). */
  closure: 5,
  /** An upload: parsed, matched and written to the store. */
  upload: 10,
  /** A batch question counts one request per this many inputs (a closure input weighs `closure` inputs). */
  batchInputsPerRequest: 20,
} as const;

/** Routes whose answer is always a walk over a whole closure. */
const CLOSURE_ROUTES = new Set(['/v0/path', '/v0/diff', '/v0/vuln/:id/dependents', '/v0/vuln/:id/artifacts']);

/** Whether the request asks for a whole-closure answer (known from its path and query alone). */
function isClosureAnswer(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  if (CLOSURE_ROUTES.has(route)) return true;
  if (!route.startsWith('/v0/package/') && !route.startsWith('/v0/artifact/')) return false;
  const query = request.query as Record<string, string | undefined> | undefined;
  const flag = (name: string): boolean => parseBoolean(query?.[name]);
  // By the path's end rather than the route: /v0/package/* serves unencoded purls' resources too.
  const path = request.url.split('?', 1)[0].replace(/\/$/, '');
  if (path.endsWith('/dependencies') || path.endsWith('/dependents')) return !flag('direct');
  if (path.endsWith('/vulns')) return flag('includeDependencies');
  return false;
}

/** What a request costs before its body is read (a batch question's inputs are charged later). */
export function requestCost(request: FastifyRequest): number {
  if (request.method === 'POST' && request.routeOptions.url === DOCUMENTS_PATH) return REQUEST_COSTS.upload;
  return isClosureAnswer(request) ? REQUEST_COSTS.closure : 1;
}

/** A batch question's whole cost: one request per `batchInputsPerRequest` inputs, at least one. */
export function batchCost(inputs: number, closures: boolean): number {
  const weight = closures ? REQUEST_COSTS.closure : 1;
  return Math.max(1, Math.ceil((inputs * weight) / REQUEST_COSTS.batchInputsPerRequest));
}

interface Window {
  used: number;
  startedAt: number;
}

interface Take {
  ok: boolean;
  /** Units left in the window after this take (0 when refused). */
  remaining: number;
  /** ms until the window ends. */
  resetInMs: number;
}

/** Fixed windows of units per key, least recently used evicted past `maxCounters`. */
export class UnitWindows {
  readonly #windows = new Map<string, Window>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxCounters = MAX_COUNTERS,
  ) {}

  /** Takes `units` of `max` in the key's window; a take that does not fit takes nothing. */
  take(key: string, max: number, units: number): Take {
    const now = this.now();
    let window = this.#windows.get(key);
    this.#windows.delete(key); // re-inserted last: the Map's order is the recency order
    if (window === undefined || now - window.startedAt >= WINDOW_MS) window = { used: 0, startedAt: now };
    this.#windows.set(key, window);
    if (this.#windows.size > this.maxCounters) this.#windows.delete(this.#windows.keys().next().value as string);
    const resetInMs = window.startedAt + WINDOW_MS - now;
    if (window.used + units > max) return { ok: false, remaining: Math.max(0, max - window.used), resetInMs };
    window.used += units;
    return { ok: true, remaining: max - window.used, resetInMs };
  }
}

export interface RateLimiter {
  /**
   * Counts the request as `cost` requests in all (what it was charged before included); sets the
   * X-RateLimit headers, and throws 429 (with Retry-After) when that does not fit in the window.
   */
  charge(request: FastifyRequest, reply: FastifyReply, cost: number): void;
}

const TOKEN_KEY = 'token:';

/** The limiter for these options, or undefined when neither limit is set. */
export function createRateLimiter(options: AccessOptions, now: () => number = Date.now): RateLimiter | undefined {
  const perToken = options.rateLimitPerMinute;
  const anonymous = options.anonymousRateLimitPerMinute;
  if (perToken === 0 && anonymous === 0) return undefined;
  const windows = new UnitWindows(now);
  const charged = new WeakMap<FastifyRequest, number>();
  return {
    charge(request, reply, cost) {
      const token = request.principal?.token;
      const max = token === undefined ? anonymous : perToken;
      if (max === 0) return;
      const before = charged.get(request) ?? 0;
      // A request never needs more than a whole window: on a small limit an expensive request
      // still gets through, once per window.
      const units = Math.min(cost, max) - before;
      if (units <= 0) return;
      const key = token === undefined ? `address:${request.ip}` : TOKEN_KEY + token;
      const taken = windows.take(key, max, units);
      const resetSeconds = Math.ceil(taken.resetInMs / 1000);
      void reply.header('x-ratelimit-limit', String(max));
      void reply.header('x-ratelimit-remaining', String(taken.remaining));
      void reply.header('x-ratelimit-reset', String(resetSeconds));
      if (!taken.ok) {
        void reply.header('retry-after', String(resetSeconds));
        const who = token === undefined ? 'from this address without a token' : `for the token "${token}"`;
        const counted = cost > 1 ? ` (this request counts as ${Math.min(cost, max)})` : '';
        throw new ProblemError(
          'SG_RATE_LIMITED',
          `more than ${max} requests per minute ${who}${counted}; retry in ${resetSeconds} s`,
        );
      }
      charged.set(request, before + units);
    },
  };
}
