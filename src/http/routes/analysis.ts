// /analysis/dependencies?sort=frequency|scorecard
import type { FastifyInstance } from 'fastify';
import { paginate, scopeOf } from '../../query/pagination.js';
import { frequencyEntries, frequencyKey, scorecardEntries, scorecardKey } from '../../query/rankings.js';
import { versionTag, type ApiContext } from '../context.js';
import { answerCached, pageHeaders, pageRequestOf, withinBudget, type PaginationQuery } from '../respond.js';
import {
  dataRouteErrors,
  notModifiedResponse,
  okResponse,
  paginationQueryProperties,
  problemResponses,
  rankingResponse,
} from '../schemas/common.js';

type Query = PaginationQuery & { sort: 'frequency' | 'scorecard' };

export function analysisRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get<{ Querystring: Query }>(
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
        querystring: {
          type: 'object',
          properties: {
            ...paginationQueryProperties,
            sort: { type: 'string', enum: ['frequency', 'scorecard'], description: 'The ranking to return.' },
          },
          required: ['sort'],
        },
        response: {
          ...okResponse('Package names with their dependent counts, one page', rankingResponse, 'headers'),
          ...notModifiedResponse,
          ...dataRouteErrors,
          ...problemResponses(504),
        },
      },
    },
    async (request, reply) => {
      // The ranking may lag the index by one recompute: its ETag names the version it was computed at.
      const ranking = await withinBudget(ctx, ctx.service.frequencyRanking(), 'the dependency ranking');
      const etag = versionTag(ctx, ranking.generation).replace(/"$/, `-${request.query.sort}"`);
      return answerCached(ctx, request, reply, ranking.generation, etag, () => {
        const scope = () => scopeOf('analysis', request.query.sort);
        const page =
          request.query.sort === 'frequency'
            ? paginate(
                frequencyEntries(ranking),
                frequencyKey,
                pageRequestOf(request.query),
                ctx.limits,
                scope,
                ranking.generation,
              )
            : paginate(
                scorecardEntries(ctx.service.index, ranking),
                scorecardKey,
                pageRequestOf(request.query),
                ctx.limits,
                scope,
                ranking.generation,
              );
        return { body: page.items, headers: pageHeaders(request, page) };
      });
    },
  );
}
