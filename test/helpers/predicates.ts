// Builds GUAC ingest-predicates documents from purls and digests, so tests read like the graph they make.
import { parsePurl } from '../../src/model/purl.js';

export interface PkgSpec {
  type: string;
  namespace?: string;
  name: string;
  version?: string;
  qualifiers?: { key: string; value: string }[];
  subpath?: string;
}

export function pkg(purl: string): PkgSpec {
  const p = parsePurl(purl);
  const spec: PkgSpec = { type: p.type, name: p.name };
  if (p.namespace) spec.namespace = p.namespace;
  if (p.version) spec.version = p.version;
  const q = Object.entries(p.qualifiers);
  if (q.length) spec.qualifiers = q.map(([key, value]) => ({ key, value }));
  if (p.subpath) spec.subpath = p.subpath;
  return spec;
}

export function art(digest: string): { algorithm: string; digest: string } {
  const [algorithm, value] = digest.split(':');
  return { algorithm, digest: value };
}

export const hex = (seed: string, length = 64): string => {
  let out = '';
  let x = 0;
  for (const c of seed) x = (x * 31 + c.charCodeAt(0)) >>> 0;
  while (out.length < length) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += (x >>> 8).toString(16).padStart(6, '0');
  }
  return out.slice(0, length);
};

const origin = { origin: 'test', collector: 'test' };

export function dependsOn(from: string, to: string, type = 'DIRECT'): object {
  return { pkg: pkg(from), depPkg: pkg(to), isDependency: { dependencyType: type, justification: 'test', ...origin } };
}

export function occurrence(purl: string, digest: string): object {
  return { pkg: pkg(purl), artifact: art(digest), isOccurrence: { justification: 'test', ...origin } };
}

export function hashEqual(a: string, b: string): object {
  return { artifact: art(a), equalArtifact: art(b), hashEqual: { justification: 'test', ...origin } };
}

export function sbomFor(subject: { pkg?: string; artifact?: string }, sbomOrigin = 'test'): object {
  return {
    ...(subject.pkg ? { pkg: pkg(subject.pkg) } : { artifact: art(subject.artifact!) }),
    hasSbom: {
      uri: 'https://example.com/sbom.json',
      algorithm: 'sha256',
      digest: hex('sbom'),
      downloadLocation: 'https://example.com/sbom.json',
      knownSince: '2024-01-01T00:00:00Z',
      origin: sbomOrigin,
      collector: sbomOrigin,
    },
  };
}

export function slsa(subject: string, materials: string[]): object {
  return {
    Artifact: art(subject),
    HasSlsa: {
      buildType: 'https://example.com/build',
      slsaPredicate: [],
      slsaVersion: 'v1',
      startedOn: '2024-01-01T00:00:00Z',
      finishedOn: '2024-01-01T00:01:00Z',
      ...origin,
    },
    Materials: materials.map(art),
    Builder: { uri: 'https://github.com/actions/runner' },
  };
}

export const SCAN = {
  timeScanned: '2024-03-01T10:00:00Z',
  dbUri: 'https://osv.dev',
  dbVersion: '2024-03-01',
  scannerUri: 'https://github.com/google/osv-scanner',
  scannerVersion: '1.7.0',
  ...origin,
};

export function vuln(purl: string, type: string, id: string, scan: object = SCAN): object {
  return { pkg: pkg(purl), vulnerability: { type, vulnerabilityID: id }, vulnData: scan };
}

export function vex(
  subject: { pkg?: string; artifact?: string },
  type: string,
  id: string,
  status: string,
  knownSince: string,
): object {
  return {
    ...(subject.pkg ? { pkg: pkg(subject.pkg) } : { artifact: art(subject.artifact!) }),
    vulnerability: { type, vulnerabilityID: id },
    vexData: {
      status,
      vexJustification: 'VULNERABLE_CODE_NOT_PRESENT',
      statement: 'test',
      statusNotes: '',
      knownSince,
      ...origin,
    },
  };
}

export function source(owner: string, repo: string): object {
  return { type: 'git', namespace: `github.com/${owner}`, name: repo };
}

export function scorecard(owner: string, repo: string, score: number, date = '2024-01-01T00:00:00Z'): object {
  return {
    source: source(owner, repo),
    scorecard: {
      checks: [{ check: 'Maintained', score: 5 }],
      aggregateScore: score,
      timeScanned: date,
      scorecardVersion: 'v4.13.0',
      scorecardCommit: 'abc',
      ...origin,
    },
  };
}

export function sourceAt(purl: string, owner: string, repo: string, allVersions = false): object {
  return {
    pkg: pkg(purl),
    pkgMatchFlag: { pkg: allVersions ? 'ALL_VERSIONS' : 'SPECIFIC_VERSION' },
    src: source(owner, repo),
    hasSourceAt: { knownSince: '2024-01-01T00:00:00Z', justification: 'test', ...origin },
  };
}
