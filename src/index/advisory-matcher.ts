// Offline OSV matching inside the index: every advisory is matched against every package of
// the graph with the same OSV identity, and every package added later against the advisories
// already known. A match reads like a CertifyVuln from the "supplygraph OSV matcher" scanner.
import type { AdvisoryAffected } from '../model/facts.js';
import { parsePurl } from '../model/purl.js';
import { baseEcosystem, normaliseOsvName, osvPackageKey } from '../vuln/ecosystems.js';
import { matchAdvisory, type OsvAdvisory } from '../vuln/osv-match.js';
import { nameOfCanonicalPurl } from './purl-key.js';

export const MATCHER_URI = 'supplygraph:osv-matcher';
export const MATCHER_VERSION = '1';

export interface AdvisoryRecord {
  vuln: number;
  id: string;
  dbUri: string;
  modified?: string;
  /** When the match is as of: the later of the record's modified and published times. */
  asOf: string;
  withdrawn?: string;
  affected: AdvisoryAffected[];
  doc: number;
  origin: string;
  collector: string;
}

interface PackageView {
  keys: string[];
  packagesByName: Map<string, number[]>;
}

function osvKey(ecosystem: string, name: string): string {
  return `${baseEcosystem(ecosystem)}|${normaliseOsvName(ecosystem, name)}`;
}

export class AdvisoryMatcher {
  private readonly advisories = new Map<number, AdvisoryRecord>();
  private readonly advisoriesByKey = new Map<string, Set<number>>();
  /** Package name → its OSV key (null: no OSV identity), computed once per name. */
  private readonly keyOfName = new Map<string, string | null>();
  private readonly namesByKey = new Map<string, string[]>();
  private readonly matchedPackages = new Map<number, number[]>();
  /** Package → advisories (vulnerability node ids) that affect it. */
  readonly matchesByPackage = new Map<number, Set<number>>();
  private readonly pendingAdvisories = new Set<number>();
  private readonly pendingPackages: number[] = [];

  get(vuln: number): AdvisoryRecord | undefined {
    return this.advisories.get(vuln);
  }

  /** A newer record of the same advisory (by `modified`, then document order) replaces the older. */
  addAdvisory(record: AdvisoryRecord): void {
    const current = this.advisories.get(record.vuln);
    if (current && (current.modified ?? '') > (record.modified ?? '')) return;
    if (current)
      for (const a of current.affected) this.advisoriesByKey.get(osvKey(a.ecosystem, a.name))?.delete(record.vuln);
    this.advisories.set(record.vuln, record);
    for (const a of record.affected) {
      const key = osvKey(a.ecosystem, a.name);
      let set = this.advisoriesByKey.get(key);
      if (!set) this.advisoriesByKey.set(key, (set = new Set()));
      set.add(record.vuln);
    }
    this.pendingAdvisories.add(record.vuln);
  }

  addPackage(id: number): void {
    this.pendingPackages.push(id);
  }

  private nameKey(name: string, purl: string): string | null {
    let key = this.keyOfName.get(name);
    if (key === undefined) {
      let k: ReturnType<typeof osvPackageKey>;
      try {
        k = osvPackageKey(parsePurl(purl));
      } catch {
        k = undefined;
      }
      key = k ? osvKey(k.ecosystem, k.name) : null;
      this.keyOfName.set(name, key);
      if (key) {
        const names = this.namesByKey.get(key);
        if (names) names.push(name);
        else this.namesByKey.set(key, [name]);
      }
    }
    return key;
  }

  private test(record: AdvisoryRecord, pkg: number, purl: string): void {
    const advisory: OsvAdvisory = {
      id: record.id,
      aliases: [],
      related: [],
      severity: [],
      affected: record.affected,
      problems: [],
      withdrawn: record.withdrawn,
    };
    let parts;
    try {
      parts = parsePurl(purl);
    } catch {
      return;
    }
    if (!matchAdvisory(advisory, parts).affected) return;
    let set = this.matchesByPackage.get(pkg);
    if (!set) this.matchesByPackage.set(pkg, (set = new Set()));
    set.add(record.vuln);
    const list = this.matchedPackages.get(record.vuln);
    if (list) list.push(pkg);
    else this.matchedPackages.set(record.vuln, [pkg]);
  }

  /** Matches what was added since the last call; runs inside the index's synchronous apply. */
  flush(view: PackageView): void {
    // New packages against the advisories known before this load.
    for (const pkg of this.pendingPackages) {
      const purl = view.keys[pkg];
      const key = this.nameKey(nameOfCanonicalPurl(purl), purl);
      if (!key) continue;
      for (const vuln of this.advisoriesByKey.get(key) ?? []) {
        if (!this.pendingAdvisories.has(vuln)) this.test(this.advisories.get(vuln)!, pkg, purl);
      }
    }
    this.pendingPackages.length = 0;
    // New (or newer) advisories against every package with their OSV identity.
    for (const vuln of this.pendingAdvisories) {
      for (const pkg of this.matchedPackages.get(vuln) ?? []) this.matchesByPackage.get(pkg)?.delete(vuln);
      this.matchedPackages.delete(vuln);
      const record = this.advisories.get(vuln)!;
      const keys = new Set(record.affected.map((a) => osvKey(a.ecosystem, a.name)));
      for (const key of keys) {
        for (const name of this.namesByKey.get(key) ?? []) {
          for (const pkg of view.packagesByName.get(name) ?? []) this.test(record, pkg, view.keys[pkg]);
        }
      }
    }
    this.pendingAdvisories.clear();
  }
}
