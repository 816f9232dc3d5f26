// Package-name search for /v0/search: every package name's searchable text (namespace and name,
// decoded, lower case) indexed by its trigrams, so a word of three or more characters is looked
// up by intersecting posting lists and then confirmed by substring; shorter words scan the names.
// Append-only, like the node table: names are added as packages arrive (a deletion rebuilds the
// whole index). Postings are kept compact: compact() packs them into one typed array, and names
// added since wait in small per-trigram lists until the next compact().

import { runToEnd } from './slices.js';
import { ShardedMap, ShardedSet } from './sharded-map.js';

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

/**
 * A trigram as a number: 7 bits per character, exact for ASCII. Other characters share codes,
 * which only adds candidates: every candidate is confirmed by substring before it is returned.
 */
function gramAt(text: string, i: number): number {
  return ((text.charCodeAt(i) & 0x7f) << 14) | ((text.charCodeAt(i + 1) & 0x7f) << 7) | (text.charCodeAt(i + 2) & 0x7f);
}

function gramsOf(word: string): Set<number> {
  const grams = new Set<number>();
  for (let i = 0; i + 3 <= word.length; i++) grams.add(gramAt(word, i));
  return grams;
}

const NO_NUMBERS = new Uint32Array(0);
/** Slots, lists or postings that compactSteps() handles between two of its yields. */
const STEP_WORK = 1 << 15;

/**
 * Counts the work of compactSteps() (slots, lists, postings moved) and says when a yield is due:
 * a step is bounded by what it moves, since one trigram's list can hold most of the names.
 */
class StepWork {
  private since = 0;

  done(amount: number): boolean {
    this.since += amount;
    if (this.since < STEP_WORK) return false;
    this.since = 0;
    return true;
  }
}

export class NameSearch {
  /** Package name keys, in the order added; a name's position is its number in the postings. */
  readonly names: string[] = [];
  private readonly texts: string[] = [];
  private readonly known = new ShardedSet<string>();
  /** Trigram → its slot in the packed postings. */
  private readonly slots = new ShardedMap<number, number>();
  /** Packed postings: slot s holds members[offsets[s]..offsets[s + 1]], ascending name numbers. */
  private offsets = new Uint32Array(1);
  private members = NO_NUMBERS;
  /** Postings of the names added since the last compact() (all numbers above the packed ones). */
  private pending = new ShardedMap<number, number[]>();

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
    for (let i = 0; i + 3 <= text.length; i++) {
      const gram = gramAt(text, i);
      const list = this.pending.get(gram);
      // A trigram twice in one name: the name is already its list's last entry.
      if (!list) this.pending.set(gram, [n]);
      else if (list[list.length - 1] !== n) list.push(n);
    }
  }

  /**
   * Packs the pending postings in with the others. It runs inside a refresh's synchronous apply:
   * the old postings move as a few block copies (the runs of slots between those that grow), not
   * one copy per slot, so it costs a memory copy of the postings rather than a walk over them.
   */
  compact(): void {
    runToEnd(this.compactSteps());
  }

  /**
   * compact() as steps that yield every STEP_WORK slots, lists or postings moved, so an index built aside can pack a
   * whole store's names in slices (runInSlices). Nothing is visible until the last step, and no
   * name may be added before it.
   */
  *compactSteps(): Generator<void, void> {
    if (this.pending.size === 0) return;
    const pending = this.pending;
    const work = new StepWork();
    for (const gram of pending.keys()) {
      if (!this.slots.has(gram)) this.slots.set(gram, this.slots.size);
      if (work.done(1)) yield;
    }
    const slotCount = this.slots.size;
    const oldOffsets = this.offsets;
    const oldSlots = oldOffsets.length - 1;
    const grows = new Uint32Array(slotCount);
    for (const [gram, list] of pending) {
      grows[this.slots.get(gram)!] = list.length;
      if (work.done(1)) yield;
    }
    const offsets = new Uint32Array(slotCount + 1);
    for (let s = 0; s < slotCount; s++) {
      const had = s < oldSlots ? oldOffsets[s + 1] - oldOffsets[s] : 0;
      offsets[s + 1] = offsets[s] + had + grows[s];
      if (work.done(1)) yield;
    }
    const members = new Uint32Array(offsets[slotCount]);
    // Slots a..s-1 kept their size: their postings shift by the same amount, one copy.
    let a = 0;
    for (let s = 0; s <= oldSlots; s++) {
      if (s < oldSlots && grows[s] === 0) continue;
      if (s > a) members.set(this.members.subarray(oldOffsets[a], oldOffsets[s]), offsets[a]);
      if (s < oldSlots) members.set(this.members.subarray(oldOffsets[s], oldOffsets[s + 1]), offsets[s]);
      const moved = (s < oldSlots ? oldOffsets[s + 1] : oldOffsets[s]) - oldOffsets[a];
      a = s + 1;
      if (work.done(moved + 1)) yield;
    }
    for (const [gram, list] of pending) {
      const s = this.slots.get(gram)!;
      members.set(list, offsets[s + 1] - list.length);
      if (work.done(list.length + 1)) yield;
    }
    this.offsets = offsets;
    this.members = members;
    this.pending = new ShardedMap();
  }

  /** The ascending numbers of the names whose text contains `gram`. */
  private postings(gram: number): ArrayLike<number> {
    const s = this.slots.get(gram);
    // A slot given by a packing still under way (compactSteps) has no packed postings yet.
    const packed =
      s === undefined || s >= this.offsets.length - 1
        ? NO_NUMBERS
        : this.members.subarray(this.offsets[s], this.offsets[s + 1]);
    const added = this.pending.get(gram);
    if (!added) return packed;
    return packed.length === 0 ? added : [...packed, ...added];
  }

  /** The name keys whose text contains every word of `q`, in the order added. */
  find(q: string): string[] {
    const out: string[] = [];
    this.forEachMatch(q, (name) => out.push(name));
    return out;
  }

  /** Calls `visit` with each name whose text contains every word of `q`, and that text, in the order added. */
  forEachMatch(q: string, visit: (nameKey: string, text: string) => void): void {
    const words = queryWords(q);
    if (words.length === 0) return;
    let candidates: ArrayLike<number> | undefined;
    for (const word of words) {
      if (word.length < 3) continue;
      for (const gram of gramsOf(word)) {
        const list = this.postings(gram);
        candidates = candidates ? intersect(candidates, list) : list;
        if (candidates.length === 0) return;
      }
    }
    const check = (n: number): void => {
      const text = this.texts[n];
      if (words.every((w) => text.includes(w))) visit(this.names[n], text);
    };
    if (candidates) for (let i = 0; i < candidates.length; i++) check(candidates[i]);
    else for (let n = 0; n < this.texts.length; n++) check(n);
  }
}

/** The common members of two ascending lists. */
function intersect(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
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
