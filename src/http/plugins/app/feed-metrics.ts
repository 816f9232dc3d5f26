// The feeds' figures for /metrics (docs/api.md, "Feeds"): read from the store when scraped, so
// every replica reports the syncs any of them ran. prom-client collects the gauges of a scrape
// together: they share one read of the feeds. While the store fails they are left out.
import { Gauge, type Registry } from 'prom-client';
import type { StoredFeed } from '../../../model/feed.js';
import type { FeedStore } from '../../../store/types.js';

const PREFIX = 'supplygraph_feed_';

type Labels = { feed: string; kind: string };
type Figures = (f: StoredFeed) => [Record<string, string>, number][];

const labelsOf = (f: StoredFeed): Labels => ({ feed: f.name, kind: f.kind });

/** Each gauge: its name, help, extra label and the figures of a feed. */
const GAUGES: { name: string; help: string; extra?: string; figures: Figures }[] = [
  {
    name: 'consecutive_failures',
    help: 'Failed syncs in a row, per feed.',
    figures: (f) => [[labelsOf(f), f.failures]],
  },
  {
    name: 'last_sync_timestamp_seconds',
    help: 'When the last sync of each feed started (any status).',
    figures: (f) => (f.lastSync ? [[labelsOf(f), Date.parse(f.lastSync.startedAt) / 1000]] : []),
  },
  {
    name: 'last_sync_ok',
    help: '1 when the last sync of each feed succeeded (changed or unchanged), 0 when it failed.',
    figures: (f) => (f.lastSync ? [[labelsOf(f), f.lastSync.status === 'failed' ? 0 : 1]] : []),
  },
  {
    name: 'last_sync_duration_seconds',
    help: 'How long the last sync of each feed took.',
    figures: (f) => (f.lastSync ? [[labelsOf(f), f.lastSync.millis / 1000]] : []),
  },
  {
    name: 'last_sync_records',
    help: 'Records or entries the last sync of each feed added, updated, removed, left unchanged or failed.',
    extra: 'change',
    figures: (f) =>
      Object.entries(f.lastSync?.changes ?? {}).map(
        ([change, n]) => [{ ...labelsOf(f), change }, n] as [Record<string, string>, number],
      ),
  },
];

export function feedGauges(registry: Registry, feeds: Pick<FeedStore, 'listFeeds'>): void {
  let reading: Promise<StoredFeed[]> | undefined;
  const read = (): Promise<StoredFeed[]> =>
    (reading ??= Promise.resolve()
      .then(() => feeds.listFeeds()) // a closed store throws before it returns a promise
      .finally(() => setImmediate(() => (reading = undefined))));
  for (const g of GAUGES) {
    new Gauge({
      name: `${PREFIX}${g.name}`,
      help: g.help,
      labelNames: ['feed', 'kind', ...(g.extra ? [g.extra] : [])],
      registers: [registry],
      async collect() {
        // A failing store leaves the feeds out of this scrape; /metrics itself keeps answering.
        const all = await read().catch(() => []);
        this.reset();
        for (const f of all) for (const [labels, value] of g.figures(f)) this.set(labels, value);
      },
    });
  }
}
