// The Host header. HTTP/1.1 requests must carry one (RFC 9112 §3.2): without it, 400. While reads
// are open on a loopback listener, a page on another site could still reach the API through a
// host name it controls, pointed at 127.0.0.1 (DNS rebinding): the browser sends that name as
// Host. Such requests are refused with 421 unless the name is a loopback one or allowed by
// --allowed-hosts. Liveness and readiness, which carry no data, answer any Host. docs/api.md, "Host".
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackHost } from '../../../config/values.js';
import { sendProblem } from '../../errors.js';

export interface HostCheckOptions {
  /**
   * Host names accepted besides the loopback ones (lower-case, IPv6 in brackets, no port);
   * undefined: any Host is accepted.
   */
  allowedHosts?: readonly string[];
}

/** The name part of a Host header value, lower-case, without port or trailing dot; undefined when malformed. */
export function hostName(header: string): string | undefined {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end < 0 ? undefined : value.slice(0, end + 1);
  }
  const colon = value.indexOf(':');
  const name = colon < 0 ? value : value.slice(0, colon);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** localhost, 127.0.0.0/8 and [::1]: names no outside DNS answer can point elsewhere. */
function isLoopbackName(name: string): boolean {
  return name === '[::1]' || isLoopbackHost(name);
}

/**
 * The Host names a server accepts: undefined (any) unless reads are open and it listens on
 * loopback only; then the listen address and `extra` (`*` in it turns the check off).
 */
export function hostAllowList(
  listenHost: string,
  readAccess: 'open' | 'token',
  extra: readonly string[] = [],
): string[] | undefined {
  if (readAccess !== 'open' || !isLoopbackHost(listenHost) || extra.includes('*')) return undefined;
  const listen = listenHost.includes(':') ? `[${listenHost}]` : listenHost.toLowerCase();
  return [...new Set([listen, ...extra])];
}

/** Why the request's Host is refused, or undefined when it is accepted. */
function hostRefusal(request: FastifyRequest, allowed: ReadonlySet<string>): string | undefined {
  const header = request.headers.host;
  if (header === undefined) return undefined; // HTTP/1.0 without Host: no browser sends that
  const name = hostName(header);
  if (name !== undefined && (isLoopbackName(name) || allowed.has(name))) return undefined;
  return `this server answers reads without a token on loopback only, and "${header}" is not a loopback host name; use localhost or 127.0.0.1, or start the server with --allowed-hosts naming it`;
}

export default fp<HostCheckOptions>(
  (app, options, done) => {
    const allowed = options.allowedHosts === undefined ? undefined : new Set(options.allowedHosts);
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
        void reply.header('connection', 'close');
        return sendProblem(reply, 'SG_MALFORMED_REQUEST', 'an HTTP/1.1 request must carry a Host header');
      }
      if (allowed === undefined || request.routeOptions.config.access === 'open') return undefined;
      const refusal = hostRefusal(request, allowed);
      return refusal === undefined ? undefined : sendProblem(reply, 'SG_MISDIRECTED_REQUEST', refusal);
    });
    done();
  },
  { name: 'host-check' },
);
