// The response cache as a reply decorator: `reply.sendCached` answers a GET from the cache of
// serialized responses per store version, or computes the answer, serializes it with the
// compiled serializer of its response schema (so the schema is enforced, not only documented)
// and caches the text. The same URL at the same version always has the same answer, so a repeat
// costs a map lookup instead of a walk and a serialization. Bounded by bytes, least recently used
// first out; a new version makes every older entry unreachable. An answer is kept only when its URL
// is asked for the second time (a doorkeeper of recently seen URLs): most questions are asked once,
// and keeping their answers would cost an insert, an eviction and garbage per request for nothing.
import type { TSchema } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { JSON_MEDIA_TYPE } from '../../schemas/responses.js';

const RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;
/** URLs remembered as seen once; past this the doorkeeper starts afresh. */
const DOORKEEPER_URLS = 50_000;

/** A 200 answer as computed by a route: its body, the schema it conforms to, extra headers. */
export interface SerializableAnswer {
  body: object;
  schema: TSchema;
  headers?: Record<string, string>;
}

/** A 200 answer the route wrote as bytes itself, in the shape of its declared response schema. */
export interface EncodedAnswer {
  bytes: Buffer;
  headers?: Record<string, string>;
}

export type ComputedAnswer = SerializableAnswer | EncodedAnswer;

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Answers from the per-version response cache, or computes, serializes and caches. The ETag
     * check comes first, so a client that has this version gets 304 without any work.
     */
    sendCached(version: number, etag: string, compute: () => ComputedAnswer): void;
  }
}

interface CachedResponse {
  /** The serialized body as bytes: sending a Buffer costs no per-request encoding or copy. */
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * The URLs asked for once lately: an answer enters the cache on its second sight.
 * Two generations of at most `capacity` URLs each, so a URL seen shortly before a turnover is
 * still known after it.
 */
export class Doorkeeper {
  private current = new Set<string>();
  private previous = new Set<string>();

  constructor(private readonly capacity: number) {}

  /** True when `url` was seen before (and so its answer is worth keeping); remembers it otherwise. */
  admit(url: string): boolean {
    if (this.current.has(url) || this.previous.has(url)) return true;
    if (this.current.size >= this.capacity) {
      this.previous = this.current;
      this.current = new Set();
    }
    this.current.add(url);
    return false;
  }
}

class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;
  private version = -1;

  constructor(private readonly maxBytes: number) {}

  get(version: number, url: string): CachedResponse | undefined {
    if (version !== this.version) return undefined;
    const hit = this.entries.get(url);
    if (hit) {
      // Refresh its place in the LRU order.
      this.entries.delete(url);
      this.entries.set(url, hit);
    }
    return hit;
  }

  set(version: number, url: string, response: CachedResponse): void {
    if (this.maxBytes <= 0) return;
    if (version !== this.version) {
      this.entries.clear();
      this.bytes = 0;
      this.version = version;
    }
    const size = response.body.length + url.length;
    if (size > this.maxBytes / 8) return; // one huge answer must not evict everything else
    const old = this.entries.get(url);
    if (old) {
      this.bytes -= old.body.length + url.length;
      this.entries.delete(url);
    }
    this.entries.set(url, response);
    this.bytes += size;
    for (const [key, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= value.body.length + key.length;
    }
  }
}

/** Sets the ETag; answers 304 (and returns true) when the client already has this version. */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  void reply.header('etag', etag);
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const tags = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (tags.includes(etag) || tags.includes('*')) {
    void reply.code(304).send();
    return true;
  }
  return false;
}

type DeclaredResponses = Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;

/**
 * Serializes with the compiled serializer (fast-json-stringify) of `answer.schema`: the one
 * Fastify compiled at start-up when the route declares that schema for its 200, else (the
 * unencoded-purl route answers any resource) one compiled on first use and kept for the route.
 */
function serialize(reply: FastifyReply, answer: SerializableAnswer): string {
  const declared = reply.routeOptions.schema?.response as DeclaredResponses | undefined;
  const serializer =
    (declared?.['200']?.content?.[JSON_MEDIA_TYPE]?.schema === answer.schema
      ? reply.getSerializationFunction('200', JSON_MEDIA_TYPE)
      : undefined) ??
    reply.compileSerializationSchema(answer.schema as { [key: string]: unknown }, '200', JSON_MEDIA_TYPE);
  return serializer(answer.body as Record<string, unknown>);
}

export default fp(
  (app, _options, done) => {
    const cache = new ResponseCache(RESPONSE_CACHE_BYTES);
    // Not cleared at a new version: a URL asked for often before a change is likely asked again.
    const doorkeeper = new Doorkeeper(DOORKEEPER_URLS);
    // Reported to the metrics when the app has them (the cache also works on its own).
    const countHit = app.hasDecorator('metrics') ? () => app.metrics.cacheHit() : () => undefined;
    app.decorateReply(
      'sendCached',
      function sendCached(this: FastifyReply, version: number, etag: string, compute: () => ComputedAnswer) {
        if (notModified(this.request, this, etag)) return;
        let hit = cache.get(version, this.request.url);
        if (hit) countHit();
        else {
          const answer = compute();
          const body = 'bytes' in answer ? answer.bytes : Buffer.from(serialize(this, answer));
          hit = { body, headers: answer.headers ?? {} };
          if (doorkeeper.admit(this.request.url)) cache.set(version, this.request.url, hit);
        }
        for (const [name, value] of Object.entries(hit.headers)) void this.header(name, value);
        void this.type('application/json; charset=utf-8').send(hit.body);
      },
    );
    done();
  },
  { name: 'response-cache' },
);
