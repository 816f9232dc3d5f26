// Shared by the reliability tests: print a part's checks, and fail on its hard requirements.
import { expect } from 'vitest';
import { renderChecks, type PartResult } from '../../reliability/report.js';

export function expectHardRequirements(result: PartResult): void {
  console.log(renderChecks([result]));
  const failed = result.checks.filter((c) => c.hard && !c.pass).map((c) => `${c.name}: ${c.figure}\n${c.detail ?? ''}`);
  expect(failed).toEqual([]);
}
