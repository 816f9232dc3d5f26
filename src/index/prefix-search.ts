// Prefix search over node texts (artifact digest values, vulnerability ids) for /v0/search: the
// texts kept sorted, so the nodes whose text starts with a prefix are one range found by binary
// search. Append-only like the node table: nodes added since the last merge() are sorted and
// merged in (O(n + k log k)), as PackageOrder does for purls.

interface Entry {
  text: string;
  id: number;
}

const byText = (a: Entry, b: Entry): number => (a.text < b.text ? -1 : a.text > b.text ? 1 : a.id - b.id);

export class PrefixSearch {
  /** Texts in ascending order, and the node of each. */
  private texts: string[] = [];
  private ids = new Uint32Array(0);
  private pending: Entry[] = [];

  get size(): number {
    return this.texts.length + this.pending.length;
  }

  /** A node to find by `text` (already in the case the prefixes will be given in). */
  add(id: number, text: string): void {
    this.pending.push({ text, id });
  }

  /**
   * Merges the pending nodes in. It runs inside a refresh's synchronous apply: each added entry
   * finds its place by binary search (k log n compares) and the runs between are block copies,
   * rather than one comparison (and two objects) per entry of the whole list.
   */
  merge(): void {
    if (this.pending.length === 0) return;
    const added = this.pending.sort(byText);
    this.pending = [];
    const old = this.texts;
    const oldIds = this.ids;
    const texts: string[] = new Array<string>(old.length + added.length);
    const ids = new Uint32Array(texts.length);
    let from = 0;
    for (let j = 0; j <= added.length; j++) {
      // Past the old entries ordered before added[j] (text, then id); all of them after the last.
      let lo = from;
      let hi = old.length;
      if (j < added.length) {
        const { text, id } = added[j];
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (old[mid] < text || (old[mid] === text && oldIds[mid] <= id)) lo = mid + 1;
          else hi = mid;
        }
      } else lo = old.length;
      for (let i = from; i < lo; i++) texts[i + j] = old[i];
      ids.set(oldIds.subarray(from, lo), from + j);
      if (j < added.length) {
        texts[lo + j] = added[j].text;
        ids[lo + j] = added[j].id;
      }
      from = lo;
    }
    this.texts = texts;
    this.ids = ids;
  }

  /** The nodes whose text starts with `prefix`, in text order (merged nodes only: call merge() after adding). */
  withPrefix(prefix: string): number[] {
    let lo = 0;
    let hi = this.texts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.texts[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < this.texts.length && this.texts[i].startsWith(prefix); i++) out.push(this.ids[i]);
    return out;
  }
}
