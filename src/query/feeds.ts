// Feeds as the API and the CLI write them (docs/api.md, "Feeds"): checked before they are stored,
// each bad field named.
import { isAbsolute } from 'node:path';
import { FEED_KINDS, type FeedKind, type FeedSettings } from '../model/feed.js';
import { InvalidInputError } from './errors.js';

const FEED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** A feed is read at most once a minute, at least once a month. */
export const MIN_INTERVAL_SECONDS = 60;
export const MAX_INTERVAL_SECONDS = 31 * 24 * 3600;
/** The default: daily, as KEV, EPSS and OSV's exports change. */
export const DEFAULT_INTERVAL_SECONDS = 24 * 3600;

function checkedSource(source: string): string {
  if (/^https?:\/\/[^\s/]+/i.test(source)) {
    try {
      return new URL(source).toString();
    } catch {
      /* reported below */
    }
  }
  if (!/^[a-z]+:\/\//i.test(source) && isAbsolute(source)) return source;
  throw new InvalidInputError(
    'source',
    `source: "${source.slice(0, 200)}" is not an http(s) URL or an absolute path on the server's machine`,
  );
}

/** A feed from the API's fields; 400 naming the field otherwise. */
export function checkedFeed(
  name: string,
  body: { kind: string; source: string; intervalSeconds?: number },
): FeedSettings {
  if (!FEED_NAME.test(name))
    throw new InvalidInputError(
      'name',
      `name: "${name.slice(0, 80)}" is not a feed name (letters, digits, ".", "_", "-"; 128 at most)`,
    );
  if (!(FEED_KINDS as readonly string[]).includes(body.kind))
    throw new InvalidInputError('kind', `kind: "${body.kind.slice(0, 80)}" is not one of ${FEED_KINDS.join(', ')}`);
  const interval = body.intervalSeconds ?? DEFAULT_INTERVAL_SECONDS;
  if (!Number.isInteger(interval) || interval < MIN_INTERVAL_SECONDS || interval > MAX_INTERVAL_SECONDS)
    throw new InvalidInputError(
      'intervalSeconds',
      `intervalSeconds: ${interval} is not a whole number of seconds from ${MIN_INTERVAL_SECONDS} to ${MAX_INTERVAL_SECONDS}`,
    );
  const source = checkedSource(body.source);
  if (body.kind === 'osv-records' && /^https?:/i.test(source))
    throw new InvalidInputError(
      'source',
      "source: an osv-records feed reads a directory on the server's machine: give its path",
    );
  return { name, kind: body.kind as FeedKind, source, intervalSeconds: interval };
}
