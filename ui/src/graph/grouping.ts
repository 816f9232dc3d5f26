// How a long list of children is folded into group nodes: by purl type and namespace, else by the
// name's first letter, else by its first word, else into alphabetical ranges, whichever
// first splits the list into between 2 and MAX_GROUPS groups. A group that is still too long when
// expanded is folded again from the next level on, so every expansion makes progress.
import { nameParts } from './names';

/** More children than this are drawn as groups. */
export const GROUP_THRESHOLD = 25;
/** At most this many groups per folding ("about 25"; 26 letters plus digits may just pass 25). */
export const MAX_GROUPS = 30;
/** A split by name into fewer groups than this (of which some still too big) is not used. */
export const MIN_SPLIT = 4;

export interface Group {
  /** Stable within its parent: the level and the key, e.g. `0:npm/@babel`. */
  key: string;
  label: string;
  /** The level a further folding of these members starts at. */
  nextLevel: number;
  members: string[];
}

type Keyer = { key: (id: string) => string; label: (key: string) => string };

const firstChars = (id: string, n: number): string => {
  const name = nameParts(id).name.toLowerCase();
  const head = name.slice(0, n);
  return /^[a-z]/.test(head) ? head : `#${head.slice(1)}`;
};

const KEYERS: Keyer[] = [
  {
    key: (id) => {
      const { type, namespace } = nameParts(id);
      return namespace ? `${type}/${namespace}` : type;
    },
    label: (key) => key,
  },
  { key: (id) => firstChars(id, 1), label: (key) => `${key === '#' ? 'other' : key}…` },
  // The name's first word (`color` of `color-convert`): how families of packages are named.
  { key: (id) => nameParts(id).name.toLowerCase().split(/[-_.]/)[0], label: (key) => `${key}-…` },
];

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

/** Alphabetical ranges of (nearly) equal size: the fallback that always splits. */
function ranges(members: readonly string[], level: number): Group[] {
  const sorted = [...members].sort();
  const size = Math.max(1, Math.ceil(sorted.length / Math.min(MAX_GROUPS, GROUP_THRESHOLD)));
  const groups: Group[] = [];
  for (let i = 0; i < sorted.length; i += size) {
    const slice = sorted.slice(i, i + size);
    const first = nameParts(slice[0]).name;
    const last = nameParts(slice[slice.length - 1]).name;
    groups.push({
      key: `${level}:${i}`,
      label: first === last ? first : `${first} – ${last}`,
      nextLevel: KEYERS.length,
      members: slice,
    });
  }
  return groups;
}

/**
 * Folds `members` into groups, trying the keys from `level` on. Each member lands in exactly one
 * group, so the groups' counts add up to the members.
 */
export function groupMembers(members: readonly string[], level = 0): Group[] {
  for (let l = level; l < KEYERS.length; l++) {
    const keyer = KEYERS[l];
    const groups = byKey(members, keyer);
    // Splitting by name in two or three big groups hardly helps: try the next way then (the
    // type/namespace split is kept even so: it says what the dependencies are).
    const fewest = l === 0 || [...groups.values()].every((list) => list.length <= GROUP_THRESHOLD) ? 2 : MIN_SPLIT;
    if (groups.size < fewest || groups.size > MAX_GROUPS) continue;
    return [...groups.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, list]) => ({ key: `${l}:${key}`, label: keyer.label(key), nextLevel: l + 1, members: list }));
  }
  return ranges(members, KEYERS.length);
}
