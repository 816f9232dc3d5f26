// /v0/verdicts (docs/api.md, "Policies and verdicts"): should this build ship? POST with an SBOM
// body (judged from its own facts; stored first, as an upload, with ?store=true) or with
// ?build= naming a stored build; the answer is pass, warn or fail with the violations, and is
// recorded. GET lists a build's recorded verdicts.
import { readFile } from 'node:fs/promises';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseDocumentBytes } from '../../ingest/pipeline.js';
import { documentDigest } from '../../query/documents.js';
import { judgeDocument, judgeStoredBuild, type JudgedVerdict } from '../../query/policies.js';
import { ProblemError } from '../errors.js';
import { VERDICTS_PATH } from '../paths.js';
import { VerdictListSchema, VerdictQuerySchema, VerdictSchema, type VerdictQuery } from '../schemas/policies.js';
import { jsonResponse, problemResponses, requestErrors } from '../schemas/responses.js';
import { receiveAndIngest, receiveBody } from '../upload/receive-upload.js';

/** Judges what the request names: a stored build, the SBOM sent (stored first when asked), or refuses. */
async function verdictOf(app: FastifyInstance, request: FastifyRequest, q: VerdictQuery): Promise<JudgedVerdict> {
  const index = (): FastifyInstance['indexService']['index'] => app.indexService.index;
  if (q.build !== undefined) return judgeStoredBuild(index(), storeView(app), q.build);
  if (q.store === 'true') {
    const outcome = await receiveAndIngest(app, request, 'verdict', q.project ? { project: q.project } : undefined);
    if (outcome.kind !== 'document') throw new ProblemError('SG_DOCUMENT_REJECTED', rejection(outcome));
    await app.indexService.refresh();
    return judgeStoredBuild(index(), storeView(app), outcome.result.digest);
  }
  const facts = await receiveBody(app, request, async (body) => {
    const { collector, signatures } = app.uploadOptions;
    const parsed = parseDocumentBytes('verdict', await readFile(body.path), {
      collector,
      ...(signatures ? { signatures } : {}),
    });
    if ('failure' in parsed)
      throw new ProblemError('SG_DOCUMENT_REJECTED', parsed.failure.error ?? 'the document was refused');
    return parsed.facts;
  });
  // Advisories asleep (no stored package has their names) are read again for this SBOM's packages.
  await app.indexService.wakeAdvisoriesFor(facts.packages);
  return judgeDocument(index(), storeView(app), facts, q.project);
}

function rejection(outcome: { kind: string; message?: string }): string {
  return outcome.kind === 'rejected'
    ? (outcome.message ?? 'the document was refused')
    : 'send one SBOM, not an archive';
}

function storeView(app: FastifyInstance) {
  const { projects, policies } = app.ports;
  return {
    getBuild: (digest: string) => projects.getBuild(digest),
    getProject: (name: string) => projects.getProject(name),
    listPolicies: () => policies.listPolicies(),
  };
}

const postRoute: FastifyPluginAsyncTypebox = (app) => {
  // The body is a document, read as a stream like an upload's (document-upload.ts).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    done(null, payload);
  });
  app.post(
    VERDICTS_PATH,
    {
      config: { access: 'ingest' },
      decompress: false,
      schema: {
        operationId: 'judgeBuild',
        summary: 'Judge a build by the policies of its project: pass, warn or fail, with the violations',
        tags: ['policies'],
        querystring: VerdictQuerySchema,
        response: {
          200: jsonResponse('The verdict (recorded)', VerdictSchema),
          ...requestErrors,
          ...problemResponses(400, 401, 403, 404, 415, 429, 502),
        },
      },
    },
    async (request) => {
      const verdict = await verdictOf(app, request, request.query);
      const at = new Date().toISOString();
      const by = request.principal?.token ?? null;
      await app.ports.policies.recordVerdict({ ...verdict, at, by });
      await app.audit(request, { action: 'build.verdict', digest: verdict.digest, result: verdict.verdict });
      return verdict;
    },
  );
  return Promise.resolve();
};

const listRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get(
    VERDICTS_PATH,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'listVerdicts',
        summary: "A build's recorded verdicts, newest first",
        tags: ['policies'],
        querystring: Type.Object({ build: Type.String({ description: 'The SBOM document digest.' }) }),
        response: {
          200: jsonResponse('Its verdicts', VerdictListSchema),
          ...requestErrors,
          ...problemResponses(400, 401, 429, 502),
        },
      },
    },
    async (request) => {
      const verdicts = await app.ports.policies.listVerdicts(
        documentDigest(request.query.build),
        app.pageLimits.listCap,
      );
      return {
        verdicts: verdicts.map(({ at, by, verdict, project, violations }) => ({
          at,
          by,
          verdict,
          project,
          violations,
        })),
      };
    },
  );
  return Promise.resolve();
};

const verdictRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(postRoute);
  await app.register(listRoute);
};

export default verdictRoutes;
