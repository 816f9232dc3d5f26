// kill -9 during ingest at two seeded points (the long run uses more).
import { describe, expect, it } from 'vitest';
import { EXAMPLE_DOCUMENTS } from '../../reliability/base.js';
import { killPart } from '../../reliability/part-kill.js';
import { expectHardRequirements } from './checks.js';

describe('kill -9 during ingest (2 points)', () => {
  it('the store opens after the kill, and a completed re-run answers like a clean ingest', async () => {
    // Past the CLI's start-up, so that the kills land while documents are being written.
    const result = await killPart({ seed: 'npm-test', points: 2, documents: EXAMPLE_DOCUMENTS, fromFraction: 0.6 });
    expect(result.figures['documents per ingest']).toBe(15);
    expectHardRequirements(result);
  }, 300_000);
});
