// The HTTP layer reaches the store through its narrow ports only (docs/architecture.md, "Store
// ports"): no module of src/http/ takes the whole store from the index service.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const HTTP = new URL('../../src/http/', import.meta.url).pathname;
/** `indexService.store`, `service.store` and the like: the whole store behind the index service. */
const WHOLE_STORE = /\b(?:indexService|service)\s*\.\s*store\b/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(dir, file));
}

function wholeStoreUses(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (WHOLE_STORE.test(line) ? [`${file.slice(HTTP.length)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('store ports', () => {
  it('no module of src/http/ takes the whole store from the index service', () => {
    const uses = wholeStoreUses(sourcesUnder(HTTP)).filter(
      // api-context.ts is where the ports are cut from the store.
      (use) => !use.startsWith('plugins/app/api-context.ts:'),
    );
    expect(uses).toEqual([]);
  });

  it('would catch a route that does', () => {
    expect(WHOLE_STORE.test('await app.indexService.store.listAudit({ limit })')).toBe(true);
    expect(WHOLE_STORE.test('await app.ports.access.listAudit({ limit })')).toBe(false);
  });
});
