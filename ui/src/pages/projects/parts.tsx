// Pieces the portfolio and a project's page share: labels, a build's name and time, a build's
// last verdict.
import { useCallback } from 'preact/hooks';
import { api, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { VerdictBadge } from '../../components/verdict-badge';
import { documentHref } from '../../links';
import { Time } from '../documents/parts';
import { buildName, labelText, type Build } from './logic';

export function Labels({ labels }: { labels: Record<string, string> }) {
  const shown = labelText(labels);
  if (shown.length === 0) return <span class="muted">none</span>;
  return (
    <ul class="labels">
      {shown.map((label) => (
        <li key={label}>
          <code>{label}</code>
        </li>
      ))}
    </ul>
  );
}

/** A build's version, linked to its document's page, and when it was built. */
export function BuildRef({ build }: { build: Pick<Build, 'version' | 'digest' | 'builtAt'> }) {
  return (
    <>
      <a class="build-link" href={documentHref(build.digest)} title={build.digest}>
        {buildName(build)}
      </a>{' '}
      <span class="muted">
        <Time iso={build.builtAt} />
      </span>
    </>
  );
}

/** The newest verdict recorded for a build (GET /v0/verdicts?build=), or `none`. */
export function LastVerdict({ digest }: { digest: string }) {
  const verdicts = useLoad(
    useCallback(
      async (signal: AbortSignal) =>
        unwrap(await api.GET('/v0/verdicts', { params: { query: { build: digest } }, signal })).verdicts,
      [digest],
    ),
  );
  if (verdicts.state === 'loading') return <span class="muted">…</span>;
  if (verdicts.state === 'failed') return <span class="muted">unavailable ({verdicts.error.detail})</span>;
  const [last] = verdicts.data;
  if (last === undefined) return <span class="muted">none</span>;
  return (
    <span class="last-verdict">
      <VerdictBadge verdict={last.verdict} />{' '}
      <span class="muted">
        <Time iso={last.at} />
      </span>
    </span>
  );
}
