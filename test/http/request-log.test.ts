// The URL the access log writes: query parameters that can carry a credential are censored.
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/http/request-log.js';

describe('redactUrl', () => {
  it.each([
    ['/v0/audit?access_token=abc', '/v0/audit?access_token=[redacted]'],
    ['/x?token=abc&PageSize=5', '/x?token=[redacted]&PageSize=5'],
    ['/x?PageSize=5&api_key=k&Cursor=c', '/x?PageSize=5&api_key=[redacted]&Cursor=c'],
    [
      '/x?API-KEY=k&password=p&client_secret=s&auth=a',
      '/x?API-KEY=[redacted]&password=[redacted]&client_secret=[redacted]&auth=[redacted]',
    ],
    ['/x?acc%65ss_token=abc', '/x?acc%65ss_token=[redacted]'], // the name is compared decoded
    ['/x?q=sgt_abcdef', '/x?q=[redacted]'], // an API token by its shape, under any name
    ['/x?q=sgt%5Fabcdef', '/x?q=[redacted]'],
    ['/x?token', '/x?token=[redacted]'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it.each(['/v0/package/pkg%3Anpm%2Fa?PageSize=5&Cursor=abc', '/healthz', '/x?%ZZ=1&a=%E0', '/x?'])(
    'leaves %s as it is',
    (url) => {
      expect(redactUrl(url)).toBe(url);
    },
  );
});
