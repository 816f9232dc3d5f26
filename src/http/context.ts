// What the routes need from the rest of the service.
import type { IndexService } from '../index/index-service.js';
import type { PageLimits } from '../query/pagination.js';

export interface ApiContext {
  service: IndexService;
  limits: PageLimits;
  /** ms a request may wait for a background computation before 504 (default 30 s). */
  queryBudgetMs?: number;
}

/** ETag of everything derived from the store at one version. */
export function versionTag(ctx: ApiContext, version = ctx.service.version): string {
  return `"${ctx.service.store.storeId.slice(0, 8)}-${version}"`;
}
