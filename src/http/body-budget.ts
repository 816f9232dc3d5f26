// The server-wide budget of request bodies held in memory (docs/api.md, "Batch questions"): the
// batch questions buffer their JSON body until it is complete, so without a bound N clients that
// announce a body and never finish it hold N bodies. Each such request reserves its announced
// Content-Length (or, without one, its route's whole body limit), and each upload what it may hold
// while streaming to its file, before a byte of the body is read; the reservation is given back
// when the response closes (answered, refused or aborted alike).

/**
 * What an upload may hold in memory while it streams to its file (a socket read and the stream
 * buffers; 667 unfinished uploads held about 70 KiB each): each upload in progress counts this
 * much, so that many slow uploads cannot hold unbounded memory either.
 */
export const STREAMED_BODY_BYTES = 256 * 1024;

export class BodyBudget {
  #held = 0;

  constructor(readonly limitBytes: number) {}

  /** Bytes reserved by requests whose response has not closed yet. */
  get heldBytes(): number {
    return this.#held;
  }

  /** Reserves `bytes`; false (nothing reserved) when they would pass the budget. */
  tryReserve(bytes: number): boolean {
    if (this.#held + bytes > this.limitBytes) return false;
    this.#held += bytes;
    return true;
  }

  release(bytes: number): void {
    this.#held = Math.max(0, this.#held - bytes);
  }
}
