// Errors the query layer raises; the HTTP layer maps each to a status and a stable code.
import type { InvalidInputCode, NotFoundCode } from '../model/error-codes.js';

/** Bad input (400); the message names the parameter and the reason. */
export class InvalidInputError extends Error {
  constructor(
    readonly parameter: string,
    message: string,
    readonly code: InvalidInputCode = 'SG_INVALID_PARAMETER',
  ) {
    super(message);
  }
}

/** The package, artifact or vulnerability the request names is not in the graph, or no path joins two nodes (404). */
export class NotFoundError extends Error {
  constructor(
    readonly code: NotFoundCode,
    message: string,
  ) {
    super(message);
  }
}
