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
