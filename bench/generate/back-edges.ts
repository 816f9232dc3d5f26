// Cycles in the universe: now and then a dependency of a long-tail version depends back on it.
import type { Rng } from '../lib/rng.js';

/** Dependency edges as CSR: version v's targets are out[outStart[v]] … out[outStart[v + 1] - 1]. */
export interface Csr {
  outStart: Uint32Array;
  out: Uint32Array;
}

/** Where a version stands in its ecosystem's popularity order. */
export interface Standing {
  /** Its name's rank (0: the most popular). */
  rankOf(v: number): number;
  /** The size of its ecosystem's popular core. */
  coreOf(v: number): number;
}

/** The edges with back edges added among long-tail versions (about 0.2 % of the versions get one). */
export function withBackEdges(forward: Csr, standing: Standing, rng: Rng): Csr & { backEdges: number } {
  const back = pickBackEdges(forward, standing, rng);
  let backEdges = 0;
  for (const list of back.values()) backEdges += list.length;
  return { ...merged(forward, back, backEdges), backEdges };
}

/** Per version, the versions it gets a back edge to: from one of its dependencies to itself. */
function pickBackEdges({ outStart, out }: Csr, standing: Standing, rng: Rng): Map<number, number[]> {
  const versionCount = outStart.length - 1;
  const back = new Map<number, number[]>();
  let backEdges = 0;
  const wanted = Math.max(2, Math.round(versionCount * 0.002));
  for (let attempts = 0; backEdges < wanted && attempts < wanted * 50; attempts++) {
    const v = rng.int(0, versionCount);
    const core = standing.coreOf(v);
    if (standing.rankOf(v) <= core) continue;
    const deg = outStart[v + 1] - outStart[v];
    if (deg === 0) continue;
    const u = out[outStart[v] + rng.int(0, deg)];
    if (standing.rankOf(u) < core) continue; // only among the tail
    const list = back.get(u) ?? [];
    if (list.includes(v) || hasEdge({ outStart, out }, u, v)) continue;
    list.push(v);
    back.set(u, list);
    backEdges++;
  }
  return back;
}

function hasEdge({ outStart, out }: Csr, from: number, to: number): boolean {
  for (let i = outStart[from]; i < outStart[from + 1]; i++) if (out[i] === to) return true;
  return false;
}

/** One CSR of both: each version's forward edges, then its back edges. */
function merged({ outStart, out }: Csr, back: Map<number, number[]>, backEdges: number): Csr {
  const versionCount = outStart.length - 1;
  const mergedOut = new Uint32Array(out.length + backEdges);
  const mergedStart = new Uint32Array(versionCount + 1);
  let w = 0;
  for (let v = 0; v < versionCount; v++) {
    mergedStart[v] = w;
    for (let i = outStart[v]; i < outStart[v + 1]; i++) mergedOut[w++] = out[i];
    for (const x of back.get(v) ?? []) mergedOut[w++] = x;
  }
  mergedStart[versionCount] = w;
  return { outStart: mergedStart, out: mergedOut };
}
