// Keeps the in-memory index in step with the store: the first load at start-up, then a poll
// that picks up documents committed by any process (the CLI, another server's ingest), and
// the frequency ranking recomputed in the background after each change. A delete cannot be
// applied on top of what was loaded: the index is then rebuilt from the start, off to the side,
// while the current one keeps answering, and swapped in.
import type { GraphStore, LoadCursor, LoadPhases } from '../store/types.js';
import { roundedPhases } from '../store/load-phases.js';
import { EMPTY_CURSOR } from '../store/types.js';
import { GraphIndex } from './graph-index.js';
import { LoadBatch } from './load-batch.js';
import { computeFrequencyRanking, type FrequencyRanking } from './frequency.js';

export interface IndexLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Optional store capability: a push when any process commits (PostgreSQL LISTEN/NOTIFY).
 * Polling stays on as well; the push only makes other processes' ingests show up sooner.
 */
interface CommitFeed {
  subscribe(listener: () => void): Promise<() => Promise<void>>;
}

function hasCommitFeed(store: GraphStore): store is GraphStore & CommitFeed {
  return typeof (store as Partial<CommitFeed>).subscribe === 'function';
}

/** Longest pause between retries while the store is failing. */
const MAX_RETRY_DELAY_MS = 5_000;
/** A push coalesces with others arriving within this window (one index rebuild, not one per document). */
const PUSH_COALESCE_MS = 100;

export interface IndexServiceOptions {
  /** How often to look for documents written by other processes; 0 disables polling. */
  refreshIntervalMs: number;
  logger?: IndexLogger;
}

export class IndexService {
  index = new GraphIndex();
  private cursor: LoadCursor = EMPTY_CURSOR;
  private loaded = false;
  private storeHealthy = true;
  /** Date.now() of the last store call that succeeded. */
  private lastContact = Date.now();
  private failures = 0;
  private nextAttemptAt = 0;
  private unsubscribe: (() => Promise<void>) | undefined;
  private pushTimer: NodeJS.Timeout | undefined;
  private refreshing: Promise<boolean> | undefined;
  private followUp: Promise<boolean> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ranking: FrequencyRanking | undefined;
  private rankingRun: Promise<void> | undefined;
  /** Set by stop(): a ranking being computed is dropped at its next pause, so the process can exit. */
  private stopped = false;
  private refreshMillis: number | undefined;
  private refreshFailures = 0;

  constructor(
    readonly store: GraphStore,
    private readonly options: IndexServiceOptions,
  ) {}

  /**
   * The store version the index answers for (ETags, cached answers, paging cursors): the last
   * document loaded plus the documents deleted. Both only grow, so a delete changes it too.
   */
  get version(): number {
    return this.cursor.document + this.cursor.deletions;
  }

  /** How long the last refresh that loaded something took, in ms. */
  get lastRefreshMillis(): number | undefined {
    return this.refreshMillis;
  }

  /** Refreshes that failed since start. */
  get refreshFailureCount(): number {
    return this.refreshFailures;
  }

  /** How long the last complete frequency ranking took to compute, in ms. */
  get lastRankingMillis(): number | undefined {
    return this.ranking?.millis;
  }

  /** Documents the index holds. */
  get indexedDocuments(): number {
    return this.index.documentCount;
  }

  /** Date.now() of the last store call that succeeded. */
  get lastContactAt(): number {
    return this.lastContact;
  }

  get isReady(): boolean {
    return this.loaded && this.backendHealthy;
  }

  /**
   * False while the store is known to be failing: the last refresh failed, or (with polling on)
   * nothing reached the store for a while, which is how a hung connection shows. Requests are
   * answered from memory and never wait on the store, so this flag is what tells the API that
   * its answers can no longer be vouched for (502).
   */
  get backendHealthy(): boolean {
    if (!this.storeHealthy) return false;
    const interval = this.options.refreshIntervalMs;
    return interval === 0 || Date.now() - this.lastContact <= Math.max(10 * interval, 10_000);
  }

  async start(): Promise<void> {
    await this.refresh();
    if (this.options.refreshIntervalMs > 0) {
      this.timer = setInterval(() => {
        this.poll();
      }, this.options.refreshIntervalMs);
      this.timer.unref();
    }
    if (hasCommitFeed(this.store)) {
      try {
        this.unsubscribe = await this.store.subscribe(() => this.onPush());
      } catch (err) {
        this.options.logger?.error({ err }, 'cannot listen for commits; relying on polling');
      }
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.pushTimer) clearTimeout(this.pushTimer);
    this.timer = undefined;
    this.pushTimer = undefined;
    void this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** A timer tick: while the store fails, attempts back off exponentially (up to 5 s). */
  private poll(): void {
    if (this.failures > 0 && Date.now() < this.nextAttemptAt) return;
    void this.refresh().catch(() => undefined);
  }

  private onPush(): void {
    this.pushTimer ??= setTimeout(() => {
      this.pushTimer = undefined;
      void this.refresh().catch(() => undefined);
    }, PUSH_COALESCE_MS);
  }

  private markHealthy(): void {
    if (this.failures > 0) this.options.logger?.info({ failedAttempts: this.failures }, 'data backend reachable again');
    this.storeHealthy = true;
    this.failures = 0;
    this.lastContact = Date.now();
  }

  /**
   * Loads whatever was committed before the call. A run already under way may have looked at the
   * store before the caller's commit, so callers arriving meanwhile share one follow-up run.
   */
  refresh(): Promise<boolean> {
    if (!this.refreshing) return this.startRefresh();
    this.followUp ??= this.refreshing
      .catch(() => false)
      .then(() => {
        this.followUp = undefined;
        return this.refreshing ?? this.startRefresh();
      });
    return this.followUp;
  }

  private startRefresh(): Promise<boolean> {
    this.refreshing = this.loadChanges().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async loadChanges(): Promise<boolean> {
    try {
      const change = this.loaded ? await this.store.changesSince(this.cursor) : 'appended';
      if (change === 'none') {
        this.markHealthy();
        return false;
      }
      const started = performance.now();
      let next: LoadCursor | undefined;
      let rebuilt = false;
      if (!this.loaded) {
        // Nothing is served before the first load: stream it straight into the index, no buffer.
        const phases: LoadPhases = {};
        try {
          next = await this.store.load(this.cursor, this.index, phases);
        } catch (err) {
          this.index = new GraphIndex(); // a broken first load leaves no half-filled index behind
          throw err;
        }
        this.index.finishLoad(undefined, phases);
        this.options.logger?.info({ phases: roundedPhases(phases) }, 'first load: milliseconds per phase');
      } else if (change === 'appended') {
        const batch = new LoadBatch();
        const loaded = await this.store.load(this.cursor, batch);
        // A delete committed between the check and the load: the batch cannot be applied.
        if (loaded.deletions === this.cursor.deletions) {
          // The new adjacency is built between requests; only the swap is synchronous.
          const prepared = batch.isEmpty ? undefined : await this.index.prepare(batch);
          this.index.apply(batch, prepared);
          next = loaded;
        }
      }
      if (!next) {
        next = await this.rebuild();
        rebuilt = true;
      }
      this.cursor = next;
      this.loaded = true;
      this.markHealthy();
      this.refreshMillis = performance.now() - started;
      this.options.logger?.info(
        {
          version: this.version,
          nodes: this.index.nodeCount - 1,
          millis: Math.round(this.refreshMillis),
          ...(rebuilt ? { rebuilt: 'documents were deleted' } : {}),
        },
        'index refreshed',
      );
      this.startRanking();
      return true;
    } catch (err) {
      this.storeHealthy = false;
      this.refreshFailures++;
      this.failures++;
      const retryInMs = Math.min(this.options.refreshIntervalMs * 2 ** (this.failures - 1), MAX_RETRY_DELAY_MS);
      this.nextAttemptAt = Date.now() + retryInMs;
      // The store's errors carry no credentials (see store/postgres/connection.ts).
      this.options.logger?.error(
        { err, failedAttempts: this.failures, retryInMs },
        'index refresh failed; the data backend is unavailable',
      );
      throw err;
    }
  }

  /**
   * A new index from the start of the store, built while the current one keeps answering, then
   * swapped in. The ranking of the old graph is dropped (it may name deleted nodes): the next one
   * is computed from scratch and ranking requests wait for it.
   */
  private async rebuild(): Promise<LoadCursor> {
    const fresh = new GraphIndex();
    const next = await this.store.load(EMPTY_CURSOR, fresh);
    fresh.finishLoad();
    this.index = fresh;
    this.ranking = undefined;
    return next;
  }

  /** One background loop; it starts over whenever the index moved on while it computed. */
  private startRanking(): void {
    if (this.rankingRun) return;
    this.rankingRun = (async (): Promise<void> => {
      while (!this.stopped && this.ranking?.generation !== this.version) {
        const target = this.version;
        const result = await computeFrequencyRanking(
          this.index,
          () => this.stopped || this.version !== target,
          this.ranking,
        );
        if (result && this.version === target) {
          this.ranking = { ...result, generation: target };
          this.options.logger?.info(
            { version: target, names: result.entries.length, millis: Math.round(result.millis) },
            'frequency ranking computed',
          );
        }
      }
    })().finally(() => {
      this.rankingRun = undefined;
    });
  }

  /** The latest complete ranking, without waiting: undefined until the first completes; it may lag the index. */
  get latestFrequencyRanking(): FrequencyRanking | undefined {
    return this.ranking;
  }

  /** The latest complete ranking; waits only when none has completed yet. */
  async frequencyRanking(): Promise<FrequencyRanking> {
    if (!this.ranking) {
      this.startRanking();
      await this.rankingRun;
    }
    if (!this.ranking) throw new Error('the server is shutting down before the frequency ranking was computed');
    return this.ranking;
  }
}
