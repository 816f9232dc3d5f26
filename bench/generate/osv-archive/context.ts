// What every record builder shares: the seed, the name pools and the per-prefix serial numbers
// ids are made from. Serials advance in record order, so a record's id depends only on the
// records before it — never on --modified-shift, which changes records after they are built.
import { Rng } from '../../lib/rng.js';
import type { NamePools } from './names.js';
import { popularRank } from './names.js';
import type { OsvRecord } from './osv-types.js';

export interface Context {
  seed: string;
  pools: NamePools;
  /** The next serial of an id prefix: 0, 1, 2… */
  serial(prefix: string): number;
}

export type Builder = (ctx: Context, rng: Rng) => OsvRecord;

export function makeContext(seed: string, pools: NamePools): Context {
  const serials = new Map<string, number>();
  return {
    seed,
    pools,
    serial(prefix) {
      const n = serials.get(prefix) ?? 0;
      serials.set(prefix, n + 1);
      return n;
    },
  };
}

export interface DistroPackage {
  rank: number;
  name: string;
  kernel: boolean;
}

/** Share of distribution CVEs in the Linux kernel (Ubuntu's and Debian's biggest package by far). */
const KERNEL_SHARE = 0.22;

/**
 * The source package CVE number `n` is about. Drawn from the CVE alone, so Ubuntu, Debian and
 * Alpine records of one CVE name the same package; `kernel: false` for databases without it.
 */
export function cvePackage(ctx: Context, n: number, kernelAllowed = true): DistroPackage {
  const rng = new Rng(`${ctx.seed}:cve:${n}`);
  const pool = ctx.pools.distro;
  const kernel = rng.chance(KERNEL_SHARE);
  if (kernel && kernelAllowed) return { rank: 0, name: pool[0], kernel: true };
  const rank = 1 + popularRank(rng, pool.length - 1, 2.0);
  return { rank, name: pool[rank], kernel: false };
}

/** `count` distinct items of `list` in their list order (releases stay oldest first). */
export function someOf<T>(rng: Rng, list: readonly T[], count: number): T[] {
  const picked = rng.shuffle(list.map((_, i) => i)).slice(0, Math.min(count, list.length));
  return picked.sort((a, b) => a - b).map((i) => list[i]);
}

/** A purl's version, percent-encoded where the purl spec asks ("+" and ":" in distro versions). */
export function purlVersion(v: string): string {
  return encodeURIComponent(v);
}
