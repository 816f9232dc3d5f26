// A small sample of the clients part's connection-cap section (the long run floods 4,096).
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { ingestExamples } from '../../reliability/base.js';
import { connectionCapSection } from '../../reliability/part-clients.js';
import { PartRecorder } from '../../reliability/report.js';
import { startService, workDir } from '../../reliability/service.js';
import { expectHardRequirements } from './checks.js';

describe('one address holding many idle connections (sample)', () => {
  it('300 idle connections from 127.0.0.1 against --max-connections 300: /healthz from 127.0.0.2 answers', async () => {
    const dir = workDir('connection-cap');
    try {
      const store = join(dir.path, 'store');
      await ingestExamples(store, join(dir.path, 'ingest.log'));
      // The default --max-connections-per-address (256) keeps the flood below the cap of 300.
      const service = await startService({
        store,
        logFile: join(dir.path, 'serve.log'),
        extraArgs: ['--max-connections', '300'],
      });
      try {
        const r = new PartRecorder('connection cap');
        await connectionCapSection(service, r, 300);
        expectHardRequirements(r.result());
      } finally {
        await service.stop();
      }
    } finally {
      dir.remove();
    }
  }, 300_000);
});
