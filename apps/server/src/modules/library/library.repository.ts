import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_GROUP_NAME, type EredarContact, type EredarListParams, type PriceChange } from '@xg/shared';
import type { Db } from '../../db/client.js';

/** Columns of library_entries a user may write, by their wire name (§3). */
export const FIELD_COLUMNS = {
  nickname: 'nickname',
  fansNum: 'fans_num',
  gender: 'gender',
  platformLevel: 'platform_level',
  themeId: 'theme_id',
  themeName: 'theme_name',
  diyThemeName: 'diy_theme_name',
  isLive: 'is_live',
  normalPrice: 'normal_price',
  videoPrice: 'video_price',
  implantationPrice: 'implantation_price',
  specialPrice: 'special_price',
  launchLevel: 'launch_level',
  launchCount: 'launch_count',
  auctionCalendar: 'auction_calendar',
  wechat: 'wechat',
  phone: 'phone',
  qq: 'qq',
  email: 'email',
  organization: 'organization',
  remark: 'remark',
  isEnter: 'is_enter',
  contactWay: 'contact_way',
} as const;
export type FieldName = keyof typeof FIELD_COLUMNS;
export type FieldValues = Partial<Record<FieldName, string | number | null>>;

export interface SystemCreator {
  id: string;
  mid: string;
  name: string;
  face: string;
  fans: string;
  sex: number;
  level: number | null;
  is_live: number;
  tid: number | null;
  theme_name: string | null;
  mcn_name: string | null;
}

export interface EntryRow extends EredarContact {
  id: string;
  kol_uid: string;
  creator_id: string | null;
  main_index_url: string;
  nickname: string;
  face: string | null;
  fans_num: string;
  gender: number;
  platform_level: number | null;
  theme_id: number | null;
  theme_name: string;
  diy_theme_name: string;
  is_live: number;
  normal_price: string | null;
  video_price: string | null;
  implantation_price: string | null;
  special_price: string | null;
  launch_level: number;
  launch_count: number;
  auction_calendar: string;
  is_enter: number;
  contact_way: string;
  group_id: string | null;
  group_name: string | null;
  added_by: string | null;
  added_by_name: string | null;
  updated_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  last_implantation: Date | null;
  last_dynamic: Date | null;
  last_special: Date | null;
  total?: string;
}

/**
 * A record with the tracked creator's live identity and numbers where the system knows it (name, avatar,
 * fans, level, live flag), the team's own fields otherwise.
 */
const ENTRY_SELECT = sql`
  e.id, e.kol_uid, e.creator_id, e.main_index_url,
  coalesce(c.name, e.nickname) AS nickname, c.face,
  coalesce(c.fans, e.fans_num) AS fans_num,
  coalesce(c.sex, e.gender) AS gender,
  coalesce(c.level, e.platform_level) AS platform_level,
  coalesce(c.partition_tid, e.theme_id) AS theme_id,
  coalesce(p.name, e.theme_name) AS theme_name,
  e.diy_theme_name, coalesce(c.is_live, e.is_live) AS is_live,
  e.normal_price, e.video_price, e.implantation_price, e.special_price, e.launch_level, e.launch_count,
  e.auction_calendar, e.wechat, e.phone, e.qq, e.email, e.organization, e.remark, e.is_enter, e.contact_way,
  e.group_id, g.name AS group_name, e.added_by, ua.username AS added_by_name, uu.username AS updated_by_name,
  e.created_at, e.updated_at,
  (SELECT max(changed_at) FROM library_price_history h WHERE h.entry_id = e.id AND h.kind = 'implantation') AS last_implantation,
  (SELECT max(changed_at) FROM library_price_history h WHERE h.entry_id = e.id AND h.kind = 'dynamic') AS last_dynamic,
  (SELECT max(changed_at) FROM library_price_history h WHERE h.entry_id = e.id AND h.kind = 'special') AS last_special`;
const ENTRY_FROM = sql`
  FROM library_entries e
  LEFT JOIN creators c ON c.id = e.creator_id
  LEFT JOIN partitions p ON p.tid = c.partition_tid
  LEFT JOIN custom_groups g ON g.id = e.group_id
  LEFT JOIN users ua ON ua.id = e.added_by
  LEFT JOIN users uu ON uu.id = e.updated_by`;

const SORTS: Readonly<Record<EredarListParams['sort'], RawBuilder<unknown>>> = {
  updateTime: sql`e.updated_at DESC, e.id DESC`,
  fans: sql`coalesce(c.fans, e.fans_num) DESC, e.id DESC`,
  launchLevel: sql`e.launch_level DESC, e.id DESC`,
  implantationPrice: sql`e.implantation_price DESC NULLS LAST, e.id DESC`,
  launchCount: sql`e.launch_count DESC, e.id DESC`,
};

/** SQL of the private library; every statement is scoped by team_id. */
export class LibraryRepository {
  constructor(private readonly db: Db) {}

  get database(): Db {
    return this.db;
  }

  async locked<T>(teamId: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`library:${teamId}`}, 0))`.execute(tx);
      return work(tx);
    });
  }

  async systemCreator(db: Db, mid: number): Promise<SystemCreator | null> {
    const r = await sql<SystemCreator>`
      SELECT c.id, c.mid, c.name, c.face, c.fans, c.sex, c.level, c.is_live, c.partition_tid AS tid,
             p.name AS theme_name, m.name AS mcn_name
      FROM creators c LEFT JOIN partitions p ON p.tid = c.partition_tid LEFT JOIN mcns m ON m.id = c.mcn_id
      WHERE c.mid = ${mid}`.execute(db);
    return r.rows[0] ?? null;
  }

  async entryIdByUid(db: Db, teamId: string, uid: number): Promise<{ id: string; creator_id: string | null } | null> {
    const r = await sql<{ id: string; creator_id: string | null }>`
      SELECT id, creator_id FROM library_entries WHERE team_id = ${teamId} AND kol_uid = ${uid}`.execute(db);
    return r.rows[0] ?? null;
  }

  async count(db: Db, teamId: string): Promise<number> {
    const r = await sql<{ n: string }>`SELECT count(*) AS n FROM library_entries WHERE team_id = ${teamId}`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** Inserts a record; null when the team already has one for this UID (concurrent adds make one row). */
  async insert(
    db: Db,
    row: {
      teamId: string;
      userId: string;
      uid: number;
      creatorId: string | null;
      url: string;
      groupId: string | null;
      fields: FieldValues;
    },
  ): Promise<string | null> {
    const names = Object.keys(row.fields) as FieldName[];
    const columns = names.map((n) => sql.ref(FIELD_COLUMNS[n]));
    const values = names.map((n) => sql`${row.fields[n] ?? null}`);
    const r = await sql<{ id: string }>`
      INSERT INTO library_entries (team_id, kol_uid, creator_id, main_index_url, group_id, added_by, updated_by
        ${names.length ? sql`, ${sql.join(columns)}` : sql``})
      VALUES (${row.teamId}, ${row.uid}, ${row.creatorId}, ${row.url}, ${row.groupId}, ${row.userId}, ${row.userId}
        ${names.length ? sql`, ${sql.join(values)}` : sql``})
      ON CONFLICT (team_id, kol_uid) DO NOTHING
      RETURNING id`.execute(db);
    return r.rows[0]?.id ?? null;
  }

  async entry(db: Db, teamId: string, id: number): Promise<EntryRow | null> {
    const r = await sql<EntryRow>`SELECT ${ENTRY_SELECT} ${ENTRY_FROM}
      WHERE e.team_id = ${teamId} AND e.id = ${id}`.execute(db);
    return r.rows[0] ?? null;
  }

  /** The stored prices (not the display values) of a record, locked for an update. */
  async storedPrices(
    db: Db,
    teamId: string,
    id: number,
  ): Promise<Record<'normal_price' | 'video_price' | 'implantation_price' | 'special_price', string | null> | null> {
    const r = await sql<Record<'normal_price' | 'video_price' | 'implantation_price' | 'special_price', string | null>>`
      SELECT normal_price, video_price, implantation_price, special_price FROM library_entries
      WHERE team_id = ${teamId} AND id = ${id} FOR UPDATE`.execute(db);
    return r.rows[0] ?? null;
  }

  async update(db: Db, teamId: string, id: number, userId: string, fields: FieldValues): Promise<void> {
    const names = Object.keys(fields) as FieldName[];
    const sets = names.map((n) => sql`${sql.ref(FIELD_COLUMNS[n])} = ${fields[n] ?? null}`);
    await sql`UPDATE library_entries SET ${sql.join([...sets, sql`updated_by = ${userId}`, sql`updated_at = now()`])}
      WHERE team_id = ${teamId} AND id = ${id}`.execute(db);
  }

  async insertPriceChanges(
    db: Db,
    teamId: string,
    entryId: number,
    userId: string,
    changes: { kind: PriceChange['kind']; oldPrice: string | null; newPrice: number | null }[],
  ): Promise<void> {
    for (const c of changes) {
      await sql`INSERT INTO library_price_history (team_id, entry_id, kind, old_price, new_price, changed_by)
        VALUES (${teamId}, ${entryId}, ${c.kind}, ${c.oldPrice}, ${c.newPrice}, ${userId})`.execute(db);
    }
  }

  async priceHistory(db: Db, teamId: string, entryId: number): Promise<PriceChange[]> {
    const r = await sql<{
      kind: PriceChange['kind'];
      old_price: string | null;
      new_price: string | null;
      username: string | null;
      changed_at: Date;
    }>`
      SELECT h.kind, h.old_price, h.new_price, u.username, h.changed_at
      FROM library_price_history h LEFT JOIN users u ON u.id = h.changed_by
      WHERE h.team_id = ${teamId} AND h.entry_id = ${entryId}
      ORDER BY h.changed_at DESC, h.id DESC LIMIT 200`.execute(db);
    return r.rows.map((x) => ({
      kind: x.kind,
      oldPrice: x.old_price === null ? null : Number(x.old_price),
      newPrice: x.new_price === null ? null : Number(x.new_price),
      changedBy: x.username ?? '',
      changedAt: x.changed_at.toISOString(),
    }));
  }

  async delete(db: Db, teamId: string, id: number): Promise<boolean> {
    const r = await sql`DELETE FROM library_entries WHERE team_id = ${teamId} AND id = ${id}`.execute(db);
    return Number(r.numAffectedRows ?? 0n) > 0;
  }

  async group(db: Db, teamId: string, id: number): Promise<{ id: string; name: string } | null> {
    const r = await sql<{ id: string; name: string }>`SELECT id, name FROM custom_groups
      WHERE team_id = ${teamId} AND type = 4 AND id = ${id}`.execute(db);
    return r.rows[0] ?? null;
  }

  /**
   * One page of the library. The page is found first on narrow rows (the entries, joined to `creators` or the
   * groups only when a filter, the keyword or the order needs them, counted with the window there); only its
   * rows are joined to the rest and get their price dates: counting over the wide join made every page cost
   * the whole library (20,000 entries joined to five tables, the window spilling to disk; docs/performance.md).
   */
  async list(teamId: string, p: EredarListParams): Promise<EntryRow[]> {
    const where: RawBuilder<unknown>[] = [sql`e.team_id = ${teamId}`];
    let needsCreator = p.sort === 'fans';
    if (p.keyword) {
      const pattern = `%${p.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      where.push(sql`(coalesce(c.name, e.nickname) ILIKE ${pattern} OR e.organization ILIKE ${pattern}
        OR e.diy_theme_name ILIKE ${pattern} OR e.remark ILIKE ${pattern}
        ${/^\d{1,16}$/.test(p.keyword) ? sql`OR e.kol_uid = ${p.keyword}::bigint` : sql``})`);
      needsCreator = true;
    }
    if (p.kolUid !== undefined) where.push(sql`e.kol_uid = ${p.kolUid}`);
    if (p.launchLevel !== undefined) where.push(sql`e.launch_level = ${p.launchLevel}`);
    if (p.isEnter !== undefined) where.push(sql`e.is_enter = ${p.isEnter}`);
    if (p.isLive !== undefined) {
      where.push(sql`coalesce(c.is_live, e.is_live) = ${p.isLive}`);
      needsCreator = true;
    }
    if (p.gender !== undefined) {
      where.push(sql`coalesce(c.sex, e.gender) = ${p.gender}`);
      needsCreator = true;
    }
    if (p.tId !== undefined) {
      where.push(
        p.tId === 0 ? sql`(e.group_id IS NULL OR g.name = ${DEFAULT_GROUP_NAME})` : sql`e.group_id = ${p.tId}`,
      );
    }
    if (p.priceMin !== undefined) where.push(sql`e.implantation_price >= ${p.priceMin}`);
    if (p.priceMax !== undefined) where.push(sql`e.implantation_price <= ${p.priceMax}`);
    const r = await sql<EntryRow>`
      WITH page AS MATERIALIZED (
        SELECT e.id, count(*) OVER () AS total
        FROM library_entries e
        ${needsCreator ? sql`LEFT JOIN creators c ON c.id = e.creator_id` : sql``}
        ${p.tId === 0 ? sql`LEFT JOIN custom_groups g ON g.id = e.group_id` : sql``}
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${SORTS[p.sort]}
        LIMIT ${p.pageSize} OFFSET ${(p.pageNo - 1) * p.pageSize}
      )
      SELECT ${ENTRY_SELECT}, page.total
      FROM page JOIN library_entries e ON e.id = page.id
      LEFT JOIN creators c ON c.id = e.creator_id
      LEFT JOIN partitions p ON p.tid = c.partition_tid
      LEFT JOIN custom_groups g ON g.id = e.group_id
      LEFT JOIN users ua ON ua.id = e.added_by
      LEFT JOIN users uu ON uu.id = e.updated_by
      ORDER BY ${SORTS[p.sort]}`.execute(this.db);
    return r.rows;
  }
}
