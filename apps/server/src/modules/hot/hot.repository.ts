import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client.js';
import { num } from '../creators/kol-items.js';
import type { VideoItemRow } from '../videos/video-items.js';

/**
 * The hot-video score of docs/metrics.md "Hot content", as SQL over `v` (videos) with `asOf` the
 * reference instant:
 *   hotScore = gain × (1 + engagement) / (ageHours + 2)^1.5
 * gain = the plays gained per day between the video's last two stored days (video_daily) when there are two
 * (over a gap, the gain of the days it covers divided by their number: never several days' gain as one day's,
 * docs/metrics.md "Gaps"), else all its plays (a video inside the window gained them all since it was
 * published); engagement = min(1, interactions / plays).
 */
export function hotScoreSql(asOf: Date): RawBuilder<number> {
  return sql<number>`(
    coalesce((SELECT (d1.play - d0.play)::double precision / (d1.day - d0.day) FROM video_daily d1
              JOIN LATERAL (SELECT d.play, d.day FROM video_daily d WHERE d.video_id = v.id AND d.day < d1.day
                            ORDER BY d.day DESC LIMIT 1) d0 ON true
              WHERE d1.video_id = v.id ORDER BY d1.day DESC LIMIT 1), v.play)::double precision
    * (1 + least(1, (v.likes + v.coin + v.favorite + v.share + v.reply + v.danmaku)::double precision
                    / greatest(v.play, 1)))
    / power(greatest(extract(epoch FROM (${asOf}::timestamptz - v.pubdate)) / 3600, 0) + 2, 1.5))`;
}

export interface TitleRow {
  id: string;
  title: string;
  /** the platform's tags of the video (videos.tags, migration 0023) */
  tags: readonly string[];
  creatorId: string;
  play: number;
  hotScore: number;
}

export interface PartitionStats {
  tid: number;
  name: string;
  videoNum: number;
  playNum: number;
  interactions: number;
  hotVideoNum: number;
}

/** Plays from which a video counts as a hit in hotAnalyse (10万+, the usual 爆款 threshold). */
export const HIT_PLAYS = 100_000;
/** recommendVideo: videos of the last 30 days with at least this many plays, by engagement. */
export const RECOMMEND_MIN_PLAYS = 10_000;
export const RECOMMEND_DAYS = 30;

export class HotRepository {
  constructor(private readonly db: Db) {}

  /** The newest publish time in the data: hot windows end there (the demo world is dated at its load). */
  async asOf(): Promise<Date> {
    const r = await sql<{ t: Date | null }>`SELECT max(pubdate) AS t FROM videos`.execute(this.db);
    return r.rows[0]?.t ?? new Date();
  }

  private windowWhere(asOf: Date, days: number, tids: number[] | null): RawBuilder<unknown> {
    const parts = [
      sql`v.status = 0`,
      sql`v.pubdate > ${asOf}::timestamptz - make_interval(days => ${days})`,
      sql`v.pubdate <= ${asOf}::timestamptz`,
    ];
    if (tids) parts.push(sql`v.tid = ANY(${tids}::int[])`);
    return sql.join(parts, sql` AND `);
  }

  async hotVideoIds(
    asOf: Date,
    days: number,
    tids: number[] | null,
    page: { limit: number; offset: number },
  ): Promise<{ rows: { id: string; score: number }[]; total: number }> {
    const where = this.windowWhere(asOf, days, tids);
    const [rows, count] = await Promise.all([
      sql<{ id: string; score: number }>`
        SELECT v.id, ${hotScoreSql(asOf)} AS score FROM videos v WHERE ${where}
        ORDER BY score DESC, v.id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db),
      sql<{ total: string }>`SELECT count(*) AS total FROM videos v WHERE ${where}`.execute(this.db),
    ]);
    return { rows: rows.rows, total: num(count.rows[0]?.total ?? 0) };
  }

  /**
   * Every video of the window in the screen's order (hotVideoIds: score desc, then id), scored and sorted once:
   * one statement read through a server-side cursor (DECLARE … FETCH), `chunk` rows at a time, in one read-only
   * REPEATABLE READ transaction with JIT off (compiling the score expression cost seconds and saves nothing on
   * one pass). The statement carries the list's own columns (readVideoItems'), so each video's row is read from
   * the table once; the next chunk is fetched while `onRows` handles the current one. `onRows` answers false to
   * stop early. For exports of "all results" (issue #16), where paging with OFFSET re-scored and re-sorted the
   * whole window for every page.
   */
  async eachHotVideo(
    asOf: Date,
    days: number,
    tids: number[] | null,
    limit: number,
    chunk: number,
    onRows: (rows: (VideoItemRow & { score: number })[]) => Promise<boolean | void>,
  ): Promise<void> {
    const where = this.windowWhere(asOf, days, tids);
    const size = sql.raw(String(Math.max(1, Math.floor(chunk))));
    await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        await sql`SET LOCAL jit = off`.execute(trx);
        // the whole result is read: plan for all of it, not for the first 10 % (the cursor default)
        await sql`SET LOCAL cursor_tuple_fraction = 1`.execute(trx);
        // the sorted rows carry the list's columns: room to sort them in memory
        await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
        // the names are scalar subqueries over the sorted rows, so nothing can reorder them
        await sql`
          DECLARE hot_video_all NO SCROLL CURSOR FOR
          SELECT s.*, (SELECT p.name FROM partitions p WHERE p.tid = s.tid) AS theme_name,
                 (SELECT c.name FROM creators c WHERE c.id = s.creator_id) AS kol_name,
                 (SELECT c.face FROM creators c WHERE c.id = s.creator_id) AS kol_img
          FROM (SELECT v.id, v.aid, v.bvid, v.title, v.cover, v.duration, v.pubdate, v.status, v.copyright,
                       v.is_activity, v.tid, v.play, v.likes, v.coin, v.favorite, v.share, v.reply, v.danmaku,
                       v.creator_id, ${hotScoreSql(asOf)} AS score
                FROM videos v WHERE ${where}
                ORDER BY score DESC, v.id LIMIT ${limit}) s`.execute(trx);
        const fetch = () => {
          const p = sql<VideoItemRow & { score: number }>`FETCH ${size} FROM hot_video_all`.execute(trx);
          p.catch(() => undefined); // awaited below; never an unhandled rejection if onRows throws first
          return p;
        };
        let next = fetch();
        for (;;) {
          const r = await next;
          const more = r.rows.length === chunk;
          if (more) next = fetch();
          if (r.rows.length > 0 && (await onRows(r.rows)) === false) {
            if (more) await next;
            break;
          }
          if (!more) break;
        }
        await sql`CLOSE hot_video_all`.execute(trx);
      });
  }

  /** The number of videos in the window (hotVideoIds' total), counted with JIT off. */
  async hotVideoCount(asOf: Date, days: number, tids: number[] | null): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL jit = off`.execute(trx);
      const r = await sql<{
        total: string;
      }>`SELECT count(*) AS total FROM videos v WHERE ${this.windowWhere(asOf, days, tids)}`.execute(trx);
      return num(r.rows[0]?.total ?? 0);
    });
  }

  /** Titles of the window's visible videos, with plays and hot score (for tags and topics). */
  async windowTitles(asOf: Date, days: number, tids: number[] | null): Promise<TitleRow[]> {
    const r = await sql<{
      id: string;
      title: string;
      tags: string[];
      creator_id: string;
      play: string;
      score: number;
    }>`
      SELECT v.id, v.title, v.tags, v.creator_id, v.play, ${hotScoreSql(asOf)} AS score
      FROM videos v WHERE ${this.windowWhere(asOf, days, tids)}`.execute(this.db);
    return r.rows.map((x) => ({
      id: x.id,
      title: x.title,
      tags: x.tags,
      creatorId: x.creator_id,
      play: num(x.play),
      hotScore: x.score,
    }));
  }

  /** The names of all partitions: categories, which are not topics even when a video is tagged with one. */
  async partitionNames(): Promise<Set<string>> {
    const r = await sql<{ name: string }>`SELECT name FROM partitions`.execute(this.db);
    return new Set(r.rows.map((x) => x.name.toLowerCase()));
  }

  /** Per top-level partition: the window's videos, plays, interactions and hits (plays ≥ HIT_PLAYS). */
  async partitionStats(asOf: Date, days: number): Promise<PartitionStats[]> {
    const r = await sql<{
      tid: number;
      name: string;
      n: string;
      plays: string;
      inter: string;
      hits: string;
    }>`
      SELECT top.tid, top.name, count(v.id) AS n, coalesce(sum(v.play), 0) AS plays,
             coalesce(sum(v.likes + v.coin + v.favorite + v.share + v.reply + v.danmaku), 0) AS inter,
             count(v.id) FILTER (WHERE v.play >= ${HIT_PLAYS}) AS hits
      FROM partitions top
      JOIN partitions child ON child.tid = top.tid OR child.parent_id = top.tid
      JOIN videos v ON v.tid = child.tid AND ${this.windowWhere(asOf, days, null)}
      WHERE top.parent_id IS NULL
      GROUP BY top.tid, top.name, top.sort
      ORDER BY plays DESC, top.tid`.execute(this.db);
    return r.rows.map((x) => ({
      tid: x.tid,
      name: x.name,
      videoNum: num(x.n),
      playNum: num(x.plays),
      interactions: num(x.inter),
      hotVideoNum: num(x.hits),
    }));
  }

  /** Recent visible videos with enough plays, by engagement (interactions / plays). */
  async recommendIds(
    asOf: Date,
    tids: number[] | null,
    page: { limit: number; offset: number },
  ): Promise<{ rows: { id: string; rate: number }[]; total: number }> {
    const where = sql`${this.windowWhere(asOf, RECOMMEND_DAYS, tids)} AND v.play >= ${RECOMMEND_MIN_PLAYS}`;
    const [rows, count] = await Promise.all([
      sql<{ id: string; rate: number }>`
        SELECT v.id, (v.likes + v.coin + v.favorite + v.share + v.reply + v.danmaku)::double precision / v.play AS rate
        FROM videos v WHERE ${where}
        ORDER BY rate DESC, v.id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db),
      sql<{ total: string }>`SELECT count(*) AS total FROM videos v WHERE ${where}`.execute(this.db),
    ]);
    return { rows: rows.rows, total: num(count.rows[0]?.total ?? 0) };
  }
}
