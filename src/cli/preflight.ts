// Checks made before any expensive work (opening a store, loading the index), so that a bad
// option or a missing store ends the command at once with one line naming the problem.
import { existsSync, statSync } from 'node:fs';
import { createServer, isIP } from 'node:net';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { EXPOSED_ANONYMOUS_RATE_LIMIT, isLoopbackHost, positiveInteger } from '../config.js';
import { isPostgresLocation } from '../store/open.js';
import { SQLITE_FILE_NAME } from '../store/sqlite/sqlite-store.js';

export const LOG_LEVELS: readonly string[] = [...Object.keys(pino.levels.values), 'silent'];

export function parseLogLevel(value: string): string {
  if (!LOG_LEVELS.includes(value))
    throw new Error(`--log-level must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return value;
}

/** A TCP port: 1–65535, or 0 for any free port (the log says which). */
export function parsePort(value: string): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= 0 && n <= 65535)) throw new Error(`--port must be an integer from 0 to 65535, got "${value}"`);
  return n;
}

/** --read-access: as given, or by the host when not given (token unless loopback only). */
export function parseReadAccess(value: string | undefined, host: string): 'open' | 'token' {
  if (value === undefined || value === '') return isLoopbackHost(host) ? 'open' : 'token';
  if (value !== 'open' && value !== 'token') throw new Error(`--read-access must be open or token, got "${value}"`);
  return value;
}

/**
 * --anonymous-rate-limit, or its default: no limit while reads are open on loopback (scripts and
 * dashboards on the user's own machine), EXPOSED_ANONYMOUS_RATE_LIMIT anywhere else (README).
 */
export function anonymousRateLimitOf(value: string | undefined, readAccess: 'open' | 'token', host: string): number {
  if (value !== undefined && value !== '') return positiveInteger('--anonymous-rate-limit', value, true);
  return readAccess === 'open' && isLoopbackHost(host) ? 0 : EXPOSED_ANONYMOUS_RATE_LIMIT;
}

/** --cors-origin: comma-separated origins (scheme://host[:port]); none when not given. */
export function parseOrigins(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  for (const origin of origins) {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (url?.origin !== origin.replace(/\/$/, ''))
      throw new Error(`--cors-origin takes origins such as https://ci.example.com, got "${origin}"`);
  }
  return origins.map((o) => o.replace(/\/$/, ''));
}

/**
 * --allowed-hosts: comma-separated host names, IPv4 addresses or IPv6 addresses (bracketed or
 * not), without a port; `*` accepts any Host. Returned lower-case, IPv6 in brackets (the Host form).
 */
export function parseAllowedHosts(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  return hosts.map((host) => {
    if (host === '*' || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(host)) return host;
    const ipv6 = /^\[?([0-9a-f:.]+)\]?$/.exec(host)?.[1];
    if (ipv6 !== undefined && ipv6.includes(':') && isIP(ipv6) === 6) return `[${ipv6}]`;
    throw new Error(`--allowed-hosts takes host names or addresses without a port (or *), got "${host}"`);
  });
}

/**
 * Commands other than init and ingest (serve, stats, token…) never create a store: an embedded
 * store must exist already, so a mistyped --store is refused rather than served empty. A
 * PostgreSQL store is never created by opening it (the database must exist and carry the
 * schema, which `init` or `migrate` applies), so only the embedded store is checked here.
 */
export function requireExistingStore(location: string): void {
  if (isPostgresLocation(location)) return;
  const dir = resolve(location);
  const file = join(dir, SQLITE_FILE_NAME);
  if (existsSync(file)) return;
  const why = !existsSync(dir)
    ? `${dir} does not exist`
    : !statSync(dir).isDirectory()
      ? `${dir} is not a directory`
      : `${dir} has no ${SQLITE_FILE_NAME}`;
  throw new Error(
    `no store at --store ${location} (${why}); "supplygraph init --store ${location}" creates an empty one`,
  );
}

/**
 * Binds the port once and lets it go, so that a port in use or a host that is not ours is
 * reported before the index loads (which can take minutes), not after. The real listen
 * happens after the load; losing the port in between still fails, only later.
 */
export function probeListen(host: string, port: number): Promise<void> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      const reason =
        err.code === 'EADDRINUSE'
          ? `--port ${port}: ${where} is already in use`
          : err.code === 'EACCES'
            ? `--port ${port}: not allowed to listen on ${where} (ports below 1024 need privileges)`
            : err.code === 'EADDRNOTAVAIL'
              ? `--host ${host}: not an address of this machine`
              : err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN'
                ? `--host ${host}: cannot be resolved`
                : `cannot listen on ${where}: ${err.message}`;
      fail(new Error(reason));
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => done()));
  });
}
