import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import type { OpinionScope, OpinionTaskKind, OpinionWarning, WarnRule, WarnState } from '@xg/shared';

/**
 * Opinion tasks, the videos each reads and their warnings (migration 0045). Every read and write of a team's row
 * names the team: another team's task is the same as a missing one.
 */
/** The fields a task is made with. */
export interface NewTask {
  teamId: string;
  createdBy: string;
  kind: OpinionTaskKind;
  videoId: number | null;
  keyword: string | null;
  scope: OpinionScope | null;
  tid: number | null;
  name: string;
  duration: 1 | 2 | 3 | 7;
  sTime: Date;
  eTime: Date;
  negThreshold: number;
  minVolume: number;
  spikeFactor: number;
  watchWords: string[];
}

/** A stored task: what it was made with, its ids and times, and what is joined for the lists. */
export interface TaskRow extends NewTask {
  id: number;
  lastRunAt: Date | null;
  createdAt: Date;
  // joined
  bvid: string | null;
  title: string | null;
  cover: string | null;
  kolName: string | null;
  themeName: string | null;
  newWarnings: number;
}

export interface VideoLookup {
  id: number;
  aid: number;
  bvid: string;
  title: string;
  cover: string;
  pubdate: Date;
  status: number;
  kolName: string;
  kolImg: string;
}

/** A warning as read: the notice with its times as Dates. */
export interface WarningRow extends Omit<OpinionWarning, 'bucket' | 'createdAt' | 'handledAt'> {
  bucket: Date;
  createdAt: Date;
  handledAt: Date | null;
}

export interface NewWarning {
  rule: WarnRule;
  eventKey: string;
  bucket: Date;
  title: string;
  detail: string;
  figures: Record<string, unknown>;
}

const TASK_SELECT = sql`
  t.id::int AS "id", t.team_id::text AS "teamId", t.created_by::text AS "createdBy", t.kind, t.video_id::int AS "videoId",
  t.keyword, t.scope, t.tid, t.name, t.duration, t.s_time AS "sTime", t.e_time AS "eTime",
  t.neg_threshold AS "negThreshold", t.min_volume AS "minVolume", t.spike_factor AS "spikeFactor",
  t.watch_words AS "watchWords", t.last_run_at AS "lastRunAt", t.created_at AS "createdAt",
  v.bvid, v.title, v.cover, c.name AS "kolName", p.name AS "themeName",
  (SELECT count(*)::int FROM opinion_warnings w WHERE w.task_id = t.id AND w.state = 0) AS "newWarnings"`;
const TASK_FROM = sql`
  FROM opinion_tasks t
  LEFT JOIN videos v ON v.id = t.video_id
  LEFT JOIN creators c ON c.id = v.creator_id
  LEFT JOIN partitions p ON p.tid = t.tid`;

export class OpinionRepository {
  constructor(private readonly db: Db) {}

  async videoByRef(ref: { bvid: string } | { aid: number }): Promise<VideoLookup | null> {
    const where = 'bvid' in ref ? sql`v.bvid = ${ref.bvid}` : sql`v.aid = ${ref.aid}`;
    const r = await sql<VideoLookup>`
      SELECT v.id::int AS id, v.aid::float8 AS aid, v.bvid, v.title, v.cover, v.pubdate, v.status,
             c.name AS "kolName", c.face AS "kolImg"
      FROM videos v JOIN creators c ON c.id = v.creator_id WHERE ${where}`.execute(this.db);
    return r.rows[0] ?? null;
  }

  async partitionExists(tid: number): Promise<boolean> {
    const r = await sql`SELECT 1 FROM partitions WHERE tid = ${tid}`.execute(this.db);
    return r.rows.length > 0;
  }

  /** Live (not deleted, window not over) tasks of a team. */
  async liveCount(teamId: string, now: Date): Promise<number> {
    const r = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM opinion_tasks
      WHERE team_id = ${teamId} AND deleted_at IS NULL AND e_time > ${now}`.execute(this.db);
    return r.rows[0]?.n ?? 0;
  }

  async hasVideoTask(teamId: string, videoId: number): Promise<boolean> {
    const r = await sql`
      SELECT 1 FROM opinion_tasks
      WHERE team_id = ${teamId} AND video_id = ${videoId} AND kind = 'video' AND deleted_at IS NULL`.execute(this.db);
    return r.rows.length > 0;
  }

  /** Inserts a task and its first video set; null when the team already watches that video (unique index). */
  async insert(t: NewTask): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const r = await sql<{ id: number }>`
        INSERT INTO opinion_tasks (team_id, created_by, kind, video_id, keyword, scope, tid, name, duration,
                                   s_time, e_time, neg_threshold, min_volume, spike_factor, watch_words, next_run_at)
        VALUES (${t.teamId}, ${t.createdBy}, ${t.kind}, ${t.videoId}, ${t.keyword}, ${t.scope}, ${t.tid}, ${t.name},
                ${t.duration}, ${t.sTime}, ${t.eTime}, ${t.negThreshold}, ${t.minVolume}, ${t.spikeFactor},
                ${t.watchWords}::text[], ${t.sTime})
        ON CONFLICT DO NOTHING
        RETURNING id::int AS id`.execute(trx);
      const id = r.rows[0]?.id ?? null;
      if (id !== null && t.videoId !== null) {
        await sql`INSERT INTO opinion_task_videos (task_id, video_id) VALUES (${id}, ${t.videoId})`.execute(trx);
      }
      return id;
    });
  }

  async update(
    teamId: string,
    id: number,
    patch: Pick<NewTask, 'name' | 'duration' | 'eTime' | 'negThreshold' | 'minVolume' | 'spikeFactor' | 'watchWords'>,
  ): Promise<boolean> {
    const r = await sql`
      UPDATE opinion_tasks SET name = ${patch.name}, duration = ${patch.duration}, e_time = ${patch.eTime},
        neg_threshold = ${patch.negThreshold}, min_volume = ${patch.minVolume}, spike_factor = ${patch.spikeFactor},
        watch_words = ${patch.watchWords}::text[], updated_at = now(), next_run_at = least(next_run_at, now())
      WHERE id = ${id} AND team_id = ${teamId} AND deleted_at IS NULL`.execute(this.db);
    return Number(r.numAffectedRows ?? 0n) > 0;
  }

  async task(teamId: string, id: number): Promise<TaskRow | null> {
    const r = await sql<TaskRow>`
      SELECT ${TASK_SELECT} ${TASK_FROM}
      WHERE t.id = ${id} AND t.team_id = ${teamId} AND t.deleted_at IS NULL`.execute(this.db);
    return r.rows[0] ?? null;
  }

  /** A task by id alone (the job runner). */
  async taskById(id: number): Promise<TaskRow | null> {
    const r = await sql<TaskRow>`
      SELECT ${TASK_SELECT} ${TASK_FROM} WHERE t.id = ${id} AND t.deleted_at IS NULL`.execute(this.db);
    return r.rows[0] ?? null;
  }

  async list(teamId: string, offset: number, limit: number): Promise<{ rows: TaskRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      sql<TaskRow>`
        SELECT ${TASK_SELECT} ${TASK_FROM}
        WHERE t.team_id = ${teamId} AND t.deleted_at IS NULL
        ORDER BY t.id DESC OFFSET ${offset} LIMIT ${limit}`.execute(this.db),
      sql<{ n: number }>`
        SELECT count(*)::int AS n FROM opinion_tasks WHERE team_id = ${teamId} AND deleted_at IS NULL`.execute(this.db),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }

  async remove(teamId: string, id: number): Promise<boolean> {
    const r = await sql`
      UPDATE opinion_tasks SET deleted_at = now(), updated_at = now()
      WHERE id = ${id} AND team_id = ${teamId} AND deleted_at IS NULL`.execute(this.db);
    return Number(r.numAffectedRows ?? 0n) > 0;
  }

  /** The videos a task reads. */
  async taskVideos(taskId: number): Promise<number[]> {
    const r = await sql<{ id: number }>`
      SELECT video_id::int AS id FROM opinion_task_videos WHERE task_id = ${taskId} ORDER BY video_id`.execute(this.db);
    return r.rows.map((x) => x.id);
  }

  /**
   * A keyword task's videos: the newest `limit` visible collected videos of its partition (and its children) or of
   * the team's saved creators (both lists), replacing the previous set.
   */
  async refreshKeywordVideos(task: TaskRow, limit: number): Promise<number[]> {
    const scope =
      task.scope === 'partition'
        ? sql`(v.tid = ${task.tid} OR v.tid IN (SELECT tid FROM partitions WHERE parent_id = ${task.tid}))`
        : sql`v.creator_id IN (SELECT creator_id FROM saved_creators WHERE team_id = ${task.teamId})`;
    return this.db.transaction().execute(async (trx) => {
      const r = await sql<{ id: number }>`
        SELECT v.id::int AS id FROM videos v WHERE ${scope} AND v.status <> -1
        ORDER BY v.pubdate DESC LIMIT ${limit}`.execute(trx);
      const ids = r.rows.map((x) => x.id);
      await sql`DELETE FROM opinion_task_videos WHERE task_id = ${task.id} AND NOT (video_id = ANY(${ids}::bigint[]))`.execute(
        trx,
      );
      await sql`
        INSERT INTO opinion_task_videos (task_id, video_id) SELECT ${task.id}, unnest(${ids}::bigint[])
        ON CONFLICT DO NOTHING`.execute(trx);
      return ids;
    });
  }

  /** Tasks whose next run is due, inside their window (the scheduler). */
  async dueTasks(now: Date, limit: number): Promise<number[]> {
    const r = await sql<{ id: number }>`
      SELECT id::int AS id FROM opinion_tasks
      WHERE deleted_at IS NULL AND next_run_at <= ${now} AND s_time <= ${now}
        AND (e_time > ${now} OR last_run_at IS NULL OR last_run_at < e_time)
      ORDER BY next_run_at LIMIT ${limit}`.execute(this.db);
    return r.rows.map((x) => x.id);
  }

  async markRun(id: number, at: Date, next: Date): Promise<void> {
    await sql`UPDATE opinion_tasks SET last_run_at = ${at}, next_run_at = ${next} WHERE id = ${id}`.execute(this.db);
  }

  // Warnings ------------------------------------------------------------------------------------------------

  /** Inserts the warnings not raised before (unique (task, event_key)); answers the new ones only. */
  async insertWarnings(task: TaskRow, warnings: readonly NewWarning[]): Promise<{ id: number; w: NewWarning }[]> {
    if (warnings.length === 0) return [];
    const r = await sql<{ id: number; eventKey: string }>`
      INSERT INTO opinion_warnings (task_id, team_id, rule, event_key, bucket, title, detail, figures)
      SELECT ${task.id}, ${task.teamId}, i.* FROM unnest(
        ${warnings.map((w) => w.rule)}::text[], ${warnings.map((w) => w.eventKey)}::text[],
        ${warnings.map((w) => w.bucket.toISOString())}::timestamptz[], ${warnings.map((w) => w.title)}::text[],
        ${warnings.map((w) => w.detail)}::text[], ${warnings.map((w) => JSON.stringify(w.figures))}::jsonb[]
      ) AS i(rule, event_key, bucket, title, detail, figures)
      ON CONFLICT (task_id, event_key) DO NOTHING
      RETURNING id::int AS id, event_key AS "eventKey"`.execute(this.db);
    const byKey = new Map(warnings.map((w) => [w.eventKey, w]));
    return r.rows.flatMap((row) => {
      const w = byKey.get(row.eventKey);
      return w ? [{ id: row.id, w }] : [];
    });
  }

  async warnings(
    teamId: string,
    filter: { taskId?: number; state?: WarnState },
    offset: number,
    limit: number,
  ): Promise<{ rows: WarningRow[]; total: number; unread: number }> {
    const where = sql`w.team_id = ${teamId} AND t.deleted_at IS NULL
      ${filter.taskId !== undefined ? sql`AND w.task_id = ${filter.taskId}` : sql``}
      ${filter.state !== undefined ? sql`AND w.state = ${filter.state}` : sql``}`;
    const [rows, counts] = await Promise.all([
      sql<WarningRow>`
        SELECT w.id::int AS id, w.task_id::int AS "taskId", t.name AS "taskName", w.rule, w.title, w.detail, w.bucket,
               w.state, w.created_at AS "createdAt", w.handled_at AS "handledAt", u.username AS "handledBy"
        FROM opinion_warnings w JOIN opinion_tasks t ON t.id = w.task_id
        LEFT JOIN users u ON u.id = w.handled_by
        WHERE ${where}
        ORDER BY w.created_at DESC, w.id DESC OFFSET ${offset} LIMIT ${limit}`.execute(this.db),
      sql<{ total: number; unread: number }>`
        SELECT count(*)::int AS total,
               (SELECT count(*)::int FROM opinion_warnings w2 JOIN opinion_tasks t2 ON t2.id = w2.task_id
                WHERE w2.team_id = ${teamId} AND t2.deleted_at IS NULL AND w2.state = 0) AS unread
        FROM opinion_warnings w JOIN opinion_tasks t ON t.id = w.task_id WHERE ${where}`.execute(this.db),
    ]);
    return { rows: rows.rows, total: counts.rows[0]?.total ?? 0, unread: counts.rows[0]?.unread ?? 0 };
  }

  /** Sets the state of the team's warnings among `ids` (never back to new); answers how many changed. */
  async setWarnState(teamId: string, userId: string, ids: readonly number[], state: 1 | 2): Promise<number> {
    const r = await sql`
      UPDATE opinion_warnings SET state = ${state},
        handled_by = CASE WHEN ${state}::int = 2 THEN ${userId}::bigint ELSE handled_by END,
        handled_at = CASE WHEN ${state}::int = 2 THEN now() ELSE handled_at END
      WHERE team_id = ${teamId} AND id = ANY(${ids}::bigint[]) AND state < ${state}`.execute(this.db);
    return Number(r.numAffectedRows ?? 0n);
  }
}
