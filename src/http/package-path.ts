// How a /v0/package/… request reads: the purl and the resource its path names (the route for
// purls with unencoded slashes splits them itself), the query parameters each resource takes,
// and the hint for refused parameters that were the purl's qualifiers (docs/api.md, "Which
// packages a purl names" and "Query parameters").
import type { FastifyRequest } from 'fastify';
import { canonicalPurl } from '../model/purl.js';
import { unencodedQualifierHint } from './purl-qualifier-hint.js';
import { declaredQueryParameters } from './query-parameters.js';
import { DependencyQuerySchema, PackageResourceQuerySchema } from './schemas/licenses.js';
import { DependentsQuerySchema, PaginationQuerySchema, VulnerabilityQuerySchema } from './schemas/pagination.js';

/** What a path may name after a purl. */
const SUB_RESOURCES = ['dependencies', 'dependents', 'artifacts', 'vulns', 'info'] as const;
export type Resource = 'self' | (typeof SUB_RESOURCES)[number];

/** The query parameters of each resource: the route for unencoded purls takes these, as the others do. */
const RESOURCE_PARAMETERS: Record<Resource, readonly string[]> = {
  self: declaredQueryParameters(PaginationQuerySchema),
  dependencies: declaredQueryParameters(DependencyQuerySchema),
  dependents: declaredQueryParameters(DependentsQuerySchema),
  artifacts: declaredQueryParameters(PaginationQuerySchema),
  vulns: declaredQueryParameters(VulnerabilityQuerySchema),
  info: [],
};

/** Every parameter of a package route: a refused one of these was not meant as a qualifier. */
const PACKAGE_PARAMETERS = declaredQueryParameters(PackageResourceQuerySchema);

/**
 * An unencoded path "<purl>/dependencies", "<purl>/dependents", "<purl>/artifacts", "<purl>/vulns" or "<purl>/info" names that
 * resource of the purl when the part before the suffix is a purl; otherwise the whole path is the purl (so a package named
 * "dependencies", "vulns" or "info" must be percent-encoded). Only the parse decides: a purl that parses
 * but names nothing known is the resource's 404, never a fallback to the package list.
 */
export function splitResource(rest: string): { resource: Resource; purl: string } {
  for (const resource of SUB_RESOURCES) {
    const suffix = `/${resource}`;
    if (!rest.endsWith(suffix)) continue;
    const purl = rest.slice(0, -suffix.length);
    try {
      canonicalPurl(purl);
      return { resource, purl };
    } catch {
      // Not "<purl>/<resource>": the whole remainder is the purl.
    }
  }
  return { resource: 'self', purl: rest };
}

/** The purl and resource of a request, as its route reads them from the path. */
function routedPurl(request: FastifyRequest): { purl: string; resource: Resource } {
  const params = request.params as Record<string, string>;
  if (params['*'] !== undefined) return splitResource(params['*']);
  // '/v0/package/:purl' or '/v0/package/:purl/<resource>'.
  const resource = request.routeOptions.url?.split('/:purl/')[1] as Resource | undefined;
  return { purl: params.purl, resource: resource ?? 'self' };
}

/** The query parameters a request of the route for unencoded purls takes: its resource's. */
export function resourceQueryParameters(request: FastifyRequest): readonly string[] {
  return RESOURCE_PARAMETERS[routedPurl(request).resource];
}

/** Refused parameters that were the purl's unencoded qualifiers get the encoded path to ask for. */
export function purlQualifierHint(request: FastifyRequest, undeclared: readonly string[]): string | undefined {
  const { purl, resource } = routedPurl(request);
  const question = request.url.indexOf('?');
  const rawQuery = question < 0 ? '' : request.url.slice(question + 1);
  return unencodedQualifierHint({ purl, resource: resource === 'self' ? undefined : resource, rawQuery }, undeclared, {
    resources: SUB_RESOURCES,
    apiParameters: PACKAGE_PARAMETERS,
  });
}
