// Provenance signatures: DSSE with trusted keys (keys made here, a real corpus statement signed
// here), Sigstore bundles from slsa-github-generator and the npm registry verified offline against
// sigstore/root-signing's trusted root, and --require-signed-provenance.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slsaParser } from '../../../src/ingest/formats/slsa/index.js';
import type { SniffedDocument } from '../../../src/ingest/formats/types.js';
import {
  keyFingerprint,
  loadSignatureVerifier,
  preAuthEncoding,
  signatureVerifier,
} from '../../../src/ingest/signatures/index.js';
import { keysOfPem, loadTrustedKeys } from '../../../src/ingest/signatures/keys.js';
import { loadTrustedRoot } from '../../../src/ingest/signatures/sigstore.js';
import { FIXTURES } from '../../helpers/corpus.js';
import { expectDocumentError, PARSE_CTX } from '../../helpers/documents.js';
import { tempDir } from '../../helpers/server.js';

const TRUSTED_ROOT = new URL('../../fixtures/sigstore/trusted_root.json', import.meta.url).pathname;
const STATEMENT = 'slsa-provenance-azure-devops-kubectl-v1.28.1-statement-v0.2.json';
const CONTAINER_BUNDLE = 'slsa-provenance-slsa-github-generator-container-based-v2.1.0-bundle-v1.json';
const NPM_LIST = 'slsa-provenance-npm-registry-sigstore-2.3.1-attestations-v1.json';
const PAYLOAD_TYPE = 'application/vnd.in-toto+json';

const sniff = (value: unknown): SniffedDocument => {
  const text = JSON.stringify(value);
  return { name: 'doc.json', text, json: JSON.parse(text), xml: false };
};
const pem = (key: KeyObject): string => key.export({ type: 'spki', format: 'pem' }).toString();

type Kind = 'ec-p256' | 'ec-p384' | 'ed25519' | 'rsa';
function keyPair(kind: Kind): { publicKey: KeyObject; privateKey: KeyObject } {
  if (kind === 'ed25519') return generateKeyPairSync('ed25519');
  if (kind === 'rsa') return generateKeyPairSync('rsa', { modulusLength: 2048 });
  return generateKeyPairSync('ec', { namedCurve: kind === 'ec-p256' ? 'P-256' : 'P-384' });
}
function signPae(kind: Kind, privateKey: KeyObject, data: Buffer): Buffer {
  if (kind === 'ed25519') return sign(null, data, privateKey);
  return sign(kind === 'ec-p384' ? 'sha384' : 'sha256', data, privateKey);
}

/** A DSSE envelope around the real statement, signed with the key. */
function envelope(kind: Kind, privateKey: KeyObject, payload = Buffer.from(FIXTURES.text(STATEMENT))) {
  const sig = signPae(kind, privateKey, preAuthEncoding(PAYLOAD_TYPE, payload));
  return {
    payloadType: PAYLOAD_TYPE,
    payload: payload.toString('base64'),
    signatures: [{ keyid: '', sig: sig.toString('base64') }],
  };
}

const withKeys = (...keys: KeyObject[]) => ({
  ...PARSE_CTX,
  signatures: signatureVerifier(
    keys.flatMap((k) => keysOfPem(pem(k), 'test.pem')),
    undefined,
    false,
  ),
});

describe('DSSE pre-authentication encoding', () => {
  it('is the DSSE spec example byte for byte', () => {
    expect(preAuthEncoding('http://example.com/HelloWorld', Buffer.from('hello world')).toString()).toBe(
      'DSSEv1 29 http://example.com/HelloWorld 11 hello world',
    );
  });
});

describe('DSSE envelopes with trusted keys', () => {
  for (const kind of ['ec-p256', 'ec-p384', 'ed25519', 'rsa'] as const) {
    it(`${kind}: the right key verifies, every fact says so and names the key`, () => {
      const { publicKey, privateKey } = keyPair(kind);
      const facts = slsaParser.parse(sniff(envelope(kind, privateKey)), withKeys(publicKey));
      expect(facts.slsa.length).toBeGreaterThan(10);
      for (const f of facts.slsa) {
        expect(f.signature).toBe('verified');
        expect(f.signedBy).toBe(keyFingerprint(publicKey));
      }
    });
  }

  it('a signature by another key is unverified, and no signer is named', () => {
    const signer = keyPair('ec-p256');
    const other = keyPair('ec-p256');
    const facts = slsaParser.parse(sniff(envelope('ec-p256', signer.privateKey)), withKeys(other.publicKey));
    expect(facts.slsa[0].signature).toBe('unverified');
    expect(facts.slsa[0].signedBy).toBeUndefined();
  });

  it('a payload changed after signing is unverified', () => {
    const { publicKey, privateKey } = keyPair('ed25519');
    const env = envelope('ed25519', privateKey);
    const statement = JSON.parse(FIXTURES.text(STATEMENT));
    statement.predicate.builder.id = 'https://attacker.example/builder';
    env.payload = Buffer.from(JSON.stringify(statement)).toString('base64');
    const facts = slsaParser.parse(sniff(env), withKeys(publicKey));
    expect(facts.slsa[0].builder).toBe('https://attacker.example/builder');
    expect(facts.slsa[0].signature).toBe('unverified');
  });

  it('a changed payload type is unverified (the type is signed too)', () => {
    const { publicKey, privateKey } = keyPair('ec-p256');
    const env = { ...envelope('ec-p256', privateKey), payloadType: 'application/vnd.in-toto.statement+json' };
    expect(slsaParser.parse(sniff(env), withKeys(publicKey)).slsa[0].signature).toBe('unverified');
  });

  it('a signed envelope without any trusted key is unverified', () => {
    const { privateKey } = keyPair('ec-p256');
    const facts = slsaParser.parse(sniff(envelope('ec-p256', privateKey)), PARSE_CTX);
    expect(facts.slsa[0].signature).toBe('unverified');
  });

  it('a bare statement and an envelope with no signatures are unsigned', () => {
    const { publicKey } = keyPair('ec-p256');
    expect(slsaParser.parse(FIXTURES.load(STATEMENT), withKeys(publicKey)).slsa[0].signature).toBe('unsigned');
    const env = {
      payloadType: PAYLOAD_TYPE,
      payload: Buffer.from(FIXTURES.text(STATEMENT)).toString('base64'),
      signatures: [],
    };
    expect(slsaParser.parse(sniff(env), withKeys(publicKey)).slsa[0].signature).toBe('unsigned');
  });

  it('the real slsa-github-generator and Tekton DSSE envelopes are signed but not verified by an unrelated key', () => {
    const { publicKey } = keyPair('ec-p256');
    for (const file of [
      'slsa-provenance-slsa-github-generator-go-v2.0.0-dsse-v0.2.json',
      'slsa-provenance-tekton-chains-kaniko-image-dsse-v0.2.json',
    ]) {
      expect(slsaParser.parse(FIXTURES.load(file), withKeys(publicKey)).slsa[0].signature, file).toBe('unverified');
    }
  });
});

describe('Sigstore bundles against the trusted root', () => {
  const sigstore = { ...PARSE_CTX, signatures: signatureVerifier([], loadTrustedRoot(TRUSTED_ROOT), false) };

  it('verifies the slsa-github-generator bundle offline and names the certificate identity', () => {
    const facts = slsaParser.parse(FIXTURES.load(CONTAINER_BUNDLE), sigstore);
    expect(facts.slsa[0].signature).toBe('verified');
    expect(facts.slsa[0].signedBy).toBe(
      'https://github.com/slsa-framework/slsa-github-generator/.github/workflows/builder_container-based_slsa3.yml@refs/tags/v2.1.0 (issuer https://token.actions.githubusercontent.com)',
    );
  });

  it('verifies the provenance bundle of an npm attestation list', () => {
    const facts = slsaParser.parse(FIXTURES.load(NPM_LIST), sigstore);
    expect(facts.slsa[0]).toMatchObject({
      signature: 'verified',
      signedBy:
        'https://github.com/sigstore/sigstore-js/.github/workflows/release.yml@refs/heads/main (issuer https://token.actions.githubusercontent.com)',
    });
  });

  it('a bundle whose payload was changed is unverified', () => {
    const bundle = FIXTURES.rawJson(CONTAINER_BUNDLE);
    const statement = JSON.parse(Buffer.from(bundle.dsseEnvelope.payload, 'base64').toString());
    statement.subject[0].digest.sha256 = 'f'.repeat(64);
    bundle.dsseEnvelope.payload = Buffer.from(JSON.stringify(statement)).toString('base64');
    const facts = slsaParser.parse(sniff(bundle), sigstore);
    expect(facts.slsa[0].subject).toBe(`sha256:${'f'.repeat(64)}`);
    expect(facts.slsa[0].signature).toBe('unverified');
  });

  it('a trusted root without the certificate authority that issued the signing certificate does not verify it', () => {
    const root = JSON.parse(readFileSync(TRUSTED_ROOT, 'utf8'));
    root.certificateAuthorities = [];
    const file = join(tempDir('sg-sig-'), 'root.json');
    writeFileSync(file, JSON.stringify(root));
    const ctx = { ...PARSE_CTX, signatures: signatureVerifier([], loadTrustedRoot(file), false) };
    expect(slsaParser.parse(FIXTURES.load(CONTAINER_BUNDLE), ctx).slsa[0].signature).toBe('unverified');
  });

  it('without a trusted root a bundle is unverified, and the reason says what is missing', () => {
    expect(slsaParser.parse(FIXTURES.load(CONTAINER_BUNDLE), PARSE_CTX).slsa[0].signature).toBe('unverified');
    const keysOnly = signatureVerifier(keysOfPem(pem(keyPair('ed25519').publicKey), 'k.pem'), undefined, false);
    expect(keysOnly.verifyBundle(FIXTURES.rawJson(CONTAINER_BUNDLE))).toEqual({
      signature: 'unverified',
      reason:
        'no signature verifies with any of the 1 trusted key(s); no Sigstore trusted root configured (--sigstore-trusted-root)',
    });
  });
});

describe('--require-signed-provenance', () => {
  const dir = tempDir('sg-sig-');
  const { publicKey, privateKey } = keyPair('ec-p256');
  writeFileSync(join(dir, 'trusted.pem'), pem(publicKey));
  const required = {
    ...PARSE_CTX,
    signatures: loadSignatureVerifier({
      trustedKeys: join(dir, 'trusted.pem'),
      sigstoreTrustedRoot: TRUSTED_ROOT,
      requireSignedProvenance: true,
    }),
  };

  it('accepts verified provenance (a trusted key, the trusted root)', () => {
    expect(slsaParser.parse(sniff(envelope('ec-p256', privateKey)), required).slsa[0].signature).toBe('verified');
    expect(slsaParser.parse(FIXTURES.load(CONTAINER_BUNDLE), required).slsa[0].signature).toBe('verified');
  });

  it('refuses an unverified envelope, saying why', () => {
    const other = keyPair('ec-p256');
    expectDocumentError(
      () => slsaParser.parse(sniff(envelope('ec-p256', other.privateKey)), required),
      /provenance signature is unverified: no signature verifies with any of the 1 trusted key\(s\) \(--require-signed-provenance/,
    );
  });

  it('refuses an unsigned statement', () => {
    expectDocumentError(
      () => slsaParser.parse(FIXTURES.load(STATEMENT), required),
      /provenance signature is unsigned: a bare in-toto statement carries no signature/,
    );
  });
});

describe('trusted keys and roots from files', () => {
  it('reads every PEM key of a directory, several per file', () => {
    const dir = tempDir('sg-keys-');
    mkdirSync(join(dir, 'more'));
    const a = keyPair('ed25519').publicKey;
    const b = keyPair('rsa').publicKey;
    const c = keyPair('ec-p384').publicKey;
    writeFileSync(join(dir, 'two.pem'), pem(a) + pem(b));
    writeFileSync(join(dir, 'more', 'one.pub'), pem(c));
    expect(loadTrustedKeys(dir).map((k) => k.id)).toEqual([c, a, b].map(keyFingerprint));
  });

  it('refuses a private key, a file without keys and a missing path, naming them', () => {
    const dir = tempDir('sg-keys-');
    const priv = keyPair('ec-p256').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    writeFileSync(join(dir, 'private.pem'), priv);
    writeFileSync(join(dir, 'empty.pem'), 'no key here');
    expect(() => loadTrustedKeys(join(dir, 'private.pem'))).toThrow(/private\.pem: holds a private key/);
    expect(() => loadTrustedKeys(join(dir, 'empty.pem'))).toThrow(/empty\.pem: no PEM public key/);
    expect(() => loadTrustedKeys(join(dir, 'absent'))).toThrow(/--trusted-keys .*absent: cannot be read \(ENOENT\)/);
  });

  it('refuses a file that is not a trusted root', () => {
    const file = join(tempDir('sg-root-'), 'root.json');
    writeFileSync(file, JSON.stringify({ mediaType: 'something else' }));
    expect(() => loadTrustedRoot(file)).toThrow(/--sigstore-trusted-root .*root\.json: not a Sigstore trusted root/);
  });
});

describe('hostile signatures', () => {
  const { publicKey } = keyPair('ec-p256');
  const payload = Buffer.from(FIXTURES.text(STATEMENT)).toString('base64');
  const sigstore = {
    ...PARSE_CTX,
    signatures: signatureVerifier(keysOfPem(pem(publicKey), 'k.pem'), loadTrustedRoot(TRUSTED_ROOT), false),
  };

  it('signatures that are not base64, not strings or not a list are unverified or unsigned, never a crash', () => {
    const cases: [unknown, string][] = [
      [[{ sig: '%%% not base64 %%%' }], 'unverified'],
      [[{ sig: 42 }, 'text', null], 'unsigned'],
      ['not a list', 'unsigned'],
      [Array.from({ length: 1000 }, () => ({ sig: 'AAAA' })), 'unverified'],
    ];
    for (const [signatures, state] of cases) {
      const env = { payloadType: PAYLOAD_TYPE, payload, signatures };
      expect(slsaParser.parse(sniff(env), sigstore).slsa[0].signature, JSON.stringify(signatures).slice(0, 40)).toBe(
        state,
      );
    }
  });

  it('a bundle with broken verification material is unverified, saying why', () => {
    const bundle = FIXTURES.rawJson(CONTAINER_BUNDLE);
    bundle.verificationMaterial = { x509CertificateChain: { certificates: [{ rawBytes: 'AAAA' }] }, tlogEntries: 7 };
    const check = sigstore.signatures.verifyBundle(bundle);
    expect(check.signature).toBe('unverified');
    expect(check.reason).toMatch(/Sigstore bundle is malformed|Sigstore verification failed/);
  });
});
