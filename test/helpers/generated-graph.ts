// Random graphs mixing every edge the walks follow (dependencies, SBOM inclusion by packages and
// artifacts, occurrences, hash equality, SLSA materials), for the property tests of the reverse
// and path questions. Deterministic: a failure names a seed that makes the same graph again.
import { dependsOn, hashEqual, hex, occurrence, sbomFor, slsa } from './predicates.js';

export function random(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x / 0x100000000;
  };
}

/** A random graph's documents, with what they were made from, so a test can add documents about the same nodes. */
export interface GeneratedGraph {
  docs: Record<string, unknown>;
  purls: string[];
  digests: string[];
  /** The generator's stream, continued: extra documents stay determined by the seed. */
  next: () => number;
  pick: <T>(items: readonly T[]) => T;
}

/** A random graph over `size` package versions (a few names with several versions) and size/3 artifacts. */
export function generatedGraph(seed: number, size: number): GeneratedGraph {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const purls = Array.from({ length: size }, (_, i) => `pkg:npm/p${i % Math.ceil(size / 3)}@${Math.floor(i / 3)}.0.0`);
  const digests = Array.from({ length: Math.ceil(size / 3) }, (_, i) => `sha256:${hex(`a${seed}-${i}`)}`);
  const docs: Record<string, unknown> = {};
  docs['deps.json'] = { isDependency: Array.from({ length: size }, () => dependsOn(pick(purls), pick(purls))) };
  docs['occurrences.json'] = { isOccurrence: digests.slice(0, size / 4).map((d) => occurrence(pick(purls), d)) };
  docs['hash-equal.json'] = {
    hashEqual: [hashEqual(pick(digests), pick(digests)), hashEqual(pick(digests), pick(digests))],
  };
  docs['slsa-1.json'] = { hasSlsa: [slsa(pick(digests), [pick(digests), pick(digests)])] };
  docs['slsa-2.json'] = { hasSlsa: [slsa(pick(digests), [pick(digests)])] };
  // An SBOM includes every package and artifact of its document.
  for (let i = 0; i < 6; i++) {
    const members = [pick(purls), pick(purls), pick(purls)];
    docs[`sbom-${i}.json`] = {
      hasSBOM: [i % 3 === 2 ? sbomFor({ pkg: pick(purls) }) : sbomFor({ artifact: pick(digests) })],
      isDependency: [
        dependsOn(members[0], members[1], i % 2 ? 'DIRECT' : 'INDIRECT'),
        dependsOn(members[1], members[2]),
      ],
      ...(i % 2 ? { isOccurrence: [occurrence(pick(purls), pick(digests))] } : {}),
    };
  }
  return { docs, purls, digests, next, pick };
}
