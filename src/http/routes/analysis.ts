// /analysis/dependencies?sort=frequency|scorecard, /analysis/licenses?artifact=|purl=
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FrequencyRanking } from '../../index/frequency.js';
import type { GraphView } from '../../index/graph-view.js';
import { artifactDependencies, packageDependencies } from '../../query/dependencies.js';
import { InvalidInputError } from '../../query/errors.js';
import { licenseCountKey, licenseCounts } from '../../query/licenses.js';
import { paginate, scopeOf } from '../../query/pagination.js';
import { resolvePackages } from '../../query/resolve.js';
import { frequencyEntries, frequencyKey, scorecardEntries, scorecardKey } from '../../query/rankings.js';
import { pageHeaders, pageRequestOf } from '../paging.js';
import type { ComputedAnswer } from '../plugins/app/response-cache.js';
import {
  LicenseAnalysisQuerySchema,
  LicenseCountsSchema,
  type LicenseAnalysisQuery,
  type LicenseCounts,
} from '../schemas/licenses.js';
import { RankingQuerySchema, type RankingQuery } from '../schemas/pagination.js';
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

/** One page of the ranking, by dependents or by lowest scorecard score, at the version it was computed at. */
function rankingPage(
  app: FastifyInstance,
  request: FastifyRequest,
  query: RankingQuery,
  ranking: FrequencyRanking,
): ComputedAnswer {
  const { sort } = query;
  const pageRequest = pageRequestOf(query);
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
}

/**
 * The ranking may lag the index by one recompute: it is awaited within the query budget, and its
 * ETag names the version it was computed at.
 */
async function answerRanking(
  app: FastifyInstance,
  request: FastifyRequest,
  query: RankingQuery,
  reply: FastifyReply,
): Promise<void> {
  const ranking = await app.withinBudget(app.indexService.frequencyRanking(), 'the dependency ranking');
  const etag = app.versionTag(ranking.generation).replace(/"$/, `-${query.sort}"`);
  reply.sendCached(ranking.generation, etag, () => rankingPage(app, request, query, ranking));
  // An async handler that resolves before its answer is written makes Fastify end the answer
  // itself: a large answer, compressed as a stream, would be cut short. Wait until it is out.
  await reply;
}

/** One page of the licence counts over the walk the query names, at the index's current version. */
function licensesPage(app: FastifyInstance, request: FastifyRequest, query: LicenseAnalysisQuery): ComputedAnswer {
  const service = app.indexService;
  const { purls, scope } = licenseWalk(service.index, query);
  const counts = licenseCounts(service.index, purls);
  const page = paginate(counts, licenseCountKey, pageRequestOf(query), app.pageLimits, scope, service.version);
  const body: LicenseCounts = page.items;
  return { body, schema: LicenseCountsSchema, headers: pageHeaders(request, page) };
}

const RANKING_SCHEMA = {
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
};

const rankingRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/analysis/dependencies', { schema: RANKING_SCHEMA }, (request, reply) =>
    answerRanking(app, request, request.query, reply),
  );
  return Promise.resolve();
};

const LICENSES_SCHEMA = {
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
};

const licensesRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/analysis/licenses', { schema: LICENSES_SCHEMA }, (request, reply) =>
    reply.sendCached(app.indexService.version, app.versionTag(), () => licensesPage(app, request, request.query)),
  );
  return Promise.resolve();
};

const analysisRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(rankingRoute);
  await app.register(licensesRoute);
};

export default analysisRoutes;
