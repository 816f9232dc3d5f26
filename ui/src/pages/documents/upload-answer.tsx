// What the API answered to an upload: the stored (or already present) document with its counts
// and skipped items, each entry of a zip archive, or the problem (its status and detail).
import type { ApiError } from '../../api/errors';
import { countsText, plural } from './logic';
import { DocumentLink, SkippedTable, Subject } from './parts';
import type { EntryResult, SingleResult, UploadOutcome } from './upload-request';

const STATUS_TEXT: Record<EntryResult['status'], string> = {
  stored: 'Stored',
  'already-present': 'Already present (nothing changed)',
  failed: 'Failed',
};

function DocumentResult({ result }: { result: SingleResult }) {
  return (
    <div class="upload-result">
      <p>
        <strong>{STATUS_TEXT[result.status]}</strong>: <DocumentLink digest={result.digest} /> ({result.format}),
        subject <Subject subject={result.subject} />; {countsText(result.counts)}.
      </p>
      {result.skipped.length > 0 ? (
        <SkippedTable skipped={result.skipped} caption={`${plural(result.skipped.length, 'item')} ingest left out`} />
      ) : (
        <p>Nothing was skipped.</p>
      )}
    </div>
  );
}

function ArchiveResults({ status, results }: { status: number; results: EntryResult[] }) {
  const failed = results.filter((entry) => entry.status === 'failed').length;
  return (
    <div class="upload-result">
      <p>
        <strong>
          {results.length.toLocaleString('en-US')} {results.length === 1 ? 'entry' : 'entries'}
        </strong>
        {failed > 0 ? `, ${failed} failed (the others are stored; HTTP ${status})` : ''}.
      </p>
      <div class="table-scroll">
        <table>
          <caption class="visually-hidden">Each entry of the archive</caption>
          <thead>
            <tr>
              <th scope="col">Entry</th>
              <th scope="col">Result</th>
              <th scope="col">Document</th>
              <th scope="col">Facts or error</th>
              <th scope="col" class="number">
                Skipped
              </th>
            </tr>
          </thead>
          <tbody>
            {results.map((entry) => (
              <tr key={entry.name}>
                <td class="mono">{entry.name}</td>
                <td>{STATUS_TEXT[entry.status]}</td>
                <td>{entry.digest ? <DocumentLink digest={entry.digest} /> : null}</td>
                <td>{entry.status === 'failed' ? (entry.error ?? '') : countsText(entry.counts)}</td>
                <td class="number">{entry.skipped.length.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Refusal({ error }: { error: ApiError }) {
  const needsToken = error.status === 401 || error.status === 403;
  return (
    <div class="failure" role="alert">
      <p>
        Upload refused{error.status === 0 ? '' : ` (HTTP ${error.status})`}: {error.detail}
        {error.code ? <code class="code">{error.code}</code> : null}
      </p>
      {needsToken ? <p>Uploads need a token with the ingest scope: enter one above.</p> : null}
    </div>
  );
}

export function UploadAnswer({ outcome }: { outcome: UploadOutcome }) {
  switch (outcome.kind) {
    case 'document':
      return <DocumentResult result={outcome.result} />;
    case 'archive':
      return <ArchiveResults status={outcome.status} results={outcome.results} />;
    case 'problem':
      return <Refusal error={outcome.error} />;
  }
}
