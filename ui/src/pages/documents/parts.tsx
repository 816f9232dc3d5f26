// Pieces the document list, the document page and the upload answer share.
import type { paths } from '../../api/client';
import { documentHref } from '../../links';
import { fullDigest } from '../../components/search-logic';
import { shortDigest, subjectHref, utcText } from './logic';

export type DocumentSummary =
  paths['/v0/documents']['get']['responses'][200]['content']['application/json']['documents'][number];
export type DocumentDetail = paths['/v0/documents/{digest}']['get']['responses'][200]['content']['application/json'];
export type Skipped = DocumentDetail['skipped'];

/**
 * A document's subject, linked to its page when the UI has one; `short` abbreviates a digest
 * (the whole of it in the link's title), for tables.
 */
export function Subject({ subject, short = false }: { subject: string | null; short?: boolean }) {
  if (subject === null) return <span class="muted">none</span>;
  const href = subjectHref(subject);
  if (href === null) return <span class="mono">{subject}</span>;
  const abbreviated = short && fullDigest(subject) !== null;
  return (
    <a class="purl" href={href} title={abbreviated ? subject : undefined}>
      {abbreviated ? shortDigest(subject) : subject}
    </a>
  );
}

/** A document digest, shortened, linked to the document's page (the full digest in its title). */
export function DocumentLink({ digest }: { digest: string }) {
  return (
    <a class="digest" href={documentHref(digest)} title={digest}>
      {shortDigest(digest)}
    </a>
  );
}

export function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{utcText(iso)}</time>;
}

export function SkippedTable({ skipped, caption }: { skipped: Skipped; caption: string }) {
  return (
    <div class="table-scroll">
      <table class="skipped">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {skipped.map((item, i) => (
            <tr key={i}>
              <td class="mono">{item.path}</td>
              <td>{item.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
