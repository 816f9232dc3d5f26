// A project's builds, newest first, as GET /v0/projects/{name} pages them: version, when, what CI
// said about it (commit, branch, build URL), its document and subject.
import { MoreButton } from '../../components/more-button';
import { safeHref } from '../../components/text';
import type { Paged } from '../../components/use-paged';
import { DocumentLink, Subject, Time } from '../documents/parts';
import type { Build } from './logic';

function BuildUrl({ url }: { url: string | null }) {
  if (url === null) return <span class="muted">none</span>;
  const href = safeHref(url);
  return href ? (
    <a class="mono" href={href} rel="noopener noreferrer">
      {url}
    </a>
  ) : (
    <span class="mono">{url}</span>
  );
}

const orNone = (text: string | null) =>
  text === null ? <span class="muted">none</span> : <span class="mono">{text}</span>;

export function History({ list, latest }: { list: Paged<Build>; latest: string | undefined }) {
  return (
    <>
      <div class="table-scroll">
        <table class="history">
          <caption class="visually-hidden">Builds, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Built</th>
              <th scope="col">Commit</th>
              <th scope="col">Branch</th>
              <th scope="col">Build URL</th>
              <th scope="col">Document</th>
              <th scope="col">Subject</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((b) => (
              <tr key={b.digest} data-digest={b.digest}>
                <td>
                  {b.version ?? <span class="muted">none</span>}
                  {b.digest === latest ? <span class="tag">latest</span> : null}
                </td>
                <td>
                  <Time iso={b.builtAt} />
                </td>
                <td>{orNone(b.commit)}</td>
                <td>{orNone(b.branch)}</td>
                <td>
                  <BuildUrl url={b.buildUrl} />
                </td>
                <td>
                  <DocumentLink digest={b.digest} />
                </td>
                <td>
                  <Subject subject={b.subject} short />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MoreButton list={list} label="More builds" what="builds" />
    </>
  );
}
