// The hint added to the 400 for undeclared query parameters on /v0/package/…: a purl whose
// qualifiers were sent unencoded (`/v0/package/pkg:maven/g/a@1?type=jar/dependencies`) reaches the
// server as a purl without them plus a query string. The hint shows the percent-encoded path that
// asks what the client meant (docs/api.md, "Query parameters").
import { canonicalPurl } from '../model/purl.js';
import { mayCarryCredential } from './request-log.js';

const PACKAGE_PATH = '/v0/package/';

export interface PurlRequest {
  /** The purl as the route read it from the path (percent-decoded once). */
  purl: string;
  /** The sub-resource the path names after the purl (`dependencies`, …), or undefined for the package itself. */
  resource: string | undefined;
  /** The query string as sent, without its `?`. */
  rawQuery: string;
}

export interface HintContext {
  /** The sub-resources a package has: a query ending with `/<one of them>` was the path's end. */
  resources: readonly string[];
  /** Parameters of the package routes: a refused one was meant as a parameter, not a qualifier. */
  apiParameters: readonly string[];
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The name and value of a `name=value` pair of the query, decoded. */
function partsOf(pair: string): { name: string; value: string } {
  const equals = pair.indexOf('=');
  if (equals < 0) return { name: decoded(pair), value: '' };
  return { name: decoded(pair.slice(0, equals)), value: decoded(pair.slice(equals + 1)) };
}

/** Whether a pair of the query can carry a credential: the hint, which repeats values, leaves it out. */
function carriesCredential(pair: string): boolean {
  const { name, value } = partsOf(pair);
  return mayCarryCredential(name, value);
}

interface Split {
  /** The query's pairs that belong to the purl, as sent. */
  qualifiers: string[];
  /** The pairs that stay query parameters. */
  kept: string[];
  resource: string | undefined;
}

/**
 * Which pairs of the query were the purl's qualifiers: all of them when the query ends with a
 * sub-resource (`?type=jar/dependencies`: the client wrote `<purl>/dependencies`), else the
 * undeclared ones that are no parameter of the package routes.
 */
function splitQuery(request: PurlRequest, undeclared: readonly string[], context: HintContext): Split | undefined {
  const pairs = request.rawQuery.split('&').filter((pair) => pair !== '');
  const trailing =
    request.resource === undefined ? context.resources.find((r) => request.rawQuery.endsWith(`/${r}`)) : undefined;
  if (trailing !== undefined) {
    const qualifiers = request.rawQuery.slice(0, -(trailing.length + 1)).split('&');
    return { qualifiers, kept: [], resource: trailing };
  }
  if (undeclared.some((name) => context.apiParameters.includes(name))) return undefined;
  const isQualifier = (pair: string) => undeclared.includes(partsOf(pair).name);
  return {
    qualifiers: pairs.filter(isQualifier),
    kept: pairs.filter((pair) => !isQualifier(pair)),
    resource: request.resource,
  };
}

/** The purl with the qualifiers added (before a subpath, after qualifiers it already has). */
function withQualifiers(purl: string, qualifiers: readonly string[]): string {
  const hash = purl.indexOf('#');
  const head = hash < 0 ? purl : purl.slice(0, hash);
  const subpath = hash < 0 ? '' : purl.slice(hash);
  return `${head}${head.includes('?') ? '&' : '?'}${qualifiers.join('&')}${subpath}`;
}

/**
 * The sentence saying how to send the qualifiers, or undefined when the refused parameters do
 * not read as qualifiers: the purl with them must parse, and none may carry a credential.
 */
export function unencodedQualifierHint(
  request: PurlRequest,
  undeclared: readonly string[],
  context: HintContext,
): string | undefined {
  const split = splitQuery(request, undeclared, context);
  if (!split || split.qualifiers.length === 0) return undefined;
  if (split.qualifiers.some(carriesCredential)) return undefined;
  const purl = withQualifiers(request.purl, split.qualifiers);
  try {
    canonicalPurl(purl);
  } catch {
    return undefined;
  }
  const path =
    PACKAGE_PATH +
    encodeURIComponent(purl) +
    (split.resource === undefined ? '' : `/${split.resource}`) +
    (split.kept.length ? `?${split.kept.join('&')}` : '');
  return (
    'Qualifiers of a purl in the path must be percent-encoded with it ("?" as %3F, "&" as %26, "=" as %3D, ' +
    `as encodeURIComponent does): if "${split.qualifiers.join('&')}" belongs to the purl, ask for ${path}`
  );
}
