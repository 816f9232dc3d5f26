// Summarises a V8 .cpuprofile (from `--cpu-prof`, e.g. `npm run bench -- --profile`): the
// functions with the most self time, and with the most total (inclusive) time.
// Usage: node bench/dist/tools/profile.js FILE.cpuprofile [TOP] [FROM_SECONDS] [TO_SECONDS]
// (the window limits the summary to samples taken between those times after the process started)
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

function label(n: ProfileNode): string {
  const f = n.callFrame;
  const where = f.url ? `${f.url.replace(/^file:\/\/.*?\/(dist|node_modules)\//, '$1/')}:${f.lineNumber + 1}` : '';
  return `${f.functionName || '(anonymous)'} ${where}`.trim();
}

export function summarise(file: string, top = 25, fromS = 0, toS = Infinity): string {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfTime = new Map<number, number>();
  let at = 0;
  let total = 0;
  p.samples.forEach((id, i) => {
    at += p.timeDeltas[i] ?? 0;
    if (at < fromS * 1e6 || at > toS * 1e6) return;
    total += p.timeDeltas[i] ?? 0;
    selfTime.set(id, (selfTime.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  const selfByLabel = new Map<string, number>();
  const inclusiveByLabel = new Map<string, number>();
  for (const [id, t] of selfTime) {
    const n = byId.get(id)!;
    selfByLabel.set(label(n), (selfByLabel.get(label(n)) ?? 0) + t);
    // Inclusive: every distinct function on the stack gets the sample once.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!);
      if (seen.has(l)) continue;
      seen.add(l);
      inclusiveByLabel.set(l, (inclusiveByLabel.get(l) ?? 0) + t);
    }
  }
  const pct = (t: number): string => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
  const lines = [`${file}: ${(total / 1e6).toFixed(1)} s sampled`, '', 'self time:'];
  for (const [l, t] of [...selfByLabel].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(t)}  ${l}`);
  lines.push('', 'total time:');
  for (const [l, t] of [...inclusiveByLabel].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(t)}  ${l}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top, from, to] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/dist/tools/profile.js FILE.cpuprofile [TOP] [FROM_SECONDS] [TO_SECONDS]');
    process.exitCode = 2;
  } else {
    console.log(summarise(file, Number(top ?? 25), Number(from ?? 0), to === undefined ? Infinity : Number(to)));
  }
}
