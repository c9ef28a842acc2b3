import { sql, type RawBuilder } from 'kysely';
import { roundIndexNum, type CreatorSearchItem, type KolItem, type TopKol } from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { PreparedPool } from '../../db/read-replica.js';
import { fansIncrease30 } from '../metrics/figures.js';
import { preparedRows } from './prepared.js';

/** int8 and numeric columns arrive as strings; converted here, in one place for discovery lists. */
export const num = (v: string | number | bigint): number => Number(v);
export const numOrNull = (v: string | number | bigint | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

/** A creator's card columns (search answers and every discovery list), as SQL answers them. */
export interface CreatorCardRow {
  id: string;
  name: string;
  mid: string;
  face: string;
  official_type: number;
  fans: string;
  level: number | null;
  theme_name: string | null;
}

/** A creator's card: what the search answers and what every discovery list starts with. */
export function toCreatorCard(r: CreatorCardRow): CreatorSearchItem {
  return {
    kolId: num(r.id),
    kolName: r.name,
    kolUid: num(r.mid),
    kolImg: r.face,
    isApprove: r.official_type,
    fansNum: num(r.fans),
    themeName: r.theme_name,
    platformLevel: r.level,
  };
}

export interface KolItemRow extends CreatorCardRow {
  sex: number;
  index_num: string;
  plays: string;
  likes: string;
  video_count: number;
  is_live: number;
  mcn_name: string | null;
  fans_increase: string | null;
}

export function toKolItem(r: KolItemRow): KolItem {
  // Object.assign onto the fresh card, not `{ ...card, gender, … }`: on Node 20's V8 a literal that spreads an object
  // and then adds keys the object lacks costs ≈ 1–2 µs a key (25 µs a row here; docs/decisions.md, "Object spread")
  return Object.assign(toCreatorCard(r), {
    gender: r.sex,
    indexNum: roundIndexNum(num(r.index_num)),
    playNum: num(r.plays),
    praiseNum: num(r.likes),
    videoNum: r.video_count,
    isLive: r.is_live,
    mcnName: r.mcn_name,
    fansIncrease: numOrNull(r.fans_increase),
    // The caller's team's flags are set by the routes (CollectService.decorateKols, modules/collect).
    isCollect: 0,
    isPut: 0,
    // Not in the collected data (business-order platform).
    isEnter: 0,
  });
}

/**
 * Every discovery list first finds one page of creator ids (cheap, on an index), then reads the rows
 * shown for that page here: one query, answer in the order of `ids`. `fansIncrease` is 30日涨粉, read through
 * the one definition (metrics/figures.ts fansIncrease30; null, shown “-”, for a creator not rolled up yet).
 */
/**
 * The columns of a KolItem, for queries that join `creators c` (with `partitions p`, `mcns m` and
 * `creator_metrics cm` left-joined as in KOL_ITEM_JOINS) to their own rows, e.g. a ranking list.
 */
export const KOL_ITEM_COLUMNS = sql`c.id, c.name, c.mid, c.face, c.official_type, c.fans, c.level, c.sex,
  c.index_num, c.plays, c.likes, c.video_count, c.is_live, p.name AS theme_name, m.name AS mcn_name,
  ${fansIncrease30('cm')} AS fans_increase`;
export const KOL_ITEM_JOINS = sql`LEFT JOIN partitions p ON p.tid = c.partition_tid
  LEFT JOIN mcns m ON m.id = c.mcn_id
  LEFT JOIN creator_metrics cm ON cm.creator_id = c.id`;

/**
 * List rows of `ids`, in that order. With a pool the statement is prepared (prepared.ts): its shape never
 * changes (the ids are one array parameter), and planning its joins costs more than running it.
 */
export async function readKolItems(
  db: Db,
  ids: readonly (string | number)[],
  pool: PreparedPool | null = null,
): Promise<KolItem[]> {
  if (ids.length === 0) return [];
  const idList = ids.map((id) => String(id));
  const rows = await preparedRows(
    db,
    pool,
    sql<KolItemRow>`
      SELECT ${KOL_ITEM_COLUMNS}
      FROM unnest(${idList}::bigint[]) WITH ORDINALITY AS i(id, ord)
      JOIN creators c ON c.id = i.id
      ${KOL_ITEM_JOINS}
      ORDER BY i.ord`,
  );
  return rows.map(toKolItem);
}

/**
 * The creators of a set of videos by their videos' plays (most first, ties by id), with how many of the videos are
 * theirs: an activity's or a material's top creators, the creators who sell a goods item. `from` names the videos
 * `v` (joined with whatever selects them), `where` narrows them.
 */
export async function topCreatorsOf(
  db: Db,
  from: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  limit: number,
): Promise<TopKol[]> {
  const r = await sql<{ id: string; name: string; face: string; fans: string; n: string; plays: string }>`
    SELECT c.id, c.name, c.face, c.fans, count(*) AS n, sum(v.play) AS plays
    FROM ${from} JOIN creators c ON c.id = v.creator_id
    WHERE ${where}
    GROUP BY c.id ORDER BY plays DESC, c.id LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => ({
    kolId: num(x.id),
    kolName: x.name,
    kolImg: x.face,
    fansNum: num(x.fans),
    videoNum: num(x.n),
    playNum: num(x.plays),
  }));
}
