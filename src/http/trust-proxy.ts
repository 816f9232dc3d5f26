// --trust-proxy (docs/api.md, "Behind a reverse proxy"): which peers' X-Forwarded-For is believed,
// so that the client address the rate limit counts and the audit log records is the client's, not
// the proxy's. Given to Fastify's trustProxy (proxy-addr): addresses, CIDR ranges and the names
// loopback, linklocal and uniquelocal, or a number of hops. Off by default: a client reaching the
// server directly could otherwise pick any address by sending the header itself.
import type { TrustProxy } from '../config/values.js';

/** Fastify's trustProxy option for the setting (a number of hops as proxy-addr's hop test). */
export function fastifyTrustProxy(
  trust: TrustProxy | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}
