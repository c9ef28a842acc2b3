import { sql } from 'kysely';
import type { CompanyRankingRow, RankingPeriod, RankingRow } from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { PreparedPool } from '../../db/read-replica.js';
import { preparedRows } from '../creators/prepared.js';
import { KOL_ITEM_COLUMNS, KOL_ITEM_JOINS, num, numOrNull, toKolItem, type KolItemRow } from '../creators/kol-items.js';

export type RankingListKind = 'fans' | 'increase' | 'decrease' | 'business' | 'company';

export interface RankingPage<T> {
  rows: T[];
  total: number;
  periodStart: string | null;
}

export interface ListKey {
  kind: RankingListKind;
  period: RankingPeriod;
  day: string;
  tid: number;
}

/**
 * A list's size: its ranks are 1…N (row_number in writeRankings), so N is its largest rank — one backward probe of
 * the primary key instead of counting N entries (whose heap checks, on a table the rollup has just rewritten, read
 * about two pages per row until the next vacuum sets the visibility map).
 */
const listSize = (key: ListKey) => sql`(SELECT coalesce(max(n.rank), 0) FROM rankings n WHERE n.kind = ${key.kind}
  AND n.period = ${key.period} AND n.day = ${key.day}::date AND n.partition_tid = ${key.tid})`;

/**
 * Reads the ranking lists the nightly rollup writes (table `rankings`, migration 0007, docs/metrics.md).
 * Every read walks the primary key (kind, period, day, partition_tid, rank).
 */
export class RankingsRepository {
  /** `pool`: the page statements run prepared (their planning cost more than their execution, at 1M ≈ 5 ms). */
  constructor(
    private readonly db: Db,
    private readonly pool: PreparedPool | null = null,
  ) {}

  /** The newest list date of a kind and period, or null. */
  async latestDay(kind: RankingListKind, period: RankingPeriod): Promise<string | null> {
    const r = await sql<{ day: string | null }>`
      SELECT max(day) AS day FROM rankings WHERE kind = ${kind} AND period = ${period}`.execute(this.db);
    return r.rows[0]?.day ?? null;
  }

  async dayExists(kind: RankingListKind, period: RankingPeriod, day: string): Promise<boolean> {
    const r = await sql<{ one: number }>`
      SELECT 1 AS one FROM rankings WHERE kind = ${kind} AND period = ${period} AND day = ${day}::date LIMIT 1`.execute(
      this.db,
    );
    return r.rows.length > 0;
  }

  /** List dates newest first: a loose index scan (one primary-key probe per date). */
  async days(kind: RankingListKind, period: RankingPeriod, limit: number): Promise<string[]> {
    const r = await sql<{ day: string }>`
      WITH RECURSIVE t(day) AS (
        SELECT max(day) FROM rankings WHERE kind = ${kind} AND period = ${period}
        UNION ALL
        SELECT (SELECT max(r.day) FROM rankings r WHERE r.kind = ${kind} AND r.period = ${period} AND r.day < t.day)
        FROM t WHERE t.day IS NOT NULL
      )
      SELECT day FROM t WHERE day IS NOT NULL LIMIT ${limit}`.execute(this.db);
    return r.rows.map((x) => x.day);
  }

  async count(key: ListKey): Promise<{ total: number; periodStart: string | null }> {
    const r = await sql<{ total: string; period_start: string | null }>`
      SELECT count(*) AS total, min(period_start) AS period_start FROM rankings
      WHERE kind = ${key.kind} AND period = ${key.period} AND day = ${key.day}::date AND partition_tid = ${key.tid}`.execute(
      this.db,
    );
    return { total: num(r.rows[0]?.total ?? 0), periodStart: r.rows[0]?.period_start ?? null };
  }

  /** A page's list size and window start: read off its first row, else (an empty page) by `count`. */
  private async pageTotal(
    key: ListKey,
    first: { total: string; period_start: string } | undefined,
  ): Promise<{ total: number; periodStart: string | null }> {
    return first ? { total: num(first.total), periodStart: first.period_start } : this.count(key);
  }

  /**
   * Ranks in (offset, offset + limit] of a creator list, with each creator's list row, the list's size and
   * its window start, in one statement (the size again by `count` only when the page is empty).
   */
  async creatorPage(key: ListKey, limit: number, offset: number): Promise<RankingPage<RankingRow>> {
    const rows = await preparedRows<
      KolItemRow & {
        rank: number;
        value: string;
        delta: string | null;
        period_start: string;
        value_day: string | null;
        base_day: string | null;
        total: string;
      }
    >(
      this.db,
      this.pool,
      sql`
      SELECT r.rank, r.value, r.delta, r.period_start, r.value_day, r.base_day, ${KOL_ITEM_COLUMNS},
             ${listSize(key)} AS total
      FROM rankings r
      JOIN creators c ON c.id = r.creator_id
      ${KOL_ITEM_JOINS}
      WHERE r.kind = ${key.kind} AND r.period = ${key.period} AND r.day = ${key.day}::date
        AND r.partition_tid = ${key.tid} AND r.rank > ${offset} AND r.rank <= ${offset + limit}
      ORDER BY r.rank`,
    );
    const { total, periodStart } = await this.pageTotal(key, rows[0]);
    return {
      rows: rows.map((row) =>
        // onto the fresh item, not a spread with new keys (slow on Node 20: kol-items.ts toKolItem)
        Object.assign(toKolItem(row), {
          rank: row.rank,
          value: num(row.value),
          delta: numOrNull(row.delta),
          valueDay: row.value_day,
          baseDay: row.base_day,
        }),
      ),
      total,
      periodStart,
    };
  }

  async companyPage(key: ListKey, limit: number, offset: number): Promise<RankingPage<CompanyRankingRow>> {
    const rows = await preparedRows<{
      rank: number;
      mcn_id: number;
      name: string | null;
      creator_count: number | null;
      fans: string;
      value: string;
      delta: string | null;
      period_start: string;
      total: string;
    }>(
      this.db,
      this.pool,
      sql`
      SELECT r.rank, r.mcn_id, m.name, r.creator_count, r.fans, r.value, r.delta, r.period_start,
             ${listSize({ ...key, kind: 'company' })} AS total
      FROM rankings r LEFT JOIN mcns m ON m.id = r.mcn_id
      WHERE r.kind = 'company' AND r.period = ${key.period} AND r.day = ${key.day}::date
        AND r.partition_tid = ${key.tid} AND r.rank > ${offset} AND r.rank <= ${offset + limit}
      ORDER BY r.rank`,
    );
    const { total, periodStart } = await this.pageTotal(key, rows[0]);
    return {
      rows: rows.map((row) => ({
        rank: row.rank,
        mcnId: row.mcn_id,
        mcnName: row.name ?? '',
        kolNum: row.creator_count,
        fansNum: numOrNull(row.fans),
        value: num(row.value),
        delta: numOrNull(row.delta),
      })),
      total,
      periodStart,
    };
  }

  /** The first tracked day (Asia/Shanghai) of any creator, null on an empty database (min of creators.tracked_since). */
  async firstTrackedDay(): Promise<string | null> {
    const r = await sql<{ day: string | null }>`
      SELECT (min(tracked_since) AT TIME ZONE 'Asia/Shanghai')::date::text AS day FROM creators`.execute(this.db);
    return r.rows[0]?.day ?? null;
  }

  /** The newest stored snapshot day, null when none. */
  async latestSnapshotDay(): Promise<string | null> {
    const r = await sql<{ day: string | null }>`
      SELECT coalesce((SELECT w.day::text FROM daily_high_water w WHERE w.table_name = 'creator_daily'),
                      (SELECT max(d.day)::text FROM creator_daily d)) AS day`.execute(this.db);
    return r.rows[0]?.day ?? null;
  }
}
