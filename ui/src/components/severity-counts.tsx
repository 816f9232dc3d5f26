// Counts by severity as badges (`CRITICAL 2 HIGH 1`), most severe first, the severities with no
// item left out; `none` when every count is zero.
import { SEVERITIES, type Severity } from './severity';
import { SeverityBadge } from './severity-badge';

export function SeverityCounts({ counts, none = 'none' }: { counts: Record<Severity, number>; none?: string }) {
  const shown = SEVERITIES.filter((severity) => counts[severity] > 0);
  if (shown.length === 0) return <span class="muted">{none}</span>;
  return (
    <span class="severity-counts">
      {shown.map((severity) => (
        <span key={severity} class="count-badge" data-severity={severity}>
          <SeverityBadge severity={severity} /> {counts[severity].toLocaleString('en-US')}
        </span>
      ))}
    </span>
  );
}
