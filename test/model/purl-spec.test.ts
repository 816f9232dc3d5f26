// The official purl-spec test suite (ECMA-427; test/fixtures/purl-spec/, see its README): every
// case against parsePurl / canonicalPurl / formatPurl(canonicalParts(...)), counted by group and
// outcome. Required cases all pass except the documented deviations below; recommended cases pass
// unless they contradict a required case or the type definitions (listed below). A sample of the
// required cases also goes through the API (400 SG_INVALID_PURL, or the canonical form) and ingest
// (a component whose purl is invalid is skipped with the reason). docs/api.md, "Package URLs".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';
import { loadSpecCases, runSpecCase, type SpecCase, type SpecOutcome } from './purl-spec.cases.js';

/** Deviations of our own, documented in docs/api.md ("Package URLs"), with the cases they affect. */
const DEVIATIONS: Record<string, string> = {
  // GUAC's oci mapping: repository_url is the namespace, without the trailing "/<name>".
  'oci#0': 'GUAC oci namespace rule',
  'oci#1': 'GUAC oci namespace rule',
  'oci#2': 'GUAC oci namespace rule',
  'oci#3': 'GUAC oci namespace rule',
  'oci#4': 'GUAC oci namespace rule',
  'oci#5': 'GUAC oci namespace rule',
  'oci#6': 'GUAC oci namespace rule',
  'oci#7': 'GUAC oci namespace rule',
  'oci#8': 'GUAC oci namespace rule',
};

/**
 * Cases that contradict others (or the type definitions) and so cannot pass together with them.
 * ECMA-427: "The key shall be composed only of lowercase ASCII letters…"; purl-spec issue #942 made
 * gem#1 and rpm#1 (required) reject upper-case keys, maven#13 (required) still lower-cases them.
 */
const CONTRADICTIONS: Record<string, string> = {
  'maven#13': 'accepts the key "repositorY_url"; contradicts required gem#1 and rpm#1 (keys are lowercase)',
  'maven#8': 'accepts the key "repositorY_url"; contradicts required gem#1 and rpm#1',
  'maven#9': 'accepts the key "repositorY_url"; contradicts required gem#1 and rpm#1',
  'maven#12': 'accepts the key "repositorY_url"; contradicts required gem#1 and rpm#1',
  'gem#0': 'accepts the key "Platform"; contradicts required gem#1',
  'rpm#0': 'accepts the keys "Arch", "Distro"; contradicts required rpm#1',
  'git#0': 'lowercases a git namespace and name; git-definition.json says both are case-sensitive',
};

type Outcome = 'pass' | 'fail' | 'deviation' | 'contradiction';

function outcomeOf(o: SpecOutcome): Outcome {
  if (o.pass) return 'pass';
  if (DEVIATIONS[o.case.id]) return 'deviation';
  if (CONTRADICTIONS[o.case.id]) return 'contradiction';
  return 'fail';
}

describe('purl-spec test suite (ECMA-427)', () => {
  const cases = loadSpecCases();
  const outcomes = cases.map(runSpecCase);

  it('holds the 586 cases of the fixture set, 521 required and 65 recommended', () => {
    expect(cases).toHaveLength(586);
    expect(cases.filter((c) => c.test_group === 'required')).toHaveLength(521);
    expect(new Set(cases.map((c) => c.id)).size).toBe(586);
  });

  it('passes every case but the listed deviations and contradictions', () => {
    const counts: Record<string, number> = {};
    for (const o of outcomes) {
      const key = `${o.case.test_group} ${outcomeOf(o)}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    // Printed for the record (the closing note quotes it).
    console.log(`purl-spec: ${JSON.stringify(counts)}`);
    const failing = outcomes
      .filter((o) => outcomeOf(o) === 'fail')
      .map(
        (o) =>
          `${o.case.id} (${o.case.test_group} ${o.case.test_type}) ${JSON.stringify(o.case.input)}: got ${JSON.stringify(o.got)}`,
      );
    expect(failing).toEqual([]);
    expect(counts).toEqual({
      'required pass': 518,
      'required deviation': 2,
      'required contradiction': 1,
      'recommended pass': 52,
      'recommended deviation': 7,
      'recommended contradiction': 6,
    });
  });

  it('lists only cases that still fail (a case fixed upstream or here leaves the list)', () => {
    const byId = new Map(outcomes.map((o) => [o.case.id, o]));
    for (const id of [...Object.keys(DEVIATIONS), ...Object.keys(CONTRADICTIONS)]) {
      expect(byId.get(id)?.pass, id).toBe(false);
    }
  });
});

/** A sample of required cases, one per kind of rule the issue saw broken. */
const INVALID_SAMPLE = [
  'specification#11',
  'specification#13',
  'cran#4',
  'swift#4',
  'vcpkg#9',
  'cpan#4',
  'gem#1',
  'julia#12',
  'chrome-extension#4',
];
const VALID_SAMPLE = ['specification#17', 'deb#17', 'brew#3', 'mlflow#1', 'git#1', 'bazel#15', 'npm#11', 'generic#4'];

describe('purl-spec required cases through the API and ingest', () => {
  const cases = new Map(loadSpecCases().map((c) => [c.id, c]));
  const input = (id: string): string => (cases.get(id) as SpecCase).input as string;
  /** The canonical form a case expects: a validate case's output, a parse case's input re-validated. */
  const canonicalOf: Record<string, string> = {
    'specification#17': 'pkg:generic/bitwarderl?checksum=sha1:ad9503c3e994a4f%2Csha256:41bf9088b3a1e6c1ef1d',
    'deb#17': 'pkg:deb/debian/attr@1:2.4.47-2%2Bb1?arch=amd64',
    'brew#3': 'pkg:brew/sqlite@3.43.2',
    'mlflow#1':
      'pkg:mlflow/creditfraud@3?repository_url=https:%2F%2Fadb-5245952564735461.0.azuredatabricks.net%2Fapi%2F2.0%2Fmlflow',
    'git#1': 'pkg:git/codeberg.org/forgejo/forgejo@a72d2c07cfca03b55371089de6aa230d8c951fa0',
    'bazel#15': 'pkg:bazel/rules_java@8.5.0#java/runfiles:runfiles',
    'npm#11': 'pkg:npm/mypackage@12.4.5?vcs_url=git:%2F%2Fhost.com%2Fpath%2Fto%2Frepo.git%404345abcd34343',
    'generic#4':
      'pkg:generic/openssl@1.1.10g?checksum=sha256:de4d501267da&download_url=https:%2F%2Fopenssl.org%2Fsource%2Fopenssl-1.1.0g.tar.gz',
  };
  let t: TestClient;
  let digest: string;

  beforeAll(async () => {
    for (const id of [...INVALID_SAMPLE, ...VALID_SAMPLE]) expect(cases.get(id)?.test_group, id).toBe('required');
    const components = [...VALID_SAMPLE, ...INVALID_SAMPLE].map((id, i) => ({
      type: 'library',
      'bom-ref': `c${i}`,
      name: id,
      purl: input(id),
    }));
    t = await startTestApp();
    const result = await t.ingest('purl-spec-sample.cdx.json', {
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
      version: 1,
      metadata: { component: { type: 'application', 'bom-ref': 'app', name: 'app', purl: 'pkg:generic/app@1' } },
      components,
      dependencies: [{ ref: 'app', dependsOn: components.map((c) => c['bom-ref']) }],
    });
    expect(result.status).toBe('stored');
    digest = result.digest as string;
  }, 60_000);
  afterAll(() => t?.close());

  it.each(INVALID_SAMPLE)('%s: the API answers 400 SG_INVALID_PURL', async (id) => {
    const r = await t.get(`/v0/package/${enc(input(id))}`);
    expect(r.status, input(id)).toBe(400);
    expect(r.body.code).toBe('SG_INVALID_PURL');
  });

  it.each(VALID_SAMPLE)('%s: ingest stores the canonical form, the API finds it as written', async (id) => {
    const r = await t.get(`/v0/package/${enc(input(id))}`);
    expect(r.status, input(id)).toBe(200);
    expect(r.body.PurlList).toEqual([canonicalOf[id]]);
  });

  it('ingest skips each component whose purl is invalid, with the reason', async () => {
    const r = await t.get(`/v0/documents/${digest}`);
    expect(r.status).toBe(200);
    const reasons = (r.body.skipped as { path: string; reason: string }[]).map((s) => s.reason);
    for (const id of INVALID_SAMPLE) {
      expect(
        reasons.some((reason) => reason.includes(input(id)) && /unusable purl/.test(reason)),
        id,
      ).toBe(true);
    }
    expect(reasons.filter((reason) => /unusable purl/.test(reason))).toHaveLength(INVALID_SAMPLE.length);
  });
});
