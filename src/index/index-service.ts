// Keeps the in-memory index in step with the store: the first load at start-up, then a poll
// that picks up documents committed by any process (the CLI, another server's ingest), and
// the frequency ranking recomputed in the background after each change.
import type { GraphStore, LoadCursor } from '../store/types.js';
import { EMPTY_CURSOR } from '../store/types.js';
import { GraphIndex, LoadBatch } from './graph-index.js';
import { computeFrequencyRanking, type FrequencyRanking } from './frequency.js';

export interface IndexLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface IndexServiceOptions {
  /** How often to look for documents written by other processes; 0 disables polling. */
  refreshIntervalMs: number;
  logger?: IndexLogger;
}

export class IndexService {
  readonly index = new GraphIndex();
  private cursor: LoadCursor = EMPTY_CURSOR;
  private loaded = false;
  private storeHealthy = true;
  private refreshing: Promise<boolean> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ranking: FrequencyRanking | undefined;
  private rankingRun: Promise<void> | undefined;

  constructor(readonly store: GraphStore, private readonly options: IndexServiceOptions) {}

  /** Documents loaded so far: the store version the index answers for (ETags, cursors). */
  get version(): number {
    return this.cursor.document;
  }

  get isReady(): boolean {
    return this.loaded && this.storeHealthy;
  }

  async start(): Promise<void> {
    await this.refresh();
    if (this.options.refreshIntervalMs > 0) {
      this.timer = setInterval(() => { void this.refresh().catch(() => undefined); }, this.options.refreshIntervalMs);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Loads whatever was committed since the last load; concurrent callers share one run. */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.loadChanges().finally(() => { this.refreshing = undefined; });
    return this.refreshing;
  }

  private async loadChanges(): Promise<boolean> {
    try {
      if (this.loaded && !(await this.store.hasChangedSince(this.cursor))) {
        this.storeHealthy = true;
        return false;
      }
      const started = performance.now();
      const batch = new LoadBatch();
      const next = await this.store.load(this.cursor, batch);
      this.index.apply(batch);
      this.cursor = next;
      this.loaded = true;
      this.storeHealthy = true;
      this.options.logger?.info({ version: next.document, nodes: this.index.nodeCount - 1, millis: Math.round(performance.now() - started) }, 'index refreshed');
      this.startRanking();
      return true;
    } catch (err) {
      this.storeHealthy = false;
      this.options.logger?.error({ err }, 'index refresh failed');
      throw err;
    }
  }

  /** One background loop; it starts over whenever the index moved on while it computed. */
  private startRanking(): void {
    if (this.rankingRun) return;
    this.rankingRun = (async (): Promise<void> => {
      while (this.ranking?.generation !== this.version) {
        const target = this.version;
        const result = await computeFrequencyRanking(this.index, () => this.version !== target);
        if (result && this.version === target) {
          this.ranking = { ...result, generation: target };
          this.options.logger?.info({ version: target, names: result.entries.length, millis: Math.round(result.millis) }, 'frequency ranking computed');
        }
      }
    })().finally(() => { this.rankingRun = undefined; });
  }

  /** The latest complete ranking; waits only when none has completed yet. */
  async frequencyRanking(): Promise<FrequencyRanking> {
    if (!this.ranking) {
      this.startRanking();
      await this.rankingRun;
    }
    return this.ranking!;
  }
}
