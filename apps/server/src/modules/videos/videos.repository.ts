import { sql, type RawBuilder } from 'kysely';
import type { VideoDayPoint } from '@xg/shared';
import type { Db } from '../../db/client.js';
import { num } from '../creators/kol-items.js';
import type { VideoCounterText } from '../../db/schema.js';

/** The largest `total` a content search counts (as SEARCH_TOTAL_CAP for creators). */
export const CONTENT_TOTAL_CAP = 1_000;

/**
 * Substring match on titles, chosen by query length as for creator names (creators.repository.ts):
 * 1–2 characters through the title_grams GIN (exact, not a prefilter), 3+ through pg_trgm ILIKE plus the
 * query's bigrams in title_grams (0008). `table` is the alias of a table with `title` and `title_grams`.
 */
export function titleCondition(q: string, table = 'v'): RawBuilder<unknown> {
  const length = Array.from(q).length;
  const grams = sql.ref(`${table}.title_grams`);
  if (length <= 2) return sql`${grams} @> ARRAY[lower(${q})]::text[]`;
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const bigrams = sql`ARRAY(
    SELECT g FROM (SELECT substr(lower(${q}), i, 2) AS g FROM generate_series(1, char_length(${q}) - 1) AS i) s
    WHERE g !~ '^\\s+$')`;
  return sql`(${sql.ref(`${table}.title`)} ILIKE ${pattern} AND ${grams} @> ${bigrams})`;
}

/** The visible videos whose title contains `keyword`, in the partitions `tids` when given. */
function searchWhere(keyword: string, tids: number[] | null): RawBuilder<unknown> {
  const conditions = [titleCondition(keyword), sql`v.status = 0`];
  if (tids) conditions.push(sql`v.tid = ANY(${tids}::int[])`);
  return sql.join(conditions, sql` AND `);
}

interface DayRow extends VideoCounterText {
  day: string;
  has_prev: boolean | null;
  play_inc: string | null;
  likes_inc: string | null;
  coin_inc: string | null;
  favorite_inc: string | null;
  share_inc: string | null;
  reply_inc: string | null;
  danmaku_inc: string | null;
}

export class VideosRepository {
  constructor(private readonly db: Db) {}

  async resolveId(ref: string): Promise<string | undefined> {
    const where = ref.startsWith('BV') ? sql`bvid = ${ref}` : sql`id = ${ref}::bigint`;
    const r = await sql<{ id: string }>`SELECT id FROM videos WHERE ${where}`.execute(this.db);
    return r.rows[0]?.id;
  }

  /** One page of visible videos whose title contains `keyword`, by plays or by publish time. */
  async searchIds(
    keyword: string,
    sort: 'play' | 'time',
    tids: number[] | null,
    page: { limit: number; offset: number },
  ): Promise<{ ids: string[]; total: number; totalCapped: boolean }> {
    const [ids, count] = await Promise.all([
      this.pageIds(this.db, keyword, sort, tids, page),
      this.searchTotal(keyword, tids),
    ]);
    return { ids, ...count };
  }

  /** The visible videos whose title contains `keyword` (in `tids`), counted up to CONTENT_TOTAL_CAP + 1. */
  async searchTotal(keyword: string, tids: number[] | null): Promise<{ total: number; totalCapped: boolean }> {
    const count = await sql<{ total: string }>`SELECT count(*) AS total FROM (SELECT 1 FROM videos v
      WHERE ${searchWhere(keyword, tids)} LIMIT ${CONTENT_TOTAL_CAP + 1}) s`.execute(this.db);
    const counted = num(count.rows[0]?.total ?? 0);
    return { total: Math.min(counted, CONTENT_TOTAL_CAP), totalCapped: counted > CONTENT_TOTAL_CAP };
  }

  /**
   * The first `limit` ids of the search's order in one statement (an export of all results: the title match of a
   * common character is a pass over most of the table's pages at 1M videos — no index orders videos by plays,
   * migration 0012 — so paying it once instead of once per 500-row page). JIT off and room for an exact bitmap
   * (with the default work_mem it goes lossy and rechecks every row of those pages).
   */
  async firstIds(keyword: string, sort: 'play' | 'time', tids: number[] | null, limit: number): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL jit = off`.execute(trx);
      await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
      return this.pageIds(trx, keyword, sort, tids, { limit, offset: 0 });
    });
  }

  private async pageIds(
    db: Db,
    keyword: string,
    sort: 'play' | 'time',
    tids: number[] | null,
    page: { limit: number; offset: number },
  ): Promise<string[]> {
    const order = sort === 'time' ? sql`v.pubdate DESC, v.id DESC` : sql`v.play DESC, v.id`;
    const rows = await sql<{ id: string }>`SELECT v.id FROM videos v WHERE ${searchWhere(keyword, tids)}
      ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
    return rows.rows.map((r) => r.id);
  }

  /**
   * The video's last `dayNum` stored days, oldest first, totals and increments (day minus the day before,
   * both stored: a day after a gap has no increment, docs/metrics.md "Gaps"; the window reads one day more
   * so its first day has a predecessor). A day comes from
   * video_daily, or, when the collector has no daily row for it, from the day's last fine-grained sample
   * (video_samples, Asia/Shanghai day). Nothing is invented: no rows → empty series.
   */
  async daySeries(videoId: string, dayNum: number): Promise<{ totals: VideoDayPoint[]; increments: VideoDayPoint[] }> {
    const r = await sql<DayRow>`
      WITH days AS (
        SELECT day, play, likes, coin, favorite, share, reply, danmaku FROM video_daily WHERE video_id = ${videoId}
        UNION ALL
        SELECT s.day, s.play, s.likes, s.coin, s.favorite, s.share, s.reply, s.danmaku FROM (
          SELECT DISTINCT ON ((ts AT TIME ZONE 'Asia/Shanghai')::date)
                 (ts AT TIME ZONE 'Asia/Shanghai')::date AS day, play, likes, coin, favorite, share, reply, danmaku
          FROM video_samples WHERE video_id = ${videoId}
          ORDER BY (ts AT TIME ZONE 'Asia/Shanghai')::date, ts DESC
        ) s
        WHERE NOT EXISTS (SELECT 1 FROM video_daily d WHERE d.video_id = ${videoId} AND d.day = s.day)
      ),
      last AS (SELECT max(day) AS day FROM days),
      w AS (
        SELECT d.*, d.day > last.day - ${dayNum}::int AS in_window,
               lag(d.day) OVER o = d.day - 1 AS has_prev,
               d.play - lag(d.play) OVER o AS play_inc, d.likes - lag(d.likes) OVER o AS likes_inc,
               d.coin - lag(d.coin) OVER o AS coin_inc, d.favorite - lag(d.favorite) OVER o AS favorite_inc,
               d.share - lag(d.share) OVER o AS share_inc, d.reply - lag(d.reply) OVER o AS reply_inc,
               d.danmaku - lag(d.danmaku) OVER o AS danmaku_inc
        FROM days d, last WHERE d.day >= last.day - ${dayNum}::int
        WINDOW o AS (ORDER BY d.day)
      )
      SELECT * FROM w WHERE in_window ORDER BY day`.execute(this.db);
    const totals: VideoDayPoint[] = r.rows.map((d) => ({
      dataDate: d.day,
      playNum: num(d.play),
      praiseNum: num(d.likes),
      castCurrencyNum: num(d.coin),
      collectNum: num(d.favorite),
      commentNum: num(d.reply),
      barrageNum: num(d.danmaku),
      shareNum: num(d.share),
    }));
    const increments: VideoDayPoint[] = r.rows.flatMap((d) =>
      d.play_inc === null || d.has_prev !== true
        ? []
        : [
            {
              dataDate: d.day,
              playNum: num(d.play_inc),
              praiseNum: num(d.likes_inc ?? 0),
              castCurrencyNum: num(d.coin_inc ?? 0),
              collectNum: num(d.favorite_inc ?? 0),
              commentNum: num(d.reply_inc ?? 0),
              barrageNum: num(d.danmaku_inc ?? 0),
              shareNum: num(d.share_inc ?? 0),
            },
          ],
    );
    return { totals, increments };
  }
}
