// Starts the API: open the store, load the index, listen; shut down gracefully on SIGTERM/SIGINT.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { IndexService } from '../index/index-service.js';
import { openStore } from '../store/open.js';
import type { PageLimits } from '../query/pagination.js';
import { buildApp } from './app.js';

export interface ServeOptions {
  store: string;
  host: string;
  port: number;
  limits: PageLimits;
  refreshIntervalMs: number;
  logLevel: string;
}

export interface RunningServer {
  app: FastifyInstance;
  service: IndexService;
  url: string;
  close(): Promise<void>;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const logger = pino({ level: options.logLevel });
  const store = await openStore(options.store);
  const service = new IndexService(store, { refreshIntervalMs: options.refreshIntervalMs, logger });
  await service.start();
  const app = await buildApp({ service, limits: options.limits }, { logger });
  const url = await app.listen({ host: options.host, port: options.port });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      service.stop();
      await app.close(); // waits for in-flight requests
      await store.close();
    })();
    return closing;
  };
  return { app, service, url, close };
}
