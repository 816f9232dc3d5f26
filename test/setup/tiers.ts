// Which test files belong to which tier (vitest.config.ts; README, "Tests"), in one place so
// test/architecture/test-tiers.test.ts can check the lists against the files.

/** Tests of the system tier that run on the embedded store (the `system` project). */
export const SYSTEM_TESTS = [
  'test/golden/**/*.test.ts',
  'test/reliability/**/*.test.ts',
  'test/docs/readme-examples.test.ts',
  'test/cli/package.test.ts',
  'test/bench/load.test.ts',
];

/**
 * Test files that replace a module with vi.mock. The `sqlite` project's workers share one module
 * registry across files, where a replaced module would leak into other files (or arrive too
 * late); these run in the `sqlite-mocks` project, each file with a registry of its own.
 */
export const MODULE_MOCKING_TESTS = ['test/model/license.test.ts', 'test/index/load-problems.test.ts'];
