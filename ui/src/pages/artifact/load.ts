// The artifact page's data: its contents (every page of its dependencies, up to 10,000) with
// the licence summary, and every vulnerability of it and its contents, most severe first.
import { allPages, api, unwrap } from '../../api/client';
import type { Answer } from '../../components/api-types';
import { bySeverity } from '../../components/severity';

export const CONTENTS_MAX = 10_000;

export type ArtifactVuln = Answer<'/v0/artifact/{digest}/vulns'>['vulnerabilities'][number];

export interface Contents {
  purls: string[];
  total: number;
  truncated: boolean;
  licences: Answer<'/analysis/licenses'>;
}

export async function loadContents(digest: string, signal: AbortSignal): Promise<Contents> {
  let total = 0;
  const [deps, licences] = await Promise.all([
    allPages(async (cursor) => {
      const query = { PageSize: 1000, Cursor: cursor };
      const data = unwrap(
        await api.GET('/v0/artifact/{digest}/dependencies', { params: { path: { digest }, query }, signal }),
      );
      total = data.PaginationInfo.TotalCount;
      return { items: data.PurlList, next: data.PaginationInfo.NextCursor };
    }, CONTENTS_MAX),
    api.GET('/analysis/licenses', { params: { query: { artifact: digest } }, signal }).then(unwrap),
  ]);
  return { purls: deps.items, total, truncated: deps.truncated, licences };
}

export async function loadArtifactVulns(digest: string, signal: AbortSignal): Promise<ArtifactVuln[]> {
  const all = await allPages(async (cursor) => {
    const query = { PageSize: 1000, Cursor: cursor, includeDependencies: 'true' as const };
    const data = unwrap(await api.GET('/v0/artifact/{digest}/vulns', { params: { path: { digest }, query }, signal }));
    return { items: data.vulnerabilities, next: data.PaginationInfo.NextCursor };
  });
  return all.items.sort(bySeverity);
}
