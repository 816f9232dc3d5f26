// Package-name search for /v0/search (issue 14, draft): every package name's searchable text
// (namespace and name, decoded, lower case) indexed by its trigrams, so a word of three or more
// characters is looked up by intersecting posting lists and then confirmed by substring; shorter
// words scan the names. Append-only, like the node table: names are added as packages arrive,
// and a deletion rebuilds the index from the start anyway.

/** The text a name is searched by: "org.apache.logging.log4j/log4j-core" for pkg:maven/…/log4j-core. */
export function searchableText(nameKey: string): string {
  const slash = nameKey.indexOf('/');
  const path = slash < 0 ? nameKey : nameKey.slice(slash + 1);
  const query = path.indexOf('?');
  const bare = query < 0 ? path : path.slice(0, query);
  let text: string;
  try {
    text = decodeURIComponent(bare);
  } catch {
    text = bare;
  }
  return text.toLowerCase();
}

/** The words of a query: lower case, split on whitespace, empty ones dropped. */
export function queryWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
  return grams;
}

export class NameSearch {
  /** Package name keys, in the order added; a name's position is its number in the postings. */
  readonly names: string[] = [];
  private readonly texts: string[] = [];
  private readonly known = new Set<string>();
  /** Trigram → ascending name numbers whose text contains it. */
  private readonly postings = new Map<string, number[]>();

  get size(): number {
    return this.names.length;
  }

  /** Indexes a package name (a name already known is ignored). */
  add(nameKey: string): void {
    if (this.known.has(nameKey)) return;
    this.known.add(nameKey);
    const n = this.names.length;
    const text = searchableText(nameKey);
    this.names.push(nameKey);
    this.texts.push(text);
    for (const gram of trigramsOf(text)) {
      const list = this.postings.get(gram);
      if (list) list.push(n);
      else this.postings.set(gram, [n]);
    }
  }

  /** The name keys whose text contains every word of `q`, in the order added. */
  find(q: string): string[] {
    const words = queryWords(q);
    if (words.length === 0) return [];
    let candidates: number[] | undefined;
    for (const word of words) {
      if (word.length < 3) continue;
      for (const gram of trigramsOf(word)) {
        const list = this.postings.get(gram);
        if (!list) return [];
        candidates = candidates ? intersect(candidates, list) : list;
        if (candidates.length === 0) return [];
      }
    }
    const out: string[] = [];
    const check = (n: number): void => {
      const text = this.texts[n];
      if (words.every((w) => text.includes(w))) out.push(this.names[n]);
    };
    if (candidates) for (const n of candidates) check(n);
    else for (let n = 0; n < this.texts.length; n++) check(n);
    return out;
  }
}

/** The common members of two ascending lists. */
function intersect(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(a[i]);
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return out;
}
