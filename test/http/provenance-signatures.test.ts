// Provenance signatures through HTTP over a real socket: documents uploaded to a server started
// with trusted keys and the Sigstore trusted root are judged as they are stored, and
// /v0/artifact/{digest}/info says, per provenance, whether its signature was verified and by whom;
// /v0/path says the same of each SLSA hop, preferring a verified statement of the edge; with
// --require-signed-provenance an unsigned upload is refused naming the document and why.
import { generateKeyPairSync, sign } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFingerprint, loadSignatureVerifier, preAuthEncoding } from '../../src/ingest/signatures/index.js';
import { FIXTURES } from '../helpers/corpus.js';
import { occurrence } from '../helpers/predicates.js';
import { enc, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

const TRUSTED_ROOT = new URL('../fixtures/sigstore/trusted_root.json', import.meta.url).pathname;
const STATEMENT = 'slsa-provenance-azure-devops-kubectl-v1.28.1-statement-v0.2.json';
const BUNDLE = 'slsa-provenance-slsa-github-generator-container-based-v2.1.0-bundle-v1.json';
const TEKTON = 'slsa-provenance-tekton-chains-kaniko-image-dsse-v0.2.json';
const PAYLOAD_TYPE = 'application/vnd.in-toto+json';

const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const keyDir = tempDir('sg-http-keys-');
writeFileSync(join(keyDir, 'ci.pem'), keys.publicKey.export({ type: 'spki', format: 'pem' }).toString());

/** The real Azure DevOps statement in a DSSE envelope signed here with the trusted key. */
function signedStatement(): string {
  const payload = Buffer.from(FIXTURES.text(STATEMENT));
  const sig = sign('sha256', preAuthEncoding(PAYLOAD_TYPE, payload), keys.privateKey);
  return JSON.stringify({
    payloadType: PAYLOAD_TYPE,
    payload: payload.toString('base64'),
    signatures: [{ keyid: 'ci', sig: sig.toString('base64') }],
  });
}

const statementOf = (file: string) => {
  const json = FIXTURES.rawJson(file);
  const envelope = json.dsseEnvelope ?? json;
  return envelope.payload ? JSON.parse(Buffer.from(envelope.payload, 'base64').toString()) : envelope;
};
const subjectOf = (file: string): string => `sha256:${statementOf(file).subject[0].digest.sha256}`;
/** The statement's one material, as the store keys it (the document states it as sha256). */
const MATERIAL = `sha256:${statementOf(STATEMENT).predicate.materials[0].digest.sha256}`;
const SOURCE_PURL = 'pkg:github/kubernetes/kubernetes@v1.28.1';

async function serverWith(requireSignedProvenance: boolean) {
  const t = await startTestServer({}, undefined, {
    uploads: {
      maxDocumentBytes: 4 * 1024 * 1024,
      signatures: loadSignatureVerifier({
        trustedKeys: keyDir,
        sigstoreTrustedRoot: TRUSTED_ROOT,
        requireSignedProvenance,
      }),
    },
  });
  const { headers } = await createTestToken(t.storeDir, 'ingest');
  const upload = (body: string, name: string) =>
    t.request('POST', `/v0/documents?name=${name}`, { ...headers, 'content-type': 'application/json' }, body);
  return { t, upload };
}

/** The info answer, once the index has the artifact. */
async function infoOf(t: TestServer, digest: string, entries: number) {
  for (let i = 0; ; i++) {
    const r = await t.get(`/v0/artifact/${enc(digest)}/info`);
    if ((r.status === 200 && r.body.provenance.length >= entries) || i > 100) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('provenance signatures on /v0/artifact/{digest}/info', () => {
  let t: TestServer;
  const docs: Record<string, string> = {};
  beforeAll(async () => {
    const server = await serverWith(false);
    t = server.t;
    for (const [name, body] of Object.entries({
      'statement.json': FIXTURES.text(STATEMENT),
      'signed.json': signedStatement(),
      'bundle.json': FIXTURES.text(BUNDLE),
      'tekton.json': FIXTURES.text(TEKTON),
      // The material is the source a package names: a path from the subject reaches a purl.
      'source.json': JSON.stringify({ isOccurrence: [occurrence(SOURCE_PURL, MATERIAL)] }),
    })) {
      const r = await server.upload(body, name);
      expect(r.status, r.text).toBe(201);
      docs[name] = r.body.digest;
    }
  });
  afterAll(() => t?.close());

  it('one subject, two documents: the bare statement unsigned, the envelope verified by the trusted key', async () => {
    const r = await infoOf(t, subjectOf(STATEMENT), 2);
    expect(r.status).toBe(200);
    const byDocument = Object.fromEntries(r.body.provenance.map((p: any) => [p.document, p]));
    expect(byDocument[docs['statement.json']]).toMatchObject({ signature: 'unsigned' });
    expect(byDocument[docs['statement.json']].signedBy).toBeUndefined();
    expect(byDocument[docs['signed.json']]).toMatchObject({
      signature: 'verified',
      signedBy: keyFingerprint(keys.publicKey),
    });
  });

  it('the Sigstore bundle verified against the trusted root, with the certificate identity', async () => {
    const r = await infoOf(t, subjectOf(BUNDLE), 1);
    expect(r.body.provenance).toHaveLength(1);
    expect(r.body.provenance[0]).toMatchObject({
      document: docs['bundle.json'],
      signature: 'verified',
      signedBy: expect.stringMatching(
        /^https:\/\/github\.com\/slsa-framework\/slsa-github-generator\/.* \(issuer https:\/\/token\.actions\.githubusercontent\.com\)$/,
      ),
    });
  });

  it('a path over the SLSA material edge names the verified statement and its signer, though the unsigned one was stored first', async () => {
    const subject = subjectOf(STATEMENT);
    const r = await t.get(`/v0/path?from=${enc(subject)}&to=${enc(SOURCE_PURL)}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.paths).toEqual([
      [
        { node: subject },
        {
          node: MATERIAL,
          edge: {
            kind: 'slsa',
            document: docs['signed.json'],
            signature: 'verified',
            signedBy: keyFingerprint(keys.publicKey),
          },
        },
        { node: SOURCE_PURL, edge: { kind: 'occurrence', document: docs['source.json'] } },
      ],
    ]);
  });

  it('a DSSE envelope signed by a key that is not trusted is unverified', async () => {
    const r = await infoOf(t, subjectOf(TEKTON), 1);
    expect(r.body.provenance[0]).toMatchObject({ document: docs['tekton.json'], signature: 'unverified' });
    expect(r.body.provenance[0].signedBy).toBeUndefined();
  });
});

describe('uploads with --require-signed-provenance', () => {
  let t: TestServer;
  let upload: (body: string, name: string) => ReturnType<TestServer['request']>;
  beforeAll(async () => {
    ({ t, upload } = await serverWith(true));
  });
  afterAll(() => t?.close());

  it('refuses an unsigned statement and an untrusted signature with 400 naming the document and the reason', async () => {
    const unsigned = await upload(FIXTURES.text(STATEMENT), 'kubectl.intoto.json');
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.Message).toMatch(
      /kubectl\.intoto\.json: .*provenance signature is unsigned: a bare in-toto statement carries no signature/,
    );
    const untrusted = await upload(FIXTURES.text(TEKTON), 'tekton.json');
    expect(untrusted.status).toBe(400);
    expect(untrusted.body.Message).toMatch(/tekton\.json: .*provenance signature is unverified: no signature verifies/);
  });

  it('stores verified provenance', async () => {
    expect((await upload(signedStatement(), 'signed.json')).status).toBe(201);
    expect((await upload(FIXTURES.text(BUNDLE), 'bundle.json')).status).toBe(201);
  });
});
