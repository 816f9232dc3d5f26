// The stored documents, newest first as /v0/documents gives them, a page at a time.
import { api, unwrap } from '../../api/client';
import { MoreButton } from '../../components/more-button';
import { Failure, Loading } from '../../components/status';
import { pageOf, usePaged, type Page } from '../../components/use-paged';
import { number, plural, type Counts } from './logic';
import { DocumentLink, Subject, Time, type DocumentSummary } from './parts';

const PAGE_SIZE = 25;

function Facts({ counts }: { counts: Counts }) {
  return (
    <>
      <span class="fact">{plural(counts.packages, 'package')}</span>
      <span class="fact">{plural(counts.artifacts, 'artifact')}</span>
      <span class="fact">{plural(counts.dependencies, 'dependency', 'dependencies')}</span>
    </>
  );
}

async function documentPage(cursor: string | undefined, signal: AbortSignal): Promise<Page<DocumentSummary>> {
  const query = { PageSize: PAGE_SIZE, ...(cursor ? { Cursor: cursor } : {}) };
  const data = unwrap(await api.GET('/v0/documents', { params: { query }, signal }));
  return pageOf(data.documents, data.PaginationInfo);
}

/** The page mounts it anew (a new `key`) when the list must be asked again, after an upload. */
export function DocumentList() {
  const list = usePaged(documentPage);
  if (list.state === 'loading') return <Loading what="documents" />;
  if (list.state === 'failed' && list.error) return <Failure error={list.error} what="the documents" />;
  if (list.items.length === 0) {
    return (
      <p role="status">
        No documents yet: upload one below, or run <code>supplygraph ingest</code> on the store.
      </p>
    );
  }
  return (
    <>
      <div class="table-scroll">
        <table class="documents">
          <caption class="visually-hidden">Stored documents, newest first</caption>
          {/* Fixed widths: the short columns stay readable, subject and origin share the rest. */}
          <colgroup>
            <col class="col-digest" />
            <col class="col-format" />
            <col />
            <col class="col-time" />
            <col class="col-by" />
            <col />
            <col class="col-facts" />
            <col class="col-skipped" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Format</th>
              <th scope="col">Subject</th>
              <th scope="col">Ingested</th>
              <th scope="col">By</th>
              <th scope="col">Origin</th>
              <th scope="col">Facts</th>
              <th scope="col" class="number">
                Skipped
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((doc) => (
              <tr key={doc.digest}>
                <td>
                  <DocumentLink digest={doc.digest} />
                </td>
                <td>{doc.format}</td>
                <td>
                  <Subject subject={doc.subject} short />
                </td>
                <td>
                  <Time iso={doc.ingestedAt} />
                </td>
                <td>{doc.ingestedBy ?? <span class="muted">unknown</span>}</td>
                <td class="mono">{doc.origin}</td>
                <td>
                  <Facts counts={doc.counts} />
                </td>
                <td class="number">{number(doc.skippedCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MoreButton list={list} label="More documents" what="documents" />
    </>
  );
}
