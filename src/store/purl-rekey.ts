// Migration step 9: package and package-name nodes are keyed by their canonical purl, and the
// canonical form became ECMA-427's (docs/api.md, "Package URLs"): "+" in a version is %2B, ":" is
// never percent-encoded, "(", ")", "!", "*" and "'" are, "~" is not; brew and mlflow (Databricks)
// names and the namespace of a git purl follow their type definitions. Each stored key is
// re-written in its new canonical form, and so is a document's subject. A key that no longer
// parses, or whose new form another node already has, is left as it was (counted in the report):
// merging two nodes would mean re-writing every fact that names them; re-ingesting the documents
// that wrote such a purl gives the standard form.
import { NodeKind } from '../model/kinds.js';
import { canonicalPurl } from '../model/purl.js';

export const PURL_NODE_KINDS: readonly number[] = [NodeKind.Package, NodeKind.PackageName];

/** What the re-keying did, for `supplygraph migrate`'s report and the tests. */
export interface PurlRekeyReport {
  rekeyed: number;
  /** Keys ECMA-427 rejects (stored before it was enforced): kept, and answered as stored. */
  invalid: number;
  /** Keys whose canonical form another node already has: kept. */
  taken: number;
}

/** The new key of a stored purl, or why there is none ("same": nothing to do). */
export function rekeyedPurl(key: string): { to: string } | 'same' | 'invalid' {
  let to: string;
  try {
    to = canonicalPurl(key);
  } catch {
    return 'invalid';
  }
  return to === key ? 'same' : { to };
}

export interface PurlRename {
  id: number;
  kind: number;
  from: string;
  to: string;
}

/** The keys of `nodes` (package and package-name nodes) whose canonical form changed. */
export function changedPurlKeys(
  nodes: Iterable<{ id: number; kind: number; key: string }>,
  report: PurlRekeyReport,
): PurlRename[] {
  const changes: PurlRename[] = [];
  for (const n of nodes) {
    const change = rekeyedPurl(n.key);
    if (change === 'invalid') report.invalid++;
    else if (change !== 'same') changes.push({ id: n.id, kind: n.kind, from: n.key, to: change.to });
  }
  return changes;
}

/**
 * The renames to apply: those whose new key no stored node has (`taken` says which do) and no
 * earlier rename claims. The rest stay as they are, counted in `report.taken`.
 */
export function applicableRenames(
  changes: readonly PurlRename[],
  taken: (kind: number, key: string) => boolean,
  report: PurlRekeyReport,
): PurlRename[] {
  const claimed = new Set<string>();
  const out: PurlRename[] = [];
  for (const c of changes) {
    const slot = `${c.kind} ${c.to}`;
    if (claimed.has(slot) || taken(c.kind, c.to)) {
      report.taken++;
      continue;
    }
    claimed.add(slot);
    out.push(c);
  }
  report.rekeyed += out.length;
  return out;
}
