// toApiError, the UI's one coercion of a failed API question into what the page shows.
import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../../src/api/errors';

describe('toApiError', () => {
  it('reads a problem body: the answer’s status, the problem’s code and detail', () => {
    const body = {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      code: 'not_found',
      detail: 'no package pkg:npm/x',
    };
    const error = toApiError(body, { status: 404, statusText: 'Not Found' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', detail: 'no package pkg:npm/x' });
    expect(error.message).toBe('no package pkg:npm/x');
  });

  it('falls back to the problem’s title, then to the status text when the body has neither', () => {
    expect(
      toApiError({ title: 'Payload Too Large' }, { status: 413, statusText: 'Request Entity Too Large' }),
    ).toMatchObject({ status: 413, code: undefined, detail: 'Payload Too Large' });
    expect(toApiError(undefined, { status: 502, statusText: 'Bad Gateway' })).toMatchObject({
      status: 502,
      detail: 'Bad Gateway',
    });
    expect(toApiError('<html>proxy error</html>', { status: 503, statusText: 'Service Unavailable' }).detail).toBe(
      'Service Unavailable',
    );
  });

  it('takes the status from a problem thrown without its answer', () => {
    expect(toApiError({ status: 429, code: 'rate_limited', detail: 'slow down' })).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: 'slow down',
    });
  });

  it('says a network failure as the browser does, with no status', () => {
    expect(toApiError(new TypeError('Failed to fetch'))).toMatchObject({
      status: 0,
      code: undefined,
      detail: 'TypeError: Failed to fetch',
    });
  });

  it('passes an ApiError through unchanged', () => {
    const error = new ApiError(401, 'unauthorized', 'a token is required');
    expect(toApiError(error)).toBe(error);
  });

  it('puts any other thrown value in words', () => {
    expect(toApiError('the server went away')).toMatchObject({ status: 0, detail: 'the server went away' });
    expect(toApiError(42).detail).toBe('42');
    expect(toApiError(undefined).detail).toBe('undefined');
    expect(toApiError({ reason: 'odd' }).detail).toBe('{"reason":"odd"}');
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(toApiError(cyclic).detail).toBe('[object Object]');
  });
});
