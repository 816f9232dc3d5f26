// CORS: off unless origins are named (--cors-origin). A named origin gets the CORS headers and
// its preflight requests a 204; any other origin, and a request without Origin, gets none, so a
// browser on another site cannot read the answers. The hook runs before the access and request
// guards' hooks: a preflight carries no token and uses OPTIONS, and it is answered here.
import cors from '@fastify/cors';
import fp from 'fastify-plugin';

export interface CorsOptions {
  /** Exact origins (scheme://host[:port]) allowed to read answers from a browser. */
  origins: readonly string[];
}

const METHODS = ['GET', 'HEAD', 'POST', 'DELETE'];
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Content-Encoding', 'If-None-Match'];
const EXPOSED_HEADERS = ['ETag', 'Link', 'X-Total-Count', 'Location', 'Retry-After', 'X-Request-Id'];
/** How long a browser may reuse a preflight answer, seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export default fp<CorsOptions>(
  async (app, options) => {
    if (options.origins.length === 0) return;
    const allowed = new Set(options.origins);
    await app.register(cors, {
      // A function rather than the list: an origin not on it gets no CORS headers at all, and its
      // preflight goes on to the method guard like any OPTIONS request (405).
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: METHODS,
      allowedHeaders: ALLOWED_HEADERS,
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: PREFLIGHT_MAX_AGE_SECONDS,
      credentials: false,
      // A preflight without Access-Control-Request-Method still gets 204 rather than a plain-text 400.
      strictPreflight: false,
    });
  },
  { name: 'cors' },
);
