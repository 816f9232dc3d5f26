// The embedded store survives restarts: a new server on the same store answers the same.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/http/server.js';
import { dependsOn, sbomFor } from '../helpers/predicates.js';
import { enc, ingestInto, tempDir } from '../helpers/server.js';

describe('persistence', () => {
  it('answers the same after a restart', async () => {
    const dir = tempDir();
    await ingestInto(dir, {
      'sbom.json': {
        hasSBOM: [sbomFor({ pkg: 'pkg:npm/app@1' })],
        isDependency: [dependsOn('pkg:npm/app@1', 'pkg:npm/lib@1'), dependsOn('pkg:npm/lib@1', 'pkg:npm/leaf@1')],
      },
    });
    const options = {
      store: dir,
      host: '127.0.0.1',
      port: 0,
      limits: { listCap: 1000, maxPageSize: 1000 },
      refreshIntervalMs: 0,
      logLevel: 'silent',
    };
    const read = async (): Promise<unknown[]> => {
      const server = await startServer(options);
      try {
        const deps = await (await fetch(`${server.url}/v0/package/${enc('pkg:npm/app@1')}/dependencies`)).json();
        const ranking = await (await fetch(`${server.url}/analysis/dependencies?sort=frequency`)).json();
        return [deps, ranking];
      } finally {
        await server.close();
      }
    };
    const first = await read();
    expect((first[0] as { dependencies: string[] }).dependencies).toEqual(['pkg:npm/leaf@1', 'pkg:npm/lib@1']);
    expect(await read()).toEqual(first);
    rmSync(dir, { recursive: true, force: true });
  });
});
