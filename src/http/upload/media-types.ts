// Which request bodies POST /v0/documents takes: the media types a document of a supported
// format travels as, and the content codings it may be wrapped in. The format itself is always
// detected from the content, as the CLI does; the media type only turns away what cannot be one
// (a form, an image) before a byte of it is stored.
import { ProblemError } from '../errors.js';

/** Media types taken as they are (any charset or other parameter). */
export const DOCUMENT_MEDIA_TYPES = [
  'application/json',
  'application/xml',
  'text/xml',
  'text/plain',
  'application/zip',
  'application/gzip',
  'application/octet-stream',
] as const;

/** Structured-syntax suffixes (RFC 6839): `application/vnd.cyclonedx+json`, `application/spdx+json`, … */
const SUFFIXED = /^application\/[a-z0-9!#$&^_.-]+\+(?:json|xml)$/;

/** How the body is decoded before it is stored: gzip or as it came. */
export type BodyCoding = 'gzip' | 'identity';

function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

/**
 * Checks the Content-Type and Content-Encoding of an upload and says how to decode it: gzip when
 * `Content-Encoding: gzip` or the body is `application/gzip` (a gzip-compressed document).
 * Throws SG_UNSUPPORTED_MEDIA_TYPE (415) for anything else.
 */
export function bodyCodingOf(contentType: string | undefined, contentEncoding: string | undefined): BodyCoding {
  const media = contentType === undefined ? undefined : mediaTypeOf(contentType);
  if (media !== undefined && !(DOCUMENT_MEDIA_TYPES as readonly string[]).includes(media) && !SUFFIXED.test(media)) {
    throw new ProblemError(
      'SG_UNSUPPORTED_MEDIA_TYPE',
      `Content-Type ${media} is not a document; send the document itself as the body ` +
        `(${DOCUMENT_MEDIA_TYPES.join(', ')}, application/*+json, application/*+xml, or no Content-Type)`,
    );
  }
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length > 1 || (codings.length === 1 && codings[0] !== 'gzip' && codings[0] !== 'x-gzip')) {
    throw new ProblemError(
      'SG_UNSUPPORTED_MEDIA_TYPE',
      `Content-Encoding ${contentEncoding} is not supported; send the document as it is or gzip-compressed (Content-Encoding: gzip)`,
    );
  }
  if (codings.length === 1 && media === 'application/gzip') {
    throw new ProblemError(
      'SG_UNSUPPORTED_MEDIA_TYPE',
      'Content-Encoding: gzip with Content-Type: application/gzip would be gzip inside gzip; send one of them',
    );
  }
  return codings.length === 1 || media === 'application/gzip' ? 'gzip' : 'identity';
}
