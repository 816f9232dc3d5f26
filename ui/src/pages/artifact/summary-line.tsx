// The artifact page's first answer: what it contains and what is vulnerable in it, in one line:
// the distinct vulnerabilities, then the findings (package × vulnerability) counted by severity.
import type { Resource } from '../../api/use-load';
import { SeverityBadge } from '../../components/severity-badge';
import { countBySeverity } from '../../components/severity';
import { plural } from '../../components/text';
import type { ArtifactVuln, Contents } from './load';
import { countByType, countVulnerabilities } from './summary';

export function SummaryLine({ contents, vulns }: { contents: Resource<Contents>; vulns: Resource<ArtifactVuln[]> }) {
  return (
    <p class="summary-line" data-testid="artifact-summary" aria-live="polite">
      {contents.state === 'ready' ? (
        <span data-testid="package-count">
          {plural(contents.data.total, 'package')} of {plural(countByType(contents.data.purls).length, 'type')}
        </span>
      ) : (
        <span class="muted">{contents.state === 'loading' ? 'Counting packages…' : 'Contents unavailable'}</span>
      )}
      {' · '}
      {vulns.state === 'ready' ? (
        <span data-testid="vuln-count">
          <a href="#vulns-h">{plural(countVulnerabilities(vulns.data), 'vulnerability', 'vulnerabilities')}</a>
          {vulns.data.length > 0 ? (
            <>
              {' · '}
              <span data-testid="finding-count" title="A finding is one vulnerability in one package">
                {plural(vulns.data.length, 'finding')}
              </span>
              {': '}
            </>
          ) : (
            ''
          )}
          {countBySeverity(vulns.data).map((c, i) => (
            <span key={c.severity} data-severity={c.severity}>
              {i > 0 ? ', ' : ''}
              <SeverityBadge severity={c.severity} /> {c.count}
            </span>
          ))}
        </span>
      ) : (
        <span class="muted">
          {vulns.state === 'loading' ? 'Counting vulnerabilities…' : 'Vulnerabilities unavailable'}
        </span>
      )}
    </p>
  );
}
