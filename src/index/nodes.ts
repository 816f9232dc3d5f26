// Node identity: the store's ids interned with their kinds and keys, the lookups by key that
// requests start from, and one parsed form of each package node's purl (PackagePurl), made on
// first use and kept, so nothing downstream parses a stored purl again.
import { NodeKind } from '../model/kinds.js';
import { parsePurl, type PurlParts } from '../model/purl.js';
import { firstOf, itemsOf, withItem, type OneOrMany } from './one-or-many.js';
import { nameOfCanonicalPurl, splitCanonicalPurl, type PurlKey } from './purl-key.js';
import { ShardedMap } from './sharded-map.js';

export function partsOrNull(text: string): PurlParts | null {
  try {
    return parsePurl(text);
  } catch {
    return null;
  }
}

/** A package node's canonical purl, parsed at most once. */
export class PackagePurl {
  private split: PurlKey | undefined;
  private decoded: PurlParts | null | undefined;
  private literal: string | undefined;
  private literalBytes = -1;

  constructor(
    /** The canonical purl text (the node's key). */
    readonly text: string,
    /** "pkg:type/namespace/name" (oci: with its repository_url): the package name it is a version of. */
    readonly nameKey: string,
  ) {}

  /** The encoded components of the canonical text: what template matching compares. */
  get key(): Readonly<PurlKey> {
    return (this.split ??= splitCanonicalPurl(this.text));
  }

  /**
   * The canonical text as a JSON string literal (quoted and escaped), made on first use: answers
   * that list purls copy it into their bytes instead of escaping the text on every request.
   */
  get json(): string {
    return (this.literal ??= JSON.stringify(this.text));
  }

  /** The UTF-8 length of `json`. */
  get jsonByteLength(): number {
    if (this.literalBytes < 0) this.literalBytes = Buffer.byteLength(this.json, 'utf8');
    return this.literalBytes;
  }

  /** The decoded components (type, namespace, name, version…), for OSV identity; null when it does not parse. */
  get parts(): Readonly<PurlParts> | null {
    if (this.decoded === undefined) this.decoded = partsOrNull(this.text);
    return this.decoded;
  }
}

const NO_IDS: readonly number[] = [];

export class NodeTable {
  /** One past the highest id (ids start at 1). */
  count = 1;
  /** Node kind by id; walks read it in their inner loop, hence a typed array. */
  kinds = new Uint8Array(1024);
  readonly keys: string[] = [''];

  readonly packageIds = new ShardedMap<string, number>();
  readonly artifactIds = new Map<string, number>();
  readonly sourceIds = new Map<string, number>();
  readonly vulnIds = new Map<string, number>();
  readonly vulnTypes = new Map<number, string>();
  readonly packageNameIds = new Map<string, number>();
  /** Digest value without algorithm → artifacts (for "digest given without its algorithm"). */
  readonly artifactsByValue = new Map<string, number[]>();
  /** Package name → its package versions (most names have one: see one-or-many.ts). */
  readonly packagesByName = new ShardedMap<string, OneOrMany<number>>();
  /** Package id → its name key (the very string packagesByName is keyed by: no copy per version). */
  private readonly nameKeys: string[] = [];
  private readonly purls = new ShardedMap<number, PackagePurl>();

  kindOf(id: number): number {
    return id < this.count ? this.kinds[id] : 0;
  }

  /** Interns a node; true when it is a package whose key was not known before (it needs a rank). */
  add(id: number, kind: number, key: string, attr: string | null): boolean {
    if (id >= this.kinds.length) {
      const bigger = new Uint8Array(Math.max(id + 1, this.kinds.length * 2));
      bigger.set(this.kinds);
      this.kinds = bigger;
    }
    this.kinds[id] = kind;
    this.keys[id] = key;
    if (id >= this.count) this.count = id + 1;
    switch (kind) {
      case NodeKind.Package:
        return this.addPackage(id, key);
      case NodeKind.Artifact: {
        this.artifactIds.set(key, id);
        const value = key.slice(key.indexOf(':') + 1);
        const list = this.artifactsByValue.get(value);
        if (list) list.push(id);
        else this.artifactsByValue.set(value, [id]);
        break;
      }
      case NodeKind.Source:
        this.sourceIds.set(key, id);
        break;
      case NodeKind.Vulnerability:
        this.vulnIds.set(key, id);
        this.vulnTypes.set(id, attr ?? 'OSV');
        break;
      case NodeKind.PackageName:
        this.packageNameIds.set(key, id);
        break;
    }
    return false;
  }

  private addPackage(id: number, key: string): boolean {
    const isNew = !this.packageIds.has(key);
    this.packageIds.set(key, id);
    const name = nameOfCanonicalPurl(key);
    const versions = this.packagesByName.get(name);
    this.nameKeys[id] = versions === undefined ? name : (this.nameKeys[firstOf(versions)] ?? name);
    this.packagesByName.set(name, withItem(versions, id));
    return isNew;
  }

  /** The package name a package node is a version of. */
  nameKeyOf(pkg: number): string {
    return this.nameKeys[pkg] ?? nameOfCanonicalPurl(this.keys[pkg] ?? '');
  }

  /** The parsed purl of a package node, made on first use and kept. */
  purlOf(pkg: number): PackagePurl {
    let purl = this.purls.get(pkg);
    if (!purl) this.purls.set(pkg, (purl = new PackagePurl(this.keys[pkg], this.nameKeyOf(pkg))));
    return purl;
  }

  versionsOf(nameKey: string): readonly number[] {
    return itemsOf(this.packagesByName.get(nameKey));
  }

  /**
   * The decoded purl of a package: the kept one when its PackagePurl was made, else parsed and
   * not kept (the OSV matcher reads each name's first version once; keeping every parse would
   * hold about three objects per package for good).
   */
  partsOf(pkg: number): Readonly<PurlParts> | null {
    return this.purls.get(pkg)?.parts ?? partsOrNull(this.keys[pkg]);
  }

  artifactsWithValue(value: string): readonly number[] {
    return this.artifactsByValue.get(value) ?? NO_IDS;
  }
}
