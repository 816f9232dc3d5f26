// Headers every answer carries: `X-Content-Type-Options: nosniff`, so that a browser never runs
// or renders an answer as anything but its declared type (a JSON body holding markup, say).
// Answers written below Fastify (limits.ts) and framework errors (app.ts) set it themselves.
import fp from 'fastify-plugin';

export const NOSNIFF = ['x-content-type-options', 'nosniff'] as const;

export default fp(
  (app, _options, done) => {
    app.addHook('onRequest', (_request, reply, hookDone) => {
      void reply.header(...NOSNIFF);
      hookDone();
    });
    done();
  },
  { name: 'security-headers' },
);
