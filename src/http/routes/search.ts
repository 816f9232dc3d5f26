// /v0/search: package names, artifacts and vulnerabilities found by a text (query/search.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { paginate, scopeOf } from '../../query/pagination.js';
import { search, searchKey, searchRequest, searchResult } from '../../query/search.js';
import { pageRequestOf, paginationInfo } from '../paging.js';
import { notModified } from '../plugins/app/response-cache.js';
import { dataRouteErrors, notModifiedResponse, okResponse } from '../schemas/responses.js';
import { SearchListSchema, SearchQuerySchema, type SearchList } from '../schemas/search.js';

const searchRoutes: FastifyPluginAsyncTypebox = (app) => {
  app.get(
    '/v0/search',
    {
      schema: {
        operationId: 'search',
        summary: 'Package names, artifacts and vulnerabilities found by a text',
        description:
          'Package names whose namespace or name contains every word of `q` (any case); artifacts whose digest ' +
          'starts with `q` (at least 8 hex characters, with or without `sha256:`); vulnerabilities with an id or ' +
          'alias starting with `q` (any case), once each under the id `/v0/vuln/{id}` gives, with its `aliases` and ' +
          'the id or alias that `matched`. Ranked: exact matches ' +
          'first, then by `dependentCount`, then by name. Package dependent counts come from the latest complete ' +
          'frequency ranking, which may lag an ingest by a recompute: the `ETag` names both versions.',
        tags: ['search'],
        querystring: SearchQuerySchema,
        response: {
          ...okResponse('Ranked results, one page', SearchListSchema, 'body'),
          ...notModifiedResponse,
          ...dataRouteErrors,
        },
      },
    },
    (request, reply) => {
      const service = app.indexService;
      const { q, type, kind } = request.query;
      const wanted = searchRequest(q, type, kind);
      const version = service.version;
      // Never waits for a ranking: names it does not count yet (or all, before the first) count 0.
      const ranking = service.latestFrequencyRanking;
      const counts = ranking?.countByName;
      const etag = app.versionTag(version).replace(/"$/, `-r${ranking?.generation ?? 'none'}"`);
      const answer = (): SearchList => {
        const index = service.index;
        const hits = search(index, wanted, (name) => counts?.get(name) ?? 0);
        const scope = () => scopeOf('search', wanted.q.toLowerCase(), wanted.type ?? '', wanted.kind ?? '');
        const page = paginate(hits, searchKey, pageRequestOf(request.query), app.pageLimits, scope, version);
        return { PaginationInfo: paginationInfo(page), results: page.items.map((hit) => searchResult(index, hit)) };
      };
      if (ranking?.generation === version) {
        reply.sendCached(version, etag, () => ({ body: answer(), schema: SearchListSchema }));
        return;
      }
      // The ranking lags the index: the answer will change at this store version once it catches
      // up, so it is not kept in the response cache (which holds one answer per URL and version).
      // (The reply is untyped here: the type provider does not read the 200 entry okResponse builds.)
      const untyped = reply as FastifyReply;
      if (!notModified(request, untyped, etag)) void untyped.type('application/json; charset=utf-8').send(answer());
    },
  );
  return Promise.resolve();
};

export default searchRoutes;
