// What the generator writes beside the documents (manifest.json): its parameters, the graph's
// measured shape and the benchmark's query inputs.
import type { SizeName, SizeParams } from './sizes.js';

export interface GenerateStats {
  ecosystems: Record<string, { names: number; versions: number; coreNames: number }>;
  packageNames: number;
  packageVersions: number;
  /** Distinct version → version edges of the universe graph (all of them appear in some SBOM). */
  dependencyEdges: number;
  /** Distinct edges including those from application / image subjects to their direct dependencies. */
  distinctEdgesWithSubjects: number;
  cycleBackEdges: number;
  leafVersions: number;
  outDegree: { mean: number; meanNonLeaf: number; max: number };
  closure: {
    sample: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    meanNonLeaf: number;
    p50NonLeaf: number;
  };
  documents: { apps: number; images: number; scans: number; scorecards: number; extra: number; total: number };
  /** dependsOn entries over every SBOM (the IsDependency facts the ingest will store). */
  dependencyFacts: number;
  /** Components over every SBOM. */
  componentEntries: number;
  versionsCovered: number;
  vulnerableVersions: number;
  advisories: number;
  sourcesWithScorecard: number;
  bytes: number;
  seconds: number;
}

/** Bumped whenever the generator's output changes for a given seed (the benchmark regenerates then). */
export const GENERATOR_REVISION = 4;
/**
 * Bumped whenever the manifest's query inputs change while the documents stay the same: a
 * manifest of another query revision is not reused (the same documents are written again).
 */
export const QUERIES_REVISION = 1;

/** Query inputs for the reverse questions (issue 13): dependents, blast radius, paths. */
export interface ReverseQueries {
  /** The 60 versions with the most (transitive) dependents in the generated graph, most first. */
  dependentsPopular: { purl: string; dependents: number }[];
  /** Up to 20,000 distinct versions with 20–500 dependents, in a seeded random order. */
  dependentsTypical: { purl: string; dependents: number }[];
  /**
   * Advisories over popular names (the core of their ecosystem) with the largest blast radius:
   * `dependents` counts versions reaching an affected version (applications and images not counted).
   */
  vulnsPopular: ReverseVuln[];
  /** Advisories spread over all names (dependents counted up to 5,000). */
  vulnsSample: ReverseVuln[];
  /** A typical version → its dependency farthest away (breadth-first hops). */
  pathsPackage: { from: string; to: string; hops: number }[];
  /** An image digest → the package farthest from it through its application. */
  pathsImage: { from: string; to: string }[];
}

export interface ReverseVuln {
  id: string;
  alias: string;
  /** The affected package name (partial purl). */
  package: string;
  versions: number;
  dependents: number;
}

export interface Manifest {
  generator: number;
  /** QUERIES_REVISION when written (absent before the reverse questions' inputs existed). */
  queriesRevision?: number;
  size: SizeName;
  seed: string;
  params: SizeParams;
  stats: GenerateStats;
  /** Directories (relative to the output directory) the benchmark ingests, in order. */
  ingest: string[];
  /** The held-back SBOM (relative path) for the recompute-after-ingest measurement. */
  extra: string;
  queries: {
    /** Versions with a closure near the typical size, with it. */
    typical: { purl: string; closure: number }[];
    /** The largest closures found in the sample. */
    large: { purl: string; closure: number }[];
    /** Popular package names (partial purls), with their version count. */
    partial: { purl: string; versions: number }[];
    /** Names whose all-versions answer is near 10,000 purls, with the size (starts included). */
    near10k: { purl: string; closure: number }[];
    images: { digest: string; purl: string; components: number }[];
    apps: { purl: string; components: number }[];
    vulnerable: string[];
    /** Up to 40,000 distinct versions with a closure of 40–300 (cache-miss scenarios). */
    typicalMany: string[];
    reverse?: ReverseQueries;
  };
}
