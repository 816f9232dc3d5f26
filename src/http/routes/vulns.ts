// /v0/vuln/{id}, /v0/vuln/{id}/packages, /v0/vuln/{id}/dependents, /v0/vuln/{id}/artifacts
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const vulnRoutes: FastifyPluginAsyncTypebox = () => Promise.resolve();

export default vulnRoutes;
