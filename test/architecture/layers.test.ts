// The import rules of docs/architecture.md (.dependency-cruiser.cjs) hold for src/, and they
// are live: a tree that breaks one is reported.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Runs dependency-cruiser over `src` of `cwd` and returns the rule violations it reports. */
function violationsIn(cwd: string): Violation[] {
  const run = spawnSync(process.execPath, [CLI, 'src', '--config', CONFIG, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`dependency-cruiser failed (exit ${run.status}): ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  expect(result.summary.totalCruised).toBeGreaterThan(0);
  return result.summary.violations;
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sg-layers-'));
  scratch.push(dir);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext' } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('module layers', () => {
  it('src/ imports only along the layers', { timeout: 60_000 }, () => {
    const found = violationsIn(ROOT).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(found).toEqual([]);
  });

  it('reports an import running back up the layers, and a cycle', { timeout: 60_000 }, () => {
    const dir = tree({
      'src/model/fact.ts': "import { put } from '../store/write.js';\nexport const fact = put;\n",
      'src/store/write.ts': 'export const put = 1;\n',
      'src/query/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'src/query/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    });
    const rules = violationsIn(dir).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(rules).toContain('model-is-the-base: src/model/fact.ts → src/store/write.ts');
    expect(rules.some((r) => r.startsWith('no-cycles: src/query/'))).toBe(true);
  });
});
