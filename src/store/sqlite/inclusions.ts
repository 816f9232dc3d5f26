// The embedded store's reads of SBOM inclusions (../inclusion-sets.ts): the documents naming a
// node, and the document that first states an inclusion edge (synchronous: the path evidence
// reads every hop in one transaction).
import type { Database, Statement } from 'better-sqlite3';
import { firstIncluding, InclusionSetPacker } from '../inclusion-sets.js';
import {
  memberSetsSql,
  nodeDocumentsOf,
  sbomDocumentsSql,
  subjectDocumentsSql,
  type NodeDocumentsReader,
} from '../package-documents.js';
import { SQLITE_DIALECT } from '../schema/dialect.js';

/** Rows of sbom_includes read per statement by migration step 10. */
const PACK_CHUNK = 50_000;

/** Step 10: each document's sbom_includes rows as one inclusion set (rows of a document have consecutive ids). */
export function packInclusions(db: Database): void {
  if (!db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sbom_includes'`).get()) return;
  const insert = db.prepare('INSERT INTO inclusion_sets (doc, subjects, members, pairs) VALUES (?, ?, ?, ?)');
  const packer = new InclusionSetPacker((doc, subjects, members, pairs) => insert.run(doc, subjects, members, pairs));
  const read = db.prepare('SELECT id, doc, a, b FROM sbom_includes WHERE id > ? ORDER BY id LIMIT ?').raw();
  for (let last = 0; ;) {
    const rows = read.all(last, PACK_CHUNK) as [number, number, number, number][];
    for (const [, doc, a, b] of rows) packer.row(doc, a, b);
    if (rows.length < PACK_CHUNK) break;
    last = rows[rows.length - 1][0];
  }
  packer.flush();
}

export class SqliteInclusions {
  private prepared: Record<'sbomDocuments' | 'memberSets' | 'subjectDocuments' | 'digest', Statement> | undefined;

  constructor(private readonly db: Database) {}

  /** Prepared on first use: a store opened read-only may predate the sets until it is migrated. */
  private get stmt(): Record<'sbomDocuments' | 'memberSets' | 'subjectDocuments' | 'digest', Statement> {
    return (this.prepared ??= {
      sbomDocuments: this.db.prepare(sbomDocumentsSql(SQLITE_DIALECT)).raw(),
      memberSets: this.db.prepare(memberSetsSql(SQLITE_DIALECT)).raw(),
      subjectDocuments: this.db.prepare(subjectDocumentsSql(SQLITE_DIALECT)).pluck(),
      digest: this.db.prepare('SELECT digest FROM documents WHERE id = ?').pluck(),
    });
  }

  private sbomDocuments(subjects: readonly number[]): [number, number][] {
    return this.stmt.sbomDocuments.all(JSON.stringify(subjects)) as [number, number][];
  }

  private memberSets(docs: readonly number[]): Map<number, Uint8Array> {
    return new Map(this.stmt.memberSets.all(JSON.stringify(docs)) as [number, Buffer][]);
  }

  nodeDocuments(node: number, subjects: readonly number[]): Promise<number[]> {
    const reader: NodeDocumentsReader = {
      sbomDocuments: (s) => Promise.resolve(this.sbomDocuments(s)),
      memberSets: (docs) => Promise.resolve(this.memberSets(docs)),
      subjectDocuments: (n) => Promise.resolve(this.stmt.subjectDocuments.all(n) as number[]),
    };
    return nodeDocumentsOf(reader, node, subjects);
  }

  /** The digest of the earliest document whose SBOM of `subject` includes `member`. */
  evidence(subject: number, member: number): string | undefined {
    const docs = this.sbomDocuments([subject]).map(([, doc]) => doc);
    const first = firstIncluding(docs, this.memberSets(docs), subject, member);
    return first === undefined ? undefined : (this.stmt.digest.get(first) as string | undefined);
  }
}
