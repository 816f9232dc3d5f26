// Stored documents whose facts the index could not take (docs/reliability.md "Documents left
// out of the index"). Nothing a stored document contains may stop the index from loading: an
// error raised while taking one fact, or while matching one advisory, leaves that part of the
// document out and is reported here, and the load goes on.

/** One document part left out, and why. */
export interface LeftOutDocument {
  /** The document's id in the store. */
  doc: number;
  /** Its digest, as `/v0/documents` and `supplygraph documents` name it (when the index knows it). */
  digest?: string;
  /** What was left out: "advisory GHSA-…", "a VulnMetadata fact"… */
  part: string;
  reason: string;
}

/** The most recent problems kept for the log and metrics; the count covers all of them. */
const KEPT = 100;

export class LoadProblems {
  private readonly recent: LeftOutDocument[] = [];
  private unreported = 0;
  /** Document parts left out since the index was created. */
  count = 0;

  /** `digestOf`: the digest of a document id, looked up when the problems are handed out. */
  constructor(private readonly digestOf: (doc: number) => string | undefined = () => undefined) {}

  add(doc: number, part: string, err: unknown): void {
    const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    this.recent.push({ doc, part, reason });
    if (this.recent.length > KEPT) this.recent.shift();
    this.count++;
    this.unreported++;
  }

  /** The problems not handed out before (at most the last 100), for one log line per load. */
  takeUnreported(): LeftOutDocument[] {
    const out = this.recent.slice(Math.max(0, this.recent.length - this.unreported));
    this.unreported = 0;
    return out.map((p) => this.named(p));
  }

  /** The most recent problems (at most 100). */
  get list(): readonly LeftOutDocument[] {
    return this.recent.map((p) => this.named(p));
  }

  private named(p: LeftOutDocument): LeftOutDocument {
    const digest = this.digestOf(p.doc);
    return digest ? { doc: p.doc, digest, part: p.part, reason: p.reason } : p;
  }
}
