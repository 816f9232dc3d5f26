import { defineConfig } from 'vitest/config';

// Two projects: everything on the embedded store, then the endpoint and CLI suites once more
// on PostgreSQL (the same files; test/helpers/server.ts picks the backend from the env) plus
// the PostgreSQL-only tests. The postgres project needs a server at 127.0.0.1:5432 (trust
// auth, user postgres; SUPPLYGRAPH_TEST_PG_URL overrides) — .ci/run starts one.
export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          exclude: ['test/store/postgres/**', '**/node_modules/**'],
          env: { SUPPLYGRAPH_TEST_BACKEND: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/http/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/store/postgres/**/*.test.ts'],
          env: { SUPPLYGRAPH_TEST_BACKEND: 'postgres' },
        },
      },
    ],
  },
});
