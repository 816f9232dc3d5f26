// The findings a filter string keeps: their counts by severity (/v0/findings/summary) and the list
// itself (/v0/findings), in the order asked (worst first unless told), a page at a time. Used by
// the findings page and a project's.
import { useCallback } from 'preact/hooks';
import { api, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { MoreButton } from '../../components/more-button';
import { SeverityCounts } from '../../components/severity-counts';
import { Failure, Loading, Show } from '../../components/status';
import { plural } from '../../components/text';
import { pageOf, usePaged, type Page } from '../../components/use-paged';
import { filtersOf, listQuery, orderText, summaryQuery } from './logic';
import { FindingsTable, type Finding } from './table';

const PAGE_SIZE = 50;

function Summary({ search }: { search: string }) {
  const summary = useLoad(
    useCallback(
      async (signal: AbortSignal) =>
        unwrap(await api.GET('/v0/findings/summary', { params: { query: summaryQuery(search) }, signal })),
      [search],
    ),
  );
  return (
    <Show resource={summary} what="the counts">
      {(data) => (
        <p class="summary-line" data-testid="findings-summary">
          {plural(data.total, 'finding')}
          {data.total > 0 ? ': ' : '.'}
          <SeverityCounts counts={data.bySeverity} none="" />
        </p>
      )}
    </Show>
  );
}

export function FindingsResults({
  search,
  showProject = true,
  empty,
}: {
  /** The filters as filterSearch writes them: a new string asks again from the first page. */
  search: string;
  showProject?: boolean;
  /** What to say when nothing is found. */
  empty: string;
}) {
  const list = usePaged<Finding>(
    useCallback(
      async (cursor: string | undefined, signal: AbortSignal): Promise<Page<Finding>> => {
        const query = { ...listQuery(search), PageSize: PAGE_SIZE, ...(cursor ? { Cursor: cursor } : {}) };
        const data = unwrap(await api.GET('/v0/findings', { params: { query }, signal }));
        return pageOf(data.findings, data.PaginationInfo);
      },
      [search],
    ),
  );
  if (list.state === 'loading') return <Loading what="findings" />;
  if (list.state === 'failed' && list.error) return <Failure error={list.error} what="the findings" />;
  if (list.items.length === 0) return <p role="status">{empty}</p>;
  const { sort } = filtersOf(Object.fromEntries(new URLSearchParams(search)));
  return (
    <>
      <Summary search={search} />
      <FindingsTable findings={list.items} showProject={showProject} caption={`Findings, ${orderText(sort)}`} />
      <MoreButton list={list} label="More findings" what="findings" />
    </>
  );
}
