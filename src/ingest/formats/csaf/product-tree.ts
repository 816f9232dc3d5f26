// The CSAF product tree: every product_id the document defines (in branches, full_product_names,
// relationships (2.0) or product_paths (2.1)), and what each names in the graph. A product is a
// package when its product_identification_helper gives a purl (2.0 `purl`, 2.1 `purls`), an
// artifact per file hash (`hashes[].file_hashes`); a product with only a CPE (or model numbers,
// SKUs…) names nothing the graph holds and is skipped with the reason. A relationship product
// ("X as a component of Y") names its component X, unless it carries identifiers of its own; Y is
// kept as context. Resolution follows relationship chains iteratively, so a cycle or a very long
// chain gives a skip reason, never a stack overflow. A version range's purl needs a version.
import { canonicalArtifact, DigestError } from '../../../model/artifact.js';
import { DocumentError, type NodeRef } from '../../../model/facts.js';
import { formatPurl, parsePurl } from '../../../model/purl.js';
import { errorMessage, isObject, str, type Json } from '../common/json.js';

export type Subject = NodeRef & { kind: 'package' | 'artifact' };

/** Branches nested deeper than this are not read (real trees have fewer than ten levels). */
export const MAX_BRANCH_DEPTH = 30;

interface Identifiers {
  purls: string[];
  hashes: { alg: string; value: string }[];
  cpe?: string;
  /** Other helper fields present (model_numbers, skus, …), for the skip reason. */
  others: string[];
}

interface LeafProduct {
  kind: 'leaf';
  id: string;
  name?: string;
  path: string;
  ids: Identifiers;
  /** The branch name when the product is a `product_version_range` (e.g. "vers:npm/>=1.0|<1.5"). */
  versionRange?: string;
}

interface RelationProduct {
  kind: 'relation';
  id: string;
  name?: string;
  path: string;
  ids: Identifiers;
  /** The product this one is a form of (relationship product_reference, product path beginning). */
  component: string;
  /** How it relates to its context, e.g. [["default_component_of", "RHEL-8"]]. */
  context: [string, string][];
}

type Defined = LeafProduct | RelationProduct;

export interface ResolvedProduct {
  subjects: Subject[];
  /** "default component of Red Hat Enterprise Linux 8", when the product is a relationship. */
  context?: string;
}

export type Resolution = ResolvedProduct | { reason: string };

/** A problem with a part of the tree that is left out (not a reason to refuse the document). */
export interface TreeSkip {
  path: string;
  reason: string;
}

function optArray(v: unknown, path: string, what: string): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new DocumentError(path, `${what} must be an array`);
  return v;
}

function reqObject(v: unknown, path: string, what: string): Json {
  if (!isObject(v)) throw new DocumentError(path, `${what} must be an object`);
  return v;
}

function readIdentifiers(helper: unknown, path: string): Identifiers {
  const ids: Identifiers = { purls: [], hashes: [], others: [] };
  if (helper === undefined || helper === null) return ids;
  const h = reqObject(helper, path, 'product_identification_helper');
  if (h.purl !== undefined) {
    if (typeof h.purl !== 'string') throw new DocumentError(`${path}/purl`, 'purl must be a string');
    ids.purls.push(h.purl);
  }
  optArray(h.purls, `${path}/purls`, 'purls').forEach((p, i) => {
    if (typeof p !== 'string') throw new DocumentError(`${path}/purls/${i}`, 'a purl must be a string');
    ids.purls.push(p);
  });
  if (h.cpe !== undefined && typeof h.cpe !== 'string') throw new DocumentError(`${path}/cpe`, 'cpe must be a string');
  ids.cpe = str(h.cpe);
  optArray(h.hashes, `${path}/hashes`, 'hashes').forEach((entry, i) => {
    const e = reqObject(entry, `${path}/hashes/${i}`, 'a hashes entry');
    optArray(e.file_hashes, `${path}/hashes/${i}/file_hashes`, 'file_hashes').forEach((fh, j) => {
      const f = reqObject(fh, `${path}/hashes/${i}/file_hashes/${j}`, 'a file hash');
      const alg = str(f.algorithm);
      const value = str(f.value);
      if (alg && value) ids.hashes.push({ alg, value });
    });
  });
  for (const key of ['model_numbers', 'serial_numbers', 'skus', 'sbom_urls', 'x_generic_uris']) {
    if (h[key] !== undefined) ids.others.push(key);
  }
  return ids;
}

/** Reads a full_product_name object: its product_id (required), name and identifiers. */
function readFullProductName(v: unknown, path: string): { id: string; name?: string; ids: Identifiers } {
  const p = reqObject(v, path, 'a product');
  const id = str(p.product_id);
  if (id === undefined) throw new DocumentError(`${path}/product_id`, 'a product needs a product_id');
  return {
    id,
    name: str(p.name),
    ids: readIdentifiers(p.product_identification_helper, `${path}/product_identification_helper`),
  };
}

/** Two definitions of one product_id that say the same thing (wherever they are). */
function sameDefinition(a: Defined, b: Defined): boolean {
  const key = (d: Defined): string =>
    JSON.stringify([d.kind, d.name, d.ids, d.kind === 'relation' ? [d.component, d.context] : null]);
  return key(a) === key(b);
}

export class ProductTree {
  private readonly defined = new Map<string, Defined>();
  private readonly groups = new Map<string, string[]>();
  private readonly resolved = new Map<string, Resolution>();
  /** What each relationship product's component chain ends at (without its own context). */
  private readonly chains = new Map<string, ResolvedProduct | { reason: string }>();
  /** Parts of the tree left out while reading it. */
  readonly skips: TreeSkip[] = [];

  constructor(tree: unknown) {
    if (tree === undefined || tree === null) return;
    const t = reqObject(tree, '/product_tree', 'product_tree');
    this.readBranches(t.branches);
    optArray(t.full_product_names, '/product_tree/full_product_names', 'full_product_names').forEach((p, i) => {
      const path = `/product_tree/full_product_names/${i}`;
      this.define({ kind: 'leaf', path, ...readFullProductName(p, path) });
    });
    optArray(t.relationships, '/product_tree/relationships', 'relationships').forEach((r, i) =>
      this.readRelationship(r, `/product_tree/relationships/${i}`),
    );
    optArray(t.product_paths, '/product_tree/product_paths', 'product_paths').forEach((r, i) =>
      this.readProductPath(r, `/product_tree/product_paths/${i}`),
    );
    optArray(t.product_groups, '/product_tree/product_groups', 'product_groups').forEach((g, i) => {
      const path = `/product_tree/product_groups/${i}`;
      const group = reqObject(g, path, 'a product group');
      const id = str(group.group_id);
      if (id === undefined) throw new DocumentError(`${path}/group_id`, 'a product group needs a group_id');
      const members = optArray(group.product_ids, `${path}/product_ids`, 'product_ids');
      if (members.some((m) => typeof m !== 'string'))
        throw new DocumentError(`${path}/product_ids`, 'product_ids must be strings');
      if (this.groups.has(id)) this.skips.push({ path, reason: `group_id "${id}" is defined again: first kept` });
      else
        this.groups.set(
          id,
          (members as string[]).map((m) => m.trim()),
        );
    });
  }

  /** Walks branches without recursion; subtrees deeper than MAX_BRANCH_DEPTH are skipped. */
  private readBranches(branches: unknown): void {
    const stack: { value: unknown; path: string; depth: number }[] = [];
    const push = (list: unknown, path: string, depth: number): void => {
      const items = optArray(list, path, 'branches');
      for (let i = items.length - 1; i >= 0; i--) stack.push({ value: items[i], path: `${path}/${i}`, depth });
    };
    push(branches, '/product_tree/branches', 1);
    while (stack.length > 0) {
      const { value, path, depth } = stack.pop()!;
      if (depth > MAX_BRANCH_DEPTH) {
        this.skips.push({ path, reason: `branches nested deeper than ${MAX_BRANCH_DEPTH} levels are not read` });
        continue;
      }
      const b = reqObject(value, path, 'a branch');
      if (b.product !== undefined) {
        const product = readFullProductName(b.product, `${path}/product`);
        const versionRange = b.category === 'product_version_range' ? (str(b.name) ?? '') : undefined;
        this.define({ kind: 'leaf', path: `${path}/product`, ...product, versionRange });
      }
      push(b.branches, `${path}/branches`, depth + 1);
    }
  }

  private readRelationship(value: unknown, path: string): void {
    const r = reqObject(value, path, 'a relationship');
    const component = str(r.product_reference);
    const parent = str(r.relates_to_product_reference);
    if (!component) throw new DocumentError(`${path}/product_reference`, 'a relationship needs a product_reference');
    if (!parent)
      throw new DocumentError(
        `${path}/relates_to_product_reference`,
        'a relationship needs a relates_to_product_reference',
      );
    const category = str(r.category) ?? 'relates_to';
    const product = readFullProductName(r.full_product_name, `${path}/full_product_name`);
    this.define({
      kind: 'relation',
      path: `${path}/full_product_name`,
      ...product,
      component,
      context: [[category, parent]],
    });
  }

  /** CSAF 2.1: beginning_product_reference, then each subpath's category and next product. */
  private readProductPath(value: unknown, path: string): void {
    const r = reqObject(value, path, 'a product path');
    const component = str(r.beginning_product_reference);
    if (!component)
      throw new DocumentError(
        `${path}/beginning_product_reference`,
        'a product path needs a beginning_product_reference',
      );
    const context: [string, string][] = [];
    optArray(r.subpaths, `${path}/subpaths`, 'subpaths').forEach((s, i) => {
      const sub = reqObject(s, `${path}/subpaths/${i}`, 'a subpath');
      const next = str(sub.next_product_reference);
      if (!next)
        throw new DocumentError(
          `${path}/subpaths/${i}/next_product_reference`,
          'a subpath needs a next_product_reference',
        );
      context.push([str(sub.category) ?? 'relates_to', next]);
    });
    const product = readFullProductName(r.full_product_name, `${path}/full_product_name`);
    this.define({ kind: 'relation', path: `${path}/full_product_name`, ...product, component, context });
  }

  private define(p: Defined): void {
    const first = this.defined.get(p.id);
    if (!first) {
      this.defined.set(p.id, p);
      return;
    }
    // Red Hat documents repeat identical definitions in several branches: those are the same product.
    if (sameDefinition(first, p)) return;
    this.skips.push({
      path: p.path,
      reason: `product_id "${p.id}" is defined again, differently (first at ${first.path}): the first is kept`,
    });
  }

  /** The product ids of a group, or undefined when the group is not defined. */
  group(id: string): string[] | undefined {
    return this.groups.get(id);
  }

  /** What a product id names in the graph, or why it names nothing. */
  resolve(id: string): Resolution {
    let r = this.resolved.get(id);
    if (!r) {
      r = this.resolveUncached(id);
      this.resolved.set(id, r);
    }
    return r;
  }

  private nameOf(id: string): string {
    return this.defined.get(id)?.name ?? id;
  }

  private resolveUncached(id: string): Resolution {
    const start = this.defined.get(id);
    if (!start) return { reason: `product_id "${id}" is not defined in the product tree` };
    if (start.kind === 'leaf') return this.subjectsOf(start);
    const found = this.chainSubjects(start);
    if ('reason' in found) return { reason: `product_id "${id}": ${found.reason}` };
    const context = start.context
      .map(([category, parent]) => `${category.replace(/_/g, ' ')} ${this.nameOf(parent)}`)
      .join(', ');
    return { subjects: found.subjects, context };
  }

  /**
   * Follows component references from a relationship product until one identifies itself. Every
   * relationship passed keeps the answer, so a document listing each product of a long chain
   * costs one walk of the chain, not one per product.
   */
  private chainSubjects(start: RelationProduct): ResolvedProduct | { reason: string } {
    const passed: string[] = [];
    const onPath = new Set<string>();
    let current: Defined = start;
    let result: ResolvedProduct | { reason: string };
    for (;;) {
      const known = this.chains.get(current.id);
      if (known) {
        result = known;
        break;
      }
      const own = this.subjectsOf(current);
      if ('subjects' in own) {
        result = own;
        break;
      }
      if (current.kind === 'leaf') {
        result = { reason: `its component ${own.reason}` };
        break;
      }
      passed.push(current.id);
      onPath.add(current.id);
      const next = this.defined.get(current.component);
      if (!next) {
        result = { reason: `its component "${current.component}" is not defined in the product tree` };
        break;
      }
      if (onPath.has(next.id)) {
        result = { reason: `its relationships form a cycle through "${next.id}"` };
        break;
      }
      current = next;
    }
    for (const id of passed) this.chains.set(id, result);
    return result;
  }

  /** The product's own identifiers as subjects, or why it has none. */
  private subjectsOf(p: Defined): ResolvedProduct | { reason: string } {
    const subjects = new Map<string, Subject>();
    const problems: string[] = [];
    for (const raw of p.ids.purls) {
      try {
        const parts = parsePurl(raw.trim());
        const purl = formatPurl(parts);
        if (p.kind === 'leaf' && p.versionRange !== undefined && !parts.version)
          problems.push(rangeProblem(p.versionRange, purl));
        else subjects.set(purl, { kind: 'package', purl });
      } catch (err) {
        problems.push(`unusable purl: ${errorMessage(err)}`);
      }
    }
    for (const h of p.ids.hashes) {
      try {
        const digest = canonicalArtifact(h.alg, h.value);
        subjects.set(digest, { kind: 'artifact', digest });
      } catch (err) {
        if (!(err instanceof DigestError)) throw err;
        problems.push(err.message);
      }
    }
    if (subjects.size > 0) return { subjects: [...subjects.values()] };
    const label = p.name && p.name !== p.id ? `"${p.id}" (${p.name})` : `"${p.id}"`;
    if (problems.length > 0) return { reason: `product ${label}: ${problems.join('; ')}` };
    if (p.ids.cpe)
      return {
        reason: `product ${label} is named only by a CPE (${p.ids.cpe}): the graph names products by purl or file hash`,
      };
    const others = p.ids.others.length ? ` (only ${p.ids.others.join(', ')})` : '';
    return { reason: `product ${label} has no purl or file hash${others}` };
  }
}

/** A versionless purl names every version (docs/api.md, VEX): more than a range product says. */
const rangeProblem = (range: string, purl: string): string =>
  `it is the version range "${range.slice(0, 200)}" and its purl ${purl} has no version: ranges are not matched against package versions, and the purl alone would name every version`;
