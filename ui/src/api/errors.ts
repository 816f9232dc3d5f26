// Why an API question failed, as the pages show it (docs/errors.md): every failure, whether the
// API answered with problem details, the request never got an answer, or something else was
// thrown, becomes one ApiError with a status (0: no answer), the problem's code and a message.

/** A failed API question: the answer's status (0 when there was none), code and detail. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The parts of an HTTP answer a failure is described by. */
export interface FailedAnswer {
  status: number;
  statusText: string;
}

/** The fields of an RFC 9457 problem body the UI reads. */
interface Problem {
  status?: unknown;
  code?: unknown;
  detail?: unknown;
  title?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The problem fields of a body or thrown object (none of an Error or a primitive). */
const problemOf = (value: unknown): Problem =>
  typeof value === 'object' && value !== null && !(value instanceof Error) ? value : {};

/** Any other thrown value in words: an Error with its name ("TypeError: Failed to fetch"). */
function describe(value: unknown): string {
  if (typeof value !== 'object' || value === null || value instanceof Error) return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return Object.prototype.toString.call(value); // a cycle
  }
}

/**
 * The ApiError to show for `failure`: what a load threw or rejected with, or, with `answer`, the
 * body of a non-2xx answer (its problem's detail, else its title, else the status text). An
 * ApiError passes through; a network failure or any other value keeps its own wording.
 */
export function toApiError(failure: unknown, answer?: FailedAnswer): ApiError {
  if (failure instanceof ApiError) return failure;
  const problem = problemOf(failure);
  const status = answer?.status ?? (typeof problem.status === 'number' ? problem.status : 0);
  const detail = text(problem.detail) ?? text(problem.title) ?? answer?.statusText ?? describe(failure);
  return new ApiError(status, text(problem.code), detail);
}
