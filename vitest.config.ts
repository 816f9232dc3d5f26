import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { existsSync } from 'node:fs';
import { CORPUS_DIR, hasCorpus } from './test/helpers/corpus.js';
import { CHROMIUM, hasChromium } from './ui/test/browser/chromium.js';
import { configuredPgUrl, findPgBinDir, serverAnswers, shownUrl } from './test/setup/postgres.js';
import { MODULE_MOCKING_TESTS, SYSTEM_TESTS } from './test/setup/tiers.js';

// Two tiers (README, "Tests"), chosen by SUPPLYGRAPH_TEST_TIER:
// - `npm test` (unset): the unit and contract tests, fast, with nothing but Node:
//   - sqlite: everything on the embedded store, real documents from test/fixtures, minus the
//     system tests (test/setup/tiers.ts), in workers that share their module registry;
//   - sqlite-mocks: the files that replace a module with vi.mock, each in a registry of its own;
//   - ui: the web UI's own logic (ui/test/unit), in Node.
// - `npm run test:system` (`system`): what needs the whole product, other programs or time:
//   - system: SYSTEM_TESTS on the embedded store (golden answers, reliability parts, the
//     README's examples, the package tarball, the benchmark's load client);
//   - postgres: the endpoint, CLI and golden-answer suites once more on PostgreSQL (the same
//     files; test/helpers/server.ts picks the backend from the env) plus the PostgreSQL-only
//     tests. test/setup/postgres.ts uses the server at SUPPLYGRAPH_TEST_PG_URL (default
//     127.0.0.1:5432), else starts a throwaway cluster when PostgreSQL is installed;
//   - corpus-sweep: the fixture checks over every document of the shared corpus
//     (../shared/corpus, or SUPPLYGRAPH_CORPUS);
//   - browser: the web UI in Debian's Chromium driven by playwright-core (ui/test/browser), over
//     the pages built into dist/ui (the test scripts build them).
//   Each of the last three is left out, saying so, when what it needs is missing; under CI=true
//   a missing one fails the run instead.
const ci = process.env.CI === 'true' || process.env.CI === '1';
const systemTier = process.env.SUPPLYGRAPH_TEST_TIER === 'system';

/**
 * Line and branch coverage of src/ (`npm test` runs with --coverage and prints the summary). The
 * thresholds are a floor a change may not push the suite below; raise them as coverage grows.
 * Code that runs in child processes and worker threads (the CLI, the upload worker) is not
 * counted: the system tier drives those.
 */
const COVERAGE = {
  provider: 'v8' as const,
  include: ['src/**/*.ts'],
  reporter: ['text-summary', 'json-summary'],
  reportsDirectory: 'test-artifacts/coverage',
  thresholds: { lines: 88, branches: 80 },
};

// Vitest evaluates this file more than once per run (root, then each project): say it once.
const said = ((globalThis as { supplygraphNotRun?: Set<string> }).supplygraphNotRun ??= new Set<string>());

function notRun(what: string, why: string, how: string): void {
  if (ci) throw new Error(`${what} is required under CI=true, but ${why}. ${how}`);
  sayOnce(`NOT RUN: ${what}: ${why}. ${how}`);
}

function sayOnce(line: string): void {
  if (!said.has(line)) console.log(line);
  said.add(line);
}

export default defineConfig(async () => {
  if (!systemTier) {
    // The sweeps are in the system tier; without a corpus, say so here too (it is not an error).
    if (!hasCorpus) {
      sayOnce(
        `NOT RUN: the whole-corpus sweep (test/corpus-sweep): there is no corpus at ${CORPUS_DIR}; it runs in npm run test:system when there is one.`,
      );
    }
    const notUnit = [...SYSTEM_TESTS, 'test/store/postgres/**', 'test/corpus-sweep/**', '**/node_modules/**'];
    return config([
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          exclude: [...notUnit, ...MODULE_MOCKING_TESTS],
          env: { SUPPLYGRAPH_TEST_BACKEND: 'sqlite' },
          // The files of a worker share one module registry: the app is imported once per worker,
          // not once per file (7.7 minutes became under 3 on two cores).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'sqlite-mocks', include: MODULE_MOCKING_TESTS, env: { SUPPLYGRAPH_TEST_BACKEND: 'sqlite' } },
      },
      { extends: true, test: { name: 'ui', include: ['ui/test/unit/**/*.test.ts'], isolate: false } },
    ]);
  }

  const projects: TestProjectInlineConfiguration[] = [
    {
      extends: true,
      test: { name: 'system', include: SYSTEM_TESTS, env: { SUPPLYGRAPH_TEST_BACKEND: 'sqlite' } },
    },
  ];
  const uiBuilt = existsSync('dist/ui/index.html');
  if (hasChromium() && uiBuilt) {
    projects.push({
      extends: true,
      test: {
        name: 'browser',
        include: ['ui/test/browser/**/*.test.ts'],
        env: { SUPPLYGRAPH_TEST_BACKEND: 'sqlite' },
        // One browser at a time: each test file starts its own Chromium and server.
        fileParallelism: false,
      },
    });
  } else {
    notRun(
      'the browser tests (ui/test/browser)',
      uiBuilt ? `there is no Chromium at ${CHROMIUM}` : 'the web UI is not built (no dist/ui/index.html)',
      uiBuilt
        ? "Install Debian's chromium (apt-get install chromium) or set SUPPLYGRAPH_CHROMIUM to a Chromium binary."
        : 'Run npm run build (npm test does).',
    );
  }

  if (findPgBinDir() || (await serverAnswers(configuredPgUrl()))) {
    projects.push({
      extends: true,
      test: {
        name: 'postgres',
        include: [
          'test/http/**/*.test.ts',
          'test/cli/**/*.test.ts',
          'test/golden/**/*.test.ts',
          'test/store/postgres/**/*.test.ts',
          // Licence fields (text, kind, the verbatim flag) through each backend's columns.
          'test/ingest/licence-roundtrip.test.ts',
        ],
        // Backend-independent: they run once, on the embedded store.
        exclude: [
          'test/cli/package.test.ts',
          'test/http/hardening-budget.test.ts',
          'test/http/hardening-drain.test.ts',
          'test/http/response-cache.test.ts',
          'test/http/ui-serving.test.ts',
          '**/node_modules/**',
        ],
        globalSetup: ['test/setup/postgres.ts'],
        env: { SUPPLYGRAPH_TEST_BACKEND: 'postgres' },
      },
    });
  } else {
    notRun(
      'the postgres test project',
      `no PostgreSQL server answers at ${shownUrl(configuredPgUrl())} and no initdb/pg_ctl is installed`,
      'Start one (or point SUPPLYGRAPH_TEST_PG_URL at one), or install PostgreSQL so the tests can start their own.',
    );
  }

  if (hasCorpus) {
    projects.push({
      extends: true,
      test: {
        name: 'corpus-sweep',
        include: ['test/corpus-sweep/**/*.test.ts'],
        env: { SUPPLYGRAPH_TEST_BACKEND: 'sqlite' },
      },
    });
  } else {
    notRun(
      'the whole-corpus sweep (test/corpus-sweep)',
      `there is no corpus at ${CORPUS_DIR}`,
      'Put the shared corpus at ../shared/corpus or set SUPPLYGRAPH_CORPUS to its directory.',
    );
  }

  return config(projects);
});

function config(projects: TestProjectInlineConfiguration[]) {
  return {
    test: {
      pool: 'forks' as const,
      testTimeout: 60_000,
      hookTimeout: 120_000,
      projects,
      coverage: COVERAGE,
    },
  };
}
