// The package page's vulnerabilities (its own and its dependencies'): severity with KEV and EPSS,
// summary, the package it was reported for with its VEX status, and "Why?" for a dependency: shows
// the path to it in the graph view.
import { useCallback } from 'preact/hooks';
import { useLoad } from '../../api/use-load';
import { Show } from '../../components/status';
import { ExploitationBadges } from '../../components/exploitation-badges';
import { SeverityBadge } from '../../components/severity-badge';
import { countBySeverity } from '../../components/severity';
import { plural } from '../../components/text';
import { packageHref, vulnHref } from '../../links';
import { loadPackageVulns, VULN_DETAIL_LIMIT, type PackageVulns as PackageVulnsData, type VulnRow } from './load-vulns';

function VexStatus({ row, purl }: { row: VulnRow; purl: string }) {
  const entry = row.vex.get(purl);
  if (entry?.suppressedBy) {
    const { status, justification } = entry.suppressedBy;
    return (
      <span class="vex not-affected">
        not affected (VEX {status.toLowerCase()}
        {justification ? `: ${justification}` : ''})
      </span>
    );
  }
  if (entry?.vex) return <span class="vex">VEX: {entry.vex.toLowerCase()}</span>;
  return <span class="muted">no VEX statement</span>;
}

/** How many vulnerabilities, by severity, and how much of the API's answer the table covers. */
function VulnSummary({ vulns }: { vulns: PackageVulnsData }) {
  return (
    <>
      <p class="summary-line" data-testid="vuln-summary">
        {vulns.distinct === 0
          ? 'No known vulnerability in this package or its dependencies.'
          : `${plural(vulns.distinct, 'vulnerability', 'vulnerabilities')} in this package and its dependencies:`}
        {vulns.distinct > 0
          ? countBySeverity(vulns.rows).map((c) => (
              <span key={c.severity} class="count-badge">
                {' '}
                <SeverityBadge severity={c.severity} /> {c.count}
              </span>
            ))
          : null}
      </p>
      {vulns.distinct > VULN_DETAIL_LIMIT ? (
        <p class="muted">Details of the first {VULN_DETAIL_LIMIT} are shown.</p>
      ) : null}
      {vulns.total > vulns.findings ? (
        <p class="muted">
          The API holds {vulns.total} findings; the first {vulns.findings} are summarised here.
        </p>
      ) : null}
    </>
  );
}

interface RowProps {
  row: VulnRow;
  /** The page's package: its own findings get no "Why?". */
  purl: string;
  onWhy: (dependency: string) => void;
}

function ReportedFor({ row, purl, onWhy }: RowProps) {
  return (
    <ul class="plain">
      {row.packages.map((p) => (
        <li key={p}>
          <a class="purl" href={packageHref(p)}>
            {p}
          </a>{' '}
          <VexStatus row={row} purl={p} />{' '}
          {p !== purl ? (
            <button type="button" class="why" onClick={() => onWhy(p)}>
              Why?<span class="visually-hidden"> Show the path to {p} in the graph</span>
            </button>
          ) : (
            <span class="muted">(this package)</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function VulnTableRow({ row, purl, onWhy }: RowProps) {
  return (
    <tr data-vuln={row.id}>
      <td class="vuln-id">
        <a href={vulnHref(row.id)}>{row.id}</a>
      </td>
      <td>
        <SeverityBadge severity={row.severity} />
        {row.cvssScore !== undefined ? <span class="muted"> CVSS {row.cvssScore}</span> : null}
        <ExploitationBadges kev={row.kev} epss={row.epss} />
      </td>
      <td>{row.summary || <span class="muted">no summary</span>}</td>
      <td>
        <ReportedFor row={row} purl={purl} onWhy={onWhy} />
      </td>
    </tr>
  );
}

function VulnTable({ rows, purl, onWhy }: { rows: VulnRow[] } & Omit<RowProps, 'row'>) {
  return (
    <div class="table-wrap">
      <table class="vuln-table">
        <caption class="visually-hidden">Vulnerabilities, most severe first</caption>
        <thead>
          <tr>
            <th scope="col">Vulnerability</th>
            <th scope="col">Severity</th>
            <th scope="col">Summary</th>
            <th scope="col">Package and VEX status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <VulnTableRow key={row.id} row={row} purl={purl} onWhy={onWhy} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PackageVulns({ purl, onWhy }: { purl: string; onWhy: (dependency: string) => void }) {
  const vulns = useLoad(useCallback((signal: AbortSignal) => loadPackageVulns(purl, signal), [purl]));
  return (
    <section aria-labelledby="vulns-h">
      <h2 id="vulns-h">Vulnerabilities</h2>
      <Show resource={vulns} what="the vulnerabilities">
        {(data) => (
          <>
            <VulnSummary vulns={data} />
            {data.rows.length > 0 ? <VulnTable rows={data.rows} purl={purl} onWhy={onWhy} /> : null}
          </>
        )}
      </Show>
    </section>
  );
}
