// The artifact page's summaries of its contents (DOM-free).
import { purlType } from '../../components/text';

/** Packages per purl type, most first, then by type name. */
export function countByType(purls: readonly string[]): { type: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const purl of purls) {
    const type = purlType(purl) || 'unknown';
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return [...counts]
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => b.count - a.count || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
}

/**
 * Distinct vulnerabilities among findings (one per package and vulnerability): findings whose ids
 * (the id and its aliases) share one are the same vulnerability.
 */
export function countVulnerabilities(findings: readonly { id: string; vulnerabilityIDs?: string[] }[]): number {
  const parent = new Map<string, string>();
  const root = (id: string): string => {
    let r = id;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(id, r);
    return r;
  };
  for (const f of findings) {
    const ids = [f.id, ...(f.vulnerabilityIDs ?? [])];
    for (const id of ids) if (!parent.has(id)) parent.set(id, id);
    for (const id of ids.slice(1)) parent.set(root(id), root(f.id));
  }
  return new Set(findings.map((f) => root(f.id))).size;
}
