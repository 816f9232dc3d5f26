// What ingest reports of one document: stored, already present, or failed and why.
import type { SkippedItem } from '../model/facts.js';

export interface DocumentResult {
  name: string;
  status: 'stored' | 'duplicate' | 'failed';
  /** sha256 of the document bytes, once they were read. */
  digest?: string;
  format?: string;
  error?: string;
  /** The failure is that no format recognised the content (rather than a malformed document). */
  unsupported?: true;
  packages: number;
  artifacts: number;
  dependencies: number;
  skipped: number;
  /** What the parser left out, each with its path and reason (parsed documents only). */
  skippedItems?: SkippedItem[];
}

export function failure(name: string, error: string): DocumentResult {
  return { name, status: 'failed', error, packages: 0, artifacts: 0, dependencies: 0, skipped: 0 };
}
