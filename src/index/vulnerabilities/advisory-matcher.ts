// Offline OSV matching inside the index: every advisory is matched against every package of
// the graph with the same OSV identity, and every package added later against the advisories
// already known. A match reads like a CertifyVuln from the "supplygraph OSV matcher" scanner.
// Purls come parsed from node identity (PackagePurl): each package is parsed once, not per test.
// An advisory whose matching throws is left out and reported (LoadProblems), never fatal.
// With sleeping on (docs/adr/0017), an advisory none of whose names is in the graph keeps only its
// keys and document (a whole OSV database is mostly such): the owner wakes it from the store
// before a package it may affect is applied (dormantDocsFor, wake).
import type { AdvisoryAffected } from '../../model/facts.js';
import type { PurlParts } from '../../model/purl.js';
import { isDistributionType, sourcePackageName } from '../../vuln/distros.js';
import {
  baseEcosystem,
  distributionPurlType,
  normaliseOsvName,
  osvNamesOf,
  osvPackageKey,
} from '../../vuln/ecosystems.js';
import { matchAdvisory, type OsvAdvisory } from '../../vuln/osv-match.js';
import { LoadProblems } from '../load-problems.js';
import type { PackagePurl } from '../nodes.js';
import { itemsOf, withItem, type OneOrMany } from '../one-or-many.js';
import { ShardedMap } from '../sharded-map.js';

/** The keys of a name without an OSV identity: one shared empty list. */
const NO_KEYS: string[] = [];

export const MATCHER_URI = 'supplygraph:osv-matcher';
export const MATCHER_VERSION = '1';

export interface AdvisoryRecord {
  vuln: number;
  id: string;
  dbUri: string;
  modified?: string;
  published?: string;
  /** When the match is as of: the later of the record's modified and published times. */
  asOf: string;
  withdrawn?: string;
  affected: AdvisoryAffected[];
  /**
   * Set when the load left the affected entries out (docs/adr/0018): the (ecosystem, name) pairs
   * they name. Such a record sleeps until woken with its entries.
   */
  names?: readonly (readonly [string, string])[];
  doc: number;
  origin: string;
  collector: string;
}

/** A stored advisory as the OSV matching reads it. */
function asOsv(record: AdvisoryRecord): OsvAdvisory {
  return {
    id: record.id,
    aliases: [],
    related: [],
    severity: [],
    affected: record.affected,
    problems: [],
    withdrawn: record.withdrawn,
  };
}

/** The packages the matcher tests: their parsed purls, and the versions of a package name. */
interface PackageView {
  nameKeyOf(pkg: number): string;
  purlOf(pkg: number): PackagePurl;
  /** The decoded purl, without keeping it (see NodeTable.partsOf). */
  partsOf(pkg: number): Readonly<PurlParts> | null;
  versionsOf(nameKey: string): readonly number[];
}

function osvKey(ecosystem: string, name: string): string {
  return `${baseEcosystem(ecosystem)}|${normaliseOsvName(ecosystem, name)}`;
}

/**
 * Where distribution packages without a purl namespace meet advisories. Their distribution comes
 * from each version's `distro` qualifier (docs/formats/vulnerabilities.md, "Distribution from the
 * distro qualifier"), so the versions of one name may belong to different distributions, or to
 * none the matcher knows: the name meets the advisories of every distribution of its purl type,
 * and matchAdvisory decides the distribution version by version.
 */
function anyDistributionKey(purlType: string, name: string): string {
  return `${purlType}:*|${name}`;
}

/** What an entry's keys need of its ecosystem: its base and distribution purl type. */
interface EcosystemKeys {
  base: string;
  distribution: string | undefined;
}

/** Per ecosystem spelling ("Ubuntu:22.04:LTS"): a whole OSV database has a few hundred. */
const ECOSYSTEM_KEYS = new Map<string, EcosystemKeys>();
const ECOSYSTEM_KEYS_KEPT = 4096;

function ecosystemKeys(ecosystem: string): EcosystemKeys {
  const known = ECOSYSTEM_KEYS.get(ecosystem);
  if (known) return known;
  const keys = { base: baseEcosystem(ecosystem), distribution: distributionPurlType(ecosystem) };
  if (ECOSYSTEM_KEYS.size < ECOSYSTEM_KEYS_KEPT) ECOSYSTEM_KEYS.set(ecosystem, keys);
  return keys;
}

/** Adds the keys an advisory's affected entry (ecosystem, name) is filed under. */
function addAffectedKeys(ecosystem: string, name: string, into: Set<string>): void {
  const { base, distribution } = ecosystemKeys(ecosystem);
  const normal = normaliseOsvName(ecosystem, name);
  into.add(`${base}|${normal}`);
  if (distribution) into.add(anyDistributionKey(distribution, normal));
}

/** The keys a package's name is looked up under (none: it has no OSV identity). */
function packageKeys(parts: PurlParts): string[] {
  if (!parts.namespace && isDistributionType(parts.type)) {
    const names = [parts.name, sourcePackageName(parts.type, parts.qualifiers.upstream)];
    return [...new Set(names.filter((n) => n !== undefined).map((n) => anyDistributionKey(parts.type, n)))];
  }
  const k = osvPackageKey(parts);
  return k ? [...new Set(osvNamesOf(k).map((n) => osvKey(k.ecosystem, n)))] : [];
}

/**
 * An advisory kept asleep: enough to read it again from its document. Its keys are filed in
 * sleepingByKey only; a key that outlived the sleeper (woken, replaced) is skipped when read.
 */
interface SleepingAdvisory {
  doc: number;
  modified?: string;
}

/** The keys an advisory is filed under, from its entries or, when the load left them out, its names. */
function advisoryKeys(record: AdvisoryRecord): Set<string> {
  const keys = new Set<string>();
  if (record.withdrawn) return keys; // never matched: no package needs it woken
  if (record.names) for (const [ecosystem, name] of record.names) addAffectedKeys(ecosystem, name, keys);
  else for (const a of record.affected) addAffectedKeys(a.ecosystem, a.name, keys);
  return keys;
}

export class AdvisoryMatcher {
  private readonly advisories = new Map<number, AdvisoryRecord>();
  private readonly sleeping = new Map<number, SleepingAdvisory>();
  private readonly sleepingByKey = new Map<string, OneOrMany<number>>();
  /** Woken on request: they stay awake, whatever their names. */
  private readonly awake = new Set<number>();
  /** Set by sleepIrrelevant: the packages the graph holds, to judge an advisory's relevance. */
  private view: PackageView | undefined;
  /** Pending packages whose names are already filed under their keys. */
  private named = 0;
  private readonly advisoriesByKey = new Map<string, Set<number>>();
  /** Package name → its OSV keys (its own name, and its source package's), computed once per name. */
  private readonly keysOfName = new ShardedMap<string, OneOrMany<string>>();
  private readonly namesByKey = new ShardedMap<string, OneOrMany<string>>();
  private readonly matchedPackages = new Map<number, number[]>();
  /** Package → advisories (vulnerability node ids) that affect it. */
  readonly matchesByPackage = new Map<number, Set<number>>();
  private readonly pendingAdvisories = new Set<number>();
  private readonly pendingPackages: number[] = [];

  constructor(private readonly problems = new LoadProblems()) {}

  get(vuln: number): AdvisoryRecord | undefined {
    return this.advisories.get(vuln);
  }

  /**
   * From now on, an advisory added whose names the graph does not hold sleeps. Only for an owner
   * that wakes them (IndexService): a package added later meets a sleeping advisory only once
   * woken.
   */
  sleepIrrelevant(view: PackageView): void {
    this.view = view;
  }

  /** The documents of the sleeping advisories a package with these parts may meet. */
  dormantDocsFor(parts: Readonly<PurlParts>): number[] {
    const docs: number[] = [];
    for (const key of packageKeys(parts)) this.sleepersUnder(key, docs);
    return docs;
  }

  /**
   * The documents of the sleeping advisories some package of the graph may meet: after a load
   * that left affected entries out, those are read again and woken.
   */
  dormantDocsMetByGraph(): number[] {
    const view = this.view;
    if (!view) return [];
    this.nameAll(view);
    const docs: number[] = [];
    for (const key of this.sleepingByKey.keys()) if (this.namesByKey.has(key)) this.sleepersUnder(key, docs);
    return [...new Set(docs)];
  }

  private sleepersUnder(key: string, docs: number[]): void {
    for (const vuln of itemsOf(this.sleepingByKey.get(key))) {
      const asleep = this.sleeping.get(vuln);
      if (asleep) docs.push(asleep.doc);
    }
  }

  /** The next advisories added for these vulnerabilities stay awake (they are being woken). */
  wake(vulns: Iterable<number>): void {
    for (const vuln of vulns) this.awake.add(vuln);
  }

  get sleepingCount(): number {
    return this.sleeping.size;
  }

  /** A newer record of the same advisory (by `modified`, then document order) replaces the older. */
  addAdvisory(record: AdvisoryRecord): void {
    const asleep = this.sleeping.get(record.vuln);
    if (asleep && (asleep.modified ?? '') > (record.modified ?? '')) return;
    const current = this.advisories.get(record.vuln);
    if (current && (current.modified ?? '') > (record.modified ?? '')) return;
    if (asleep) this.sleeping.delete(record.vuln);
    if (this.sleeps(record)) {
      this.remove(record.vuln);
      this.putToSleep(record);
      return;
    }
    if (current) for (const key of advisoryKeys(current)) this.advisoriesByKey.get(key)?.delete(record.vuln);
    this.advisories.set(record.vuln, record);
    for (const key of advisoryKeys(record)) {
      let set = this.advisoriesByKey.get(key);
      if (!set) this.advisoriesByKey.set(key, (set = new Set()));
      set.add(record.vuln);
    }
    this.pendingAdvisories.add(record.vuln);
  }

  /** Whether the advisory sleeps: its entries were left out, or (not woken) the graph holds none of its names. */
  private sleeps(record: AdvisoryRecord): boolean {
    if (record.names) return true;
    return this.view !== undefined && !this.awake.has(record.vuln) && !this.isRelevant(record, this.view);
  }

  private putToSleep(record: AdvisoryRecord): void {
    this.sleeping.set(record.vuln, { doc: record.doc, modified: record.modified });
    // A sleeper put to sleep again may be filed twice under a key: readers take each document once.
    for (const key of advisoryKeys(record))
      this.sleepingByKey.set(key, withItem(this.sleepingByKey.get(key), record.vuln));
  }

  /** Whether a package name the graph holds is under one of the advisory's keys (withdrawn: never). */
  private isRelevant(record: AdvisoryRecord, view: PackageView): boolean {
    if (record.withdrawn) return false;
    this.nameAll(view);
    for (const key of advisoryKeys(record)) if (this.namesByKey.has(key)) return true;
    return false;
  }

  /** Files the names of the pending packages under their keys (once each). */
  private nameAll(view: PackageView): void {
    for (; this.named < this.pendingPackages.length; this.named++)
      this.nameKeys(this.pendingPackages[this.named], view);
  }

  /** The packages an advisory affects (each once). */
  packagesMatching(vuln: number): number[] {
    const out = new Set<number>();
    for (const pkg of this.matchedPackages.get(vuln) ?? []) if (this.matchesByPackage.get(pkg)?.has(vuln)) out.add(pkg);
    return [...out];
  }

  addPackage(id: number): void {
    this.pendingPackages.push(id);
  }

  /**
   * The OSV keys of a package's name (none: no OSV identity); the purl is only parsed for the
   * first version of each name.
   */
  private nameKeys(pkg: number, view: PackageView): readonly string[] {
    const name = view.nameKeyOf(pkg);
    const known = this.keysOfName.get(name);
    if (known !== undefined) return itemsOf(known);
    const parts = view.partsOf(pkg);
    const keys = parts ? packageKeys(parts) : [];
    this.keysOfName.set(name, keys.length === 1 ? keys[0] : keys.length === 0 ? NO_KEYS : keys);
    for (const key of keys) this.namesByKey.set(key, withItem(this.namesByKey.get(key), name));
    return keys;
  }

  /**
   * The advisories (vulnerability nodes) that affect a package the graph may not hold, by its
   * decoded purl: what a build not stored would be matched against (the verdict of an SBOM).
   */
  advisoriesAffecting(parts: Readonly<PurlParts>): number[] {
    const out: number[] = [];
    for (const key of packageKeys(parts)) {
      for (const vuln of this.advisoriesByKey.get(key) ?? []) {
        const record = this.advisories.get(vuln);
        if (record && matchAdvisory(asOsv(record), parts).affected && !out.includes(vuln)) out.push(vuln);
      }
    }
    return out;
  }

  private test(record: AdvisoryRecord, pkg: number, purl: PackagePurl): void {
    const parts = purl.parts;
    if (!parts || !matchAdvisory(asOsv(record), parts).affected) return;
    let set = this.matchesByPackage.get(pkg);
    if (!set) this.matchesByPackage.set(pkg, (set = new Set()));
    set.add(record.vuln);
    const list = this.matchedPackages.get(record.vuln);
    if (list) list.push(pkg);
    else this.matchedPackages.set(record.vuln, [pkg]);
  }

  /** Forgets an advisory and its matches (its record could not be matched). */
  private remove(vuln: number): void {
    const record = this.advisories.get(vuln);
    if (!record) return;
    for (const key of advisoryKeys(record)) this.advisoriesByKey.get(key)?.delete(vuln);
    for (const pkg of this.matchedPackages.get(vuln) ?? []) this.matchesByPackage.get(pkg)?.delete(vuln);
    this.matchedPackages.delete(vuln);
    this.advisories.delete(vuln);
    this.pendingAdvisories.delete(vuln);
  }

  /** Runs one advisory's matching; if it throws, the advisory is left out and reported. */
  private guarded(vuln: number, match: (record: AdvisoryRecord) => void): void {
    const record = this.advisories.get(vuln);
    if (!record) return;
    try {
      match(record);
    } catch (err) {
      this.remove(vuln);
      this.problems.add(record.doc, `advisory ${record.id}`, err);
    }
  }

  /** Matches what was added since the last call; runs inside the index's synchronous apply. */
  flush(view: PackageView): void {
    // New packages against the advisories known before this load.
    for (const pkg of this.pendingPackages) {
      const vulns = new Set<number>();
      for (const key of this.nameKeys(pkg, view))
        for (const vuln of this.advisoriesByKey.get(key) ?? []) vulns.add(vuln);
      for (const vuln of vulns) {
        if (!this.pendingAdvisories.has(vuln)) this.guarded(vuln, (record) => this.test(record, pkg, view.purlOf(pkg)));
      }
    }
    this.pendingPackages.length = 0;
    this.named = 0;
    // New (or newer) advisories against every package with their OSV identity.
    for (const vuln of this.pendingAdvisories) {
      for (const pkg of this.matchedPackages.get(vuln) ?? []) this.matchesByPackage.get(pkg)?.delete(vuln);
      this.matchedPackages.delete(vuln);
      this.guarded(vuln, (record) => {
        const keys = advisoryKeys(record);
        const names = new Set<string>();
        for (const key of keys) for (const name of itemsOf(this.namesByKey.get(key))) names.add(name);
        for (const name of names) {
          for (const pkg of view.versionsOf(name)) this.test(record, pkg, view.purlOf(pkg));
        }
      });
    }
    this.pendingAdvisories.clear();
  }
}
