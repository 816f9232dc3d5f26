// The packed inclusion sets (src/store/inclusion-sets.ts): what a set stands for, the membership
// test the evidence look-ups use, and the grouping migration step 10 packs rows with.
import { describe, expect, it } from 'vitest';
import {
  documentsIncluding,
  firstIncluding,
  forEachInclusion,
  inclusionCount,
  InclusionSetPacker,
  packedHas,
  packIds,
  wordsOf,
  type InclusionReader,
} from '../../src/store/inclusion-sets.js';

const pairsOf = (doc: number, subjects: number[], members: number[]): string[] => {
  const out: string[] = [];
  forEachInclusion({ doc, subjects: packIds(subjects), members: packIds(members) }, (s, m) => out.push(`${s}>${m}`));
  return out;
};

describe('inclusion sets', () => {
  it('pack distinct ids ascending, and read them back from an unaligned copy too', () => {
    const packed = packIds([70000, 3, 3, 4_000_000_000, 12]);
    expect([...wordsOf(packed)]).toEqual([3, 12, 70000, 4_000_000_000]);
    const unaligned = Buffer.concat([Buffer.from([9]), packed]).subarray(1);
    expect(unaligned.byteOffset % 4).not.toBe(0);
    expect([...wordsOf(unaligned)]).toEqual([3, 12, 70000, 4_000_000_000]);
  });

  it('stand for each subject including each member but itself, and count those pairs', () => {
    expect(pairsOf(1, [5, 2], [2, 3, 5])).toEqual(['2>3', '2>5', '5>2', '5>3']);
    expect(inclusionCount([5, 2], [2, 3, 5])).toBe(4);
    expect(inclusionCount([9], [2, 3])).toBe(2);
    expect(inclusionCount([9, 9], [9])).toBe(0);
  });

  it('answer membership by binary search', () => {
    const packed = packIds([8, 1, 30, 15, 2]);
    for (const id of [1, 2, 8, 15, 30]) expect(packedHas(packed, id)).toBe(true);
    for (const id of [0, 3, 16, 31, 2 ** 31]) expect(packedHas(packed, id)).toBe(false);
    expect(packedHas(packIds([]), 1)).toBe(false);
  });

  it('group rows of consecutive documents into one set each, with the pairs counted', () => {
    const out: [number, number[], number[], number][] = [];
    const packer = new InclusionSetPacker((doc, s, m, n) => out.push([doc, [...wordsOf(s)], [...wordsOf(m)], n]));
    for (const [doc, a, b] of [
      [4, 10, 11],
      [4, 10, 12],
      [4, 12, 10],
      [4, 12, 11],
      [7, 20, 21],
    ])
      packer.row(doc, a, b);
    packer.flush();
    packer.flush();
    expect(out).toEqual([
      [4, [10, 12], [10, 11, 12], 4],
      [7, [20], [21], 1],
    ]);
    // The packed set stands for exactly the rows it was made of.
    expect(pairsOf(4, [10, 12], [10, 11, 12])).toEqual(['10>11', '10>12', '12>10', '12>11']);
  });

  it('find the documents including a node: one SBOM per subject needs no set, several are checked', async () => {
    // Subject 100 has one SBOM (doc 1); subject 200 has three (docs 2, 3, 4), of which 3 lacks node 7.
    const sets = new Map([
      [2, packIds([7, 8])],
      [3, packIds([8])],
      [4, packIds([7])],
    ]);
    const asked: number[][] = [];
    const reader: InclusionReader = {
      sbomDocuments: (subjects) =>
        Promise.resolve(
          (
            [
              [100, 1],
              [200, 2],
              [200, 3],
              [200, 4],
            ] as [number, number][]
          ).filter(([s]) => subjects.includes(s)),
        ),
      memberSets: (docs) => {
        asked.push([...docs]);
        return Promise.resolve(new Map([...sets].filter(([d]) => docs.includes(d))));
      },
    };
    expect(await documentsIncluding(reader, 7, [100, 200])).toEqual([1, 2, 4]);
    expect(asked).toEqual([[2, 3, 4]]);
    expect(await documentsIncluding(reader, 7, [])).toEqual([]);
    expect(firstIncluding([2, 3, 4], sets, 200, 8)).toBe(2);
    expect(firstIncluding([3, 4], sets, 200, 7)).toBe(4);
    expect(firstIncluding([2, 3, 4], sets, 200, 9)).toBeUndefined();
    expect(firstIncluding([2], sets, 7, 7)).toBeUndefined();
  });
});
