// How many refused requests the audit log records per minute. Rate limiting already cuts floods
// (it runs before authorisation), but it can be turned off; this keeps a storm of bad or missing
// tokens from turning into a storm of store writes. What is left out is counted and logged.

const WINDOW_MS = 60_000;
/** Records per client address per minute. */
export const PER_CLIENT_PER_MINUTE = 60;
/** Records per minute over all clients. */
export const TOTAL_PER_MINUTE = 600;

export class AuditBudget {
  private windowStart = 0;
  private readonly perClient = new Map<string, number>();
  private total = 0;
  private skipped = 0;

  constructor(
    /** Told at the end of a window in which records were left out. */
    private readonly onSkipped: (count: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when one more record from this client fits in the current window. */
  take(client: string): boolean {
    const now = this.now();
    if (now - this.windowStart >= WINDOW_MS) {
      if (this.skipped > 0) this.onSkipped(this.skipped);
      this.windowStart = now;
      this.perClient.clear();
      this.total = 0;
      this.skipped = 0;
    }
    const used = this.perClient.get(client) ?? 0;
    if (used >= PER_CLIENT_PER_MINUTE || this.total >= TOTAL_PER_MINUTE) {
      this.skipped++;
      return false;
    }
    this.perClient.set(client, used + 1);
    this.total++;
    return true;
  }
}
