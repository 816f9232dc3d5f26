// What the graph knows of one package version (`/info`): licences, sources, scorecard,
// documents and the sizes of its lists.
import { LinkList } from '../../components/link-list';
import { documentHref } from '../../links';
import type { Answer } from '../../components/api-types';
import { plural, safeHref } from '../../components/text';

export type PackageInfo = Answer<'/v0/package/{purl}/info'>;

function Licences({ licenses }: { licenses: PackageInfo['licenses'] }) {
  if (licenses.length === 0) return <p class="muted">No document states a licence for this version.</p>;
  return (
    <ul class="plain">
      {licenses.map((l, i) => (
        <li key={`${l.expression} ${l.kind} ${l.document} ${i}`}>
          <code>{l.expression}</code> <span class="muted">({l.kind}</span>
          {l.verbatim ? <span class="muted">, as written: not an SPDX expression</span> : null}
          <span class="muted">)</span> per{' '}
          <a class="digest" href={documentHref(l.document)}>
            {l.document.slice(0, 19)}…
          </a>
        </li>
      ))}
    </ul>
  );
}

function Source({ url }: { url: string }) {
  // A VCS URL such as git+https://github.com/o/r links to its https form.
  const href = safeHref(url.replace(/^git\+/, ''));
  return href ? (
    <a class="purl" href={href} rel="noopener noreferrer">
      {url}
    </a>
  ) : (
    <span class="purl">{url}</span>
  );
}

export function InfoDetails({ info }: { info: PackageInfo }) {
  return (
    <section aria-labelledby="info-h">
      <h2 id="info-h">About this version</h2>
      <dl class="facts">
        <dt>Type</dt>
        <dd>{info.type}</dd>
        {info.namespace ? (
          <>
            <dt>Namespace</dt>
            <dd class="purl">{info.namespace}</dd>
          </>
        ) : null}
        <dt>Name</dt>
        <dd class="purl">{info.name}</dd>
        <dt>Version</dt>
        <dd class="purl">{info.version ?? <span class="muted">none</span>}</dd>
        <dt>Licences</dt>
        <dd data-testid="licences">
          <Licences licenses={info.licenses} />
        </dd>
        <dt>Sources</dt>
        <dd>
          {info.sources.length === 0 ? (
            <span class="muted">none known</span>
          ) : (
            <ul class="plain">
              {info.sources.map((s) => (
                <li key={s}>
                  <Source url={s} />
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Scorecard</dt>
        <dd data-testid="scorecard">
          {info.scorecard ? (
            <>
              <strong>{info.scorecard.score}</strong>/10 on {info.scorecard.date.slice(0, 10)} for{' '}
              <Source url={info.scorecard.source} />
            </>
          ) : (
            <span class="muted">none</span>
          )}
        </dd>
        <dt>Documents</dt>
        <dd>
          {info.counts.documents} naming it
          <LinkList items={info.documents} href={documentHref} className="digest" />
          {info.counts.documents > info.documents.length ? (
            <span class="muted">(the {info.documents.length} most recent are listed)</span>
          ) : null}
        </dd>
      </dl>
    </section>
  );
}

/** Under the title: what the purl says (type, namespace, name, version) and the lists' sizes. */
export function Overview({ info }: { info: PackageInfo }) {
  const c = info.counts;
  return (
    <>
      <p class="identity">
        <span class="muted">type</span> {info.type}
        {info.namespace ? (
          <>
            {' · '}
            <span class="muted">namespace</span> <span class="purl">{info.namespace}</span>
          </>
        ) : null}
        {' · '}
        <span class="muted">name</span> <span class="purl">{info.name}</span>
        {' · '}
        <span class="muted">version</span> <span class="purl">{info.version ?? 'none'}</span>
      </p>
      <p class="summary-line" data-testid="counts">
        <a href="#deps-h">{plural(c.dependencies, 'dependency', 'dependencies')}</a> ·{' '}
        <a href="#dependents-h">{plural(c.dependents, 'dependent')}</a> ·{' '}
        {plural(c.vulnerabilities, 'vulnerability', 'vulnerabilities')} of its own · {plural(c.documents, 'document')}
      </p>
    </>
  );
}
