// Every error and unknown path answered as a problem document (the mapping is in errors.ts).
import fp from 'fastify-plugin';
import { StoreError } from '../../../store/types.js';
import { handleError, sendProblem } from '../../errors.js';

export default fp(
  (app, _options, done) => {
    app.setErrorHandler((error, request, reply) => {
      // Store calls made while answering (uploads, the document list, the audit log) are counted.
      if (error instanceof StoreError) app.metrics.storeError();
      return handleError(error, request, reply);
    });
    app.setNotFoundHandler((request, reply) =>
      sendProblem(reply, 'SG_ROUTE_NOT_FOUND', `no resource at ${request.url.split('?')[0]}`),
    );
    done();
  },
  { name: 'error-handler', dependencies: ['metrics'] },
);
