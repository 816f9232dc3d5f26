// The artifact's vulnerabilities (its own packages' and its contents'), most severe first, KEV and
// EPSS beside the severity, each with "Why?": the path from the artifact to the vulnerable package
// in the graph view.
import { ExploitationBadges } from '../../components/exploitation-badges';
import { SeverityBadge } from '../../components/severity-badge';
import { packageHref, vulnHref } from '../../links';
import type { ArtifactVuln } from './load';

export function ArtifactVulns({ vulns, onWhy }: { vulns: ArtifactVuln[]; onWhy: (purl: string) => void }) {
  return (
    <section aria-labelledby="vulns-h">
      <h2 id="vulns-h">Vulnerabilities</h2>
      <p class="muted">
        Of the artifact's own packages and of everything it contains, one row per finding (a vulnerability in one
        package, its severity as rated for that package); those a VEX statement says it is not affected by are left out.
      </p>
      {vulns.length === 0 ? (
        <p>No known vulnerability in this artifact or its contents (after VEX statements).</p>
      ) : (
        <div class="table-wrap">
          <table class="vuln-table">
            <caption class="visually-hidden">Vulnerabilities, most severe first</caption>
            <thead>
              <tr>
                <th scope="col">Vulnerability</th>
                <th scope="col">Severity</th>
                <th scope="col">Package</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {vulns.map((v) => (
                <tr key={`${v.id} ${v.package}`} data-vuln={v.id}>
                  <td class="vuln-id">
                    <a href={vulnHref(v.id)}>{v.id}</a>
                  </td>
                  <td>
                    <SeverityBadge severity={v.severity} />
                    {v.cvssScore !== undefined ? <span class="muted"> CVSS {v.cvssScore}</span> : null}
                    <ExploitationBadges kev={v.kev} epss={v.epss} />
                  </td>
                  <td>
                    <a class="purl" href={packageHref(v.package)}>
                      {v.package}
                    </a>{' '}
                    <button type="button" class="why" onClick={() => onWhy(v.package)}>
                      Why?<span class="visually-hidden"> Show the path to {v.package} in the graph</span>
                    </button>
                  </td>
                  <td class="description">{v.description || <span class="muted">no description</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
