import { sql, type RawBuilder } from 'kysely';
import { roundIndexNum, type CreatorDetail, type CreatorSearchItem, type PriceInfo } from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { PreparedPool } from '../../db/read-replica.js';
import { fansIncrease30 } from '../metrics/figures.js';
import { num, numOrNull, toCreatorCard, type CreatorCardRow } from './kol-items.js';
import { preparedRows } from './prepared.js';
import { PRICE_COLUMNS, toPriceInfo, type DetailExtraRow, type PriceRowDb } from './sections.repository.js';

/**
 * What a search keyword is matched against (the service applies the §5 rules): `uid` is digits that fit
 * a bigint, compared exactly with `mid`; `name` is text searched as a case-insensitive substring of the
 * name. The two are OR-ed. `exact` is what an exact (case-insensitive) name match is compared with.
 */
export interface CreatorMatch {
  exact: string;
  uid: string | null;
  name: string | null;
}

export interface DetailBundle {
  detail: CreatorDetail;
  extra: DetailExtraRow;
  /** undefined when the creator is not rolled up yet */
  price: PriceInfo | undefined;
}

export interface TrendRow {
  dataDate: string;
  fansNum: number;
  playNum: number;
  praiseNum: number;
  /** day minus the previous stored day; null when the window's first day has no earlier row */
  fansInc: number | null;
  playInc: number | null;
  praiseInc: number | null;
}

interface DetailRowDb extends CreatorCardRow {
  sign: string;
  sex: number;
  official_title: string;
  mcn_name: string | null;
  parent_theme_name: string | null;
  is_live: number;
  live_room_id: string | null;
  /** NULL: the platform did not send it (migration 0031) */
  following: string | null;
  likes: string;
  plays: string;
  video_count: number;
  index_num: string;
  updated_at: Date;
}

/**
 * Substring match on the name, chosen by query length so that an index serves every length:
 * - 1–2 characters: `name_grams @> ARRAY[lower(q)]`. name_grams holds the unigrams and bigrams of
 *   lower(name) (GIN index), so this is exact, not a prefilter; pg_trgm cannot index such short queries.
 * - 3+ characters: `name ILIKE '%q%'` (%, _ and \ escaped) through the pg_trgm GIN index, AND the
 *   query's bigrams contained in name_grams. The bigram prefilter keeps queries without a whole trigram
 *   (e.g. 'a-b', where pg_trgm splits words) on an index; the planner picks the cheaper index or both.
 */
export function nameCondition(q: string): RawBuilder<unknown> {
  const length = Array.from(q).length;
  if (length <= 2) return sql`c.name_grams @> ARRAY[lower(${q})]::text[]`;
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const bigrams = sql`ARRAY(
    SELECT g FROM (SELECT substr(lower(${q}), i, 2) AS g FROM generate_series(1, char_length(${q}) - 1) AS i) s
    WHERE g !~ '^\\s+$')`;
  return sql`(c.name ILIKE ${pattern} AND c.name_grams @> ${bigrams})`;
}

export class CreatorRepository {
  /** `pool`: run the detail lookup as a prepared statement (prepared.ts); tools may leave it out. */
  constructor(
    private readonly db: Db,
    private readonly pool: PreparedPool | null = null,
  ) {}

  /** One page of matches, exact matches first, then by fans; and the number of all matches. */
  async search(
    match: CreatorMatch,
    page: { limit: number; offset: number },
  ): Promise<{ items: CreatorSearchItem[]; total: number }> {
    const conditions: RawBuilder<unknown>[] = [];
    if (match.uid !== null) conditions.push(sql`c.mid = ${match.uid}::bigint`);
    if (match.name !== null) conditions.push(nameCondition(match.name));
    if (conditions.length === 0) return { items: [], total: 0 };
    const where = sql.join(conditions, sql` OR `);
    const exact =
      match.uid !== null
        ? sql`(c.mid = ${match.uid}::bigint OR lower(c.name) = lower(${match.exact}))`
        : sql`lower(c.name) = lower(${match.exact})`;

    const [rows, count] = await Promise.all([
      sql<CreatorCardRow>`
        SELECT c.id, c.name, c.mid, c.face, c.official_type, c.fans, c.level, p.name AS theme_name
        FROM creators c
        LEFT JOIN partitions p ON p.tid = c.partition_tid
        WHERE ${where}
        ORDER BY ${exact} DESC, c.fans DESC, c.id
        LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db),
      sql<{ total: string }>`SELECT count(*) AS total FROM creators c WHERE ${where}`.execute(this.db),
    ]);
    return { items: rows.rows.map(toCreatorCard), total: num(count.rows[0]?.total ?? 0) };
  }

  async exists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('creators').select('id').where('id', '=', String(id)).executeTakeFirst();
    return row !== undefined;
  }

  async findDetail(id: number): Promise<CreatorDetail | undefined> {
    return (await this.findDetailBundle(id))?.detail;
  }

  /**
   * The detail page's header in one statement: the creator detail, the extra fields of the discovery
   * detail (MCN, partition) and the commercial estimate of the derived metrics.
   */
  async findDetailBundle(id: number): Promise<DetailBundle | undefined> {
    const rows = await preparedRows(
      this.db,
      this.pool,
      sql<
        DetailRowDb &
          PriceRowDb & {
            mcn_id: number | null;
            partition_tid: number | null;
            parent_id: number | null;
            fans_increase: string | null;
            stored_videos: number | null;
          }
      >`
      -- a creator whose platform totals were never collected: plays, likes and video count of its stored visible
      -- videos (docs/metrics.md, "Creator totals"), the same sums the rollup writes
      SELECT c.id, c.name, c.mid, c.face, c.official_type, c.fans, c.level, p.name AS theme_name,
             c.sign, c.sex, c.official_title, m.name AS mcn_name, pp.name AS parent_theme_name, c.is_live,
             c.live_room_id, c.following, coalesce(t.likes, c.likes) AS likes, coalesce(t.plays, c.plays) AS plays,
             coalesce(t.video_count, c.video_count) AS video_count, c.index_num, c.updated_at,
             c.mcn_id, c.partition_tid, p.parent_id, ${fansIncrease30('cm')} AS fans_increase,
             t.video_count AS stored_videos, ${PRICE_COLUMNS}
      FROM creators c
      LEFT JOIN partitions p ON p.tid = c.partition_tid
      LEFT JOIN partitions pp ON pp.tid = p.parent_id
      LEFT JOIN mcns m ON m.id = c.mcn_id
      LEFT JOIN creator_metrics cm ON cm.creator_id = c.id
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(v.play), 0)::bigint AS plays, coalesce(sum(v.likes), 0)::bigint AS likes,
               count(*)::int AS video_count
        FROM videos v WHERE v.creator_id = c.id AND v.status = 0
        HAVING NOT c.platform_totals
      ) t ON true
      WHERE c.id = ${id}::bigint`,
    );
    const r = rows[0];
    if (!r) return undefined;
    // onto the fresh card, not a spread with new keys (slow on Node 20: kol-items.ts toKolItem)
    const detail: CreatorDetail = Object.assign(toCreatorCard(r), {
      sign: r.sign,
      gender: r.sex,
      approveTitle: r.official_title,
      organization: r.mcn_name,
      parentThemeName: r.parent_theme_name,
      isLive: r.is_live,
      liveRoomId: numOrNull(r.live_room_id),
      mainIndexUrl: `https://space.bilibili.com/${r.mid}`,
      followingNum: numOrNull(r.following),
      praiseNum: num(r.likes),
      playNum: num(r.plays),
      videoNum: r.video_count,
      indexNum: roundIndexNum(num(r.index_num)),
      updateTime: r.updated_at.toISOString(),
    });
    return {
      detail,
      extra: {
        mcnId: r.mcn_id,
        mcnName: r.mcn_name,
        liveRoomId: numOrNull(r.live_room_id),
        tid: r.partition_tid,
        parentTid: r.parent_id,
        fansIncrease: numOrNull(r.fans_increase),
        totalsFromVideos: r.stored_videos,
      },
      price: toPriceInfo(r),
    };
  }

  /**
   * The creator's last `dayNum` stored days (ending at the latest stored day), oldest first, with totals
   * and increments. The increment of a day is its total minus the previous stored day's (window function
   * `lag`); the query reads one day more than the window so that the first day has its predecessor.
   */
  async dailySeries(id: number, dayNum: number): Promise<TrendRow[]> {
    // prepared (the detail page's kolTrend): planning it over creator_daily's monthly partitions cost ≈ 0.7 ms a
    // call at 1M, half of its execution (docs/performance.md, session 15)
    const rows = await preparedRows<{
      day: string;
      fans: string;
      plays: string;
      likes: string;
      fans_inc: string | null;
      plays_inc: string | null;
      likes_inc: string | null;
      in_window: boolean;
    }>(
      this.db,
      this.pool,
      sql`
      WITH last AS (SELECT max(day) AS day FROM creator_daily WHERE creator_id = ${id})
      SELECT s.* FROM (
        -- an increment only between consecutive days (docs/metrics.md, "Gaps"): the day after a gap has none
        SELECT d.day, d.fans, d.plays, d.likes,
               CASE WHEN lag(d.day) OVER w = d.day - 1 THEN d.fans - lag(d.fans) OVER w END AS fans_inc,
               CASE WHEN lag(d.day) OVER w = d.day - 1 THEN d.plays - lag(d.plays) OVER w END AS plays_inc,
               CASE WHEN lag(d.day) OVER w = d.day - 1 THEN d.likes - lag(d.likes) OVER w END AS likes_inc,
               d.day > last.day - ${dayNum}::int AS in_window
        FROM creator_daily d, last
        WHERE d.creator_id = ${id} AND d.day >= last.day - ${dayNum}::int
        WINDOW w AS (ORDER BY d.day)
      ) s
      WHERE s.in_window
      ORDER BY s.day`,
    );
    return rows.map((r) => ({
      dataDate: r.day,
      fansNum: num(r.fans),
      playNum: num(r.plays),
      praiseNum: num(r.likes),
      fansInc: numOrNull(r.fans_inc),
      playInc: numOrNull(r.plays_inc),
      praiseInc: numOrNull(r.likes_inc),
    }));
  }
}
