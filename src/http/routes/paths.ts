// /v0/path?from=&to=: the shortest dependency paths between two nodes, each hop with its evidence
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const pathRoutes: FastifyPluginAsyncTypebox = () => Promise.resolve();

export default pathRoutes;
