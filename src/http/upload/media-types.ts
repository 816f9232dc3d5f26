// Which request bodies POST /v0/documents takes: the media types a document of a supported
// format travels as, and the content codings it may be wrapped in. The format itself is always
// detected from the content, as the CLI does; the media type only turns away what cannot be one
// (a multipart form, an image) before a byte of it is stored. curl's default type is no choice at
// all and is taken like no Content-Type (docs/api.md, "Media types taken").
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

/**
 * What `curl --data-binary @sbom.json` (and `--data`, and an HTML form) sends when the user names
 * no type: the client did not choose it, so it is taken like no Content-Type and the format is
 * detected from the content. A body that really is a form then fails detection (415, with
 * `UNCHOSEN_TYPE_HINT` added to the message).
 */
const UNCHOSEN_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** Added to the "unsupported document" message of a body that came as UNCHOSEN_MEDIA_TYPE. */
const UNCHOSEN_TYPE_HINT =
  `; the body came as ${UNCHOSEN_MEDIA_TYPE} (curl's default for --data-binary), so it was read as a ` +
  `document and is not one: send the document itself as the body, naming its type ` +
  `(e.g. -H 'Content-Type: application/json' --data-binary @sbom.json)`;

/** Added to the refusal of a multipart form (`curl -F file=@sbom.json`, an HTML file input). */
const MULTIPART_HINT = `; a multipart form is not read: send the file as the body (curl --data-binary @sbom.json)`;

/** Structured-syntax suffixes (RFC 6839): `application/vnd.cyclonedx+json`, `application/spdx+json`, … */
const SUFFIXED = /^application\/[a-z0-9!#$&^_.-]+\+(?:json|xml)$/;

/** How the body is decoded before it is stored: gzip or as it came. */
export type BodyCoding = 'gzip' | 'identity';

function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

/** True for an empty Content-Type or one the client did not choose (curl's default): the content decides. */
function isUnchosen(media: string): boolean {
  return media === '' || media === UNCHOSEN_MEDIA_TYPE;
}

/**
 * What to add to the message of a body no format recognises, given the Content-Type it came
 * with: the hint for curl's default type (a form, or a document sent without naming its type),
 * else nothing.
 */
export function unsupportedContentHint(contentType: string | undefined): string {
  return contentType !== undefined && mediaTypeOf(contentType) === UNCHOSEN_MEDIA_TYPE ? UNCHOSEN_TYPE_HINT : '';
}

function isDocumentMediaType(media: string): boolean {
  return (DOCUMENT_MEDIA_TYPES as readonly string[]).includes(media) || SUFFIXED.test(media);
}

/**
 * Checks the Content-Type and Content-Encoding of an upload and says how to decode it: gzip when
 * `Content-Encoding: gzip` or the body is `application/gzip` (a gzip-compressed document).
 * No Content-Type and curl's default are taken (the content decides). Throws
 * SG_UNSUPPORTED_MEDIA_TYPE (415) for any other type that is not a document's.
 */
export function bodyCodingOf(contentType: string | undefined, contentEncoding: string | undefined): BodyCoding {
  const media = contentType === undefined ? undefined : mediaTypeOf(contentType);
  if (media !== undefined && !isUnchosen(media) && !isDocumentMediaType(media)) {
    throw new ProblemError(
      'SG_UNSUPPORTED_MEDIA_TYPE',
      `Content-Type ${media} is not a document; send the document itself as the body ` +
        `(${DOCUMENT_MEDIA_TYPES.join(', ')}, application/*+json, application/*+xml, or no Content-Type)` +
        (media === 'multipart/form-data' ? MULTIPART_HINT : ''),
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
