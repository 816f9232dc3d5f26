// When `npm run build` (and so `npm install`) may skip the web UI build: only when none of its
// inputs changed since the last build and its outputs are the ones that build left
// (scripts/build-ui.js; docs/benchmarks.md, "Install").
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentRecord, isUpToDate, RECORD } from '../../scripts/build-ui.js';

let root: string;

function write(path: string, content: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

/** A checkout whose UI was built: inputs, outputs and the record of that build. */
function builtCheckout(): void {
  write('src/http/app.ts', 'export const app = 1;\n');
  write('ui/src/main.tsx', 'export default 1;\n');
  write('ui/index.html', '<div id="app"></div>\n');
  write('ui/test/unit/a.test.ts', 'test\n');
  write('tsconfig.json', '{}\n');
  write('package.json', '{"name":"x"}\n');
  write('package-lock.json', '{"lockfileVersion":3}\n');
  write('dist/ui/index.html', '<script src="/ui/assets/index-abc123.js"></script>\n');
  write('ui/generated/openapi.json', '{"openapi":"3.0.3"}\n');
  write('ui/generated/api.d.ts', 'export interface paths {}\n');
  write(RECORD, currentRecord(root));
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sg-ui-build-'));
  builtCheckout();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the web UI build record', () => {
  it('is up to date right after a build, and stays so when only the UI tests change', () => {
    expect(isUpToDate(root)).toBe(true);
    write('ui/test/unit/a.test.ts', 'another test\n');
    expect(isUpToDate(root)).toBe(true);
  });

  it.each([
    ['a service source (the OpenAPI document is made from them)', 'src/http/app.ts'],
    ['a page', 'ui/src/main.tsx'],
    ['a new page file', 'ui/src/pages/new.tsx'],
    ['the dependencies', 'package-lock.json'],
    ['the compiler settings', 'tsconfig.json'],
  ])('is stale once %s changes', (_what, path) => {
    write(path, 'changed\n');
    expect(isUpToDate(root)).toBe(false);
  });

  it('is stale when an output is missing or was written by another build', () => {
    write('dist/ui/index.html', '<script src="/ui/assets/index-def456.js"></script>\n');
    expect(isUpToDate(root)).toBe(false);
    builtCheckout();
    rmSync(join(root, 'ui/generated/api.d.ts'));
    expect(isUpToDate(root)).toBe(false);
  });

  it('is stale without a record (a build that failed half-way leaves none)', () => {
    rmSync(join(root, RECORD));
    expect(isUpToDate(root)).toBe(false);
  });
});
