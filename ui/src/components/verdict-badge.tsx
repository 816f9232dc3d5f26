// A policy verdict as a badge whose text says it (colour is never the only cue): pass, warn, fail.
const VERDICT_CLASS: Record<string, string> = { pass: 'low', warn: 'medium', fail: 'critical' };

export function VerdictBadge({ verdict }: { verdict: string }) {
  return <span class={`badge verdict ${VERDICT_CLASS[verdict] ?? ''}`.trim()}>{verdict.toUpperCase()}</span>;
}
