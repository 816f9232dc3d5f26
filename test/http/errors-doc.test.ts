// The error catalogue and docs/errors.md list the same codes with the same statuses.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../src/http/error-catalogue.js';

describe('docs/errors.md', () => {
  it('documents exactly the codes of the catalogue', () => {
    const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `(SG_[A-Z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]);
    const catalogue = Object.entries(ERROR_CATALOGUE).map(([code, e]) => [code, e.status]);
    expect(rows.sort()).toEqual(catalogue.sort());
  });
});
