import type { KolSort } from '@xg/shared';
import type { CreatorMatch } from './creators.repository.js';
import type { KolFilter } from './search.repository.js';

/** One page of creator ids and the capped match count (search.repository.ts SEARCH_TOTAL_CAP + 1). */
export interface IndexPage {
  ids: string[];
  /** matches counted up to SEARCH_TOTAL_CAP + 1 */
  total: number;
}

/**
 * Where `GET /api/searchKol` pages come from before the SQL path (issue #28 item 7, docs/scaling.md "The creator
 * search index at 10M"). The one seam between the search routes and the index: today the in-process
 * `CreatorSearchIndex` (search-index.ts); past the size where a copy per API process stops being sensible, a
 * client of a shared index service or of a search engine implements the same three members, and `null` in the
 * context means PostgreSQL alone. The routes, the search service, the exports and the health check only see this.
 */
export interface CreatorSearchBackend {
  /** creators the backend answers for; null while it cannot answer yet (the SQL path serves meanwhile) */
  readonly size: number | null;
  /** (re)builds or reloads; resolves when done (start-up warm-up, tests) */
  refresh(): Promise<void>;
  /**
   * One page and the capped count, exactly as the SQL path would answer them (KolSearchRepository
   * searchPageIds + countMatches); null: this backend cannot answer the query and the SQL path runs.
   */
  page(
    match: CreatorMatch | null,
    f: KolFilter,
    sort: KolSort | null,
    page: { limit: number; offset: number },
  ): Promise<IndexPage | null>;
}
