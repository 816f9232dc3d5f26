// A large CycloneDX JSON file parsed as it is read: the bytes are hashed (the document digest),
// decoded as UTF-8 and tokenized (stream-json) chunk by chunk, and the root's members handed to
// the CycloneDX stream reader; the text is never held whole. Errors are those of a document read
// whole: not UTF-8, malformed or too deeply nested JSON, and the field-naming DocumentErrors.
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { getManyValues, isMany, none } from 'stream-chain/defs.js';
import { jsonParser, type Token } from 'stream-json/parser.js';
import { DocumentError, type DocumentFacts } from '../../model/facts.js';
import { CycloneDxStreamReader, STREAMED_MEMBERS } from '../formats/cyclonedx/stream.js';
import type { ParseContext } from '../formats/types.js';
import { readFileChunks } from '../source.js';
import { NotStreamableError, RootObjectStream } from './root-object-stream.js';

/** Documents larger than this are streamed when they look like CycloneDX JSON (smaller: parsed whole). */
export const STREAM_ABOVE_BYTES = 16 * 1024 * 1024;

const HEAD_BYTES = 64 * 1024;

/** A JSON object whose first 64 KiB name bomFormat "CycloneDX" (the stream reader checks it is the root's). */
export async function looksLikeCycloneDxJson(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0);
    const head = buf
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return /^\s*\{/.test(head) && /"bomFormat"\s*:\s*"CycloneDX"/.test(head);
  } finally {
    await handle.close();
  }
}

export type StreamedParse =
  | { digest: string; facts: DocumentFacts }
  /** The document was read to its end (for the digest) but is rejected. */
  | { digest: string; error: DocumentError };

function documentError(err: unknown): DocumentError | NotStreamableError {
  if (err instanceof DocumentError || err instanceof NotStreamableError) return err;
  if (err instanceof TypeError && (err as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA')
    return new DocumentError('', 'the document is not valid UTF-8 text');
  // The tokenizer's own errors ("Parser cannot parse input: …") are malformed JSON.
  return new DocumentError('', `the JSON is malformed (${err instanceof Error ? err.message : String(err)})`);
}

/**
 * Parses the CycloneDX JSON file at `path` as it is read. Throws NotStreamableError when the
 * document must be read whole instead, InputError when the file cannot be read.
 */
export async function parseCycloneDxFile(
  path: string,
  maxBytes: number,
  ctx: Omit<ParseContext, 'documentDigest'>,
): Promise<StreamedParse> {
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const tokenizer = jsonParser({ packValues: true, streamValues: false });
  const reader = new CycloneDxStreamReader();
  const root = new RootObjectStream(STREAMED_MEMBERS, reader);
  let failed: DocumentError | undefined;
  const feed = (step: () => ReturnType<typeof tokenizer>): void => {
    if (failed) return;
    try {
      const out = step();
      if (out !== none && isMany(out)) root.tokens(getManyValues<Token>(out));
    } catch (err) {
      const reason = documentError(err);
      if (reason instanceof NotStreamableError) throw reason; // stop reading: it is read whole
      failed = reason; // go on reading, for the digest only
    }
  };
  await readFileChunks(path, maxBytes, (chunk) => {
    hash.update(chunk);
    feed(() => tokenizer(decoder.decode(chunk, { stream: true })));
  });
  feed(() => tokenizer(decoder.decode()));
  feed(() => tokenizer(none as unknown as string)); // the end of the text
  const digest = `sha256:${hash.digest('hex')}`;
  if (failed) return { digest, error: failed };
  try {
    return { digest, facts: reader.finish({ ...ctx, documentDigest: digest }) };
  } catch (err) {
    if (err instanceof DocumentError) return { digest, error: err };
    throw err;
  }
}
