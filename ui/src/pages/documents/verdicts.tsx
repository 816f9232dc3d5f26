// The "Verdicts" section of a document's page: what GET /v0/verdicts?build= recorded for the
// build, newest first. The API does not say whether a document is an SBOM build; for any other
// document it answers an empty list, read here as "no verdict yet".
import { useCallback } from 'preact/hooks';
import { api, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Show } from '../../components/status';
import { VerdictBadge } from '../../components/verdict-badge';
import { projectHref } from '../../links';
import { plural } from './logic';
import { Time } from './parts';

export function Verdicts({ digest }: { digest: string }) {
  const verdicts = useLoad(
    useCallback(
      async (signal: AbortSignal) =>
        unwrap(await api.GET('/v0/verdicts', { params: { query: { build: digest } }, signal })).verdicts,
      [digest],
    ),
  );
  return (
    <section class="verdicts" aria-labelledby="verdicts-heading">
      <h2 id="verdicts-heading">Verdicts</h2>
      <Show resource={verdicts} what="the verdicts">
        {(list) =>
          list.length === 0 ? (
            <p>
              No verdict yet.{' '}
              <span class="muted">
                A verdict judges an SBOM build by its project’s policies (<code>supplygraph check</code>, or{' '}
                <code>POST /v0/verdicts?build=</code>); other documents have none.
              </span>
            </p>
          ) : (
            <div class="table-scroll">
              <table class="verdict-list">
                <caption>{plural(list.length, 'verdict')} recorded for this build, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Verdict</th>
                    <th scope="col">When</th>
                    <th scope="col">Asked by</th>
                    <th scope="col">Project</th>
                    <th scope="col" class="number">
                      Violations
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((v, i) => (
                    <tr key={`${v.at} ${i}`}>
                      <td>
                        <VerdictBadge verdict={v.verdict} />
                      </td>
                      <td>
                        <Time iso={v.at} />
                      </td>
                      <td>{v.by ?? <span class="muted">unknown</span>}</td>
                      <td>
                        {v.project ? <a href={projectHref(v.project)}>{v.project}</a> : <span class="muted">none</span>}
                      </td>
                      <td class="number">{v.violations.length.toLocaleString('en-US')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Show>
    </section>
  );
}
