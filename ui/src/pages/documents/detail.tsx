// /ui/documents/{digest}: one stored document, the verdicts recorded for it (a build) and every
// item ingest left out of it.
import { useCallback } from 'preact/hooks';
import { api, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Show } from '../../components/status';
import { documentsHref } from '../../links';
import { countsText, plural } from './logic';
import { SkippedTable, Subject, Time, type DocumentDetail } from './parts';
import { Verdicts } from './verdicts';

export function DocumentPage({ digest }: { digest: string }) {
  const doc = useLoad(
    useCallback(
      async (signal: AbortSignal): Promise<DocumentDetail> =>
        unwrap(await api.GET('/v0/documents/{digest}', { params: { path: { digest } }, signal })),
      [digest],
    ),
  );
  return (
    <section class="document-page" aria-labelledby="document-heading">
      <p>
        <a href={documentsHref()}>← All documents</a>
      </p>
      <h1 id="document-heading">
        Document <span class="digest">{digest}</span>
      </h1>
      <Show resource={doc} what="the document">
        {(data) => (
          <>
            <dl class="facts-list">
              <dt>Digest</dt>
              <dd class="digest">{data.digest}</dd>
              <dt>Format</dt>
              <dd>{data.format}</dd>
              <dt>Subject</dt>
              <dd>
                <Subject subject={data.subject} />
              </dd>
              <dt>Ingested</dt>
              <dd>
                <Time iso={data.ingestedAt} />
              </dd>
              <dt>Ingested by</dt>
              <dd>{data.ingestedBy ?? 'unknown'}</dd>
              <dt>Origin</dt>
              <dd class="mono">{data.origin}</dd>
              <dt>Facts stated</dt>
              <dd>{countsText(data.counts)}</dd>
            </dl>
            <Verdicts digest={data.digest} />
            <h2>Skipped items</h2>
            {data.skipped.length === 0 ? (
              <p>Ingest left nothing out of this document.</p>
            ) : (
              <SkippedTable
                skipped={data.skipped}
                caption={`${plural(data.skipped.length, 'item')} ingest left out, with the reason`}
              />
            )}
          </>
        )}
      </Show>
    </section>
  );
}
