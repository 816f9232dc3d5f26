// /ui/findings?severity=&ecosystem=&package=&vulnerability=&suppressed=&fixAvailable=&kev=&project=
// &label=&sort=: the vulnerabilities that reach each project's latest build, across the portfolio,
// worst first (or known exploited first, or by EPSS score).
import { useLocation } from 'preact-iso';
import { FilterForm } from './findings/filter-form';
import { filterSearch, filtersOf, filtersText, orderText } from './findings/logic';
import { FindingsResults } from './findings/results';

export function Findings() {
  const { query } = useLocation();
  const filters = filtersOf(query);
  const search = filterSearch(filters);
  return (
    <section class="findings-page" aria-labelledby="findings-heading">
      <h1 id="findings-heading">Findings</h1>
      <p class="muted">
        The vulnerabilities that reach each project’s latest build, one row per package and vulnerability,{' '}
        {orderText(filters.sort)}. Shown: {filtersText(filters)}.
      </p>
      {/* Keyed by the filters: moving back or forward shows the form as the address states it. */}
      <FilterForm key={search} filters={filters} />
      <FindingsResults search={search} empty="No finding matches these filters." />
    </section>
  );
}
