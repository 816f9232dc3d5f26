// /v0/policies (docs/api.md, "Policies and verdicts"): list, write and delete the policies builds
// are judged by. Writing needs the admin scope; a policy that does not compile is 400 with CEL's
// message and position. The body is a small JSON document (json-body.ts).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkedPolicy } from '../../query/policies.js';
import { ProblemError } from '../errors.js';
import { acceptJsonOnly } from '../json-body.js';
import { POLICIES_PATH } from '../paths.js';
import { PolicyBodySchema, PolicyListSchema, PolicySchema, policyBody } from '../schemas/policies.js';
import { jsonResponse, problemResponses, requestErrors } from '../schemas/responses.js';

const NameParams = Type.Object({ name: Type.String({ description: 'The policy name.' }) });
/** A policy body is small: an expression of 8 KiB at most and its settings. */
const POLICY_BODY_LIMIT = 16 * 1024;

const policyRoutes: FastifyPluginAsyncTypebox = (app) => {
  acceptJsonOnly(app);
  app.get(
    POLICIES_PATH,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'listPolicies',
        summary: 'The policies builds are judged by, by name',
        tags: ['policies'],
        response: {
          200: jsonResponse('Every policy', PolicyListSchema),
          ...requestErrors,
          ...problemResponses(401, 429, 502),
        },
      },
    },
    async () => ({ policies: (await app.ports.policies.listPolicies()).map(policyBody) }),
  );
  app.put(
    `${POLICIES_PATH}/:name`,
    {
      bodyLimit: POLICY_BODY_LIMIT,
      config: { access: 'admin', buffersBody: true },
      schema: {
        operationId: 'putPolicy',
        summary: 'Create or replace a policy (compiled first: one that does not compile is refused)',
        tags: ['policies'],
        params: NameParams,
        body: PolicyBodySchema,
        response: {
          200: jsonResponse('Replaced', PolicySchema),
          201: jsonResponse('Created', PolicySchema),
          ...requestErrors,
          ...problemResponses(400, 401, 403, 415, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const policy = checkedPolicy(request.params.name, request.body);
      const at = new Date().toISOString();
      const outcome = await app.ports.policies.putPolicy(policy, at);
      await app.audit(request, { action: 'policy.put', digest: null, result: outcome });
      const stored = (await app.ports.policies.listPolicies()).find((p) => p.name === policy.name)!;
      return reply.code(outcome === 'created' ? 201 : 200).send(policyBody(stored));
    },
  );
  app.delete(
    `${POLICIES_PATH}/:name`,
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'deletePolicy',
        summary: 'Delete a policy',
        tags: ['policies'],
        params: NameParams,
        response: {
          204: { description: 'Deleted', type: 'null' },
          ...requestErrors,
          ...problemResponses(401, 403, 404, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const deleted = await app.ports.policies.deletePolicy(request.params.name);
      await app.audit(request, { action: 'policy.delete', digest: null, result: deleted ? 'deleted' : 'not-found' });
      if (!deleted) throw new ProblemError('SG_POLICY_NOT_FOUND', `no policy is named "${request.params.name}"`);
      return reply.code(204).send(null);
    },
  );
  return Promise.resolve();
};

export default policyRoutes;
