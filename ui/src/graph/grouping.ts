// How a long list of children is folded into group nodes, by what people reason with:
//   0. vulnerable or not: the children with a known vulnerability in a group of their own, first;
//      the others are folded by the next way in the same step;
//   1. ecosystem (purl type: `npm`, `maven`…);
//   2. namespace within the ecosystem (`npm/@babel`);
//   3. the name's first word (`color-…`: how families of packages are named);
//   4. alphabetical ranges of nearly equal size (the fallback that always splits),
// whichever first splits the list into between 2 and MAX_GROUPS groups. Groups come in the order
// of what they mean: vulnerable first, then the larger groups (ranges in their alphabetical order).
// A group that is still too long when expanded is folded again from the next way on, so every
// expansion makes progress. Only what the API says is used: a purl's parts, and the vulnerable
// packages the view was told of (`GroupFacts`); the dependency lists say nothing about scope or
// about direct and transitive, so neither is guessed.
import { nameParts, shortLabel } from './names';

/** More children than this are drawn as groups. */
export const GROUP_THRESHOLD = 25;
/** At most this many groups per folding ("about 25"; a little room past it). */
export const MAX_GROUPS = 30;
/** A split by name into fewer groups than this (of which some still too big) is not used. */
export const MIN_SPLIT = 4;

/** The folding levels, in the order they are tried. */
export const LEVEL = { vulnerable: 0, ecosystem: 1, namespace: 2, word: 3, ranges: 4 } as const;

/** What the API told the view about the packages it draws. */
export interface GroupFacts {
  /** Packages (purls) with at least one known, not suppressed vulnerability. */
  vulnerable: ReadonlySet<string>;
}

export const NO_FACTS: GroupFacts = { vulnerable: new Set() };

export interface Group {
  /** Stable within its parent: the level and the key, e.g. `2:npm/@babel`. */
  key: string;
  label: string;
  /** The level a further folding of these members starts at. */
  nextLevel: number;
  members: string[];
  /** Every member has a known vulnerability. */
  vulnerable: boolean;
}

type Keyer = { key: (id: string) => string; label: (key: string) => string };

const KEYERS: Record<number, Keyer> = {
  [LEVEL.ecosystem]: { key: (id) => nameParts(id).type, label: (key) => key },
  [LEVEL.namespace]: {
    key: (id) => {
      const { type, namespace } = nameParts(id);
      return namespace ? `${type}/${namespace}` : type;
    },
    label: (key) => key,
  },
  [LEVEL.word]: { key: (id) => nameParts(id).name.toLowerCase().split(/[-_.]/)[0], label: (key) => `${key}-…` },
};

function byKey(members: readonly string[], keyer: Keyer): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const id of members) {
    const key = keyer.key(id);
    const list = groups.get(key);
    if (list) list.push(id);
    else groups.set(key, [id]);
  }
  return groups;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Alphabetical ranges of (nearly) equal size, in their order: the fallback that always splits. */
function ranges(members: readonly string[], prefix: string, vulnerable: boolean): Group[] {
  const sorted = [...members].sort();
  const size = Math.max(1, Math.ceil(sorted.length / Math.min(MAX_GROUPS, GROUP_THRESHOLD)));
  const groups: Group[] = [];
  for (let i = 0; i < sorted.length; i += size) {
    const slice = sorted.slice(i, i + size);
    const first = nameParts(slice[0]).name;
    const last = nameParts(slice[slice.length - 1]).name;
    groups.push({
      key: `${LEVEL.ranges}:${i}`,
      label: prefix + (first === last ? first : `${first} – ${last}`),
      nextLevel: LEVEL.ranges + 1,
      members: slice,
      vulnerable,
    });
  }
  return groups;
}

/** One "group" per member: what the model draws as the package itself. */
const singles = (members: readonly string[], level: number, vulnerable: ReadonlySet<string>): Group[] =>
  members.map((id) => ({
    key: `${level}:=${id}`,
    label: shortLabel(id),
    nextLevel: LEVEL.ranges + 1,
    members: [id],
    vulnerable: vulnerable.has(id),
  }));

/** The first of levels `from`… that splits `members` well, else alphabetical ranges. */
function byName(members: readonly string[], from: number, prefix: string, vulnerable: boolean): Group[] {
  for (let l = Math.max(from, LEVEL.ecosystem); l < LEVEL.ranges; l++) {
    const keyer = KEYERS[l];
    const groups = byKey(members, keyer);
    // Splitting by name in two or three big groups hardly helps: try the next way then (splits by
    // ecosystem and namespace are kept even so: they say what the dependencies are). Nor does a
    // split into groups of one or two: that is the list again.
    const fewest =
      l !== LEVEL.word || [...groups.values()].every((list) => list.length <= GROUP_THRESHOLD) ? 2 : MIN_SPLIT;
    if (groups.size < fewest || groups.size > MAX_GROUPS || groups.size * 2 > members.length) continue;
    return [...groups.entries()]
      .sort(([a, x], [b, y]) => y.length - x.length || compare(a, b))
      .map(([key, list]) => ({
        key: `${l}:${key}`,
        label: prefix + keyer.label(key),
        nextLevel: l + 1,
        members: list,
        vulnerable,
      }));
  }
  return ranges(members, prefix, vulnerable);
}

/**
 * Folds `members` into groups, trying the ways from `level` on. Each member lands in exactly one
 * group, so the groups' counts add up to the members. A group of one member stands for that
 * package (the model draws the package itself).
 */
export function groupMembers(members: readonly string[], level = 0, facts: GroupFacts = NO_FACTS): Group[] {
  const known = facts.vulnerable;
  const hit = members.filter((id) => known.has(id));
  // Groups of vulnerable packages say so, down to their last folding.
  const allHit = hit.length > 0 && hit.length === members.length;
  const prefix = allHit ? 'vulnerable ' : '';
  if (level <= LEVEL.vulnerable && hit.length > 0 && !allHit) {
    const rest = members.filter((id) => !known.has(id));
    const vulnerable: Group = {
      key: `${LEVEL.vulnerable}:vulnerable`,
      label: 'vulnerable',
      nextLevel: LEVEL.ecosystem,
      members: hit,
      vulnerable: true,
    };
    // The rest, folded the next way; drawn one by one when few enough beside the vulnerable group.
    const others =
      rest.length <= GROUP_THRESHOLD
        ? singles(rest, LEVEL.vulnerable, known)
        : byName(rest, LEVEL.ecosystem, '', false);
    return [vulnerable, ...others];
  }
  return byName(members, level, prefix, allHit);
}
