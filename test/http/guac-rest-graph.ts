// A small graph description in the shape of GUAC's REST test data (nouns named by purl or by a
// placeholder digest, verbs between them), written out as GUAC ingest-predicates documents the way
// GUAC itself would hold them: packages as GUAC's PurlToPkg splits a purl (an oci purl's
// repository_url becomes the namespace), artifacts as algorithm sha256 with the placeholder as
// the digest, and each SBOM in a document of its own so that it includes exactly what it lists.
import { PackageURL } from 'packageurl-js';
import { PARSE_CTX } from '../helpers/documents.js';
import { startTestApp, type TestClient } from '../helpers/server.js';
import { guacPredicatesParser } from '../../src/ingest/formats/guac-predicates/index.js';

export interface Occurrence {
  pkg: string;
  artifact: string;
}

export interface GuacGraph {
  /** Purls of packages that exist in the graph (whether or not a verb names them). */
  packages?: string[];
  /** Placeholder digests ("sha-abc"), stored as GUAC's test data stores them: algorithm sha256. */
  artifacts?: string[];
  /** Each SBOM includes exactly the listed software (purls or digests) and occurrences. */
  sboms?: { subject: string; includes?: string[]; occurrences?: Occurrence[] }[];
  dependencies?: { from: string; to: string }[];
  occurrences?: Occurrence[];
  hashEquals?: [string, string][];
  slsa?: { subject: string; builtFrom: string[] }[];
  /** "type/id" pairs, as GUAC's test data names vulnerabilities. */
  certifyVulns?: { pkg: string; vuln: string }[];
}

const ORIGIN = { origin: 'guac-rest-scenario', collector: 'guac-rest-scenario' };

/** A package input spec as GUAC's PurlToPkg makes it from a purl. */
export function guacPackage(purl: string): object {
  const [type, namespace, name, version, qualifiers, subpath] = PackageURL.parseString(purl) as [
    string,
    string | undefined,
    string,
    string | undefined,
    URLSearchParams | undefined,
    string | undefined,
  ];
  const pairs = qualifiers ? [...qualifiers.entries()] : [];
  let ns = namespace ?? '';
  if (type === 'oci') {
    const repository = pairs.find(([k]) => k === 'repository_url');
    if (repository) ns = repository[1];
    ns = ns.endsWith(`/${name}`) ? ns.slice(0, -name.length - 1) : ns;
  }
  return {
    type,
    namespace: ns,
    name,
    version: version ?? '',
    subpath: subpath ?? '',
    qualifiers: pairs.filter(([k]) => type !== 'oci' || k !== 'repository_url').map(([key, value]) => ({ key, value })),
  };
}

const isPurl = (s: string): boolean => s.startsWith('pkg:');
const artifact = (digest: string): object => ({ algorithm: 'sha256', digest });
const subjectOf = (s: string): object => (isPurl(s) ? { pkg: guacPackage(s) } : { artifact: artifact(s) });

/** A predicate GUAC keeps alongside its subject; here it only puts the subject into the document. */
const mention = (s: string): object => ({
  ...subjectOf(s),
  pkgMatchFlag: { pkg: 'SPECIFIC_VERSION' },
  hasMetadata: {
    key: 'scenario',
    value: 'present',
    timestamp: '2024-01-01T00:00:00Z',
    justification: 'test',
    ...ORIGIN,
  },
});

const occurrence = (o: Occurrence): object => ({
  pkg: guacPackage(o.pkg),
  artifact: artifact(o.artifact),
  isOccurrence: { justification: 'test', ...ORIGIN },
});

export function guacDocuments(g: GuacGraph): Record<string, object> {
  const docs: Record<string, object> = {};
  const nouns = [...(g.packages ?? []), ...(g.artifacts ?? [])];
  if (nouns.length) docs['nouns.json'] = { hasMetadata: nouns.map(mention) };
  (g.sboms ?? []).forEach((s, i) => {
    docs[`sbom-${i}.json`] = {
      hasSBOM: [
        {
          ...subjectOf(s.subject),
          hasSbom: {
            uri: `https://example.com/sbom-${i}.json`,
            algorithm: 'sha256',
            digest: 'test-digest',
            downloadLocation: 'https://example.com',
            knownSince: '2024-01-01T00:00:00Z',
            ...ORIGIN,
          },
        },
      ],
      ...(s.includes?.length ? { hasMetadata: s.includes.map(mention) } : {}),
      ...(s.occurrences?.length ? { isOccurrence: s.occurrences.map(occurrence) } : {}),
    };
  });
  const facts = {
    isDependency: (g.dependencies ?? []).map((d) => ({
      pkg: guacPackage(d.from),
      depPkg: guacPackage(d.to),
      isDependency: { dependencyType: 'UNKNOWN', justification: 'test', ...ORIGIN },
    })),
    isOccurrence: (g.occurrences ?? []).map(occurrence),
    hashEqual: (g.hashEquals ?? []).map(([a, b]) => ({
      artifact: artifact(a),
      equalArtifact: artifact(b),
      hashEqual: { justification: 'test', ...ORIGIN },
    })),
    hasSlsa: (g.slsa ?? []).map((s) => ({
      Artifact: artifact(s.subject),
      Materials: s.builtFrom.map(artifact),
      Builder: { uri: 'https://example.com/builder' },
      HasSlsa: { buildType: 'test-build', slsaPredicate: [], slsaVersion: 'v1', ...ORIGIN },
    })),
    certifyVuln: (g.certifyVulns ?? []).map((c) => {
      const [type, id] = c.vuln.split('/');
      return {
        pkg: guacPackage(c.pkg),
        vulnerability: { type, vulnerabilityID: id },
        vulnData: {
          timeScanned: '2024-03-01T00:00:00Z',
          dbUri: '',
          dbVersion: '',
          scannerUri: '',
          scannerVersion: '',
          ...ORIGIN,
        },
      };
    }),
  };
  const present = Object.fromEntries(Object.entries(facts).filter(([, list]) => list.length > 0));
  if (Object.keys(present).length) docs['facts.json'] = present;
  return docs;
}

/** A server over a fresh store holding just this graph (stored before the server starts). */
export async function serveGuacGraph(g: GuacGraph): Promise<TestClient> {
  const docs = guacDocuments(g);
  // Every document must be read whole: the parser throws on anything it would refuse.
  for (const [name, doc] of Object.entries(docs)) {
    const text = JSON.stringify(doc);
    guacPredicatesParser.parse({ name, text, json: doc, xml: false }, PARSE_CTX);
  }
  return startTestApp(docs);
}
