// Lint with type information: typescript-eslint's recommended type-checked rules over the
// service, its tests, benchmarks and the reliability suite. Formatting is Prettier's job, not ESLint's.
import eslint from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'bench/dist/',
      'bench/out/',
      'reliability/dist/',
      'reliability/out/',
      'coverage/',
      'node_modules/',
      'examples/',
      'test/fixtures/',
      'test-artifacts/',
      'ui/generated/',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      // tsconfig.test.json includes src, test, bench, reliability and vitest.config.ts; the web UI
      // has its own (browser, bundler resolution, JSX) and so do its tests.
      parserOptions: {
        project: ['./tsconfig.test.json', './ui/tsconfig.json', './ui/test/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      // An unused parameter kept for a shared signature is named with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // Passing on what a catch or a callback handed over (typed unknown) is a rethrow, as
      // only-throw-error already allows for `throw`.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // The web UI runs in the browser.
    files: ['ui/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Small modules with one job each (docs/architecture.md): a source file over 300 lines of
    // code is a sign it holds more than one. Data tables are exempt.
    files: ['src/**/*.ts', 'ui/src/**/*.{ts,tsx}'],
    ignores: ['src/vuln/cvss4-table.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Small functions: one that needs scrolling is two. Lines and branches are limited in the
    // service, the web UI, the benchmarks and the reliability suite alike (docs/adr/0008).
    files: ['src/**/*.ts', 'ui/src/**/*.{ts,tsx}', 'bench/**/*.ts', 'reliability/**/*.ts'],
    ignores: ['src/vuln/cvss4-table.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      complexity: ['error', 20],
    },
  },
  {
    // Hooks called in order and effects that name what they read: the web UI's data loading
    // relies on both.
    files: ['ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The SQLite driver is synchronous, but the store implements the asynchronous GraphStore
    // interface (PostgreSQL's is truly async). `async` keeps a thrown driver error a rejected
    // promise, which callers such as the readiness check (`ping().then(up, down)`) rely on.
    files: ['src/store/sqlite/sqlite-store.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests and the reliability suite read raw JSON documents and HTTP bodies, typed `any` on
    // purpose so that assertions can walk them freely; the expected values are spelled out in
    // the assertions. The service code (src/) keeps the full no-unsafe-* checks.
    files: ['test/**/*.ts', 'reliability/**/*.ts', 'ui/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
