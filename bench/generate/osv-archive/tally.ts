// The summary of a generated archive: records per ecosystem and per database (id prefix),
// affected entries, withdrawn records and peak memory.
import type { OsvRecord } from './osv-types.js';

export class Tally {
  private readonly byEcosystem = new Map<string, number>();
  private readonly byDatabase = new Map<string, number>();
  private records = 0;
  private affected = 0;
  private maxAffected = 0;
  private withdrawn = 0;
  private peakRss = 0;

  count(ecosystem: string, record: OsvRecord): void {
    this.records++;
    this.byEcosystem.set(ecosystem, (this.byEcosystem.get(ecosystem) ?? 0) + 1);
    // "UBUNTU-CVE-…" → UBUNTU, "SUSE-SU-…" → SUSE: the database is the id's first part.
    const database = record.id.slice(0, record.id.indexOf('-'));
    this.byDatabase.set(database, (this.byDatabase.get(database) ?? 0) + 1);
    this.affected += record.affected.length;
    this.maxAffected = Math.max(this.maxAffected, record.affected.length);
    if (record.withdrawn) this.withdrawn++;
  }

  /** Current RSS in MB; also tracks the peak for the summary. */
  rssMb(): number {
    const mb = Math.round(process.memoryUsage.rss() / 1e6);
    this.peakRss = Math.max(this.peakRss, mb);
    return mb;
  }

  summary(): Record<string, unknown> {
    const sorted = (m: Map<string, number>) => Object.fromEntries([...m].sort((a, b) => b[1] - a[1]));
    return {
      records: this.records,
      recordsPerEcosystem: sorted(this.byEcosystem),
      recordsPerDatabase: sorted(this.byDatabase),
      affectedEntries: this.affected,
      maxAffectedPerRecord: this.maxAffected,
      withdrawn: this.withdrawn,
      peakRssMb: Math.max(this.peakRss, this.rssMb()),
    };
  }
}
