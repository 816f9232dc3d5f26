// Findings as /v0/findings lists them (in the order asked): one row per build, package version and
// vulnerability, with KEV and EPSS beside the severity, the versions that fix it, its VEX status
// and the path from the build.
import type { Answer } from '../../components/api-types';
import { Chain } from '../../components/chain';
import { ExploitationBadges } from '../../components/exploitation-badges';
import { SeverityBadge } from '../../components/severity-badge';
import { documentHref, packageHref, projectHref, vulnHref } from '../../links';

export type Finding = Answer<'/v0/findings'>['findings'][number];

function Vex({ finding }: { finding: Finding }) {
  const { vex } = finding;
  if (vex === null) return <span class="muted">no statement</span>;
  const status = vex.status.toLowerCase();
  return (
    <span class={finding.suppressed ? 'vex not-affected' : 'vex'} title={`Statement about ${vex.subject}`}>
      {finding.suppressed ? `suppressed (${status})` : status}
      {vex.justification ? `: ${vex.justification}` : ''}
    </span>
  );
}

function FixedIn({ versions }: { versions: string[] }) {
  if (versions.length === 0) return <span class="muted">no fix known</span>;
  return <span class="mono">{versions.join(', ')}</span>;
}

function Build({ finding }: { finding: Finding }) {
  return (
    <>
      <a href={projectHref(finding.project)}>{finding.project}</a>{' '}
      <a class="muted build-link" href={documentHref(finding.build.digest)} title={finding.build.digest}>
        {finding.build.version ?? 'build'}
      </a>
    </>
  );
}

export function FindingsTable({
  findings,
  showProject = true,
  caption,
}: {
  findings: Finding[];
  /** The project column (left out on a project's own page). */
  showProject?: boolean;
  caption: string;
}) {
  return (
    <div class="table-wrap">
      <table class="vuln-table findings">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Severity</th>
            <th scope="col">Vulnerability</th>
            <th scope="col">Package</th>
            <th scope="col">Fixed in</th>
            <th scope="col">VEX</th>
            {showProject ? <th scope="col">Project, build</th> : null}
            <th scope="col">Path</th>
          </tr>
        </thead>
        <tbody>
          {findings.map((f) => (
            <tr
              key={`${f.build.digest} ${f.package} ${f.vulnerability.id}`}
              data-vuln={f.vulnerability.id}
              data-package={f.package}
            >
              <td class="nowrap">
                <SeverityBadge severity={f.severity} />
                {f.cvssScore !== undefined ? <span class="muted"> CVSS {f.cvssScore}</span> : null}
                <ExploitationBadges kev={f.vulnerability.kev} epss={f.vulnerability.epss} />
              </td>
              <td class="vuln-id">
                <a href={vulnHref(f.vulnerability.id)}>{f.vulnerability.id}</a>
                {f.vulnerability.vulnerabilityIDs.length > 1 ? (
                  <span class="muted aliases"> {f.vulnerability.vulnerabilityIDs.slice(1).join(', ')}</span>
                ) : null}
              </td>
              <td class="package">
                <a class="purl" href={packageHref(f.package)}>
                  {f.package}
                </a>
              </td>
              <td class="fixed-in">
                <FixedIn versions={f.fixedIn} />
              </td>
              <td class="vex-cell">
                <Vex finding={f} />
              </td>
              {showProject ? (
                <td class="build-cell">
                  <Build finding={f} />
                </td>
              ) : null}
              <td class="path-cell">
                <Chain path={f.path} short />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
