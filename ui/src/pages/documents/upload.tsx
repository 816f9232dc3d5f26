// The upload form of the documents page. With a token: a file (one document, a zip of documents,
// or a gzip-compressed document) sent to POST /v0/documents, and what the API answered. Without
// one: why uploads need a token, the field to enter it, and the form kept behind a disclosure
// for a user who tries anyway (the server's refusal is then shown as it came).
import { useEffect, useState } from 'preact/hooks';
import { onTokenChange, readToken } from '../../api/token';
import { TokenForm } from '../../components/token-field';
import { UploadAnswer } from './upload-answer';
import { uploadDocument, type UploadOutcome } from './upload-request';

function UploadForm({ onUploaded }: { onUploaded: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  return (
    <>
      <form
        class="upload-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (file === null || busy) return;
          setBusy(true);
          setOutcome(null);
          void uploadDocument(file).then((result) => {
            setBusy(false);
            setOutcome(result);
            if (result.kind !== 'problem') onUploaded();
          });
        }}
      >
        <label for="upload-file">Document file: JSON or XML (any format ingest reads), a zip archive, or gzip</label>
        <input
          id="upload-file"
          type="file"
          required
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
        <button type="submit" aria-disabled={file === null || busy}>
          Upload
        </button>
      </form>
      <div class="upload-status" role="status" aria-live="polite">
        {busy ? <p>Uploading {file?.name}…</p> : null}
        {outcome ? <UploadAnswer outcome={outcome} /> : null}
      </div>
    </>
  );
}

function TokenPrompt() {
  return (
    <TokenForm
      id="upload-token"
      label="API token with the ingest scope (kept in this tab only)"
      className="upload-token"
    />
  );
}

export function UploadSection({ onUploaded }: { onUploaded: () => void }) {
  const [token, setToken] = useState(readToken());
  useEffect(() => onTokenChange(() => setToken(readToken())), []);
  return (
    <section class="upload" aria-labelledby="upload-heading">
      <h2 id="upload-heading">Upload a document</h2>
      {token ? (
        <UploadForm onUploaded={onUploaded} />
      ) : (
        <>
          <p class="token-needed">
            Uploads need an API token with the <code>ingest</code> scope (
            <code>supplygraph token create --name NAME --scope ingest</code>
            ). Enter it here:
          </p>
          <TokenPrompt />
          <details class="upload-anyway">
            <summary>Try without a token</summary>
            <UploadForm onUploaded={onUploaded} />
          </details>
        </>
      )}
    </section>
  );
}
