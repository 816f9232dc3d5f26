// Severity ordering and counting, shared by the pages that list vulnerabilities (DOM-free).
export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Position in SEVERITIES (most severe first); anything unrecognised sorts with UNKNOWN. */
export function severityRank(severity: string | undefined): number {
  const index = SEVERITIES.indexOf((severity ?? 'UNKNOWN').toUpperCase() as Severity);
  return index < 0 ? SEVERITIES.length - 1 : index;
}

/** The CSS class of the severity badge (`.badge.critical` …); '' for NONE and UNKNOWN. */
export function severityClass(severity: string | undefined): string {
  const rank = severityRank(severity);
  return rank <= 3 ? SEVERITIES[rank].toLowerCase() : '';
}

/** Count per severity, in SEVERITIES order, leaving out the severities with no item. */
export function countBySeverity(items: readonly { severity?: string }[]): { severity: Severity; count: number }[] {
  const counts = new Array<number>(SEVERITIES.length).fill(0);
  for (const item of items) counts[severityRank(item.severity)] += 1;
  return SEVERITIES.map((severity, i) => ({ severity, count: counts[i] })).filter((c) => c.count > 0);
}

/** Most severe first, then the higher CVSS score, then the id. */
export function bySeverity<T extends { severity?: string; cvssScore?: number; id: string }>(a: T, b: T): number {
  return (
    severityRank(a.severity) - severityRank(b.severity) ||
    (b.cvssScore ?? -1) - (a.cvssScore ?? -1) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
