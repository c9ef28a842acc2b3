import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_GROUP_NAME, type LinkKolSort, type LinkType, type MyLinkVideoParams } from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { PreparedPool } from '../../db/read-replica.js';
import { preparedRows } from '../creators/prepared.js';
import { KOL_ITEM_COLUMNS, KOL_ITEM_JOINS, num, type KolItemRow } from '../creators/kol-items.js';
import { VIDEO_ITEM_COLUMNS, type VideoItemRow } from '../videos/video-items.js';

/** A transaction or the database: every method runs on either. */
type Exec = Db;

export interface LinkKolRow extends KolItemRow {
  type: number;
  sort: number;
  monitor: boolean;
  group_id: string | null;
  group_name: string | null;
  created_at: Date;
  fans_at_add: string;
  added_by: string | null;
  last_collected_at: Date | null;
  total: string;
}

export interface LinkVideoRow extends VideoItemRow {
  type: number;
  created_at: Date;
  plays_at_add: string;
  added_by: string | null;
  total: string;
}

export interface GroupRow {
  id: string;
  name: string;
  sort: number;
  kol_num: string;
}

export interface LinkKolFilter {
  type: LinkType;
  sort: LinkKolSort;
  /** null: every group; 'none': the ungrouped; a number: that group */
  group: number | 'none' | null;
  monitor: boolean | null;
  keyword: string | null;
  limit: number;
  offset: number;
}

const ORDERS: Readonly<Record<LinkKolSort, RawBuilder<unknown>>> = {
  custom: sql`s.sort, s.id`,
  addTime: sql`s.created_at DESC, s.id DESC`,
  fans: sql`c.fans DESC, s.id`,
  fansSinceAdd: sql`(c.fans - s.fans_at_add) DESC, s.id`,
  index: sql`c.index_num DESC, s.id`,
};

/** SQL of the team's lists (saved creators, saved videos, custom groups); no rules here. */
export class CollectRepository {
  /** `pool`: the list decorators' flag reads run prepared (every list page of every user runs one). */
  constructor(
    private readonly db: Db,
    private readonly pool: PreparedPool | null = null,
  ) {}

  /** The database outside a transaction (reads that need no lock). */
  get database(): Db {
    return this.db;
  }

  /** Runs `work` in a transaction holding the team's list lock: adds, moves and limits of one team in turn. */
  async locked<T>(teamId: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`lists:${teamId}`}, 0))`.execute(tx);
      return work(tx);
    });
  }

  async creatorFans(db: Exec, kolId: number): Promise<number | null> {
    const r = await sql<{ fans: string }>`SELECT fans FROM creators WHERE id = ${kolId}`.execute(db);
    return r.rows[0] ? num(r.rows[0].fans) : null;
  }

  async videoPlays(db: Exec, videoId: number): Promise<number | null> {
    const r = await sql<{ play: string }>`SELECT play FROM videos WHERE id = ${videoId}`.execute(db);
    return r.rows[0] ? num(r.rows[0].play) : null;
  }

  async countKols(db: Exec, teamId: string, type: LinkType): Promise<number> {
    const r = await sql<{ n: string }>`
      SELECT count(*) AS n FROM saved_creators WHERE team_id = ${teamId} AND type = ${type}`.execute(db);
    return num(r.rows[0]?.n ?? 0);
  }

  async countMonitors(db: Exec, teamId: string): Promise<number> {
    const r = await sql<{ n: string }>`
      SELECT count(DISTINCT creator_id) AS n FROM saved_creators WHERE team_id = ${teamId} AND monitor`.execute(db);
    return num(r.rows[0]?.n ?? 0);
  }

  async hasKol(db: Exec, teamId: string, type: LinkType, kolId: number): Promise<boolean> {
    const r = await sql`SELECT 1 FROM saved_creators WHERE team_id = ${teamId} AND type = ${type}
      AND creator_id = ${kolId}`.execute(db);
    return r.rows.length > 0;
  }

  /** Inserts on top of the team's order; a row already there stays as it is (one row per creator). */
  async insertKol(db: Exec, row: { teamId: string; userId: string; type: LinkType; kolId: number; fans: number }) {
    await sql`
      INSERT INTO saved_creators (team_id, type, creator_id, sort, fans_at_add, added_by)
      SELECT ${row.teamId}, ${row.type}, ${row.kolId},
             coalesce((SELECT min(sort) FROM saved_creators WHERE team_id = ${row.teamId} AND type = ${row.type}), 0) - 1,
             ${row.fans}, ${row.userId}
      ON CONFLICT (team_id, type, creator_id) DO NOTHING`.execute(db);
  }

  async deleteKol(db: Exec, teamId: string, type: LinkType, kolId: number): Promise<boolean> {
    const r = await sql`DELETE FROM saved_creators WHERE team_id = ${teamId} AND type = ${type}
      AND creator_id = ${kolId}`.execute(db);
    return Number(r.numAffectedRows ?? 0n) > 0;
  }

  async setMonitor(db: Exec, teamId: string, type: LinkType, kolId: number, on: boolean): Promise<boolean> {
    const r = await sql`UPDATE saved_creators SET monitor = ${on}
      WHERE team_id = ${teamId} AND type = ${type} AND creator_id = ${kolId}`.execute(db);
    return Number(r.numAffectedRows ?? 0n) > 0;
  }

  async isMonitored(db: Exec, teamId: string, kolId: number): Promise<boolean> {
    const r = await sql`SELECT 1 FROM saved_creators WHERE team_id = ${teamId} AND creator_id = ${kolId}
      AND monitor`.execute(db);
    return r.rows.length > 0;
  }

  /**
   * A monitored creator is collected in the 'high' class (docs/pipeline.md § Cadence) from now on: its
   * schedule row moves to 'high' with the sooner of its next collection and its first hourly slot. The
   * hourly cadence refresh keeps it there while any team monitors it.
   */
  async scheduleHigh(db: Exec, kolId: number): Promise<void> {
    await sql`
      INSERT INTO creator_schedule AS s (creator_id, cadence, next_collect_at)
      SELECT id, 'high', pipeline_next_slot(mid, 'high', now()) FROM creators WHERE id = ${kolId}
      ON CONFLICT (creator_id) DO UPDATE SET
        cadence = CASE WHEN s.cadence IN ('viewed', 'hot') THEN s.cadence ELSE 'high' END,
        next_collect_at = least(s.next_collect_at, EXCLUDED.next_collect_at)`.execute(db);
  }

  /** The team's order of one list, ascending. */
  async order(db: Exec, teamId: string, type: LinkType): Promise<{ kolId: number; sort: number }[]> {
    const r = await sql<{ creator_id: string; sort: number }>`
      SELECT creator_id, sort FROM saved_creators WHERE team_id = ${teamId} AND type = ${type}
      ORDER BY sort, id`.execute(db);
    return r.rows.map((x) => ({ kolId: num(x.creator_id), sort: x.sort }));
  }

  /** Writes sort = position (0-based) for the given creators, only where it changed. */
  async writeOrder(db: Exec, teamId: string, type: LinkType, kolIds: number[], from: number): Promise<void> {
    if (kolIds.length === 0) return;
    await sql`
      UPDATE saved_creators s SET sort = v.pos
      FROM (SELECT cid, (ord - 1 + ${from})::int AS pos
            FROM unnest(${kolIds.map(String)}::bigint[]) WITH ORDINALITY AS u(cid, ord)) v
      WHERE s.team_id = ${teamId} AND s.type = ${type} AND s.creator_id = v.cid AND s.sort <> v.pos`.execute(db);
  }

  async setKolGroup(db: Exec, teamId: string, type: LinkType, kolId: number, groupId: string | null) {
    const r = await sql`UPDATE saved_creators SET group_id = ${groupId}
      WHERE team_id = ${teamId} AND type = ${type} AND creator_id = ${kolId}`.execute(db);
    return Number(r.numAffectedRows ?? 0n) > 0;
  }

  /**
   * One page of a team's saved creators. The page is found first on narrow rows (the saved rows, joined to
   * `creators` only when the order or the keyword needs it, counted with the window there), and only its rows
   * are joined to everything the list shows: counting the whole list over the wide join made every page cost
   * the whole list (a 5,000-creator list: every row joined to six tables before LIMIT; docs/performance.md).
   */
  async listKols(teamId: string, f: LinkKolFilter): Promise<LinkKolRow[]> {
    const where: RawBuilder<unknown>[] = [sql`s.team_id = ${teamId}`, sql`s.type = ${f.type}`];
    if (f.group === 'none') {
      where.push(sql`(s.group_id IS NULL OR g.name = ${DEFAULT_GROUP_NAME})`);
    } else if (f.group !== null) {
      where.push(sql`s.group_id = ${f.group}`);
    }
    if (f.monitor !== null) where.push(sql`s.monitor = ${f.monitor}`);
    if (f.keyword) {
      const pattern = `%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      where.push(
        /^\d{1,18}$/.test(f.keyword)
          ? sql`(c.name ILIKE ${pattern} OR c.mid = ${f.keyword}::bigint)`
          : sql`c.name ILIKE ${pattern}`,
      );
    }
    const needsCreator = f.keyword !== null || (f.sort !== 'custom' && f.sort !== 'addTime');
    const r = await sql<LinkKolRow>`
      WITH page AS MATERIALIZED (
        SELECT s.id, count(*) OVER () AS total
        FROM saved_creators s
        ${needsCreator ? sql`JOIN creators c ON c.id = s.creator_id` : sql``}
        ${f.group === 'none' ? sql`LEFT JOIN custom_groups g ON g.id = s.group_id` : sql``}
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${ORDERS[f.sort]}
        LIMIT ${f.limit} OFFSET ${f.offset}
      )
      SELECT ${KOL_ITEM_COLUMNS}, s.type, s.sort, s.monitor, s.group_id, g.name AS group_name, s.created_at,
             s.fans_at_add, u.username AS added_by, cs.last_collected_at, page.total
      FROM page
      JOIN saved_creators s ON s.id = page.id
      JOIN creators c ON c.id = s.creator_id
      ${KOL_ITEM_JOINS}
      LEFT JOIN custom_groups g ON g.id = s.group_id
      LEFT JOIN users u ON u.id = s.added_by
      LEFT JOIN creator_schedule cs ON cs.creator_id = c.id
      ORDER BY ${ORDERS[f.sort]}`.execute(this.db);
    return r.rows;
  }

  /** isCollect / isPut of `kolIds` for a team: the types each creator is saved under. */
  async kolTypes(teamId: string, kolIds: readonly number[]): Promise<Map<number, Set<number>>> {
    const out = new Map<number, Set<number>>();
    if (kolIds.length === 0) return out;
    const r = await sql<{ creator_id: string; type: number }>`
      SELECT creator_id, type FROM saved_creators
      WHERE team_id = ${teamId} AND creator_id = ANY(${kolIds.map(String)}::bigint[])`.execute(this.db);
    for (const row of r.rows) {
      const id = num(row.creator_id);
      const set = out.get(id) ?? new Set<number>();
      set.add(row.type);
      out.set(id, set);
    }
    return out;
  }

  /**
   * The saved types of `ids` (creators or videos) in the team of `userId` (a sub-account's team is its parent's),
   * in one prepared statement: the list decorators' read, which otherwise looked the user up first.
   */
  async typesOfUser(
    table: 'saved_creators' | 'saved_videos',
    userId: string,
    ids: readonly number[],
  ): Promise<Map<number, Set<number>>> {
    const out = new Map<number, Set<number>>();
    if (ids.length === 0) return out;
    const column = sql.ref(table === 'saved_creators' ? 's.creator_id' : 's.video_id');
    const rows = await preparedRows<{ id: string; type: number }>(
      this.db,
      this.pool,
      sql`SELECT ${column} AS id, s.type FROM ${sql.table(table)} s
        WHERE s.team_id = (SELECT coalesce(u.parent_id, u.id) FROM users u WHERE u.id = ${userId})
          AND ${column} = ANY(${ids.map(String)}::bigint[])`,
    );
    for (const row of rows) {
      const id = num(row.id);
      const set = out.get(id) ?? new Set<number>();
      set.add(row.type);
      out.set(id, set);
    }
    return out;
  }

  async videoTypes(teamId: string, videoIds: readonly number[]): Promise<Map<number, Set<number>>> {
    const out = new Map<number, Set<number>>();
    if (videoIds.length === 0) return out;
    const r = await sql<{ video_id: string; type: number }>`
      SELECT video_id, type FROM saved_videos
      WHERE team_id = ${teamId} AND video_id = ANY(${videoIds.map(String)}::bigint[])`.execute(this.db);
    for (const row of r.rows) {
      const id = num(row.video_id);
      const set = out.get(id) ?? new Set<number>();
      set.add(row.type);
      out.set(id, set);
    }
    return out;
  }

  // Saved videos -------------------------------------------------------------------------------------

  async countVideos(db: Exec, teamId: string, type: LinkType): Promise<number> {
    const r = await sql<{ n: string }>`
      SELECT count(*) AS n FROM saved_videos WHERE team_id = ${teamId} AND type = ${type}`.execute(db);
    return num(r.rows[0]?.n ?? 0);
  }

  async hasVideo(db: Exec, teamId: string, type: LinkType, videoId: number): Promise<boolean> {
    const r = await sql`SELECT 1 FROM saved_videos WHERE team_id = ${teamId} AND type = ${type}
      AND video_id = ${videoId}`.execute(db);
    return r.rows.length > 0;
  }

  async insertVideo(
    db: Exec,
    row: { teamId: string; userId: string; type: LinkType; videoId: number; plays: number },
  ): Promise<void> {
    await sql`
      INSERT INTO saved_videos (team_id, type, video_id, sort, plays_at_add, added_by)
      SELECT ${row.teamId}, ${row.type}, ${row.videoId},
             coalesce((SELECT min(sort) FROM saved_videos WHERE team_id = ${row.teamId} AND type = ${row.type}), 0) - 1,
             ${row.plays}, ${row.userId}
      ON CONFLICT (team_id, type, video_id) DO NOTHING`.execute(db);
  }

  async deleteVideo(db: Exec, teamId: string, type: LinkType, videoId: number): Promise<boolean> {
    const r = await sql`DELETE FROM saved_videos WHERE team_id = ${teamId} AND type = ${type}
      AND video_id = ${videoId}`.execute(db);
    return Number(r.numAffectedRows ?? 0n) > 0;
  }

  async listVideos(teamId: string, p: MyLinkVideoParams): Promise<LinkVideoRow[]> {
    const where: RawBuilder<unknown>[] = [sql`s.team_id = ${teamId}`, sql`s.type = ${p.type}`];
    if (p.keyword) {
      const pattern = `%${p.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      where.push(sql`(v.title ILIKE ${pattern} OR c.name ILIKE ${pattern} OR v.bvid = ${p.keyword})`);
    }
    const order =
      p.sort === 'play'
        ? sql`v.play DESC, s.id`
        : p.sort === 'publishTime'
          ? sql`v.pubdate DESC, s.id`
          : p.sort === 'custom'
            ? sql`s.sort, s.id`
            : sql`s.created_at DESC, s.id DESC`;
    const r = await sql<LinkVideoRow>`
      SELECT ${VIDEO_ITEM_COLUMNS}, s.type, s.created_at, s.plays_at_add, u.username AS added_by,
             count(*) OVER () AS total
      FROM saved_videos s
      JOIN videos v ON v.id = s.video_id
      JOIN creators c ON c.id = v.creator_id
      LEFT JOIN partitions p ON p.tid = v.tid
      LEFT JOIN users u ON u.id = s.added_by
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY ${order}
      LIMIT ${p.pageSize} OFFSET ${(p.pageNo - 1) * p.pageSize}`.execute(this.db);
    return r.rows;
  }

  // Custom groups -------------------------------------------------------------------------------------

  /** The team's default group (made on first need). */
  async defaultGroupId(db: Exec, teamId: string, userId: string): Promise<string> {
    await sql`INSERT INTO custom_groups (team_id, type, name, sort, created_by)
      VALUES (${teamId}, 4, ${DEFAULT_GROUP_NAME}, 0, ${userId}) ON CONFLICT DO NOTHING`.execute(db);
    const r = await sql<{ id: string }>`SELECT id FROM custom_groups WHERE team_id = ${teamId} AND type = 4
      AND name = ${DEFAULT_GROUP_NAME}`.execute(db);
    const row = r.rows[0];
    if (!row) throw new Error('default group vanished');
    return row.id;
  }

  /** Every group of the team in its order; kol_num counts saved creators (both lists) and library entries. */
  async groups(db: Exec, teamId: string): Promise<GroupRow[]> {
    const r = await sql<GroupRow>`
      SELECT g.id, g.name, g.sort,
        (SELECT count(*) FROM saved_creators s WHERE s.team_id = g.team_id
           AND (s.group_id = g.id OR (g.name = ${DEFAULT_GROUP_NAME} AND s.group_id IS NULL))) AS kol_num
      FROM custom_groups g WHERE g.team_id = ${teamId} AND g.type = 4
      ORDER BY (g.name = ${DEFAULT_GROUP_NAME}) DESC, g.sort, g.id`.execute(db);
    return r.rows;
  }

  async group(db: Exec, teamId: string, id: number): Promise<{ id: string; name: string } | undefined> {
    const r = await sql<{ id: string; name: string }>`SELECT id, name FROM custom_groups
      WHERE team_id = ${teamId} AND type = 4 AND id = ${id}`.execute(db);
    return r.rows[0];
  }

  async groupNameTaken(db: Exec, teamId: string, name: string, exceptId: number | null): Promise<boolean> {
    const r = await sql`SELECT 1 FROM custom_groups WHERE team_id = ${teamId} AND type = 4
      AND lower(name) = lower(${name}) AND id IS DISTINCT FROM ${exceptId}`.execute(db);
    return r.rows.length > 0;
  }

  async countGroups(db: Exec, teamId: string): Promise<number> {
    const r = await sql<{ n: string }>`SELECT count(*) AS n FROM custom_groups WHERE team_id = ${teamId}
      AND type = 4 AND name <> ${DEFAULT_GROUP_NAME}`.execute(db);
    return num(r.rows[0]?.n ?? 0);
  }

  async insertGroup(db: Exec, teamId: string, userId: string, name: string): Promise<string> {
    const r = await sql<{ id: string }>`
      INSERT INTO custom_groups (team_id, type, name, sort, created_by)
      SELECT ${teamId}, 4, ${name},
        coalesce((SELECT max(sort) FROM custom_groups WHERE team_id = ${teamId} AND type = 4), 0) + 1, ${userId}
      RETURNING id`.execute(db);
    const row = r.rows[0];
    if (!row) throw new Error('group insert returned nothing');
    return row.id;
  }

  async renameGroup(db: Exec, id: string, name: string): Promise<void> {
    await sql`UPDATE custom_groups SET name = ${name} WHERE id = ${id}`.execute(db);
  }

  /** Writes sort = position (1-based) for the team's custom groups in `ids` order. */
  async writeGroupOrder(db: Exec, teamId: string, ids: string[]): Promise<void> {
    await sql`
      UPDATE custom_groups g SET sort = v.ord::int
      FROM unnest(${ids}::bigint[]) WITH ORDINALITY AS v(gid, ord)
      WHERE g.team_id = ${teamId} AND g.id = v.gid AND g.sort <> v.ord`.execute(db);
  }

  /** Deletes a group; its creators fall back to the default group (group_id NULL, ON DELETE SET NULL). */
  async deleteGroup(db: Exec, id: string): Promise<void> {
    await sql`DELETE FROM custom_groups WHERE id = ${id}`.execute(db);
  }

  // Collection requests of the team's members (submitCollectionKol) ------------------------------------

  async collectionRequests(teamId: string, limit: number): Promise<CollectionRequestRow[]> {
    const r = await sql<CollectionRequestRow>`
      SELECT r.id, r.mid, r.state, r.creator_id, c.name AS kol_name, u.username, r.created_at, r.updated_at
      FROM collection_requests r
      JOIN users u ON u.id = r.requested_by
      LEFT JOIN creators c ON c.id = r.creator_id
      WHERE u.id = ${teamId} OR u.parent_id = ${teamId}
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT ${limit}`.execute(this.db);
    return r.rows;
  }
}

export interface CollectionRequestRow {
  id: string;
  mid: string;
  state: string;
  creator_id: string | null;
  kol_name: string | null;
  username: string;
  created_at: Date;
  updated_at: Date;
}
