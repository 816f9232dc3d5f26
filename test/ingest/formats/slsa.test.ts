import { describe, expect, it } from 'vitest';
import { expectDocumentError, loadFixture, PARSE_CTX } from '../../helpers/documents.js';
import { FIXTURES } from '../../helpers/corpus.js';
import { slsaFidelitySuite } from './sbom-formats.suite.js';
import { slsaParser } from '../../../src/ingest/formats/slsa/index.js';
import type { SniffedDocument } from '../../../src/ingest/formats/types.js';

const ctx = PARSE_CTX;

const sniffJson = (value: unknown): SniffedDocument => {
  const text = JSON.stringify(value);
  return { name: 'inline.json', text, json: JSON.parse(text), xml: false };
};
const load = loadFixture;
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

const statementV1 = (overrides: Record<string, unknown> = {}) => ({
  _type: 'https://in-toto.io/Statement/v1',
  subject: [{ name: 'pkg:npm/demo@1.0.0', digest: { sha512: 'a'.repeat(128), sha256: 'b'.repeat(64) } }],
  predicateType: 'https://slsa.dev/provenance/v1',
  predicate: {
    buildDefinition: {
      buildType: 'https://example.com/build/v1',
      externalParameters: { workflow: { ref: 'refs/heads/main' } },
      resolvedDependencies: [
        { uri: 'pkg:npm/left-pad@1.3.0', digest: { sha256: 'c'.repeat(64) } },
        { uri: 'git+https://github.com/Acme/Demo@refs/heads/main', digest: { gitCommit: 'd'.repeat(40) } },
        { uri: 'https://example.com/no-digest' },
        { digest: { sha256: 'e'.repeat(64) } },
      ],
    },
    runDetails: {
      builder: { id: 'https://github.com/actions/runner' },
      metadata: { startedOn: '2024-03-01T10:00:00+01:00', finishedOn: '2024-03-01T10:05:00Z' },
    },
  },
  ...overrides,
});

slsaFidelitySuite(FIXTURES);

describe('SLSA documents from the fixtures', () => {
  it('reads v0.2 times and VCS materials (Tekton, slsa-github-generator)', () => {
    const tekton = slsaParser.parse(load('slsa-provenance-tekton-chains-kaniko-image-dsse-v0.2.json'), ctx);
    expect(tekton.slsa[0]).toMatchObject({
      builder: 'https://tekton.dev/chains/v2',
      buildType: 'tekton.dev/v1beta1/TaskRun',
      startedOn: '2022-12-20T14:09:04.000Z',
      finishedOn: '2022-12-20T14:09:36.000Z',
    });
    const go = slsaParser.parse(load('slsa-provenance-slsa-github-generator-go-v2.0.0-dsse-v0.2.json'), ctx);
    expect(go.sources).toEqual(['git+https://github.com/slsa-framework/example-package']);
    expect(go.slsa[0].predicate?.['slsa.builder.id']).toBe(go.slsa[0].builder);
  });
});

describe('SLSA wrappers and mapping', () => {
  it('maps a bare v1 statement: subjects, materials with purls and VCS URIs, builder, times', () => {
    const facts = slsaParser.parse(sniffJson(statementV1()), ctx);
    const [sha512, sha256] = [`sha512:${'a'.repeat(128)}`, `sha256:${'b'.repeat(64)}`];
    expect(facts.format).toBe('slsa-provenance-v1');
    expect(facts.slsa.map((f) => f.subject)).toEqual([sha512, sha256]);
    expect(facts.slsa[0]).toMatchObject({
      materials: [`sha256:${'c'.repeat(64)}`, `gitcommit:${'d'.repeat(40)}`, `sha256:${'e'.repeat(64)}`],
      builder: 'https://github.com/actions/runner',
      buildType: 'https://example.com/build/v1',
      slsaVersion: 'https://slsa.dev/provenance/v1',
      startedOn: '2024-03-01T09:00:00.000Z',
      finishedOn: '2024-03-01T10:05:00.000Z',
    });
    expect(facts.hashEquals).toEqual([
      { artifact: sha512, equal: sha256, justification: 'digests of the same in-toto resource' },
    ]);
    expect(facts.packages).toEqual(['pkg:npm/demo@1.0.0', 'pkg:npm/left-pad@1.3.0']);
    expect(facts.occurrences.map((o) => [o.artifact, o.subject])).toEqual([
      [sha512, { kind: 'package', purl: 'pkg:npm/demo@1.0.0' }],
      [sha256, { kind: 'package', purl: 'pkg:npm/demo@1.0.0' }],
      [`sha256:${'c'.repeat(64)}`, { kind: 'package', purl: 'pkg:npm/left-pad@1.3.0' }],
      [`gitcommit:${'d'.repeat(40)}`, { kind: 'source', url: 'git+https://github.com/acme/demo' }],
    ]);
  });

  it('maps v0.2 builder, buildType and materials', () => {
    const facts = slsaParser.parse(
      sniffJson({
        _type: 'https://in-toto.io/Statement/v0.1',
        subject: [{ name: 'app.tar', digest: { sha256: 'a'.repeat(64) } }],
        predicateType: 'https://slsa.dev/provenance/v0.2',
        predicate: {
          builder: { id: 'https://builder.example/v1' },
          buildType: 'https://build.example/type',
          metadata: { buildStartedOn: '2023-01-01T00:00:00Z' },
          materials: [{ uri: 'pkg:golang/golang.org/x/text@v0.3.7', digest: { sha256: 'b'.repeat(64) } }],
        },
      }),
      ctx,
    );
    expect(facts.slsa).toEqual([
      expect.objectContaining({
        subject: `sha256:${'a'.repeat(64)}`,
        materials: [`sha256:${'b'.repeat(64)}`],
        builder: 'https://builder.example/v1',
        buildType: 'https://build.example/type',
        startedOn: '2023-01-01T00:00:00.000Z',
      }),
    ]);
    expect(facts.packages).toEqual(['pkg:golang/golang.org/x/text@v0.3.7']);
  });

  it('unwraps DSSE envelopes and Sigstore bundles; with nothing trusted their signatures are unverified', () => {
    const envelope = {
      payloadType: 'application/vnd.in-toto+json',
      payload: b64(statementV1()),
      signatures: [{ sig: 'bm90IGEgc2ln' }],
    };
    const dsse = sniffJson(envelope);
    expect(slsaParser.detect(dsse)).toBe(true);
    expect(slsaParser.parse(dsse, ctx).format).toBe('slsa-provenance-v1-dsse');
    expect(slsaParser.parse(dsse, ctx).slsa[0].signature).toBe('unverified');
    const bundle = sniffJson({
      mediaType: 'application/vnd.dev.sigstore.bundle.v0.3+json',
      verificationMaterial: {},
      dsseEnvelope: envelope,
    });
    expect(slsaParser.detect(bundle)).toBe(true);
    expect(slsaParser.parse(bundle, ctx).slsa).toHaveLength(2);
    // Not a valid bundle (no verification material): judged unverified, the statement still read.
    expect(slsaParser.parse(bundle, ctx).slsa[0].signature).toBe('unverified');
  });

  it('does not claim other attestations or documents', () => {
    const vex = { ...statementV1(), predicateType: 'https://openvex.dev/ns/v0.2.0' };
    expect(slsaParser.detect(sniffJson(vex))).toBe(false);
    expect(
      slsaParser.detect(sniffJson({ payloadType: 'application/vnd.in-toto+json', payload: b64(vex), signatures: [] })),
    ).toBe(false);
    expect(slsaParser.detect(sniffJson({ payloadType: 'text/plain', payload: b64('hi'), signatures: [] }))).toBe(false);
    expect(
      slsaParser.detect(
        sniffJson({
          attestations: [
            {
              predicateType: 'x',
              bundle: {
                mediaType: 'application/vnd.dev.sigstore.bundle+json;version=0.2',
                dsseEnvelope: { payloadType: 'application/vnd.in-toto+json', payload: b64(vex) },
              },
            },
          ],
        }),
      ),
    ).toBe(false);
    expect(slsaParser.detect(sniffJson({ attestations: 'none' }))).toBe(false);
    expect(slsaParser.detect(sniffJson({ bomFormat: 'CycloneDX' }))).toBe(false);
    expect(slsaParser.detect(sniffJson([1, 2]))).toBe(false);
  });

  it('claims broken provenance so the reason is reported', () => {
    const bad = sniffJson({
      payloadType: 'application/vnd.in-toto+json',
      payload: '%%% not base64 %%%',
      signatures: [],
    });
    expect(slsaParser.detect(bad)).toBe(true);
    expectDocumentError(() => slsaParser.parse(bad, ctx), /not base64/);
    const notJson = sniffJson({
      payloadType: 'application/vnd.in-toto+json',
      payload: Buffer.from('{"_type": tru').toString('base64'),
    });
    expect(slsaParser.detect(notJson)).toBe(true);
    expectDocumentError(() => slsaParser.parse(notJson, ctx), /not JSON/);
  });

  it('rejects wrong types and missing required fields whole', () => {
    const p = statementV1().predicate as any;
    const noBuilder = statementV1({ predicate: { ...p, runDetails: { metadata: {} } } });
    expectDocumentError(() => slsaParser.parse(sniffJson(noBuilder), ctx), /builder\.id/);
    expectDocumentError(
      () => slsaParser.parse(sniffJson(statementV1({ subject: 'x' })), ctx),
      /"subject" must be an array/,
    );
    expectDocumentError(
      () => slsaParser.parse(sniffJson(statementV1({ subject: [{ name: 'x' }] })), ctx),
      /"digest" is missing/,
    );
    expectDocumentError(
      () => slsaParser.parse(sniffJson(statementV1({ subject: [{ digest: { sha256: 5 } }] })), ctx),
      /must be a string/,
    );
    expectDocumentError(
      () => slsaParser.parse(sniffJson(statementV1({ subject: [] })), ctx),
      /no subject with a usable digest/,
    );
    expectDocumentError(
      () => slsaParser.parse(sniffJson(statementV1({ predicate: { ...p, buildDefinition: [] } })), ctx),
      /must be an object/,
    );
    const v02 = {
      _type: 'https://in-toto.io/Statement/v0.1',
      subject: [{ digest: { sha256: 'a'.repeat(64) } }],
      predicateType: 'https://slsa.dev/provenance/v0.2',
      predicate: { materials: [] },
    };
    expectDocumentError(() => slsaParser.parse(sniffJson(v02), ctx), /builder\.id/);
  });

  it('skips an unusable digest but keeps the other subjects', () => {
    const facts = slsaParser.parse(
      sniffJson(
        statementV1({
          subject: [
            { name: 'bad', digest: { sha256: ' ' } },
            { name: 'good', digest: { sha256: 'f'.repeat(64) } },
          ],
        }),
      ),
      ctx,
    );
    expect(facts.slsa.map((f) => f.subject)).toEqual([`sha256:${'f'.repeat(64)}`]);
    expect(facts.skipped.map((s) => s.path)).toEqual(['/subject/0/digest/sha256', '/subject/0']);
  });
});
