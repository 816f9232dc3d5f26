// /analysis/dependencies?sort=frequency|scorecard
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { paginate, scopeOf } from '../../query/pagination.js';
import { frequencyEntries, frequencyKey, scorecardEntries, scorecardKey } from '../../query/rankings.js';
import { pageHeaders, pageRequestOf } from '../paging.js';
import { RankingQuerySchema } from '../schemas/pagination.js';
import { RankingSchema, type Ranking } from '../schemas/ranking.js';
import { dataRouteErrors, notModifiedResponse, okResponse, problemResponses } from '../schemas/responses.js';

const analysisRoutes: FastifyPluginAsyncTypebox = (app) => {
  app.get(
    '/analysis/dependencies',
    {
      schema: {
        operationId: 'analyzeDependencies',
        summary: 'Ranking of dependency package names, by dependents (frequency) or lowest OpenSSF Scorecard score',
        description:
          '`frequency`: names by the number of package versions that transitively depend on them, highest first. ' +
          '`scorecard`: names whose source repository has an OpenSSF Scorecard, lowest score first; names without ' +
          'one are left out. The `ETag` names the store version the ranking was computed at.',
        tags: ['analysis'],
        querystring: RankingQuerySchema,
        response: {
          ...okResponse('Package names with their dependent counts, one page', RankingSchema, 'headers'),
          ...notModifiedResponse,
          ...dataRouteErrors,
          ...problemResponses(504),
        },
      },
    },
    async (request, reply) => {
      const { sort } = request.query;
      // The ranking may lag the index by one recompute: its ETag names the version it was computed at.
      const ranking = await app.withinBudget(app.indexService.frequencyRanking(), 'the dependency ranking');
      const etag = app.versionTag(ranking.generation).replace(/"$/, `-${sort}"`);
      reply.sendCached(ranking.generation, etag, () => {
        const pageRequest = pageRequestOf(request.query);
        const scope = () => scopeOf('analysis', sort);
        const page =
          sort === 'frequency'
            ? paginate(frequencyEntries(ranking), frequencyKey, pageRequest, app.pageLimits, scope, ranking.generation)
            : paginate(
                scorecardEntries(app.indexService.index, ranking),
                scorecardKey,
                pageRequest,
                app.pageLimits,
                scope,
                ranking.generation,
              );
        const body: Ranking = page.items;
        return { body, schema: RankingSchema, headers: pageHeaders(request, page) };
      });
      // An async handler that resolves before its answer is written makes Fastify end the answer
      // itself: a large answer, compressed as a stream, would be cut short. Wait until it is out.
      await reply;
    },
  );
  return Promise.resolve();
};

export default analysisRoutes;
