// `npm run reliability -- [--seed S] [--parts fuzz,documents,…,large-upload] [--no-doc] [--help]`
// Runs every part against the real service (loopback only, bounded), prints each check with its
// figures, writes reliability/out/last-run.json and the "Last run" section of docs/reliability.md,
// and exits 1 when a hard requirement failed (targets missed are reported, not fatal).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineFacts, runToEnd } from '../bench/lib/proc.js';
import { parseArgs } from '../bench/lib/args.js';
import { PARTS, type PartName } from './parts.js';
import { failedPart, renderChecks, round, verdict, type PartResult } from './report.js';
import { ROOT } from './service.js';

const DOC = join(ROOT, 'docs', 'reliability.md');
const START = '<!-- last-run:start -->';
const END = '<!-- last-run:end -->';

function markdown(parts: PartResult[], seed: string, seconds: number, revision: string): string {
  const m = machineFacts();
  const lines = [
    START,
    `Run on ${m.date.slice(0, 10)}: \`npm run reliability -- --seed ${seed}\` at ${revision}; ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGB} GB, node ${m.node}; ${round(seconds / 60)} min in all.`,
    '',
    '| part | check | kind | result | figure |',
    '|---|---|---|---|---|',
  ];
  const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  for (const p of parts)
    for (const c of p.checks)
      lines.push(
        `| ${cell(p.part)} | ${cell(c.name)} | ${c.hard ? 'hard' : 'target'} | ${verdict(c)} | ${cell(c.figure)} |`,
      );
  lines.push('', 'Figures:', '');
  for (const p of parts)
    for (const [k, v] of Object.entries(p.figures))
      if (k !== 'outcomes') lines.push(`- ${p.part}: ${k}: ${cell(String(v))}`);
  lines.push(END);
  return lines.join('\n');
}

const OPTIONS = new Set(['seed', 'parts', 'no-doc', 'help']);

function usage(): string {
  return [
    `npm run reliability -- [--seed S] [--parts ${Object.keys(PARTS).join(',')}] [--no-doc]`,
    'Runs the parts named (all by default) against the real service on loopback and prints each check.',
    'A run of every part rewrites the "Last run" section of docs/reliability.md unless --no-doc.',
  ].join('\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // --help used to run every part (and rewrite the docs): it answers, and an unknown option is refused.
  if (args.help === 'true') {
    console.log(usage());
    return;
  }
  const unknown = Object.keys(args).filter((k) => !OPTIONS.has(k));
  if (unknown.length) throw new Error(`unknown option --${unknown[0]}\n${usage()}`);
  const seed = args.seed ?? '1';
  const names = (args.parts ? args.parts.split(',') : Object.keys(PARTS)) as PartName[];
  for (const n of names)
    if (!(n in PARTS)) throw new Error(`unknown part "${n}"; parts: ${Object.keys(PARTS).join(', ')}`);
  const started = performance.now();
  const results: PartResult[] = [];
  for (const name of names) {
    process.stderr.write(`reliability: ${name}…\n`);
    const t = performance.now();
    try {
      results.push(await PARTS[name](seed));
    } catch (err) {
      results.push(failedPart(name, err, round((performance.now() - t) / 1000)));
    }
    process.stderr.write(renderChecks(results.slice(-1)) + '\n');
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(renderChecks(results));
  const hardFailed = results.flatMap((p) => p.checks).filter((c) => c.hard && !c.pass);
  const missed = results.flatMap((p) => p.checks).filter((c) => !c.hard && !c.pass);
  console.log(
    `\n${hardFailed.length} hard requirement(s) failed, ${missed.length} target(s) missed; ${round(seconds / 60)} min`,
  );

  mkdirSync(join(ROOT, 'reliability', 'out'), { recursive: true });
  writeFileSync(
    join(ROOT, 'reliability', 'out', 'last-run.json'),
    JSON.stringify({ seed, seconds, machine: machineFacts(), results }, null, 2),
  );
  if (args['no-doc'] !== 'true' && !args.parts) {
    const head = await runToEnd('git', ['-C', ROOT, 'log', '-1', '--format=%h'], '/dev/null', 10_000);
    const doc = readFileSync(DOC, 'utf8');
    const from = doc.indexOf(START);
    const to = doc.indexOf(END);
    if (from >= 0 && to > from)
      writeFileSync(
        DOC,
        doc.slice(0, from) +
          markdown(results, seed, seconds, head.stdout.trim() || 'unknown') +
          doc.slice(to + END.length),
      );
  }
  process.exitCode = hardFailed.length ? 1 : 0;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : String(err));
  process.exitCode = 1;
});
