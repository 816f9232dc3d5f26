// The response cache answers through the response schema's compiled serializer: a property the
// schema does not declare never reaches a client, cached or not, and repeats come from the cache.
import { Type } from 'typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import responseCache from '../../src/http/plugins/app/response-cache.js';
import { okResponse } from '../../src/http/schemas/responses.js';

const ItemSchema = Type.Object({ name: Type.String(), count: Type.Integer() });

let app: FastifyInstance;
let computed = 0;
let version = 1;

beforeAll(async () => {
  app = Fastify();
  await app.register(responseCache);
  const answer = () => {
    computed++;
    return { body: { name: 'lib', count: 3, internal: 'not for clients' }, schema: ItemSchema };
  };
  app.get('/declared', { schema: { response: okResponse('an item', ItemSchema, 'body') } }, (_request, reply) =>
    reply.sendCached(version, `"v${version}"`, answer),
  );
  // No declared 200 schema: the answer's own schema is compiled on first use.
  app.get('/undeclared', (_request, reply) => reply.sendCached(version, `"v${version}"`, answer));
  await app.ready();
});
afterAll(() => app.close());

describe('response cache', () => {
  // An answer is admitted on its second sight (a URL asked once is not worth an eviction).
  it.each(['/declared', '/undeclared'])('%s: serializes with the schema, then answers from the cache', async (url) => {
    const before = computed;
    for (let i = 0; i < 4; i++) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.etag).toBe(`"v${version}"`);
      expect(JSON.parse(res.body)).toEqual({ name: 'lib', count: 3 });
    }
    expect(computed - before).toBe(2);
  });

  it('answers 304 without computing when the client has the version, and recomputes at a new version', async () => {
    const before = computed;
    const notModified = await app.inject({ url: '/declared', headers: { 'if-none-match': `"v${version}"` } });
    expect(notModified.statusCode).toBe(304);
    expect(computed).toBe(before);
    version = 2;
    const fresh = await app.inject({ url: '/declared', headers: { 'if-none-match': '"v1"' } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).toBe('"v2"');
    expect(computed).toBe(before + 1);
  });
});
