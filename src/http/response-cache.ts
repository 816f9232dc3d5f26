// Serialized responses per store version: the same URL at the same version always has the same
// answer, so a repeat costs a map lookup instead of a walk and a serialization. Bounded by bytes,
// least recently used first out; a new version makes every older entry unreachable.

export interface CachedResponse {
  /** The serialized body as bytes: sending a Buffer costs no per-request encoding or copy. */
  body: Buffer;
  headers: Record<string, string>;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;
  private version = -1;

  constructor(private readonly maxBytes: number) {}

  get(version: number, url: string): CachedResponse | undefined {
    if (version !== this.version) return undefined;
    const hit = this.entries.get(url);
    if (hit) {
      // Refresh its place in the LRU order.
      this.entries.delete(url);
      this.entries.set(url, hit);
    }
    return hit;
  }

  set(version: number, url: string, response: CachedResponse): void {
    if (this.maxBytes <= 0) return;
    if (version !== this.version) {
      this.entries.clear();
      this.bytes = 0;
      this.version = version;
    }
    const size = response.body.length + url.length;
    if (size > this.maxBytes / 8) return; // one huge answer must not evict everything else
    const old = this.entries.get(url);
    if (old) {
      this.bytes -= old.body.length + url.length;
      this.entries.delete(url);
    }
    this.entries.set(url, response);
    this.bytes += size;
    for (const [key, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= value.body.length + key.length;
    }
  }
}
