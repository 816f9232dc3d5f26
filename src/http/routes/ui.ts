// The web UI: the pages built by `npm run build:ui` into dist/ui, served at /ui/ from the same
// process. They hold no data (every answer comes from the public API with the user's token), so
// they are open to all. Hashed assets are cached for good; index.html is revalidated, and every
// path under /ui/ that is not a file answers with it, so deep links work.
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendProblem } from '../errors.js';

export const UI_PREFIX = '/ui/';

/** dist/ui of this package (src/http/routes and dist/http/routes are both three levels down). */
export const DEFAULT_UI_DIRECTORY = fileURLToPath(new URL('../../../dist/ui/', import.meta.url));

export interface UiOptions {
  /** The built pages (index.html and assets/); default dist/ui of this package. */
  directory?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Scripts, styles and data from this origin only; no framing, no plugins, no form posts elsewhere.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY');
}

/** Every file under the directory, as paths relative to it with forward slashes. */
function listFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => file !== 'index.html');
}

const uiRoutes: FastifyPluginAsync<UiOptions> = async (app, options) => {
  const directory = options.directory ?? DEFAULT_UI_DIRECTORY;
  const config = { access: 'open' as const };
  app.get('/', { config, schema: { hide: true } }, (_request, reply) => reply.redirect(UI_PREFIX, 302));

  if (!existsSync(join(directory, 'index.html'))) {
    app.log.warn({ directory }, 'the web UI is not built (npm run build:ui): /ui/ answers 503');
    const notBuilt = (_request: unknown, reply: FastifyReply) =>
      sendProblem(
        reply,
        'SG_UI_NOT_BUILT',
        `the web UI is not built: no index.html in ${directory}; run npm run build:ui`,
      );
    app.get('/ui', { config, schema: { hide: true } }, notBuilt);
    app.get('/ui/*', { config, schema: { hide: true } }, notBuilt);
    return;
  }

  // Only reply.sendFile from the plugin (ranges, ETags, content types): the routes are ours, so
  // they carry the access config, and only files listed from the directory are ever sent.
  await app.register(fastifyStatic, { root: directory, serve: false });
  let files = new Set(listFiles(directory));
  let listedAt = Date.now();
  // A build while the server runs replaces the assets: a name not seen yet lists them again (at
  // most once a second, so requests for missing files cannot turn into a stream of directory reads).
  const isFile = (file: string): boolean => {
    if (files.has(file)) return true;
    if (Date.now() - listedAt < 1000) return false;
    files = new Set(listFiles(directory));
    listedAt = Date.now();
    return files.has(file);
  };

  const page = (reply: FastifyReply) =>
    pageHeaders(reply).header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  // The router ignores a trailing slash: this also answers /ui.
  app.get(UI_PREFIX, { config, schema: { hide: true } }, (_request, reply) => page(reply));
  app.get<{ Params: { '*': string } }>('/ui/*', { config, schema: { hide: true } }, (request, reply) => {
    const file = request.params['*'];
    if (isFile(file)) {
      const hashed = file.startsWith('assets/');
      return reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache').sendFile(file, { cacheControl: false });
    }
    // A missing asset is a 404, not the page (a stale index.html would load HTML as a script).
    if (file.startsWith('assets/')) return sendProblem(reply, 'SG_ROUTE_NOT_FOUND', `no such file: ${request.url}`);
    return page(reply);
  });
};

export default uiRoutes;
