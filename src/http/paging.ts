// Paging helpers shared by the list routes: the page request from the query, the paging headers
// of bare-array answers, and the PaginationInfo object of the others.
import type { FastifyRequest } from 'fastify';
import type { Page, PageRequest } from '../query/pagination.js';
import type { PaginationInfo, PaginationQuery } from './schemas/pagination.js';

export function pageRequestOf(query: PaginationQuery): PageRequest {
  return {
    pageSize: query.PageSize ?? query['paginationSpec[PageSize]'],
    cursor: query.Cursor ?? query['paginationSpec[Cursor]'],
  };
}

/** For bare-array responses: the total and the next page travel in headers (docs/api.md, "Pagination"). */
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

export function paginationInfo(page: Page<unknown>): PaginationInfo {
  return page.nextCursor
    ? { TotalCount: page.totalCount, NextCursor: page.nextCursor }
    : { TotalCount: page.totalCount };
}

export function parseBoolean(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}
