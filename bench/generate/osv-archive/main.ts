// A whole-database OSV export, in the shape of osv.dev's all.zip (gs://osv-vulnerabilities/all.zip:
// one flat <ID>.json entry per record), for benchmarking the import of whole OSV databases:
//   npm run generate:osv-archive -- --records 500000 --out all.zip [--seed 1] [--modified-shift N]
// Deterministic: the same options give the same bytes. Records are built one at a time, each from
// its own random stream (seed and index), and streamed into the zip, so memory stays bounded.
// Progress goes to stderr; the summary (JSON) to stdout.
import { archiveOptions, generateArchive } from './generate-archive.js';

async function main(): Promise<void> {
  const o = archiveOptions(process.argv.slice(2));
  const summary = await generateArchive(o, (l) => process.stderr.write(`generate:osv-archive: ${l}\n`));
  console.log(JSON.stringify(summary, null, 2));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
