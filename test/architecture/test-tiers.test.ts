// The tier lists of test/setup/tiers.ts match the files: every test file that replaces a module
// with vi.mock runs with a module registry of its own (a shared one would leak the replacement
// into other files), and every system-tier entry names files that exist.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULE_MOCKING_TESTS, SYSTEM_TESTS } from '../setup/tiers.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const ALL_FILES = readdirSync(`${ROOT}/test`, { recursive: true, encoding: 'utf8' }).map((f) => `test/${f}`);

/** The files a pattern of the tier lists names (`**` for any folders, `*` within a name). */
function testFiles(pattern: string): string[] {
  const source = pattern
    .split('**/')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('(?:.*/)?');
  const re = new RegExp(`^${source}$`);
  return ALL_FILES.filter((file) => re.test(file)).sort();
}

describe('test tiers', () => {
  it('lists exactly the test files that call vi.mock or vi.doMock', () => {
    const mocking = testFiles('test/**/*.test.ts').filter((file) =>
      /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(`${ROOT}/${file}`, 'utf8')),
    );
    expect(mocking).toEqual([...MODULE_MOCKING_TESTS].sort());
  });

  it('names system tests that exist', () => {
    for (const pattern of SYSTEM_TESTS) expect(testFiles(pattern), pattern).not.toEqual([]);
  });
});
