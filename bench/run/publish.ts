// Step 6: the results printed as Markdown, written to bench/out/results-<size>-<seed>.json and,
// for a complete run, to its size's section of docs/benchmarks.md.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { OUT_DIR, ROOT } from '../lib/paths.js';
import { writeBenchmarksDoc } from '../report/benchmarks-doc.js';
import { renderMarkdown } from '../report/markdown.js';
import { log } from './log.js';
import type { RunOptions } from './options.js';
import type { BenchResults } from './results.js';

export function publishResults(o: RunOptions, results: BenchResults): void {
  const resultsFile = resolve(OUT_DIR, `results-${o.size}-${o.seed}${o.partial ? '-partial' : ''}.json`);
  writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  const markdown = renderMarkdown(results);
  process.stdout.write(`${markdown}\n`);
  if (!o.partial) writeBenchmarksDoc(join(ROOT, 'docs', 'benchmarks.md'), o.size, markdown);
  log(
    `results: ${resultsFile}${o.partial ? ' (partial run: docs/benchmarks.md left as it is)' : `; docs/benchmarks.md updated (section ${o.size})`}`,
  );
}
