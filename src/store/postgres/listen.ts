// LISTEN on a connection of its own, kept up: when it dies (the server restarted, the backend was
// terminated), it is opened again with back-off until it works or is stopped, and the owner is
// told after each LISTEN, since notifications sent meanwhile were lost.
import pg from 'pg';

/** Wait before the first reconnect, doubling up to the last. */
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 5_000;

export class Listener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retryMs = FIRST_RETRY_MS;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
    private readonly onNotify: () => void,
    private readonly onListen: () => void,
  ) {}

  /** The first LISTEN: its failure is the caller's, and nothing is retried then. */
  async start(): Promise<void> {
    try {
      await this.open();
    } catch (err) {
      await this.stop();
      throw err;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    // Bounded: ending a client whose server does not answer may take its connect timeout.
    if (client) await Promise.race([client.end().catch(() => undefined), pause(1_000)]);
  }

  private async open(): Promise<void> {
    const client = new pg.Client(this.config);
    this.client = client;
    // The connection's death: 'end' follows, and the reconnect is scheduled there.
    client.on('error', () => undefined);
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => {
      if (n.channel === this.channel) this.onNotify();
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel.replaceAll('"', '""')}"`);
    } catch (err) {
      client.end().catch(() => undefined);
      this.lost(client);
      throw err;
    }
    if (this.client !== client) return; // stopped meanwhile
    this.retryMs = FIRST_RETRY_MS;
    this.onListen();
  }

  /** `client` died or failed to open: try again later, unless stopped or already retrying. */
  private lost(client: pg.Client): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
    this.timer = setTimeout(() => {
      if (!this.stopped) this.open().catch(() => undefined);
    }, wait);
    // A server keeps the process alive by itself; a reconnect alone should not.
    this.timer.unref();
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
