// Limits applied to the Node server itself (Fastify's options cover only some of them).
import fp from 'fastify-plugin';
import { applyServerLimits, type HttpLimits } from '../../limits.js';

export default fp<{ limits: HttpLimits }>(
  (app, options, done) => {
    applyServerLimits(app.server, options.limits);
    done();
  },
  { name: 'server-limits' },
);
