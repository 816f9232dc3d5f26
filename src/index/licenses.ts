// Licences of package versions (HasLicense): what each document declares or concludes, kept per
// package in the order stated, one entry per (expression, kind, document). Statements repeat
// across packages and builds ("MIT", declared), so each distinct one is kept once; the entries
// are columns of numbers, chained per package, so a package costs one map entry and no heap
// object of its own (an object per record, and an array per package, were millions of objects
// for the garbage collector to mark at portfolio scale: docs/architecture.md).
import type { LicenseKind } from '../model/facts.js';
import { GrowableU32 } from './growable.js';
import { ShardedMap } from './sharded-map.js';

/** What a document states about a package's licence. */
export interface LicenseStatement {
  /** A normalised SPDX expression, or the document's own text when `verbatim`. */
  expression: string;
  kind: LicenseKind;
  verbatim: boolean;
}

export interface LicenseRecord extends LicenseStatement {
  /** The store id of the document that states it. */
  doc: number;
}

export class LicenseFacts {
  private readonly statements: LicenseStatement[] = [];
  private readonly statementIds = new Map<string, number>();
  // Entry e (from 1; 0 ends a chain): its statement, its document, the package's next entry.
  private readonly statementOf = new GrowableU32();
  private readonly docOf = new GrowableU32();
  private readonly nextOf = new GrowableU32();
  private readonly firstEntry = new ShardedMap<number, number>();

  constructor() {
    this.push(0, 0); // entry 0: the end of every chain
  }

  add(pkg: number, record: LicenseRecord): void {
    const statement = this.statementId(record);
    const first = this.firstEntry.get(pkg);
    if (first === undefined) {
      this.firstEntry.set(pkg, this.push(statement, record.doc));
      return;
    }
    // The walk that looks for the same statement ends at the chain's last entry.
    let last = first;
    for (let e = first; e !== 0; e = this.nextOf.get(e)) {
      if (this.statementOf.get(e) === statement && this.docOf.get(e) === record.doc) return;
      last = e;
    }
    this.nextOf.set(last, this.push(statement, record.doc));
  }

  /** A package's records, in the order stated (made on each call: callers read, never keep). */
  of(pkg: number): LicenseRecord[] {
    const records: LicenseRecord[] = [];
    for (let e = this.firstEntry.get(pkg) ?? 0; e !== 0; e = this.nextOf.get(e))
      records.push({ ...this.statements[this.statementOf.get(e)], doc: this.docOf.get(e) });
    return records;
  }

  private push(statement: number, doc: number): number {
    this.statementOf.push(statement);
    this.docOf.push(doc);
    this.nextOf.push(0);
    return this.statementOf.length - 1;
  }

  private statementId({ expression, kind, verbatim }: LicenseStatement): number {
    const key = `${kind}${verbatim ? '!' : ':'}${expression}`;
    let id = this.statementIds.get(key);
    if (id === undefined) {
      id = this.statements.length;
      this.statements.push({ expression, kind, verbatim });
      this.statementIds.set(key, id);
    }
    return id;
  }
}
