// Response compression (gzip, deflate, brotli) when the client asks for it in Accept-Encoding
// and the answer is at least the threshold: small answers, problem documents among them, cost
// more to compress than they save. Compressed answers carry `Vary: Accept-Encoding`. Answers
// from the response cache are compressed on the way out like any other (the cache keeps the
// identity bytes); the ETag names the data version, so it stays the same for every encoding.
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

export interface CompressionOptions {
  /** Answers smaller than this many bytes are sent as they are. */
  thresholdBytes: number;
}

/** Brotli at the plugin's quality 4 is both faster and smaller than gzip on JSON answers; gzip for everyone else. */
const ENCODINGS = ['br', 'gzip', 'deflate'] as const;

export default fp<CompressionOptions>(
  async (app, options) => {
    await app.register(compress, {
      threshold: options.thresholdBytes,
      encodings: [...ENCODINGS],
      // Request bodies are decoded by the upload route itself (it bounds the decoded size).
      requestEncodings: ['gzip'],
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
