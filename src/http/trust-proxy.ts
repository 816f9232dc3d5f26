// --trust-proxy (docs/api.md, "Behind a reverse proxy"): which peers' X-Forwarded-For is believed,
// so that the client address the rate limit counts and the audit log records is the client's, not
// the proxy's. Given to Fastify's trustProxy (proxy-addr): addresses, CIDR ranges and the names
// loopback, linklocal and uniquelocal, or a number of hops. Off by default: a client reaching the
// server directly could otherwise pick any address by sending the header itself.
import { isIP } from 'node:net';

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

/** The setting's value: undefined when unset or empty; an Error naming the entry that is not valid. */
export function parseTrustProxy(text: string | undefined): TrustProxy | undefined {
  const value = text?.trim() ?? '';
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

/** Fastify's trustProxy option for the setting (a number of hops as proxy-addr's hop test). */
export function fastifyTrustProxy(
  trust: TrustProxy | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}
