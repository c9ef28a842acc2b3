import { sql, type RawBuilder } from 'kysely';
import type { TopKol } from '@xg/shared';
import type { Db } from '../../db/client.js';
import { num, topCreatorsOf } from '../creators/kol-items.js';
import { hotScoreSql } from '../hot/hot.repository.js';

/** The interactions of a video row `v` (likes + coins + favourites + shares + replies + danmaku). */
const INTERACTIONS = sql`(v.likes + v.coin + v.favorite + v.share + v.reply + v.danmaku)`;
/** The Asia/Shanghai day of a video's publish time. */
const PUB_DAY = sql`to_char(v.pubdate AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`;

export interface ActivityRow {
  id: number;
  name: string | null;
  actUrl: string;
  cover: string;
  description: string;
  startsAt: Date | null;
  endsAt: Date | null;
}

export interface ActivityAggregate {
  missionId: number;
  videoNum: number;
  kolNum: number;
  playNum: number;
  praiseNum: number;
  interactNum: number;
  /** Σ hot scores of its window videos (before the breadth factor) */
  scoreSum: number;
  mainTopTid: number | null;
}

export interface MaterialAggregate {
  materialId: number;
  kind: string;
  extId: string;
  name: string;
  tagName: string;
  videoNum: number;
  kolNum: number;
  playNum: number;
  scoreSum: number;
  prevVideoNum: number;
  /** videos per day (Shanghai day → count) inside the window */
  perDay: Map<string, number>;
}

export interface DayFigure {
  day: string;
  videoNum: number;
  playNum: number;
}

export interface Figures {
  videoNum: number;
  kolNum: number;
  playNum: number;
  praiseNum: number;
  interactNum: number;
}

/** SQL of activities (hotActivity, activityDetail) and video materials (videoStuff); docs/metrics.md. */
export class ActivitiesRepository {
  constructor(private readonly db: Db) {}

  /** The newest publish time in the data: windows end there, like the other hot lists. */
  async asOf(): Promise<Date> {
    const r = await sql<{ t: Date | null }>`SELECT max(pubdate) AS t FROM videos`.execute(this.db);
    return r.rows[0]?.t ?? new Date();
  }

  private windowWhere(from: Date, to: Date, tids: number[] | null): RawBuilder<unknown> {
    const parts = [sql`v.status = 0`, sql`v.pubdate > ${from}::timestamptz`, sql`v.pubdate <= ${to}::timestamptz`];
    if (tids) parts.push(sql`v.tid = ANY(${tids}::int[])`);
    return sql.join(parts, sql` AND `);
  }

  /** Per activity: the window's participating visible videos, creators, plays, likes, interactions, Σ hot score. */
  async activityAggregates(asOf: Date, days: number, tids: number[] | null): Promise<ActivityAggregate[]> {
    const from = new Date(asOf.getTime() - days * 86_400_000);
    const r = await sql<{
      mission_id: string;
      n: string;
      kols: string;
      plays: string;
      likes: string;
      inter: string;
      score: number;
      main_top: number | null;
    }>`
      WITH w AS (
        SELECT v.mission_id, v.creator_id, v.play, v.likes, ${INTERACTIONS} AS inter, ${hotScoreSql(asOf)} AS score,
               coalesce(p.parent_id, p.tid) AS top_tid
        FROM videos v LEFT JOIN partitions p ON p.tid = v.tid
        WHERE v.mission_id IS NOT NULL AND ${this.windowWhere(from, asOf, tids)}
      ), tops AS (
        SELECT DISTINCT ON (mission_id) mission_id, top_tid FROM w WHERE top_tid IS NOT NULL
        GROUP BY mission_id, top_tid ORDER BY mission_id, count(*) DESC, top_tid
      )
      SELECT w.mission_id, count(*) AS n, count(DISTINCT w.creator_id) AS kols, sum(w.play) AS plays,
             sum(w.likes) AS likes, sum(w.inter) AS inter, sum(w.score) AS score, min(tops.top_tid) AS main_top
      FROM w LEFT JOIN tops ON tops.mission_id = w.mission_id
      GROUP BY w.mission_id`.execute(this.db);
    return r.rows.map((x) => ({
      missionId: num(x.mission_id),
      videoNum: num(x.n),
      kolNum: num(x.kols),
      playNum: num(x.plays),
      praiseNum: num(x.likes),
      interactNum: num(x.inter),
      scoreSum: x.score,
      mainTopTid: x.main_top,
    }));
  }

  async activities(ids: readonly number[]): Promise<Map<number, ActivityRow>> {
    if (ids.length === 0) return new Map();
    const r = await sql<{
      id: string;
      name: string | null;
      act_url: string;
      cover: string;
      description: string;
      starts_at: Date | null;
      ends_at: Date | null;
    }>`
      SELECT id, name, act_url, cover, description, starts_at, ends_at FROM activities
      WHERE id = ANY(${ids.map(String)}::bigint[])`.execute(this.db);
    return new Map(
      r.rows.map((x) => [
        num(x.id),
        {
          id: num(x.id),
          name: x.name,
          actUrl: x.act_url,
          cover: x.cover,
          description: x.description,
          startsAt: x.starts_at,
          endsAt: x.ends_at,
        },
      ]),
    );
  }

  /** Whether any video names the activity (an activity id seen on videos but without a row yet). */
  async missionSeen(id: number): Promise<boolean> {
    const r = await sql<{ one: number }>`SELECT 1 AS one FROM videos WHERE mission_id = ${id} LIMIT 1`.execute(this.db);
    return r.rows.length > 0;
  }

  /** All the activity's visible videos. */
  async activityFigures(id: number): Promise<Figures> {
    return this.materialFigures({ from: sql`videos v`, where: sql`v.mission_id = ${id} AND v.status = 0` });
  }

  /** Participating videos per publish day (Asia/Shanghai) and their plays. */
  async activityDays(id: number): Promise<DayFigure[]> {
    const r = await sql<{ day: string; n: string; plays: string }>`
      SELECT ${PUB_DAY} AS day, count(*) AS n, sum(v.play) AS plays
      FROM videos v WHERE v.mission_id = ${id} AND v.status = 0
      GROUP BY 1 ORDER BY 1`.execute(this.db);
    return r.rows.map((x) => ({ day: x.day, videoNum: num(x.n), playNum: num(x.plays) }));
  }

  /** The activity's videos per top-level partition. */
  async activityPartitions(id: number): Promise<{ tid: number; name: string; videoNum: number; playNum: number }[]> {
    const r = await sql<{ tid: number; name: string; n: string; plays: string }>`
      SELECT top.tid, top.name, count(*) AS n, sum(v.play) AS plays
      FROM videos v
      JOIN partitions child ON child.tid = v.tid
      JOIN partitions top ON top.tid = coalesce(child.parent_id, child.tid)
      WHERE v.mission_id = ${id} AND v.status = 0
      GROUP BY top.tid, top.name ORDER BY n DESC, plays DESC, top.tid`.execute(this.db);
    return r.rows.map((x) => ({ tid: x.tid, name: x.name, videoNum: num(x.n), playNum: num(x.plays) }));
  }

  /** Top creators of a set of videos (an activity, or a material's window), by their videos' plays. */
  topKols(where: RawBuilder<unknown>, from: RawBuilder<unknown>, limit: number): Promise<TopKol[]> {
    return topCreatorsOf(this.db, from, where, limit);
  }

  activityVideoFilter(id: number): { from: RawBuilder<unknown>; where: RawBuilder<unknown> } {
    return { from: sql`videos v`, where: sql`v.mission_id = ${id} AND v.status = 0` };
  }

  /** A page of the activity's visible videos by plays or newest first. */
  async activityVideoIds(
    id: number,
    sort: 'play' | 'time',
    page: { limit: number; offset: number },
  ): Promise<string[]> {
    const order = sort === 'time' ? sql`v.pubdate DESC, v.id DESC` : sql`v.play DESC, v.id`;
    const r = await sql<{ id: string }>`
      SELECT v.id FROM videos v WHERE v.mission_id = ${id} AND v.status = 0
      ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db);
    return r.rows.map((x) => x.id);
  }

  // ---- materials ----------------------------------------------------------------------------------

  /**
   * Per material over (asOf − days, asOf]: visible videos using it, their creators, plays, Σ hot score, the
   * count of the previous window of the same length, and videos per publish day.
   */
  async materialAggregates(asOf: Date, days: number, tids: number[] | null): Promise<MaterialAggregate[]> {
    const from = new Date(asOf.getTime() - days * 86_400_000);
    const prevFrom = new Date(asOf.getTime() - 2 * days * 86_400_000);
    const [cur, prev, perDay] = await Promise.all([
      sql<{
        id: string;
        kind: string;
        ext_id: string;
        name: string;
        tag_name: string;
        n: string;
        kols: string;
        plays: string;
        score: number;
      }>`
        SELECT m.id, m.kind, m.ext_id, m.name, m.tag_name, count(*) AS n, count(DISTINCT v.creator_id) AS kols,
               sum(v.play) AS plays, sum(${hotScoreSql(asOf)}) AS score
        FROM videos v
        JOIN video_materials vm ON vm.video_id = v.id
        JOIN materials m ON m.id = vm.material_id
        WHERE ${this.windowWhere(from, asOf, tids)}
        GROUP BY m.id`.execute(this.db),
      sql<{ id: string; n: string }>`
        SELECT vm.material_id AS id, count(*) AS n
        FROM videos v JOIN video_materials vm ON vm.video_id = v.id
        WHERE ${this.windowWhere(prevFrom, from, tids)}
        GROUP BY vm.material_id`.execute(this.db),
      sql<{ id: string; day: string; n: string }>`
        SELECT vm.material_id AS id, ${PUB_DAY} AS day, count(*) AS n
        FROM videos v JOIN video_materials vm ON vm.video_id = v.id
        WHERE ${this.windowWhere(from, asOf, tids)}
        GROUP BY 1, 2`.execute(this.db),
    ]);
    const prevOf = new Map(prev.rows.map((x) => [num(x.id), num(x.n)]));
    const daysOf = new Map<number, Map<string, number>>();
    for (const x of perDay.rows) {
      const id = num(x.id);
      const m = daysOf.get(id) ?? new Map<string, number>();
      m.set(x.day, num(x.n));
      daysOf.set(id, m);
    }
    return cur.rows.map((x) => ({
      materialId: num(x.id),
      kind: x.kind,
      extId: x.ext_id,
      name: x.name,
      tagName: x.tag_name,
      videoNum: num(x.n),
      kolNum: num(x.kols),
      playNum: num(x.plays),
      scoreSum: x.score,
      prevVideoNum: prevOf.get(num(x.id)) ?? 0,
      perDay: daysOf.get(num(x.id)) ?? new Map(),
    }));
  }

  async material(
    id: number,
  ): Promise<{ id: number; kind: string; extId: string; name: string; tagName: string; allVideoNum: number } | null> {
    const r = await sql<{ id: string; kind: string; ext_id: string; name: string; tag_name: string; n: string }>`
      SELECT m.id, m.kind, m.ext_id, m.name, m.tag_name,
             (SELECT count(*) FROM video_materials vm JOIN videos v ON v.id = vm.video_id
              WHERE vm.material_id = m.id AND v.status = 0) AS n
      FROM materials m WHERE m.id = ${id}`.execute(this.db);
    const x = r.rows[0];
    return x
      ? { id: num(x.id), kind: x.kind, extId: x.ext_id, name: x.name, tagName: x.tag_name, allVideoNum: num(x.n) }
      : null;
  }

  materialVideoFilter(id: number, asOf: Date, days: number): { from: RawBuilder<unknown>; where: RawBuilder<unknown> } {
    const from = new Date(asOf.getTime() - days * 86_400_000);
    return {
      from: sql`video_materials vm JOIN videos v ON v.id = vm.video_id`,
      where: sql`vm.material_id = ${id} AND ${this.windowWhere(from, asOf, null)}`,
    };
  }

  async materialFigures(filter: { from: RawBuilder<unknown>; where: RawBuilder<unknown> }): Promise<Figures> {
    const r = await sql<{ n: string; kols: string; plays: string | null; likes: string | null; inter: string | null }>`
      SELECT count(*) AS n, count(DISTINCT v.creator_id) AS kols, sum(v.play) AS plays, sum(v.likes) AS likes,
             sum(${INTERACTIONS}) AS inter
      FROM ${filter.from} WHERE ${filter.where}`.execute(this.db);
    const x = r.rows[0];
    return {
      videoNum: num(x?.n ?? 0),
      kolNum: num(x?.kols ?? 0),
      playNum: num(x?.plays ?? 0),
      praiseNum: num(x?.likes ?? 0),
      interactNum: num(x?.inter ?? 0),
    };
  }

  async filteredDays(filter: { from: RawBuilder<unknown>; where: RawBuilder<unknown> }): Promise<DayFigure[]> {
    const r = await sql<{ day: string; n: string; plays: string }>`
      SELECT ${PUB_DAY} AS day, count(*) AS n, sum(v.play) AS plays
      FROM ${filter.from} WHERE ${filter.where}
      GROUP BY 1 ORDER BY 1`.execute(this.db);
    return r.rows.map((x) => ({ day: x.day, videoNum: num(x.n), playNum: num(x.plays) }));
  }

  async filteredVideoIds(
    filter: { from: RawBuilder<unknown>; where: RawBuilder<unknown> },
    page: { limit: number; offset: number },
  ): Promise<string[]> {
    const r = await sql<{ id: string }>`
      SELECT v.id FROM ${filter.from} WHERE ${filter.where}
      ORDER BY v.play DESC, v.id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db);
    return r.rows.map((x) => x.id);
  }
}
