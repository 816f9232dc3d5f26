// The access log: one line per request at `info`, written when the answer is done, with the
// request (method, URL, host, client address), the status and the time taken. Fastify's own
// default writes two lines per request at `info` (on arrival and on completion): at the rates the
// service answers, the second line costs as much as a walk. The arrival line stays, at `debug`.
// Errors are logged as Fastify logs them.
// Tokens travel in the Authorization header only, which is never logged; a client that puts one
// in the query string anyway (`?access_token=`, RFC 6750 §2.3) must not leave it in the log, so
// logged URLs censor every query parameter that can carry a credential (docs/api.md, "Access log").
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Query parameter names that can carry a credential: access_token, token, api_key, password, … */
const CREDENTIAL_NAME = /token|key|secret|passw|auth|session|signature|credential/i;
/** An API token's own shape (model/tokens.ts), under whatever name it is sent. */
const TOKEN_VALUE = /^sgt_/i;
const CENSORED = '[redacted]';

/** Whether a query parameter (name and value, decoded) can carry a credential. */
export function mayCarryCredential(name: string, value: string): boolean {
  return CREDENTIAL_NAME.test(name) || TOKEN_VALUE.test(value.trim());
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The URL with the value of each query parameter that can carry a credential replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      const name = decoded(equals < 0 ? parameter : parameter.slice(0, equals));
      const value = equals < 0 ? '' : decoded(parameter.slice(equals + 1));
      if (!mayCarryCredential(name, value)) return parameter;
      return `${equals < 0 ? parameter : parameter.slice(0, equals)}=${CENSORED}`;
    });
  return `${url.slice(0, query)}?${parameters.join('&')}`;
}

/** What the log says of a request: Fastify's own fields, with the URL's credentials censored. */
function requestFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Serializers for the server's logger (server.ts): they replace Fastify's `req` serializer. */
export const ACCESS_LOG_SERIALIZERS = { req: requestFields };

export class AccessLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
