// The JSON body of a GET route's 200 answer, taken from the generated OpenAPI types (never
// written by hand): `Answer<'/v0/vuln/{id}'>`.
import type { paths } from '../api/client';

type Get<P extends keyof paths> = paths[P]['get'];

export type Answer<P extends keyof paths> =
  Get<P> extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;
