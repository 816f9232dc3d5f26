// VEX statements about a purl without a version (issue 30): they name the package as a template
// (docs/api.md "Vulnerabilities", VEX), so they apply to every version the template names —
// versions ingested later too — while a statement about the version itself stays the most specific.
import { describe, expect, it } from 'vitest';
import { GraphIndex } from '../../src/index/graph-index.js';
import { LoadBatch } from '../../src/index/load-batch.js';
import type { VexStatus } from '../../src/model/facts.js';
import { FactKind, NodeKind } from '../../src/model/kinds.js';
import { affectedPackages, blastRadius } from '../../src/query/blast-radius.js';
import { latestVexRecord, packageVulnerabilities } from '../../src/query/vulnerabilities.js';

const TRIVY = 'pkg:golang/github.com/aquasecurity/trivy';
const HELM = 'pkg:golang/helm.sh/helm/v3@v3.14.0';
const SCAN = { scannerUri: 'grype', scannerVersion: '1', dbUri: 'db', dbVersion: '2', timeScanned: '2024-03-01' };

/** Builds an index load by load; node ids are given by key, documents by number. */
class Graph {
  readonly index = new GraphIndex();
  private readonly ids = new Map<string, number>();
  private batch = new LoadBatch();
  private docs = new Set<number>();

  id(key: string): number {
    const id = this.ids.get(key);
    if (id === undefined) throw new Error(`no node ${key}`);
    return id;
  }

  private node(key: string, kind: NodeKind, attr: string | null = null): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(key, id);
      this.batch.node(id, kind, key, attr);
    }
    return id;
  }

  private doc(doc: number): void {
    if (this.docs.has(doc)) return;
    this.docs.add(doc);
    this.batch.document({ id: doc, digest: `sha256:${doc}`, origin: `doc-${doc}`, collector: 'test' });
  }

  finding(purl: string, vuln: string, doc = 1): this {
    this.doc(doc);
    const a = this.node(purl, NodeKind.Package);
    const b = this.node(vuln, NodeKind.Vulnerability, 'GO');
    this.batch.record({ kind: FactKind.CertifyVuln, a, b, doc, fields: SCAN });
    return this;
  }

  vex(purl: string, vuln: string, status: VexStatus, knownSince: string, doc = 2): this {
    this.doc(doc);
    const a = this.node(purl, NodeKind.Package);
    const b = this.node(vuln, NodeKind.Vulnerability, 'GO');
    this.batch.record({ kind: FactKind.Vex, a, b, doc, fields: { status, knownSince } });
    return this;
  }

  dependsOn(from: string, to: string): this {
    this.batch.dependencyEdge(this.node(from, NodeKind.Package), this.node(to, NodeKind.Package), true);
    return this;
  }

  /** Applies what was added since the last call, as a later load. */
  load(): this {
    this.index.apply(this.batch);
    this.batch = new LoadBatch();
    return this;
  }
}

const GO = 'GO-2024-2575';

/** The vulnerability ids /v0/package/{purl}/vulns answers for one package version. */
function vulnsOf(g: Graph, purl: string, includeDependencies = false): string[] {
  const named = { ids: [g.id(purl)], exact: true, canonical: purl };
  return packageVulnerabilities(g.index, named, includeDependencies).map((v) => v.vulnerability.vulnerabilityIDs[0]);
}

describe('VEX about a purl without a version', () => {
  it('applies to every version of the package (Trivy names itself without a version)', () => {
    const g = new Graph()
      .finding(`${TRIVY}@v0.50.0`, GO)
      .finding(`${TRIVY}@v0.51.0`, GO)
      .vex(TRIVY, GO, 'NOT_AFFECTED', '2024-07-09T07:38:00Z')
      .load();
    expect(vulnsOf(g, `${TRIVY}@v0.50.0`)).toEqual([]);
    expect(vulnsOf(g, `${TRIVY}@v0.51.0`)).toEqual([]);
    const { affected, suppressed } = affectedPackages(g.index, g.id(GO));
    expect([...affected.keys()]).toEqual([]);
    expect([...suppressed.keys()].map(g.index.keyOf).sort()).toEqual([`${TRIVY}@v0.50.0`, `${TRIVY}@v0.51.0`]);
    expect(latestVexRecord(g.index, g.id(`${TRIVY}@v0.50.0`), g.id(GO))).toMatchObject({
      subject: g.id(TRIVY),
      status: 'NOT_AFFECTED',
    });
  });

  it('applies to a version ingested after the statement', () => {
    const g = new Graph().vex(TRIVY, GO, 'NOT_AFFECTED', '2024-07-09T07:38:00Z').load();
    g.finding(`${TRIVY}@v0.52.0`, GO, 3).load();
    expect(vulnsOf(g, `${TRIVY}@v0.52.0`)).toEqual([]);
    expect([...affectedPackages(g.index, g.id(GO)).suppressed.keys()]).toEqual([g.id(`${TRIVY}@v0.52.0`)]);
  });

  it('takes the vulnerability off the dependencies of every version, and off its dependents', () => {
    const g = new Graph()
      .dependsOn(`${TRIVY}@v0.50.0`, HELM)
      .dependsOn(`${TRIVY}@v0.51.0`, HELM)
      .finding(HELM, GO)
      .vex(TRIVY, GO, 'NOT_AFFECTED', '2024-07-09T07:38:00Z')
      .load();
    expect(vulnsOf(g, `${TRIVY}@v0.50.0`, true)).toEqual([]);
    expect(vulnsOf(g, `${TRIVY}@v0.51.0`, true)).toEqual([]);
    expect(vulnsOf(g, HELM)).toEqual([GO]);
    const radius = blastRadius(g.index, g.id(GO), 'packages', true);
    expect(radius.items.map(g.index.keyOf)).toEqual([`${TRIVY}@v0.50.0`, `${TRIVY}@v0.51.0`]);
    expect(radius.suppressedCount).toBe(2);
    expect(radius.suppressedBy.get(g.id(`${TRIVY}@v0.51.0`))).toMatchObject({ subject: g.id(TRIVY) });
  });

  it('a statement about one version still says nothing about the others', () => {
    const g = new Graph()
      .finding(`${TRIVY}@v0.50.0`, GO)
      .finding(`${TRIVY}@v0.51.0`, GO)
      .vex(`${TRIVY}@v0.50.0`, GO, 'NOT_AFFECTED', '2024-07-09T07:38:00Z')
      .load();
    expect(vulnsOf(g, `${TRIVY}@v0.50.0`)).toEqual([]);
    expect(vulnsOf(g, `${TRIVY}@v0.51.0`)).toEqual([GO]);
  });

  it("the version's own statement wins over a versionless one, whichever is later", () => {
    const g = new Graph()
      .finding(`${TRIVY}@v0.50.0`, GO)
      .finding(`${TRIVY}@v0.51.0`, GO)
      .finding(`${TRIVY}@v0.52.0`, GO)
      .vex(TRIVY, GO, 'NOT_AFFECTED', '2024-07-09T00:00:00Z')
      .vex(`${TRIVY}@v0.51.0`, GO, 'AFFECTED', '2024-01-01T00:00:00Z', 3)
      .vex(TRIVY, 'GO-2024-0001', 'AFFECTED', '2024-07-09T00:00:00Z')
      .vex(`${TRIVY}@v0.52.0`, 'GO-2024-0001', 'NOT_AFFECTED', '2024-01-01T00:00:00Z', 3)
      .finding(`${TRIVY}@v0.52.0`, 'GO-2024-0001')
      .finding(`${TRIVY}@v0.50.0`, 'GO-2024-0001')
      .load();
    expect(vulnsOf(g, `${TRIVY}@v0.50.0`)).toEqual(['GO-2024-0001']);
    expect(vulnsOf(g, `${TRIVY}@v0.51.0`)).toEqual([GO]);
    expect(vulnsOf(g, `${TRIVY}@v0.52.0`)).toEqual([]);
  });

  it('of two versionless statements naming as much, the later wins', () => {
    const g = new Graph()
      .finding(`${TRIVY}@v0.50.0`, GO)
      .vex(TRIVY, GO, 'NOT_AFFECTED', '2024-01-01T00:00:00Z')
      .vex(TRIVY, GO, 'AFFECTED', '2024-02-01T00:00:00Z', 3)
      .load();
    expect(vulnsOf(g, `${TRIVY}@v0.50.0`)).toEqual([GO]);
    expect(latestVexRecord(g.index, g.id(`${TRIVY}@v0.50.0`), g.id(GO))?.status).toBe('AFFECTED');
  });
});

describe('VEX about a purl without a version: qualifiers and subpath', () => {
  const X86 = 'pkg:rpm/redhat/openssl@3.0.7-18.el9?arch=x86_64';
  const ARM = 'pkg:rpm/redhat/openssl@3.0.7-18.el9?arch=aarch64';
  const CVE = 'CVE-2024-0727';

  it('a product with qualifiers applies only to versions that have them', () => {
    const g = new Graph()
      .finding(X86, CVE)
      .finding(ARM, CVE)
      .vex('pkg:rpm/redhat/openssl?arch=x86_64', CVE, 'NOT_AFFECTED', '2024-02-01T00:00:00Z')
      .load();
    expect(vulnsOf(g, X86)).toEqual([]);
    expect(vulnsOf(g, ARM)).toEqual([CVE]);
  });

  it('a product without qualifiers applies whatever the qualifiers of the version', () => {
    const g = new Graph()
      .finding(X86, CVE)
      .finding(ARM, CVE)
      .vex('pkg:rpm/redhat/openssl', CVE, 'FIXED', '2024-02-01T00:00:00Z')
      .load();
    expect(vulnsOf(g, X86)).toEqual([]);
    expect(vulnsOf(g, ARM)).toEqual([]);
  });

  it('a product naming more qualifiers is more specific than one naming fewer', () => {
    const g = new Graph()
      .finding(X86, CVE)
      .finding(ARM, CVE)
      .vex('pkg:rpm/redhat/openssl?arch=x86_64', CVE, 'AFFECTED', '2024-01-01T00:00:00Z')
      .vex('pkg:rpm/redhat/openssl', CVE, 'NOT_AFFECTED', '2024-02-01T00:00:00Z', 3)
      .load();
    expect(vulnsOf(g, X86)).toEqual([CVE]);
    expect(vulnsOf(g, ARM)).toEqual([]);
  });

  it('a product with a subpath applies only to versions with that subpath', () => {
    const g = new Graph()
      .finding('pkg:golang/example.com/mono@v1.0.0#cmd/a', CVE)
      .finding('pkg:golang/example.com/mono@v1.0.0#cmd/b', CVE)
      .vex('pkg:golang/example.com/mono#cmd/a', CVE, 'NOT_AFFECTED', '2024-02-01T00:00:00Z')
      .load();
    expect(vulnsOf(g, 'pkg:golang/example.com/mono@v1.0.0#cmd/a')).toEqual([]);
    expect(vulnsOf(g, 'pkg:golang/example.com/mono@v1.0.0#cmd/b')).toEqual([CVE]);
  });
});
