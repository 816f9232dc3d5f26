// One vulnerability's record: ids, severity (and every source's rating), KEV and EPSS, dates,
// summary, description (plain text, paragraphs kept) and references (http(s) only).
import type { Answer } from '../../components/api-types';
import { ExploitationBadges } from '../../components/exploitation-badges';
import { epssDetail, kevFacts } from '../../components/exploitation';
import { SeverityBadge } from '../../components/severity-badge';
import { paragraphs, plural, safeHref } from '../../components/text';
import { vulnHref } from '../../links';

export type VulnRecord = Answer<'/v0/vuln/{id}'>;

function Reference({ url }: { url: string }) {
  const href = safeHref(url);
  // Anything but http(s) (javascript:, data:…) is shown as text, never as a link.
  return href ? (
    <a class="purl" href={href} rel="noopener noreferrer">
      {url}
    </a>
  ) : (
    <span class="purl">{url}</span>
  );
}

type Rating = VulnRecord['ratings'][number];

/** One source's rating: its badge, who gave it, its CVSS score, and the document it came from. */
function RatingItem({ rating }: { rating: Rating }) {
  return (
    <li data-source={rating.source}>
      <SeverityBadge severity={rating.severity} /> {rating.source}
      {rating.kind === 'cvss' ? ` CVSS ${rating.score ?? ''}` : ' (label)'}
      <span class="muted">
        {' '}
        for {rating.vulnerabilityID}, in {rating.origin}
      </span>
    </li>
  );
}

export function RecordHeader({ record }: { record: VulnRecord }) {
  return (
    <header class="entity-header">
      <p class="kind muted">Vulnerability ({record.type})</p>
      <h1>
        {record.id} <SeverityBadge severity={record.severity} />
        <ExploitationBadges kev={record.kev} epss={record.epss} />
      </h1>
      {/* An OSV summary is also the description when there is no other: not shown twice. */}
      {record.summary && record.summary !== record.description ? <p class="lead">{record.summary}</p> : null}
      <p class="summary-line" data-testid="reach">
        Affects {plural(record.packages.affected, 'package version')}
        {record.packages.suppressed > 0 ? ` (${record.packages.suppressed} more not affected per VEX)` : ''}; reaches{' '}
        <a href="#artifacts-h">{plural(record.artifacts, 'artifact')}</a> and{' '}
        <a href="#dependents-h">{plural(record.dependents, 'dependent package', 'dependent packages')}</a>.
      </p>
    </header>
  );
}

/** KEV and EPSS in words (the header's badges say them in short, their details only in a title). */
function Exploitation({ record }: { record: VulnRecord }) {
  return (
    <>
      <dt>Known exploited</dt>
      <dd data-testid="kev">
        {record.kev ? `Yes: ${kevFacts(record.kev)}` : <span class="muted">not in the KEV catalogue loaded</span>}
      </dd>
      <dt>EPSS</dt>
      <dd data-testid="epss">{record.epss ? epssDetail(record.epss) : <span class="muted">no score loaded</span>}</dd>
    </>
  );
}

export function RecordDetails({ record }: { record: VulnRecord }) {
  const text = paragraphs(record.description);
  return (
    <section aria-labelledby="record-h">
      <h2 id="record-h">Record</h2>
      <dl class="facts">
        <dt>Aliases</dt>
        <dd>
          {record.aliases.length === 0 ? (
            <span class="muted">none</span>
          ) : (
            record.aliases.map((a, i) => (
              <span key={a}>
                {i > 0 ? ', ' : ''}
                <a href={vulnHref(a)}>{a}</a>
              </span>
            ))
          )}
        </dd>
        <dt>Severity</dt>
        <dd>
          <SeverityBadge severity={record.severity} />
          {record.cvssScore !== undefined ? ` CVSS ${record.cvssScore}` : ''}
          {record.severitySource?.scoreType ? <span class="muted"> ({record.severitySource.scoreType})</span> : null}
          {record.severitySource ? <span class="muted"> from {record.severitySource.source}</span> : null}
        </dd>
        {record.ratings.length > 1 ? (
          <>
            <dt>Ratings</dt>
            <dd>
              <ul class="plain ratings" aria-label="Every source's rating, the one shown first">
                {record.ratings.map((r, i) => (
                  <RatingItem key={i} rating={r} />
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        <Exploitation record={record} />
        <dt>Published</dt>
        <dd>{record.published ?? <span class="muted">unknown</span>}</dd>
        <dt>Modified</dt>
        <dd>{record.modified ?? <span class="muted">unknown</span>}</dd>
      </dl>
      <h3>Description</h3>
      <div class="description" data-testid="description">
        {text.length === 0 ? (
          <p class="muted">No document gives a description.</p>
        ) : (
          text.map((p, i) => <p key={i}>{p}</p>)
        )}
      </div>
      <h3>References</h3>
      {record.references.length === 0 ? (
        <p class="muted">None.</p>
      ) : (
        <ul class="plain references">
          {record.references.map((r) => (
            <li key={r}>
              <Reference url={r} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
