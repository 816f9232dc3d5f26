// Load shedding: past a mean event-loop delay, requests get 503 with Retry-After (liveness excepted).
import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { ProblemError } from '../../errors.js';
import { isLivenessPath } from '../../paths.js';

export interface LoadSheddingOptions {
  /** Mean event-loop delay (ms) past which requests are shed; 0 disables shedding. */
  maxEventLoopDelayMs: number;
}

const RETRY_AFTER_SECONDS = 5;
const SAMPLE_INTERVAL_MS = 500;

export default fp<LoadSheddingOptions>(
  async (app, options) => {
    if (options.maxEventLoopDelayMs <= 0) return;
    // Start-up work (schema compilation, the index load) lags the loop once; the samples that
    // cover it do not count, so the first requests are never shed for it.
    let shedFrom = Infinity;
    app.addHook('onReady', (done) => {
      shedFrom = Date.now() + 2 * SAMPLE_INTERVAL_MS;
      done();
    });
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      sampleInterval: SAMPLE_INTERVAL_MS,
      // Liveness keeps answering under load: a busy process is not a dead one.
      pressureHandler: async (request, reply) => {
        if (isLivenessPath(request.url) || Date.now() < shedFrom) return;
        void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new ProblemError('SG_OVERLOADED', 'the server is overloaded; retry after the time in Retry-After');
      },
    });
  },
  { name: 'load-shedding' },
);
