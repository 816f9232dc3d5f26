// Request loops that keep the server busy while a part does something to it (PostgreSQL stopped,
// SIGTERM): each loop asks for the next of a few paths, one request at a time, until stopped.
import { sleep } from '../bench/lib/proc.js';
import { request, type RawResponse } from './http.js';

export interface RequestLoadOptions {
  port: number;
  /** Asked in turn; loop k starts at path k. */
  paths: readonly string[];
  connections: number;
  timeoutMs: number;
  onAnswer(path: string, res: RawResponse): void;
  /** A request without a whole answer (the error `request` rejected with); false ends that loop. */
  onNoAnswer(path: string, err: unknown): boolean;
  /** The pause after a request without an answer, so that a server that is down is not spun on. */
  pauseMs: number;
}

export class RequestLoad {
  private stopped = false;
  private readonly loops: Promise<void>[];

  constructor(private readonly options: RequestLoadOptions) {
    this.loops = Array.from({ length: options.connections }, (_, k) => this.loop(k));
  }

  private async loop(first: number): Promise<void> {
    const { port, paths, timeoutMs } = this.options;
    for (let i = first; !this.stopped; i++) {
      const path = paths[i % paths.length];
      try {
        this.options.onAnswer(path, await request(port, { path, timeoutMs }));
      } catch (err) {
        if (!this.options.onNoAnswer(path, err)) return;
        await sleep(this.options.pauseMs);
      }
    }
  }

  /** Ends every loop after its request under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }
}
