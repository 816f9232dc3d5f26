// The parts of the long run with their sizes (the quick sizes live in test/reliability/).
// Sized to finish in about ten minutes on two cores: each part is bounded in count and time.
import { join } from 'node:path';
import { generate } from '../bench/generate/generate.js';
import { EXAMPLE_DOCUMENTS } from './base.js';
import { workDir } from './service.js';
import { clientsPart } from './part-clients.js';
import { documentsPart } from './part-documents.js';
import { fuzzPart } from './part-fuzz.js';
import { killPart } from './part-kill.js';
import { largeUploadPart } from './part-large-upload.js';
import { postgresPart } from './part-postgres.js';
import { rankingPart } from './part-ranking.js';
import type { PartResult } from './report.js';
import { sigtermPart } from './part-sigterm.js';

export const PARTS = {
  fuzz: (seed: string) => fuzzPart({ seed, count: 8000, deadlineMs: 100_000 }),
  documents: () => documentsPart({ scale: 'full', ingestTimeoutMs: 120_000 }),
  ranking: (seed: string) => rankingPart({ seed, components: 100_000, capMs: 150_000, targetMs: 5_000 }),
  clients: () =>
    clientsPart({
      unfinished: 2000,
      holdMs: 10_000,
      slowloris: 100,
      idle: 1000,
      watchMs: 35_000,
      slowTargetMs: 30_000,
      rssTargetMB: 300,
      // Shorter than the 72 s default so the run can watch idle connections being closed.
      keepAliveTimeoutMs: 20_000,
      // As many idle keep-alive connections from one address as the default --max-connections.
      capFlood: 4096,
    }),
  kill: async (seed: string) => {
    // A generated graph of about 390 documents (the benchmark's size S): ingest takes long enough for
    // the kill points to land between and inside documents, not in the CLI's start-up.
    const dir = workDir('kill-docs');
    try {
      const manifest = generate({ size: 'S', seed, out: dir.path });
      const documents = [...EXAMPLE_DOCUMENTS, ...manifest.ingest.map((d) => join(dir.path, d))];
      return await killPart({ seed, points: 5, documents, uploadKills: 3, diskFull: true });
    } finally {
      dir.remove();
    }
  },
  sigterm: () => sigtermPart({ components: 60_000, readPauseMs: 100, drainDeadlineMs: 30_000, loadConnections: 6 }),
  postgres: (seed: string) =>
    postgresPart({
      outageMs: 5_000,
      recoveryCapMs: 60_000,
      recoveryTargetMs: 10_000,
      loadConnections: 4,
      uploads: { trials: 20, connections: 3, outageMs: 1_000, recoveryCapMs: 60_000 },
      seed,
    }),
  'large-upload': (seed: string) =>
    largeUploadPart({ seed, packages: 400_000, cliPackages: 100_000, healthzLimitMs: 200, settleMs: 3_000 }),
} satisfies Record<string, (seed: string) => Promise<PartResult>>;

export type PartName = keyof typeof PARTS;
