// /analysis/dependencies?sort=frequency|scorecard, /analysis/licenses?artifact=|purl=
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { GraphView } from '../../index/graph-view.js';
import { artifactDependencies, packageDependencies } from '../../query/dependencies.js';
import { InvalidInputError } from '../../query/errors.js';
import { licenseCountKey, licenseCounts } from '../../query/licenses.js';
import { paginate, scopeOf } from '../../query/pagination.js';
import { resolvePackages } from '../../query/resolve.js';
import { frequencyEntries, frequencyKey, scorecardEntries, scorecardKey } from '../../query/rankings.js';
import { pageHeaders, pageRequestOf } from '../paging.js';
import {
  LicenseAnalysisQuerySchema,
  LicenseCountsSchema,
  type LicenseAnalysisQuery,
  type LicenseCounts,
} from '../schemas/licenses.js';
import { RankingQuerySchema } from '../schemas/pagination.js';
import { RankingSchema, type Ranking } from '../schemas/ranking.js';
import { dataRouteErrors, notModifiedResponse, okResponse, problemResponses } from '../schemas/responses.js';

/** The walk /analysis/licenses counts over, as the dependency routes answer it, and the scope of its cursors. */
function licenseWalk(index: GraphView, query: LicenseAnalysisQuery): { purls: string[]; scope: () => string } {
  const { artifact, purl } = query;
  if ((artifact === undefined) === (purl === undefined))
    throw new InvalidInputError('artifact', 'give exactly one of the parameters artifact (a digest) and purl');
  if (artifact !== undefined)
    return {
      purls: artifactDependencies(index, artifact),
      scope: () => scopeOf('analysis-licenses', 'artifact', artifact.toLowerCase()),
    };
  const named = resolvePackages(index, purl!);
  return {
    purls: packageDependencies(index, named),
    scope: () => scopeOf('analysis-licenses', 'purl', named.canonical),
  };
}

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

  app.get(
    '/analysis/licenses',
    {
      schema: {
        operationId: 'analyzeLicenses',
        summary: 'How many dependencies of an artifact or package carry each licence expression',
        description:
          'Exactly one of `artifact` and `purl`. Over the dependencies `/v0/artifact/{digest}/dependencies` or ' +
          '`/v0/package/{purl}/dependencies` list: each package counts once for every distinct expression documents ' +
          'state for it, declared or concluded (so the counts may add up to more than the dependencies), and as ' +
          '`unknown` when none is stated. Highest count first, then licence.',
        tags: ['analysis'],
        querystring: LicenseAnalysisQuerySchema,
        response: {
          ...okResponse(
            'Licence expressions with the number of dependencies carrying each, one page',
            LicenseCountsSchema,
            'headers',
          ),
          ...notModifiedResponse,
          ...dataRouteErrors,
          ...problemResponses(404),
        },
      },
    },
    (request, reply) => {
      const service = app.indexService;
      return reply.sendCached(service.version, app.versionTag(), () => {
        const { purls, scope } = licenseWalk(service.index, request.query);
        const counts = licenseCounts(service.index, purls);
        const page = paginate(
          counts,
          licenseCountKey,
          pageRequestOf(request.query),
          app.pageLimits,
          scope,
          service.version,
        );
        const body: LicenseCounts = page.items;
        return { body, schema: LicenseCountsSchema, headers: pageHeaders(request, page) };
      });
    },
  );
  return Promise.resolve();
};

export default analysisRoutes;
