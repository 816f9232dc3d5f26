// The manifest's `stats`: the generated graph's shape and what the documents hold.
import type { WrittenDocuments } from './documents.js';
import { closureStats, degreeStats, ecosystemStats, type ClosureSample } from './graph-shape.js';
import type { GenerateStats } from './manifest.js';
import type { Universe } from './universe.js';

export function generateStats(
  u: Universe,
  closures: ClosureSample,
  written: WrittenDocuments,
  seconds: number,
): GenerateStats {
  const { sboms } = written;
  return {
    ecosystems: ecosystemStats(u),
    packageNames: u.names.length,
    packageVersions: u.versionCount,
    dependencyEdges: u.out.length,
    distinctEdgesWithSubjects: u.out.length + sboms.subjectEdges.size,
    cycleBackEdges: u.backEdges,
    ...degreeStats(u),
    closure: closureStats(closures),
    documents: documentCounts(written),
    dependencyFacts: sboms.dependencyFacts,
    componentEntries: sboms.componentEntries,
    versionsCovered: sboms.versionsCovered(),
    vulnerableVersions: written.advisories.byVersion.size,
    advisories: written.advisories.list.length,
    sourcesWithScorecard: written.scorecards,
    bytes: written.bytes,
    seconds,
  };
}

function documentCounts({ apps, images, scans, scorecards }: WrittenDocuments): GenerateStats['documents'] {
  return {
    apps: apps.length,
    images: images.length,
    scans,
    scorecards,
    extra: 1,
    total: apps.length + images.length + scans + scorecards,
  };
}
