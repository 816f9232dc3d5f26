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

  merge(): void {
    if (this.pending.length === 0) return;
    const added = this.pending.sort(byText);
    this.pending = [];
    const texts: string[] = new Array<string>(this.texts.length + added.length);
    const ids = new Uint32Array(texts.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < this.texts.length || j < added.length) {
      const takeOld =
        j >= added.length || (i < this.texts.length && byText({ text: this.texts[i], id: this.ids[i] }, added[j]) <= 0);
      if (takeOld) {
        texts[k] = this.texts[i];
        ids[k++] = this.ids[i++];
      } else {
        texts[k] = added[j].text;
        ids[k++] = added[j++].id;
      }
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
