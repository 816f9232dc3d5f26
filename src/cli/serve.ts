import { startServer, type ServeOptions } from '../http/server.js';

/** Runs until SIGTERM/SIGINT, then closes gracefully (in-flight requests finish). */
export async function runServe(options: ServeOptions): Promise<number> {
  const server = await startServer(options);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      void server.close().then(resolve);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  return 0;
}
