// Who is asking and what they may do: the bearer token of a request (its principal), the access
// each route needs (`config.access`), and the audit record of writes and refused requests.
// Placeholder: the contract other plugins and routes rely on; enforcement comes with the tokens.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditEvent, TokenScope } from '../../../store/types.js';

/** What a route needs: nothing ("open"), or a token with at least this scope (read < ingest < admin). */
export type RouteAccess = 'open' | TokenScope;

/** The token a request was authenticated with. */
export interface Principal {
  token: string;
  scope: TokenScope;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Default "read": reads follow --read-access, writes always need a token. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** null for a request without a token (allowed only where reads are open). */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Records a write or a refused request in the store's audit log (never throws). */
    audit(request: FastifyRequest, event: Pick<AuditEvent, 'action' | 'digest' | 'result'>): Promise<void>;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorateRequest('principal', null);
    app.decorate(
      'audit',
      async (request: FastifyRequest, event: Pick<AuditEvent, 'action' | 'digest' | 'result'>): Promise<void> => {
        try {
          await app.indexService.store.appendAudit({
            at: new Date().toISOString(),
            token: request.principal?.token ?? null,
            client: request.ip,
            ...event,
          });
        } catch (err) {
          request.log.error({ err }, 'cannot write the audit record');
        }
      },
    );
    done();
  },
  { name: 'access', dependencies: ['api-context'] },
);
