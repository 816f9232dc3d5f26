// A small sample of the reliability fuzzer (the long run sends thousands: npm run reliability).
import { describe, expect, it } from 'vitest';
import { fuzzPart } from '../../reliability/part-fuzz.js';
import { expectHardRequirements } from './checks.js';

describe('hostile HTTP inputs (sample)', () => {
  it('150 fuzzed requests: no crash, no undocumented 5xx, API errors are problem+json with Message', async () => {
    const result = await fuzzPart({ seed: 'npm-test', count: 150 });
    expect(result.figures['requests fuzzed']).toBe(150);
    expectHardRequirements(result);
  }, 300_000);
});
