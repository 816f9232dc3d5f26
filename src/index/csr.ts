// Compressed sparse rows: for node u, its neighbours are targets[offsets[u] .. offsets[u+1]).
// Built once per refresh from the raw edge lists, with duplicate edges removed (the same
// edge stated by many documents is one edge for traversal).

export interface Csr {
  offsets: Uint32Array;
  targets: Uint32Array;
}

export function buildCsr(nodeCount: number, from: Uint32Array, to: Uint32Array, reverse = false): Csr {
  const src = reverse ? to : from;
  const dst = reverse ? from : to;
  const counts = new Uint32Array(nodeCount + 1);
  for (let i = 0; i < src.length; i++) counts[src[i] + 1]++;
  for (let u = 0; u < nodeCount; u++) counts[u + 1] += counts[u];
  const fill = counts.slice(0, nodeCount);
  const raw = new Uint32Array(src.length);
  for (let i = 0; i < src.length; i++) raw[fill[src[i]]++] = dst[i];
  // Sort each row and drop duplicates, compacting in place.
  const offsets = new Uint32Array(nodeCount + 1);
  let write = 0;
  for (let u = 0; u < nodeCount; u++) {
    const start = counts[u];
    const end = counts[u + 1];
    offsets[u] = write;
    if (end - start > 1) {
      const row = raw.subarray(start, end);
      row.sort();
      let last = -1;
      for (let i = 0; i < row.length; i++) {
        if (row[i] !== last) raw[write++] = last = row[i];
      }
    } else if (end > start) {
      raw[write++] = raw[start];
    }
  }
  offsets[nodeCount] = write;
  return { offsets, targets: raw.slice(0, write) };
}

export const EMPTY_CSR: Csr = { offsets: new Uint32Array(1), targets: new Uint32Array(0) };

export function degree(csr: Csr, u: number): number {
  return u + 1 < csr.offsets.length ? csr.offsets[u + 1] - csr.offsets[u] : 0;
}
