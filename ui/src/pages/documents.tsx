// /ui/documents: the stored documents and the upload form; /ui/documents/{digest}: one document.
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { tailOf } from '../links';
import { DocumentPage } from './documents/detail';
import { DocumentList } from './documents/list';
import { UploadSection } from './documents/upload';

export function Documents() {
  const { path } = useLocation();
  const digest = tailOf(path, '/ui/documents/');
  // Counts uploads: the list below is keyed by it, so each upload mounts it anew and it asks again.
  const [uploads, setUploads] = useState(0);
  if (digest !== '') return <DocumentPage digest={digest} />;
  return (
    <section class="documents-page" aria-labelledby="documents-heading">
      <h1 id="documents-heading">Documents</h1>
      <p class="muted">Every document the graph was built from, and a way to add one.</p>
      <UploadSection onUploaded={() => setUploads((n) => n + 1)} />
      <section aria-labelledby="stored-heading">
        <h2 id="stored-heading">Stored documents</h2>
        <DocumentList key={uploads} />
      </section>
    </section>
  );
}
