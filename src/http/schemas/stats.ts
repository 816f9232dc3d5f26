// Body of /v0/stats: how much the graph holds, for dashboards and the web UI's home page.
import { Type, type Static } from 'typebox';

export const GraphStatsSchema = Type.Object({
  version: Type.Integer({ description: 'The index version the counts are of (it grows with every change).' }),
  documents: Type.Integer({ description: 'Stored documents, as of that version (deleted ones no longer count).' }),
  packages: Type.Integer({ description: 'Package versions (distinct purls with a version or without).' }),
  packageNames: Type.Integer({
    description: 'Distinct package names (purl type, namespace and name; an oci name with its repository_url).',
  }),
  artifacts: Type.Integer({ description: 'Artifacts (distinct digests).' }),
  vulnerabilities: Type.Integer({
    description: 'Known vulnerabilities, one per set of aliases (as `/v0/vuln/{id}` names them).',
  }),
  dependencyEdges: Type.Integer({
    description: 'Distinct package-to-package dependency edges (an edge stated by many documents counts once).',
  }),
});
export type GraphStats = Static<typeof GraphStatsSchema>;
