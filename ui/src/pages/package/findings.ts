// The package vulnerability answer (GUAC shape: one item per package, vulnerability and scan)
// folded into one row per vulnerability (DOM-free).
export interface Finding {
  package: string;
  vulnerability: { vulnerabilityIDs: string[] };
}

export interface FindingGroup {
  /** The first id the API gave for the vulnerability (its detail names the primary one). */
  id: string;
  ids: string[];
  /** Package versions it was reported for, sorted, each once. */
  packages: string[];
}

/** One group per vulnerability: items sharing any id (aliases) fold together; first-seen order. */
export function groupFindings(findings: readonly Finding[]): FindingGroup[] {
  const groups: { ids: Set<string>; packages: Set<string> }[] = [];
  const groupOf = new Map<string, { ids: Set<string>; packages: Set<string> }>();
  for (const finding of findings) {
    const ids = finding.vulnerability.vulnerabilityIDs;
    if (ids.length === 0) continue;
    let group = ids.map((id) => groupOf.get(id)).find((g) => g !== undefined);
    if (!group) {
      group = { ids: new Set(), packages: new Set() };
      groups.push(group);
    }
    for (const id of ids) {
      group.ids.add(id);
      groupOf.set(id, group);
    }
    group.packages.add(finding.package);
  }
  return groups.map((g) => {
    const ids = [...g.ids];
    return { id: ids[0], ids, packages: [...g.packages].sort() };
  });
}

/** Rows that turned out to be one vulnerability (same primary id) merged, packages united. */
export function mergeByPrimary<T extends { id: string; packages: string[] }>(
  rows: readonly T[],
  mergeRest?: (into: T, from: T) => void,
): T[] {
  const byId = new Map<string, T>();
  for (const row of rows) {
    const seen = byId.get(row.id);
    if (!seen) {
      byId.set(row.id, { ...row, packages: [...row.packages] });
      continue;
    }
    seen.packages = [...new Set([...seen.packages, ...row.packages])].sort();
    mergeRest?.(seen, row);
  }
  return [...byId.values()];
}
