// Licences of package versions (HasLicense): what each document declares or concludes, kept per
// package in the order stated, one entry per (expression, kind, document).
import type { LicenseKind } from '../model/facts.js';
import { ShardedMap } from './sharded-map.js';

export interface LicenseRecord {
  /** A normalised SPDX expression, or the document's own text when `verbatim`. */
  expression: string;
  kind: LicenseKind;
  verbatim: boolean;
  /** The store id of the document that states it. */
  doc: number;
}

export class LicenseFacts {
  readonly byPackage = new ShardedMap<number, LicenseRecord[]>();

  add(pkg: number, record: LicenseRecord): void {
    const list = this.byPackage.get(pkg);
    if (!list) {
      this.byPackage.set(pkg, [record]);
      return;
    }
    const same = (r: LicenseRecord): boolean =>
      r.expression === record.expression && r.kind === record.kind && r.doc === record.doc;
    if (!list.some(same)) list.push(record);
  }
}
