// A severity as a coloured badge whose text says the severity (colour is never the only cue).
import { severityClass } from './severity';

export function SeverityBadge({ severity }: { severity: string | undefined }) {
  const text = (severity ?? 'UNKNOWN').toUpperCase();
  return <span class={`badge ${severityClass(text)}`.trim()}>{text}</span>;
}
