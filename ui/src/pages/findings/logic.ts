// The findings filters and order without a DOM: read from the page's query string, written back
// to it, and turned into the query of GET /v0/findings and /v0/findings/summary.
import type { paths } from '../../api/client';
import { SEVERITIES } from '../../components/severity';

export type FindingsQuery = NonNullable<paths['/v0/findings']['get']['parameters']['query']>;
export type SummaryQuery = NonNullable<paths['/v0/findings/summary']['get']['parameters']['query']>;

export const SUPPRESSED = ['false', 'true', 'any'] as const;
export const FIX_AVAILABLE = ['', 'true', 'false'] as const;
export const KEV = ['', 'true', 'false'] as const;
/** The orders of /v0/findings' `sort`, the default (severity) first. */
export const SORTS = ['severity', 'exploitation', 'epss'] as const;
export type Suppressed = (typeof SUPPRESSED)[number];
export type FixAvailable = (typeof FIX_AVAILABLE)[number];
export type KevFilter = (typeof KEV)[number];
export type Sort = (typeof SORTS)[number];

/** The filters as the form holds them: '' for "any"; `suppressed` is `false` unless chosen. */
export interface FindingsFilters {
  project: string;
  label: string;
  severity: string;
  ecosystem: string;
  package: string;
  vulnerability: string;
  suppressed: Suppressed;
  fixAvailable: FixAvailable;
  /** In the KEV catalogue ('true'), not in it ('false'), or either (''). */
  kev: KevFilter;
  sort: Sort;
}

const TEXT_FILTERS = ['project', 'label', 'ecosystem', 'package', 'vulnerability'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The filters a query string states (unknown values read as "any"). */
export function filtersOf(query: Record<string, string | undefined>): FindingsFilters {
  const text = (key: string) => (query[key] ?? '').trim();
  const severity = text('severity').toUpperCase();
  return {
    project: text('project'),
    label: text('label'),
    severity: (SEVERITIES as readonly string[]).includes(severity) ? severity : '',
    ecosystem: text('ecosystem'),
    package: text('package'),
    vulnerability: text('vulnerability'),
    suppressed: oneOf(SUPPRESSED, query.suppressed, 'false'),
    fixAvailable: oneOf(FIX_AVAILABLE, query.fixAvailable, ''),
    kev: oneOf(KEV, query.kev, ''),
    sort: oneOf(SORTS, query.sort, 'severity'),
  };
}

/** The query-string form of the filters: what is set, the defaults left out (for links). */
export function filterQuery(filters: FindingsFilters): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  for (const key of TEXT_FILTERS) if (filters[key].trim() !== '') query[key] = filters[key].trim();
  if (filters.severity !== '') query.severity = filters.severity;
  if (filters.suppressed !== 'false') query.suppressed = filters.suppressed;
  if (filters.fixAvailable !== '') query.fixAvailable = filters.fixAvailable;
  if (filters.kev !== '') query.kev = filters.kev;
  if (filters.sort !== 'severity') query.sort = filters.sort;
  return query;
}

/** The filters as one canonical string (`project=shop-api&severity=HIGH`): a stable key for loads. */
export function filterSearch(filters: FindingsFilters): string {
  const pairs = Object.entries(filterQuery(filters)).filter((pair): pair is [string, string] => pair[1] !== undefined);
  return new URLSearchParams(pairs).toString();
}

/** The query of /v0/findings/summary for a filter string made by filterSearch. */
export function summaryQuery(search: string): SummaryQuery {
  const filters = filtersOf(Object.fromEntries(new URLSearchParams(search)));
  const query: SummaryQuery = {};
  for (const key of TEXT_FILTERS) if (filters[key] !== '') query[key] = filters[key];
  if (filters.severity !== '') query.severity = filters.severity;
  if (filters.suppressed !== 'false') query.suppressed = filters.suppressed;
  if (filters.fixAvailable !== '') query.fixAvailable = filters.fixAvailable;
  if (filters.kev !== '') query.kev = filters.kev;
  return query;
}

/** The query of /v0/findings (less the paging) for a filter string made by filterSearch: the order too. */
export function listQuery(search: string): FindingsQuery {
  const { sort } = filtersOf(Object.fromEntries(new URLSearchParams(search)));
  return { ...summaryQuery(search), ...(sort === 'severity' ? {} : { sort }) };
}

const ORDER_TEXT: Record<Sort, string> = {
  severity: 'worst first',
  exploitation: 'known exploited (KEV) first, then the highest EPSS score',
  epss: 'the highest EPSS score first',
};

/** How the list is ordered, in words: `worst first`. */
export const orderText = (sort: Sort): string => ORDER_TEXT[sort];

/** A sentence for what a filter string keeps: `severity HIGH or worse, fix available`. */
export function filtersText(filters: FindingsFilters): string {
  const parts: string[] = [];
  if (filters.project) parts.push(`project ${filters.project}`);
  if (filters.label) parts.push(`label ${filters.label}`);
  if (filters.severity) parts.push(filters.severity === 'CRITICAL' ? 'CRITICAL' : `${filters.severity} or worse`);
  if (filters.ecosystem) parts.push(`ecosystem ${filters.ecosystem}`);
  if (filters.package) parts.push(`package ${filters.package}`);
  if (filters.vulnerability) parts.push(`vulnerability ${filters.vulnerability}`);
  if (filters.fixAvailable) parts.push(filters.fixAvailable === 'true' ? 'fix available' : 'no fix available');
  if (filters.kev) parts.push(filters.kev === 'true' ? 'known exploited only' : 'not known exploited');
  parts.push(
    filters.suppressed === 'false'
      ? 'VEX-suppressed left out'
      : filters.suppressed === 'true'
        ? 'only VEX-suppressed'
        : 'VEX-suppressed included',
  );
  return parts.join(', ');
}
