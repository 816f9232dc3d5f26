// Response helpers shared by the routes: conditional GETs, page requests, bare-array headers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page, PageRequest } from '../query/pagination.js';
import type { ApiContext } from './context.js';
import { ProblemError } from './errors.js';
import { ResponseCache } from './response-cache.js';

const RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;
const caches = new WeakMap<ApiContext, ResponseCache>();

export interface Computed {
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Answers a GET from the per-version response cache, or computes, serializes and caches it.
 * The ETag check comes first, so a client that has this version gets 304 without any work.
 */
export function answerCached(
  ctx: ApiContext,
  request: FastifyRequest,
  reply: FastifyReply,
  version: number,
  etag: string,
  compute: () => Computed,
): FastifyReply {
  if (notModified(request, reply, etag)) return reply;
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new ResponseCache(RESPONSE_CACHE_BYTES)));
  let hit = cache.get(version, request.url);
  if (!hit) {
    const { body, headers = {} } = compute();
    hit = { body: Buffer.from(JSON.stringify(body)), headers };
    cache.set(version, request.url, hit);
  }
  for (const [name, value] of Object.entries(hit.headers)) void reply.header(name, value);
  return reply.type('application/json; charset=utf-8').send(hit.body);
}

export type PaginationQuery = {
  PageSize?: number;
  Cursor?: string;
  'paginationSpec[PageSize]'?: number;
  'paginationSpec[Cursor]'?: string;
};

export function pageRequestOf(query: PaginationQuery): PageRequest {
  return {
    pageSize: query.PageSize ?? query['paginationSpec[PageSize]'],
    cursor: query.Cursor ?? query['paginationSpec[Cursor]'],
  };
}

/** Sets the ETag; answers 304 (and returns true) when the client already has this version. */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  void reply.header('etag', etag);
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const tags = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (tags.includes(etag) || tags.includes('*')) {
    void reply.code(304).send();
    return true;
  }
  return false;
}

/** For bare-array responses: the total and the next page travel in headers (SPEC §4). */
export function pageHeaders(request: FastifyRequest, page: Page<unknown>): Record<string, string> {
  const headers: Record<string, string> = { 'x-total-count': String(page.totalCount) };
  if (page.nextCursor) {
    const url = new URL(request.url, 'http://localhost');
    url.searchParams.delete('paginationSpec[Cursor]');
    url.searchParams.set('Cursor', page.nextCursor);
    headers.link = `<${url.pathname}${url.search}>; rel="next"`;
  }
  return headers;
}

export function paginationInfo(page: Page<unknown>): { TotalCount: number; NextCursor?: string } {
  return page.nextCursor
    ? { TotalCount: page.totalCount, NextCursor: page.nextCursor }
    : { TotalCount: page.totalCount };
}

export function parseBoolean(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}

const DEFAULT_QUERY_BUDGET_MS = 30_000;

/**
 * Waits for a background computation at most the query budget, then answers 504. Walks on the
 * in-memory index are synchronous and are not interrupted; this bounds the waits.
 */
export async function withinBudget<T>(ctx: ApiContext, work: Promise<T>, what: string): Promise<T> {
  const budgetMs = ctx.queryBudgetMs ?? DEFAULT_QUERY_BUDGET_MS;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ProblemError(
            'SG_TIMEOUT',
            `${what} was not ready within the ${budgetMs} ms query budget; try again later`,
          ),
        ),
      budgetMs,
    );
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
