import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openServer } from '../http/server.js';
import { DEFAULTS } from '../config/settings.js';

/**
 * Writes the OpenAPI document the server serves at /openapi.json, without a store of the user's:
 * the app is built over an empty throwaway store (the document does not depend on the data).
 * The web UI's API types are generated from it at build time.
 */
export async function runOpenApi(out: string | undefined): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'supplygraph-openapi-'));
  try {
    const server = await openServer({
      store: join(dir, 'store'),
      host: '127.0.0.1',
      port: 0,
      // The defaults the document states for page sizes.
      limits: {
        listCap: DEFAULTS.listCap,
        maxPageSize: DEFAULTS.maxPageSize,
      },
      refreshIntervalMs: 0,
      logLevel: 'silent',
    });
    try {
      const text = `${JSON.stringify(server.app.swagger(), null, 2)}\n`;
      if (out === undefined) process.stdout.write(text);
      else {
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, text);
      }
    } finally {
      await server.close();
    }
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
