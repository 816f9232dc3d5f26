// Checks and their report: every part of the suite returns checks with figures; a check is
// either a hard requirement (the suite exits non-zero when it fails) or a target (reported only).
export interface Check {
  part: string;
  name: string;
  /** Hard requirements fail the run; targets are reported as met or missed. */
  hard: boolean;
  pass: boolean;
  /** The measured figure(s), in words with units. */
  figure: string;
  /** Why it failed (the first few offending cases). */
  detail?: string;
}

export interface PartResult {
  part: string;
  seconds: number;
  checks: Check[];
  /** Figures worth keeping (counts, timings), for the JSON report and docs/reliability.md. */
  figures: Record<string, number | string>;
}

export class PartRecorder {
  readonly checks: Check[] = [];
  readonly figures: Record<string, number | string> = {};
  private readonly started = performance.now();
  constructor(readonly part: string) {}

  hard(name: string, pass: boolean, figure: string, detail?: string): void {
    this.checks.push({ part: this.part, name, hard: true, pass, figure, detail: pass ? undefined : detail });
  }

  target(name: string, pass: boolean, figure: string, detail?: string): void {
    this.checks.push({ part: this.part, name, hard: false, pass, figure, detail: pass ? undefined : detail });
  }

  figure(key: string, value: number | string): void {
    this.figures[key] = value;
  }

  result(): PartResult {
    return {
      part: this.part,
      seconds: Math.round((performance.now() - this.started) / 100) / 10,
      checks: this.checks,
      figures: this.figures,
    };
  }
}

/** A part that threw is one failed hard check: the suite never stops half-way. */
export function failedPart(part: string, err: unknown, seconds: number): PartResult {
  const message = err instanceof Error ? err.message : String(err);
  return {
    part,
    seconds,
    checks: [{ part, name: 'the part ran to its end', hard: true, pass: false, figure: 'aborted', detail: message }],
    figures: {},
  };
}

export function verdict(check: Check): string {
  if (check.pass) return 'PASS';
  return check.hard ? 'FAIL' : 'MISSED';
}

/** Plain-text table of every check. */
export function renderChecks(parts: readonly PartResult[]): string {
  const lines: string[] = [];
  for (const p of parts) {
    lines.push(`\n== ${p.part} (${p.seconds} s)`);
    for (const c of p.checks) {
      lines.push(`  ${verdict(c).padEnd(6)} ${c.hard ? '[hard]  ' : '[target]'} ${c.name}: ${c.figure}`);
      if (c.detail) lines.push(`         ${c.detail.replace(/\n/g, '\n         ')}`);
    }
  }
  return lines.join('\n');
}

/** Truncates a list of offending cases for a check's detail. */
export function firstFew(cases: readonly string[], n = 5): string {
  const shown = cases.slice(0, n).join('\n');
  return cases.length > n ? `${shown}\n… and ${cases.length - n} more` : shown;
}

/** How many of `items` fall under each key (a plain object, as JSON.stringify prints it in the figures). */
export function countBy<T>(items: Iterable<T>, key: (item: T) => string | number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const k = key(item);
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

export const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;
