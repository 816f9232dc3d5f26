// Response helpers shared by the routes: conditional GETs, page requests, bare-array headers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page, PageRequest } from '../query/pagination.js';

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
export function setPageHeaders(request: FastifyRequest, reply: FastifyReply, page: Page<unknown>): void {
  void reply.header('x-total-count', String(page.totalCount));
  if (page.nextCursor) {
    const url = new URL(request.url, 'http://localhost');
    url.searchParams.delete('paginationSpec[Cursor]');
    url.searchParams.set('Cursor', page.nextCursor);
    void reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
}

export function paginationInfo(page: Page<unknown>): { TotalCount: number; NextCursor?: string } {
  return page.nextCursor ? { TotalCount: page.totalCount, NextCursor: page.nextCursor } : { TotalCount: page.totalCount };
}

export function parseBoolean(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}
