// Keeps the in-memory index in step with the store: the first load at start-up, then a poll
// that picks up documents committed by any process (the CLI, another server's ingest), and
// the frequency ranking kept up in the background (RankingLoop). A delete cannot be
// applied on top of what was loaded: the index is then rebuilt from the start, off to the side,
// while the current one keeps answering, and swapped in.
import type { GraphStore, LoadCursor, LoadPhases, LoadSink } from '../store/types.js';
import { roundedPhases } from '../store/load-phases.js';
import { EMPTY_CURSOR } from '../store/types.js';
import { ExploitationTable, stampOf } from './exploitation-table.js';
import { GraphIndex } from './graph-index.js';
import { LoadBatch } from './load-batch.js';
import type { FrequencyRanking } from './frequency.js';
import { RankingLoop } from './ranking-loop.js';

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

/**
 * A change of more rows than this is not applied to the index in place (one synchronous step,
 * about 5 µs a row, which would stall every request) but built into a fresh index aside, in
 * slices, and swapped in (docs/architecture.md). Building aside re-reads the whole store, so the
 * bar sits above ordinary SBOMs: 50,000 rows is about 12,500 packages, a stall of about 250 ms.
 */
export const IN_PLACE_ROWS = 50_000;

export interface IndexServiceOptions {
  /** How often to look for documents written by other processes; 0 disables polling. */
  refreshIntervalMs: number;
  logger?: IndexLogger;
  /** Largest change applied in place (default IN_PLACE_ROWS); a larger one is built aside. */
  inPlaceRows?: number;
  /** The wall clock (Date.now by default): what contact with the store and retries are timed by. */
  now?: () => number;
  /** Work of the frequency ranking between pauses, ms (SLICE_MS by default; tests pause at every step). */
  rankingSliceMs?: number;
}

export class IndexService {
  index: GraphIndex;
  private cursor: LoadCursor = EMPTY_CURSOR;
  private loaded = false;
  private storeHealthy = true;
  /** The service's wall clock (IndexServiceOptions.now). */
  readonly now: () => number;
  /** now() of the last store call that succeeded. */
  private lastContact: number;
  private failures = 0;
  private nextAttemptAt = 0;
  private unsubscribe: (() => Promise<void>) | undefined;
  private pushTimer: NodeJS.Timeout | undefined;
  private refreshing: Promise<boolean> | undefined;
  private followUp: Promise<boolean> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly ranking: RankingLoop;
  private refreshMillis: number | undefined;
  private refreshFailures = 0;
  /** True while a refresh that has read its changes from the store builds them into an index. */
  private applying = false;
  /** True while an index is built aside (a large change, or after a delete). */
  private buildingAside = false;
  /** KEV and EPSS, shared by every index this service builds. */
  readonly exploitation = new ExploitationTable();
  private exploitationChanges = 0;

  constructor(
    readonly store: GraphStore,
    private readonly options: IndexServiceOptions,
  ) {
    // Read through on each call, so a test that fakes Date (vi.useFakeTimers) moves this clock too.
    this.now = options.now ?? ((): number => Date.now());
    this.lastContact = this.now();
    this.ranking = new RankingLoop(this, options.logger, options.rankingSliceMs);
    this.index = this.newIndex(false);
  }

  /** An index of this service: its exploitation table, advisories of no package of it asleep. */
  private newIndex(aside: boolean): GraphIndex {
    const index = aside ? GraphIndex.aside() : new GraphIndex();
    index.exploitation = this.exploitation;
    index.sleepIrrelevantAdvisories();
    return index;
  }

  /**
   * Wakes the sleeping advisories the packages (purls) may meet, reading them again from the
   * store (docs/adr/0017): before a batch with new packages is applied, and before an SBOM that
   * is not stored is judged.
   */
  async wakeAdvisoriesFor(purls: readonly string[]): Promise<void> {
    await this.wakeFrom(this.index, this.index.sleepingAdvisoryDocs(purls));
  }

  /**
   * After a whole load, which left every advisory's affected entries out (docs/adr/0018): reads
   * again the advisories some package of the graph may meet, and wakes them.
   */
  private async wakeMetAdvisories(index: GraphIndex): Promise<void> {
    await this.wakeFrom(index, index.sleepingAdvisoryDocsMetByGraph());
  }

  /** Reads the advisories of these documents again and wakes them in `index`. */
  private async wakeFrom(index: GraphIndex, docs: readonly number[]): Promise<void> {
    if (docs.length) index.wakeAdvisories(await this.store.advisoryRecords(docs));
  }

  /**
   * The store version the index answers for (ETags, cached answers, paging cursors): the last
   * document loaded plus the documents deleted plus the exploitation reloads. All only grow, so a
   * delete or a new KEV or EPSS file changes it too.
   */
  get version(): number {
    return this.cursor.document + this.cursor.deletions + this.exploitationChanges;
  }

  /** Reloads KEV and EPSS when a kind was replaced in the store since; true when it was. */
  async syncExploitation(): Promise<boolean> {
    const sources = await this.store.exploitation.exploitationSources();
    if (stampOf(sources) === this.exploitation.stamp) return false;
    const [kev, epss] = await Promise.all([this.store.exploitation.kevEntries(), this.store.exploitation.epssScores()]);
    this.exploitation.replace(sources, kev, epss);
    this.exploitationChanges++;
    this.options.logger?.info({ sources: sources.map((s) => `${s.kind}: ${s.entries}`) }, 'exploitation data loaded');
    return true;
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
    return this.ranking.latest?.millis;
  }

  /** Documents the index holds. */
  get indexedDocuments(): number {
    return this.index.documentCount;
  }

  /** now() of the last store call that succeeded. */
  get lastContactAt(): number {
    return this.lastContact;
  }

  /** Milliseconds since the last store call that succeeded. */
  get msSinceContact(): number {
    return this.now() - this.lastContact;
  }

  get isReady(): boolean {
    return this.loaded && this.backendHealthy;
  }

  /**
   * True while a refresh builds an index aside (a large change, or after a delete; it takes seconds,
   * in slices): the current index answers, without the newest documents yet (/readyz "busy").
   */
  get busy(): boolean {
    return this.buildingAside;
  }

  /**
   * False while the store is known to be failing: the last refresh failed, or (with polling on)
   * nothing reached the store for a while, which is how a hung connection shows. Requests are
   * answered from memory and never wait on the store, so this flag is what tells the API that
   * its answers can no longer be vouched for (502). A refresh building what the store gave it
   * is not waiting on the store, however long it takes.
   */
  get backendHealthy(): boolean {
    if (!this.storeHealthy) return false;
    const interval = this.options.refreshIntervalMs;
    return interval === 0 || this.applying || this.now() - this.lastContact <= Math.max(10 * interval, 10_000);
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
    this.ranking.stop();
    if (this.timer) clearInterval(this.timer);
    if (this.pushTimer) clearTimeout(this.pushTimer);
    this.timer = undefined;
    this.pushTimer = undefined;
    void this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** A timer tick: while the store fails, attempts back off exponentially (up to 5 s). */
  private poll(): void {
    if (this.failures > 0 && this.now() < this.nextAttemptAt) return;
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
    this.lastContact = this.now();
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
      this.applying = false;
      this.buildingAside = false;
    });
    return this.refreshing;
  }

  private async loadChanges(): Promise<boolean> {
    try {
      const exploitationChanged = await this.syncExploitation();
      const change = this.loaded ? await this.store.changesSince(this.cursor) : 'appended';
      if (change === 'none') {
        this.markHealthy();
        return exploitationChanged;
      }
      const started = performance.now();
      let next: LoadCursor | undefined;
      let rebuilt: string | undefined;
      if (!this.loaded) {
        // Nothing is served before the first load: stream it straight into the index, no buffer.
        const phases: LoadPhases = {};
        try {
          next = await this.store.load(this.cursor, this.index, phases);
          await this.wakeMetAdvisories(this.index);
        } catch (err) {
          this.index = this.newIndex(false); // a broken first load leaves no half-filled index behind
          throw err;
        }
        this.index.finishLoad(undefined, phases);
        this.options.logger?.info({ phases: roundedPhases(phases) }, 'first load: milliseconds per phase');
      } else if (change === 'appended') {
        // Past inPlaceRows the batch lets go of its rows: that change is built aside instead.
        const batch = new LoadBatch(this.options.inPlaceRows ?? IN_PLACE_ROWS);
        const loaded = await this.store.load(this.cursor, this.touching(batch));
        this.lastContact = this.now();
        // A delete committed between the check and the load: the batch cannot be applied.
        if (loaded.deletions === this.cursor.deletions && !batch.overflowed) {
          await this.wakeAdvisoriesFor(batch.packagePurls());
          // The new adjacency is built between requests; only the swap is synchronous.
          this.applying = true;
          const prepared = batch.isEmpty ? undefined : await this.index.prepare(batch);
          this.index.apply(batch, prepared);
          next = loaded;
        } else if (loaded.deletions === this.cursor.deletions) {
          // Too large to apply in one step: the same index built aside (node ids are stable, so
          // the last ranking stays valid until the next one is computed).
          next = await this.rebuild(true);
          rebuilt = 'a large change was built aside';
        }
      }
      if (!next) {
        next = await this.rebuild(false);
        rebuilt = 'documents were deleted';
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
          ...(rebuilt ? { rebuilt } : {}),
        },
        'index refreshed',
      );
      // Parts of stored documents that could not be taken were left out (docs/reliability.md).
      const leftOut = this.index.loadProblems.takeUnreported();
      if (leftOut.length) this.options.logger?.error({ leftOut }, 'stored documents left out of the index in part');
      this.ranking.start();
      return true;
    } catch (err) {
      this.storeHealthy = false;
      this.refreshFailures++;
      this.failures++;
      const retryInMs = Math.min(this.options.refreshIntervalMs * 2 ** (this.failures - 1), MAX_RETRY_DELAY_MS);
      this.nextAttemptAt = this.now() + retryInMs;
      // The store's errors carry no credentials (see store/postgres/connection.ts).
      this.options.logger?.error(
        { err, failedAttempts: this.failures, retryInMs },
        'index refresh failed; the data backend is unavailable',
      );
      throw err;
    }
  }

  /**
   * A new index from the start of the store, built in slices while the current one keeps
   * answering, then swapped in. After a delete the ranking of the old graph is dropped (it may
   * name deleted nodes): the next one is computed from scratch and ranking requests wait for it.
   */
  private async rebuild(keepRanking: boolean): Promise<LoadCursor> {
    this.buildingAside = true;
    const fresh = this.newIndex(true);
    const next = await this.store.load(EMPTY_CURSOR, this.touching(fresh));
    await this.wakeMetAdvisories(fresh);
    this.lastContact = this.now();
    this.applying = true;
    await fresh.finishLoadAside();
    this.index = fresh;
    if (!keepRanking) this.ranking.invalidate();
    return next;
  }

  /**
   * `sink`, noting each row's arrival as contact with the store: a load of a large change takes
   * seconds and is the store answering, not a hung connection (see backendHealthy).
   */
  private touching(sink: LoadSink): LoadSink {
    let rows = 0;
    const touch = (): void => {
      if ((++rows & 1023) === 0) this.lastContact = this.now();
    };
    return {
      node: (id, kind, key, attr) => {
        touch();
        sink.node(id, kind, key, attr);
      },
      document: (row) => sink.document(row),
      link: (kind, a, b, doc) => {
        touch();
        sink.link(kind, a, b, doc);
      },
      record: (fact) => {
        touch();
        sink.record(fact);
      },
      dependencyEdge: (a, b, ranked) => {
        touch();
        sink.dependencyEdge(a, b, ranked);
      },
      ...(sink.leftOut ? { leftOut: (doc, part, err) => sink.leftOut?.(doc, part, err) } : {}),
      readsOnDemand: sink.readsOnDemand,
    };
  }

  /** The latest complete ranking, without waiting: undefined until the first completes; it may lag the index. */
  get latestFrequencyRanking(): FrequencyRanking | undefined {
    return this.ranking.latest;
  }

  /** The latest complete ranking; waits only when none has completed yet. */
  frequencyRanking(): Promise<FrequencyRanking> {
    return this.ranking.current();
  }
}
