import { sql } from 'kysely';
import type { VideoDetailInfo, VideoItem } from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { PreparedPool } from '../../db/read-replica.js';
import { preparedRows } from '../creators/prepared.js';
import { num } from '../creators/kol-items.js';
import type { VideoCounterText } from '../../db/schema.js';

export interface VideoItemRow extends VideoCounterText {
  id: string;
  aid: string;
  bvid: string;
  title: string;
  cover: string;
  duration: number;
  pubdate: Date;
  status: number;
  copyright: number;
  is_activity: number;
  tid: number | null;
  theme_name: string | null;
  creator_id: string;
  kol_name: string;
  kol_img: string;
}

/** The columns every video list reads (aliases `v` videos, `c` creators, `p` partitions). */
export const VIDEO_ITEM_COLUMNS = sql`v.id, v.aid, v.bvid, v.title, v.cover, v.duration, v.pubdate, v.status,
  v.copyright, v.is_activity, v.tid, p.name AS theme_name, v.play, v.likes, v.coin, v.favorite, v.share,
  v.reply, v.danmaku, v.creator_id, c.name AS kol_name, c.face AS kol_img`;

export function videoUrl(bvid: string): string {
  return `https://www.bilibili.com/video/${bvid}`;
}

/** Wire names of §3 "Video info" (castCurrencyNum coins, collectNum favourites, barrageNum danmaku). */
export function toVideoItem(r: VideoItemRow): VideoItem {
  return {
    videoId: num(r.id),
    aid: num(r.aid),
    bvid: r.bvid,
    title: r.title,
    coverImg: r.cover,
    playDuration: r.duration,
    publishTime: r.pubdate.toISOString(),
    status: r.status,
    isReprint: r.copyright === 2 ? 1 : 0,
    isActivity: r.is_activity,
    tid: r.tid,
    themeName: r.theme_name,
    sourceUrl: videoUrl(r.bvid),
    playNum: num(r.play),
    praiseNum: num(r.likes),
    castCurrencyNum: num(r.coin),
    collectNum: num(r.favorite),
    commentNum: num(r.reply),
    barrageNum: num(r.danmaku),
    shareNum: num(r.share),
    kolId: num(r.creator_id),
    kolName: r.kol_name,
    kolImg: r.kol_img,
  };
}

/** One page of videos by id, in the order of `ids`. */
export async function readVideoItems(
  db: Db,
  ids: readonly (string | number)[],
  pool: PreparedPool | null = null,
): Promise<VideoItem[]> {
  if (ids.length === 0) return [];
  const rows = await preparedRows(
    db,
    pool,
    sql<VideoItemRow>`
    SELECT ${VIDEO_ITEM_COLUMNS}
    FROM unnest(${ids.map(String)}::bigint[]) WITH ORDINALITY AS i(id, ord)
    JOIN videos v ON v.id = i.id
    JOIN creators c ON c.id = v.creator_id
    LEFT JOIN partitions p ON p.tid = v.tid
    ORDER BY i.ord`,
  );
  return rows.map(toVideoItem);
}

/** A video's detail (§3 Video info) by id or BV id, or undefined. */
export async function readVideoDetail(db: Db, ref: string): Promise<VideoDetailInfo | undefined> {
  const where = ref.startsWith('BV') ? sql`v.bvid = ${ref}` : sql`v.id = ${ref}::bigint`;
  const result = await sql<
    VideoItemRow & { description: string; updated_at: Date; activity_id: string | null; activity_name: string | null }
  >`
    SELECT ${VIDEO_ITEM_COLUMNS}, v.description, v.updated_at, v.mission_id AS activity_id, a.name AS activity_name
    FROM videos v
    JOIN creators c ON c.id = v.creator_id
    LEFT JOIN partitions p ON p.tid = v.tid
    LEFT JOIN activities a ON a.id = v.mission_id
    WHERE ${where}`.execute(db);
  const r = result.rows[0];
  if (!r) return undefined;
  return {
    ...toVideoItem(r),
    summary: r.description,
    // The video's activity (mission_id); its name once the activity's page was read, and only then
    // activityExists = 1: /hotStuff/activityDetail can show it.
    activityId: r.activity_id === null ? null : Number(r.activity_id),
    activityName: r.activity_name,
    activityExists: r.activity_name === null ? 0 : 1,
    updateTime: r.updated_at.toISOString(),
  };
}
