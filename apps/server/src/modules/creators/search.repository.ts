import { sql, type RawBuilder } from 'kysely';
import type { KolSort } from '@xg/shared';
import type { Db } from '../../db/client.js';
import { nameCondition, type CreatorMatch } from './creators.repository.js';
import { num } from './kol-items.js';

/**
 * The creator filters of `GET /api/searchKol`, already resolved by the service (partition tids expanded,
 * MCN checked). null = not filtered.
 */
export interface KolFilter {
  tids: number[] | null;
  fansMin: number | null;
  fansMax: number | null;
  levels: number[] | null;
  approve: number[] | null;
  gender: number | null;
  /** 0 = creators without an MCN */
  mcnId: number | null;
  isLive: number | null;
  /** a filter no creator can pass (isEnter=1: not in the data) */
  impossible: boolean;
  /** conditions on the derived metrics (price, audience), built by MetricsConditions */
  metrics: RawBuilder<unknown>[];
}

export const EMPTY_FILTER: KolFilter = {
  tids: null,
  fansMin: null,
  fansMax: null,
  levels: null,
  approve: null,
  gender: null,
  mcnId: null,
  isLive: null,
  impossible: false,
  metrics: [],
};

/**
 * The largest `total` a search counts; beyond it the answer says `totalCapped` ("1000+"), as Bilibili's own
 * search stops at 50 pages of 20. Counting reads every matching row, so an uncapped total of a common
 * 1-character keyword would cost more than its page; deeper pages stay readable (pageNo ≤ 500).
 */
export const SEARCH_TOTAL_CAP = 1_000;
/** At most this many exact name/UID matches are put first. */
const EXACT_MAX = 50;

/**
 * ORDER BY of each sort; every one ends in `c.id` for a stable order. No index covers the counters (0012: snapshots
 * update them in place), so PostgreSQL ranks the matching rows; the in-memory search index answers the common cases.
 */
function orderBy(sort: KolSort): RawBuilder<unknown> {
  switch (sort) {
    case 'fans':
      return sql`c.fans DESC, c.id`;
    case 'indexNum':
      return sql`c.index_num DESC, c.id`;
    case 'plays':
      return sql`c.plays DESC, c.id`;
    case 'growth':
      // creators without derived figures yet sort last
      return sql`g.fans_change_30 DESC NULLS LAST, c.id`;
  }
}

function filterConditions(f: KolFilter): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (f.impossible) out.push(sql`false`);
  if (f.tids) out.push(sql`c.partition_tid = ANY(${f.tids}::int[])`);
  if (f.fansMin !== null) out.push(sql`c.fans >= ${f.fansMin}`);
  if (f.fansMax !== null) out.push(sql`c.fans <= ${f.fansMax}`);
  if (f.levels) out.push(sql`c.level = ANY(${f.levels}::smallint[])`);
  if (f.approve) out.push(sql`c.official_type = ANY(${f.approve}::smallint[])`);
  if (f.gender !== null) out.push(sql`c.sex = ${f.gender}`);
  if (f.mcnId === 0) out.push(sql`c.mcn_id IS NULL`);
  else if (f.mcnId !== null) out.push(sql`c.mcn_id = ${f.mcnId}`);
  if (f.isLive !== null) out.push(sql`c.is_live = ${f.isLive}`);
  out.push(...f.metrics);
  return out;
}

function keywordCondition(match: CreatorMatch): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  if (match.uid !== null) conditions.push(sql`c.mid = ${match.uid}::bigint`);
  if (match.name !== null) conditions.push(nameCondition(match.name));
  if (conditions.length === 0) return sql`false`;
  return sql`(${sql.join(conditions, sql` OR `)})`;
}

function exactCondition(match: CreatorMatch): RawBuilder<unknown> {
  return match.uid !== null
    ? sql`(c.mid = ${match.uid}::bigint OR lower(c.name) = lower(${match.exact}))`
    : sql`lower(c.name) = lower(${match.exact})`;
}

const runRows = async <R>(db: Db, query: RawBuilder<R>): Promise<R[]> => (await query.execute(db)).rows;

const and = (parts: RawBuilder<unknown>[]): RawBuilder<unknown> =>
  parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `);

export class KolSearchRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of the ids of the creators matching the keyword (optional) and the filters. With a keyword
   * and no explicit sort, exact name/UID matches come first (at most EXACT_MAX, read on the lower(name) and
   * mid indexes), then the rest by fans (a top-N sort of the matches: no index orders creators by fans since
   * 0012; this is the fallback of the in-memory search index). Not prepared: the best plan depends on the
   * keyword.
   */
  async searchPageIds(
    match: CreatorMatch | null,
    filter: KolFilter,
    sort: KolSort | null,
    page: { limit: number; offset: number },
  ): Promise<string[]> {
    const base = filterConditions(filter);
    const where = and([...(match ? [keywordCondition(match)] : []), ...base]);
    const effectiveSort: KolSort = sort ?? 'fans';
    // the 30-day fans change of the derived metrics (docs/metrics.md)
    const join = effectiveSort === 'growth' ? sql`LEFT JOIN creator_metrics g ON g.creator_id = c.id` : sql``;
    const query =
      match && sort === null
        ? sql<{ id: string }>`
            SELECT u.id FROM (
              (SELECT c.id, 0 AS grp, c.fans FROM creators c WHERE ${exactCondition(match)} AND ${and(base)}
                ORDER BY c.fans DESC, c.id LIMIT ${EXACT_MAX})
              UNION ALL
              (SELECT c.id, 1 AS grp, c.fans FROM creators c WHERE ${where} AND NOT ${exactCondition(match)}
                ORDER BY c.fans DESC, c.id LIMIT ${page.offset + page.limit})
            ) u
            ORDER BY u.grp, u.fans DESC, u.id OFFSET ${page.offset} LIMIT ${page.limit}`
        : sql<{ id: string }>`
            SELECT c.id FROM creators c ${join} WHERE ${where}
            ORDER BY ${orderBy(effectiveSort)} LIMIT ${page.limit} OFFSET ${page.offset}`;
    return (await runRows(this.db, query)).map((r) => r.id);
  }

  /** The number of matches, counted up to SEARCH_TOTAL_CAP + 1. */
  async countMatches(match: CreatorMatch | null, filter: KolFilter): Promise<number> {
    const where = and([...(match ? [keywordCondition(match)] : []), ...filterConditions(filter)]);
    const rows = await runRows(
      this.db,
      sql<{ total: string }>`
        SELECT count(*) AS total FROM (SELECT 1 FROM creators c WHERE ${where} LIMIT ${SEARCH_TOTAL_CAP + 1}) s`,
    );
    return num(rows[0]?.total ?? 0);
  }

  /**
   * Suggestions: names starting with the keyword first (lower(name) text_pattern_ops index), then names
   * containing it, each by fans; a UID match first of all. At most `limit`, no duplicates.
   */
  async suggestIds(match: CreatorMatch, limit: number): Promise<string[]> {
    const parts: RawBuilder<unknown>[] = [];
    if (match.uid !== null) {
      parts.push(sql`(SELECT c.id, 0 AS grp, c.fans FROM creators c WHERE c.mid = ${match.uid}::bigint)`);
    }
    if (match.name !== null) {
      const prefix = `${match.name.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      parts.push(sql`(SELECT c.id, 1 AS grp, c.fans FROM creators c WHERE lower(c.name) LIKE ${prefix}
                      ORDER BY c.fans DESC, c.id LIMIT ${limit})`);
      parts.push(sql`(SELECT c.id, 2 AS grp, c.fans FROM creators c WHERE ${nameCondition(match.name)}
                      ORDER BY c.fans DESC, c.id LIMIT ${limit})`);
    }
    if (parts.length === 0) return [];
    const rows = await sql<{ id: string }>`
      SELECT id FROM (
        SELECT DISTINCT ON (id) id, grp, fans FROM (${sql.join(parts, sql` UNION ALL `)}) u ORDER BY id, grp
      ) d ORDER BY grp, fans DESC, id LIMIT ${limit}`.execute(this.db);
    return rows.rows.map((r) => r.id);
  }
}
