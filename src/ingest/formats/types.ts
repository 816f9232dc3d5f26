// The contract between format detection and the per-format parsers. Every format folder has the
// same three stages, one file each: detect.ts (is this document mine?), parse.ts (shape validation
// into a typed document; DocumentError with the path of the wrong field), translate.ts (typed
// document → facts through FactsBuilder, with skip reasons); its index.ts wires them into a
// FormatParser, which registry.ts lists. Helpers several formats share are in common/.
import type { DocumentFacts } from '../../model/facts.js';
import type { SignatureVerifier } from '../signatures/types.js';

/** A document as detection sees it: decoded text, and its parsed form. */
export interface SniffedDocument {
  /** What to call the document in messages: a file path, "stdin", or "zip:entry". */
  name: string;
  text: string;
  /** Parsed JSON when the text is JSON; undefined otherwise. */
  json?: unknown;
  /** True when the text looks like XML (first non-space character is "<"). */
  xml: boolean;
}

export interface ParseContext {
  /** Default origin for facts: where the document came from (its file name). */
  origin: string;
  /** Default collector for facts. */
  collector: string;
  /** sha256 of the document bytes, "sha256:…". */
  documentDigest: string;
  /** Ingest time, ISO 8601 UTC; used where a document carries no time of its own. */
  now: string;
  /**
   * Judges provenance signatures (trusted keys, Sigstore trusted root, whether unverified
   * provenance is refused). Absent: nothing is trusted, nothing refused.
   */
  signatures?: SignatureVerifier;
}

export interface FormatParser {
  /** Stable name, used in summaries and "unsupported document" messages. */
  readonly name: string;
  /** Content sniffing: cheap checks on the parsed JSON or the XML text, never the file name. */
  detect(doc: SniffedDocument): boolean;
  /** Maps the document into facts; throws DocumentError (from model/facts.ts) to reject it whole. */
  parse(doc: SniffedDocument, ctx: ParseContext): DocumentFacts;
}
