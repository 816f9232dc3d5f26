// The generator's command line (`npm run generate -- …`):
//   node bench/dist/generate/main.js [--size S|M|L|tiny] [--seed 42] [--out DIR]
// Prints the graph's stats as JSON; progress goes to stderr.
import { join } from 'node:path';
import { parseArgs } from '../lib/args.js';
import { generate } from './generate.js';
import { isSize, SIZES } from './sizes.js';

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const size = args.size ?? 'S';
  if (!isSize(size)) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
  const seed = args.seed ?? '42';
  const out = args.out ?? join('bench', 'out', `${size}-${seed}`);
  const m = generate({ size, seed, out, log: (l) => process.stderr.write(`generate: ${l}\n`) });
  console.log(JSON.stringify({ out, ...m.stats }, null, 2));
}

try {
  main();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
