// Routes whose body is a small JSON document (the batch questions, policies): Fastify's own
// parser (prototype poisoning refused), any other media type 415, no content coding.
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ProblemError } from './errors.js';

/**
 * Bodies are JSON and nothing else (Fastify's own parser, prototype poisoning refused): any
 * other media type is 415. The body is checked as sent, without the query string's coercion
 * ("true" is not a boolean here, 7 is not a purl).
 */
export function acceptJsonOnly(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const coding = request.headers['content-encoding'];
    if (coding !== undefined && coding.trim().toLowerCase() !== 'identity') {
      done(
        new ProblemError(
          'SG_UNSUPPORTED_MEDIA_TYPE',
          `Content-Encoding ${coding} is not taken here: send the JSON body as it is`,
        ),
      );
      return;
    }
    done(null, payload);
  });
}
