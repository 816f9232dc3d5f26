// How the text of a setting (a flag's argument or an environment variable) becomes its typed
// value. Each parser throws an Error whose message names the flag and the reason, which the CLI
// prints as its one line (README, "Configuration").
import { isIP } from 'node:net';
import pino from 'pino';

export function positiveInteger(name: string, value: string, allowZero = false): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1))
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got "${value}"`);
  return n;
}

/** Loopback hosts: a server listening only there is reachable from this machine alone. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

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

export type ReadAccess = 'open' | 'token';

export function parseReadAccess(value: string): ReadAccess {
  if (value !== 'open' && value !== 'token') throw new Error(`--read-access must be open or token, got "${value}"`);
  return value;
}

/** A boolean flag's environment variable must say true/1 or false/0 (any other text is a mistake). */
export function parseSwitch(name: string, value: string): boolean {
  if (!/^(true|1|false|0)$/i.test(value)) throw new Error(`${name} must be true, 1, false or 0, got "${value}"`);
  return /^(true|1)$/i.test(value);
}

function commaList(value: string, normalise: (item: string) => string = (item) => item): string[] {
  return value
    .split(',')
    .map((item) => normalise(item.trim()))
    .filter((item) => item !== '');
}

/** --cors-origin: comma-separated origins (scheme://host[:port]). */
export function parseOrigins(value: string): string[] {
  const origins = commaList(value);
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
export function parseAllowedHosts(value: string): string[] {
  return commaList(value, (host) => host.toLowerCase()).map((host) => {
    if (host === '*' || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(host)) return host;
    const ipv6 = /^\[?([0-9a-f:.]+)\]?$/.exec(host)?.[1];
    if (ipv6 !== undefined && ipv6.includes(':') && isIP(ipv6) === 6) return `[${ipv6}]`;
    throw new Error(`--allowed-hosts takes host names or addresses without a port (or *), got "${host}"`);
  });
}

/** Addresses and ranges to trust, or the number of proxy hops in front of the server. */
export type TrustProxy = readonly string[] | number;

const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (address/prefix length) or one of proxy-addr's range names. */
function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^[0-9]{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * --trust-proxy (docs/api.md, "Behind a reverse proxy"): addresses, CIDR ranges and the names
 * loopback, linklocal and uniquelocal, or a number of hops; undefined when empty.
 */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  if (/^[0-9]+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 32) throw new Error(`--trust-proxy: a number of hops must be from 1 to 32, got "${value}"`);
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isProxyEntry(e));
  if (bad !== undefined)
    throw new Error(
      `--trust-proxy: "${bad}" is not an IP address, a CIDR range (10.0.0.0/8) or loopback, linklocal, uniquelocal`,
    );
  return entries;
}
