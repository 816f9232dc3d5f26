// Unwraps the four ways SLSA provenance arrives to its in-toto Statement: a bare Statement, a DSSE
// envelope (base64 payload), a Sigstore bundle (DSSE envelope inside), and the npm registry's
// attestation list (one bundle per attestation; the SLSA one is picked, the publish one skipped).
// The signed wrapper (the envelope or the bundle) is kept for signature.ts, which has it verified
// by the verifier in ParseContext (src/ingest/signatures/).
import { DocumentError, type SkippedItem } from '../../../model/facts.js';
import { base64Bytes, isObject, jsonPointer as ptr, type Json } from '../common/json.js';
import { lookupTable } from '../../../model/lookup-table.js';

export const SLSA_PREDICATES = lookupTable<string>({
  'https://slsa.dev/provenance/v0.1': 'v0.1',
  'https://slsa.dev/provenance/v0.2': 'v0.2',
  'https://slsa.dev/provenance/v1': 'v1',
});

const STATEMENT_TYPE = /^https:\/\/in-toto\.io\/Statement\/v\d+(\.\d+)?$/;
const IN_TOTO_PAYLOAD = new Set(['application/vnd.in-toto+json', 'application/vnd.in-toto.statement+json']);
const BUNDLE_MEDIA_TYPE = /^application\/vnd\.dev\.sigstore\.bundle(\.v[\d.]+)?\+json/;

export interface Unwrapped {
  statement: Json;
  /** Where the statement sits, for messages: "" for a bare statement, else the payload's pointer. */
  at: string;
  wrapper: 'statement' | 'dsse' | 'sigstore-bundle' | 'npm-attestations';
  /** Wrapped attestations that were left out (npm publish attestations). */
  skipped: SkippedItem[];
  /** What carries the signature: the DSSE envelope, or the Sigstore bundle; absent for a bare statement. */
  signed?: { kind: 'dsse' | 'sigstore-bundle'; json: Json; at: string };
}

/** The document is not SLSA provenance at all (as opposed to broken provenance). */
export class NotProvenance extends DocumentError {}

const cache = new WeakMap<object, Unwrapped | DocumentError>();

/** Unwraps, or throws DocumentError saying why this is no SLSA provenance. Memoised per JSON object. */
export function unwrapProvenance(json: unknown): Unwrapped {
  if (!isObject(json)) throw new NotProvenance('', 'provenance must be a JSON object');
  let result = cache.get(json);
  if (!result) {
    try {
      result = unwrap(json);
    } catch (err) {
      if (!(err instanceof DocumentError)) throw err;
      result = err;
    }
    cache.set(json, result);
  }
  if (result instanceof DocumentError) throw result;
  return result;
}

function unwrap(json: Json): Unwrapped {
  if (typeof json._type === 'string') {
    return { statement: checkStatement(json, ''), at: '', wrapper: 'statement', skipped: [] };
  }
  if (typeof json.payloadType === 'string') {
    return {
      statement: decodeEnvelope(json, ''),
      at: ptr(['payload']),
      wrapper: 'dsse',
      skipped: [],
      signed: { kind: 'dsse', json, at: '' },
    };
  }
  if (typeof json.mediaType === 'string' && BUNDLE_MEDIA_TYPE.test(json.mediaType)) {
    return {
      statement: decodeBundle(json, ''),
      at: ptr(['dsseEnvelope', 'payload']),
      wrapper: 'sigstore-bundle',
      skipped: [],
      signed: { kind: 'sigstore-bundle', json, at: '' },
    };
  }
  if (Array.isArray(json.attestations)) return pickNpmProvenance(json.attestations);
  throw new NotProvenance('', 'not an in-toto statement, DSSE envelope, Sigstore bundle or npm attestation list');
}

function checkStatement(s: unknown, at: string): Json {
  if (!isObject(s)) throw new NotProvenance(at, 'the in-toto statement must be an object');
  if (typeof s._type !== 'string' || !STATEMENT_TYPE.test(s._type))
    throw new NotProvenance(`${at}/_type`, 'not an in-toto Statement');
  if (typeof s.predicateType !== 'string' || !Object.hasOwn(SLSA_PREDICATES, s.predicateType)) {
    throw new NotProvenance(
      `${at}/predicateType`,
      `predicate type ${JSON.stringify(String(s.predicateType).slice(0, 100))} is not SLSA provenance v0.1/v0.2/v1`,
    );
  }
  return s;
}

function decodeEnvelope(env: Json, at: string): Json {
  if (typeof env.payloadType !== 'string' || !IN_TOTO_PAYLOAD.has(env.payloadType)) {
    throw new NotProvenance(
      `${at}/payloadType`,
      `DSSE payload type ${JSON.stringify(String(env.payloadType).slice(0, 100))} is not an in-toto statement`,
    );
  }
  if (typeof env.payload !== 'string')
    throw new DocumentError(`${at}/payload`, 'the DSSE payload must be a base64 string');
  const bytes = base64Bytes(env.payload);
  if (!bytes) throw new DocumentError(`${at}/payload`, 'the DSSE payload is not base64');
  let statement: unknown;
  try {
    statement = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new DocumentError(`${at}/payload`, 'the DSSE payload is not JSON');
  }
  return checkStatement(statement, `${at}/payload`);
}

function decodeBundle(bundle: Json, at: string): Json {
  if (!isObject(bundle.dsseEnvelope))
    throw new NotProvenance(`${at}/dsseEnvelope`, 'the Sigstore bundle carries no DSSE envelope');
  return decodeEnvelope(bundle.dsseEnvelope, `${at}/dsseEnvelope`);
}

/** npm's attestation list: the provenance is the bundle whose statement is SLSA provenance. */
function pickNpmProvenance(list: unknown[]): Unwrapped {
  const skipped: SkippedItem[] = [];
  let found: Unwrapped | undefined;
  list.forEach((entry, i) => {
    const at = ptr(['attestations', i]);
    if (!isObject(entry) || !isObject(entry.bundle))
      throw new NotProvenance(at, 'an attestation must be an object with a "bundle"');
    let statement: Json;
    try {
      statement = decodeBundle(entry.bundle, `${at}/bundle`);
    } catch (err) {
      if (!(err instanceof NotProvenance)) throw err;
      const type = typeof entry.predicateType === 'string' ? entry.predicateType : 'unknown predicate';
      skipped.push({ path: at, reason: `attestation ${type} is not SLSA provenance` });
      return;
    }
    if (found) throw new DocumentError(at, 'more than one SLSA provenance attestation');
    found = {
      statement,
      at: `${at}/bundle/dsseEnvelope/payload`,
      wrapper: 'npm-attestations',
      skipped,
      signed: { kind: 'sigstore-bundle', json: entry.bundle, at: `${at}/bundle` },
    };
  });
  if (!found) throw new NotProvenance(ptr(['attestations']), 'no SLSA provenance among the attestations');
  return found;
}
