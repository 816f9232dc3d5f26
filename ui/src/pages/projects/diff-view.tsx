// What GET /v0/diff answered for two builds: the components added, removed and changed, the
// vulnerabilities introduced and fixed, the licences changed.
import type { ComponentChildren } from 'preact';
import { LinkList } from '../../components/link-list';
import { SeverityBadge } from '../../components/severity-badge';
import { packageHref, vulnHref } from '../../links';
import { diffText, type BuildDiff } from './logic';

type VulnItem = BuildDiff['vulnerabilities']['introduced'][number];

function Part({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: number;
  children: ComponentChildren;
}) {
  return (
    <section class="diff-part" aria-labelledby={id} data-part={id}>
      <h3 id={id}>
        {title} <span class="muted">({count.toLocaleString('en-US')})</span>
      </h3>
      {count === 0 ? <p class="muted">None.</p> : children}
    </section>
  );
}

function Names({ items }: { items: BuildDiff['added'] }) {
  return (
    <ul class="plain diff-names">
      {items.map((item) => (
        <li key={item.name}>
          <LinkList items={item.purls} href={packageHref} className="purl" />
        </li>
      ))}
    </ul>
  );
}

function Versions({ items, caption }: { items: { name: string; from: string[]; to: string[] }[]; caption: string }) {
  return (
    <div class="table-wrap">
      <table class="diff-table">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.name}>
              <td>
                <a class="purl" href={packageHref(item.name)}>
                  {item.name}
                </a>
              </td>
              <td class="mono">{item.from.join(', ') || <span class="muted">none stated</span>}</td>
              <td class="mono">{item.to.join(', ') || <span class="muted">none stated</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Vulns({ items, caption }: { items: VulnItem[]; caption: string }) {
  return (
    <div class="table-wrap">
      <table class="diff-table">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Severity</th>
            <th scope="col">Vulnerability</th>
            <th scope="col">Package</th>
          </tr>
        </thead>
        <tbody>
          {items.map((v) => (
            <tr key={`${v.package} ${v.id}`} data-vuln={v.id}>
              <td>
                <SeverityBadge severity={v.severity} />
              </td>
              <td class="nowrap">
                <a href={vulnHref(v.id)}>{v.id}</a>
              </td>
              <td>
                <a class="purl" href={packageHref(v.package)}>
                  {v.package}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DiffView({ diff }: { diff: BuildDiff }) {
  const { introduced, fixed } = diff.vulnerabilities;
  return (
    <div class="diff">
      <p class="summary-line" data-testid="diff-summary">
        {diffText(diff)}.
      </p>
      <div class="two-columns">
        <Part id="diff-added" title="Components added" count={diff.added.length}>
          <Names items={diff.added} />
        </Part>
        <Part id="diff-removed" title="Components removed" count={diff.removed.length}>
          <Names items={diff.removed} />
        </Part>
      </div>
      <Part id="diff-changed" title="Versions changed" count={diff.changed.length}>
        <Versions items={diff.changed} caption="Components whose version changed" />
      </Part>
      <div class="two-columns">
        <Part id="diff-introduced" title="Vulnerabilities introduced" count={introduced.length}>
          <Vulns items={introduced} caption="Vulnerabilities the “to” build has and the “from” build does not" />
        </Part>
        <Part id="diff-fixed" title="Vulnerabilities fixed" count={fixed.length}>
          <Vulns items={fixed} caption="Vulnerabilities the “from” build has and the “to” build does not" />
        </Part>
      </div>
      <Part id="diff-licences" title="Licences changed" count={diff.licensesChanged.length}>
        <Versions items={diff.licensesChanged} caption="Licences that changed" />
      </Part>
    </div>
  );
}
