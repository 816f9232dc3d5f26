// Trusted public keys for DSSE verification: PEM files (one or more keys each), or a directory of
// them. ECDSA (P-256, P-384, P-521), Ed25519 and RSA keys; a key is named by its fingerprint,
// sha256 of its SubjectPublicKeyInfo DER.
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface TrustedKey {
  /** "sha256:<hex>" of the SPKI DER. */
  id: string;
  key: KeyObject;
  /** The file it was read from, for messages. */
  file: string;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;
const KEY_FILE_LIMIT = 1024 * 1024;

export function keyFingerprint(key: KeyObject): string {
  return `sha256:${createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex')}`;
}

/** The public keys of PEM text; a certificate gives its key. Throws naming the file when there is none. */
export function keysOfPem(text: string, file: string): TrustedKey[] {
  const out: TrustedKey[] = [];
  for (const match of text.matchAll(PEM_BLOCK)) {
    const label = match[1];
    if (label.includes('PRIVATE')) throw new Error(`${file}: holds a private key; give public keys only`);
    let key: KeyObject;
    try {
      key = createPublicKey(match[0]);
    } catch (err) {
      throw new Error(`${file}: a ${label} block is not a usable public key (${(err as Error).message})`, {
        cause: err,
      });
    }
    const type = key.asymmetricKeyType;
    if (type !== 'ec' && type !== 'ed25519' && type !== 'rsa' && type !== 'rsa-pss')
      throw new Error(`${file}: ${type ?? 'unknown'} keys are not supported (ECDSA, Ed25519 and RSA are)`);
    out.push({ id: keyFingerprint(key), key, file });
  }
  if (out.length === 0) throw new Error(`${file}: no PEM public key in it`);
  return out;
}

/** Reads a PEM file, or every regular file of a directory (recursively), into trusted keys. */
export function loadTrustedKeys(path: string): TrustedKey[] {
  let stats;
  try {
    stats = statSync(path);
  } catch (err) {
    throw new Error(`--trusted-keys ${path}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`, {
      cause: err,
    });
  }
  if (stats.isDirectory()) {
    const files = readdirSync(path, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.startsWith('.'))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    if (files.length === 0) throw new Error(`--trusted-keys ${path}: the directory holds no key files`);
    return files.flatMap(readKeyFile);
  }
  return readKeyFile(path);
}

function readKeyFile(file: string): TrustedKey[] {
  const size = statSync(file).size;
  if (size > KEY_FILE_LIMIT) throw new Error(`${file}: too large for a key file (${size} bytes)`);
  return keysOfPem(readFileSync(file, 'utf8'), file);
}
