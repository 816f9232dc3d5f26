// A document's SBOM inclusions as one stored row (inclusion_sets, schema 10) instead of one row
// per included component: the SBOM subjects and the members (every package and artifact the
// document names), each a sorted array of node ids packed as 32-bit words. GUAC's bulk rule
// makes every subject include every member but itself, so the pairs need not be stored: a build
// of 1,000 components is one row of about 4 kB instead of 1,000 rows (docs/adr/0013).

/** The 32-bit words of a packed blob (native byte order, as written); a driver may hand them back unaligned. */
export function wordsOf(bytes: Uint8Array): Uint32Array {
  return bytes.byteOffset % 4 === 0
    ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2)
    : new Uint32Array(Uint8Array.from(bytes).buffer);
}

/** Distinct node ids, ascending, as a blob. */
export function packIds(ids: Iterable<number>): Buffer {
  const words = Uint32Array.from(new Set(ids)).sort();
  return Buffer.from(words.buffer, words.byteOffset, words.byteLength);
}

/** One document's inclusion set as stored. */
export interface InclusionSet {
  doc: number;
  subjects: Uint8Array;
  members: Uint8Array;
}

/** The (subject, member) pairs a set stands for: each subject includes each member but itself. */
export function forEachInclusion(set: InclusionSet, include: (subject: number, member: number) => void): void {
  const subjects = wordsOf(set.subjects);
  const members = wordsOf(set.members);
  for (const s of subjects) for (const m of members) if (m !== s) include(s, m);
}

/** How many pairs a set stands for (the stored count of stats()). */
export function inclusionCount(subjects: readonly number[], members: readonly number[]): number {
  const own = new Set(members);
  let n = 0;
  for (const s of new Set(subjects)) n += own.size - (own.has(s) ? 1 : 0);
  return n;
}

/** Whether the sorted packed ids hold `id` (binary search). */
export function packedHas(packed: Uint8Array, id: number): boolean {
  const words = wordsOf(packed);
  let lo = 0;
  let hi = words.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const w = words[mid];
    if (w === id) return true;
    if (w < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** What documentsIncluding reads from a store: SBOM documents by subject, and sets by document. */
export interface InclusionReader {
  /** (subject, document) of the has_sbom rows whose subject is one of `subjects`, by document. */
  sbomDocuments(subjects: readonly number[]): Promise<[number, number][]>;
  /** The members of these documents' sets (documents without one are absent). */
  memberSets(docs: readonly number[]): Promise<Map<number, Uint8Array>>;
}

/**
 * The documents whose SBOM of one of `subjects` includes `node`, ascending. The index names the
 * subjects that include the node; a subject with one SBOM document needs no look at its set, and
 * only subjects stated by several documents (where some may not include the node) read theirs.
 */
export async function documentsIncluding(
  reader: InclusionReader,
  node: number,
  subjects: readonly number[],
): Promise<number[]> {
  if (subjects.length === 0) return [];
  const docsOf = new Map<number, number[]>();
  for (const [subject, doc] of await reader.sbomDocuments(subjects)) {
    const docs = docsOf.get(subject);
    if (docs) docs.push(doc);
    else docsOf.set(subject, [doc]);
  }
  const found = new Set<number>();
  const toCheck: number[] = [];
  for (const docs of docsOf.values()) {
    if (docs.length === 1) found.add(docs[0]);
    else toCheck.push(...docs);
  }
  if (toCheck.length) {
    for (const [doc, members] of await reader.memberSets(toCheck)) if (packedHas(members, node)) found.add(doc);
  }
  return [...found].sort((x, y) => x - y);
}

/**
 * The first of `docs` (the SBOM documents of a subject, ascending) whose set includes `member`:
 * the evidence of an inclusion edge. `members` holds those documents' sets.
 */
export function firstIncluding(
  docs: readonly number[],
  members: ReadonlyMap<number, Uint8Array>,
  subject: number,
  member: number,
): number | undefined {
  if (subject === member) return undefined;
  return docs.find((doc) => {
    const set = members.get(doc);
    return set !== undefined && packedHas(set, member);
  });
}

/**
 * Groups (doc, subject, member) rows read in document order into sets: migration step 10
 * turns the sbom_includes rows of a store into inclusion_sets with it.
 */
export class InclusionSetPacker {
  private doc = -1;
  private subjects: number[] = [];
  private members: number[] = [];

  constructor(private readonly emit: (doc: number, subjects: Buffer, members: Buffer, count: number) => void) {}

  row(doc: number, subject: number, member: number): void {
    if (doc !== this.doc) this.flush();
    this.doc = doc;
    this.subjects.push(subject);
    this.members.push(member);
  }

  /** Emits the set under way; call once after the last row. */
  flush(): void {
    if (this.doc < 0) return;
    // The rows name the pairs stored: a subject that is also a member of its own document was
    // never paired with itself, and stays so (forEachInclusion skips it).
    const count = this.subjects.length;
    this.emit(this.doc, packIds(this.subjects), packIds(this.members), count);
    this.doc = -1;
    this.subjects = [];
    this.members = [];
  }
}
