// The frequency ranking kept up to date in the background (docs/api.md, "Rankings"): one loop of
// runs, each counting the graph as it was when it started, to its end, however many refreshes
// land meanwhile; the next run starts from its result (recounting only what the edges added
// since can reach). Between runs it pauses as long as the last run took (at least
// RANKING_PAUSE_MS), so under a stream of uploads the ranking has at most about half of the
// event loop and trails the index by a run and a pause. Only a delete abandons a run: its graph
// names nodes that no longer exist (docs/architecture.md, "The ranking under a stream of changes").
import { computeFrequencyRanking, type FrequencyRanking } from './frequency.js';
import type { GraphIndex } from './graph-index.js';

/** Shortest pause between two runs. */
const RANKING_PAUSE_MS = 1_000;

export interface RankingSubject {
  /** The index answering now (a rebuild swaps in another). */
  readonly index: GraphIndex;
  /** The store version the index answers for: what a ranking is labelled with. */
  readonly version: number;
}

export class RankingLoop {
  private ranking: FrequencyRanking | undefined;
  private run: Promise<void> | undefined;
  /** Bumped by invalidate(): a run under way counts a graph that is gone. */
  private epoch = 0;
  private stopped = false;
  /** Told when a ranking is computed or the loop ends. */
  private readonly waiters: (() => void)[] = [];
  /** Ends the pause between two runs, while there is one. */
  private cutPause: (() => void) | undefined;

  constructor(
    private readonly subject: RankingSubject,
    private readonly logger: { info(obj: object, msg: string): void } | undefined,
    /** Work between pauses within a run, ms (SLICE_MS unless told; tests pause at every step). */
    private readonly sliceMs?: number,
  ) {}

  /** The latest complete ranking: undefined until the first completes; it may lag the index. */
  get latest(): FrequencyRanking | undefined {
    return this.ranking;
  }

  /** Starts the loop, unless it runs: it goes on until the ranking is of the current version. */
  start(): void {
    if (this.run) return;
    this.run = (async (): Promise<void> => {
      while (!this.stopped && this.ranking?.generation !== this.subject.version) {
        if (this.ranking) await this.pause(this.ranking.millis);
        await this.rankOnce();
      }
    })().finally(() => {
      this.run = undefined;
      this.wake();
    });
  }

  /** After a delete: the ranking is dropped and a run under way abandoned at its next pause. */
  invalidate(): void {
    this.ranking = undefined;
    this.epoch++;
  }

  /** A run under way is dropped at its next pause, so the process can exit. */
  stop(): void {
    this.stopped = true;
    this.cutPause?.();
  }

  /** The latest complete ranking; waits (cutting a pause short) only when there is none. */
  async current(): Promise<FrequencyRanking> {
    while (!this.ranking && !this.stopped) {
      const woken = new Promise<void>((resolve) => this.waiters.push(resolve));
      this.cutPause?.();
      this.start();
      await woken;
    }
    if (!this.ranking) throw new Error('the server is shutting down before the frequency ranking was computed');
    return this.ranking;
  }

  private async rankOnce(): Promise<void> {
    const epoch = this.epoch;
    const result = await computeFrequencyRanking(
      this.subject.index,
      () => this.stopped || this.epoch !== epoch,
      this.ranking,
      { generationNow: () => this.subject.version, sliceMs: this.sliceMs },
    );
    if (!result || this.epoch !== epoch) return;
    this.ranking = result;
    this.wake();
    this.logger?.info(
      {
        version: result.generation,
        names: result.entries.length,
        recounted: result.recounted,
        millis: Math.round(result.millis),
      },
      'frequency ranking computed',
    );
  }

  private pause(lastMillis: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(RANKING_PAUSE_MS, lastMillis));
      timer.unref();
      this.cutPause = (): void => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      this.cutPause = undefined;
    });
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}
