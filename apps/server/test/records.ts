/**
 * Ingestor records built from stored rows, as a snapshot that says nothing new would carry them (the tests of
 * modules/ingestion change the fields they are about).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';
import type { CreatorRecord, VideoRecord } from '../src/providers/bilibili/records.js';

export async function storedCreatorRecord(db: Kysely<Database>, id: string): Promise<CreatorRecord> {
  const c = await db.selectFrom('creators').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    mid: Number(c.mid),
    name: c.name,
    face: c.face,
    sign: c.sign,
    level: c.level,
    sex: c.sex as CreatorRecord['sex'],
    officialType: c.official_type as CreatorRecord['officialType'],
    officialTitle: c.official_title,
    fans: Number(c.fans),
    following: Number(c.following),
    likes: Number(c.likes),
    plays: Number(c.plays),
    videoCount: c.video_count,
    liveRoomId: c.live_room_id === null ? null : Number(c.live_room_id),
    isLive: c.is_live === 1,
  };
}

export async function storedVideoRecord(db: Kysely<Database>, id: string): Promise<VideoRecord> {
  const v = await db
    .selectFrom('videos as v')
    .innerJoin('creators as c', 'c.id', 'v.creator_id')
    .selectAll('v')
    .select(['c.mid', 'c.name', 'c.face'])
    .where('v.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    aid: Number(v.aid),
    bvid: v.bvid,
    owner: { mid: Number(v.mid), name: v.name, face: v.face },
    title: v.title,
    cover: v.cover,
    desc: v.description,
    duration: v.duration,
    pubdate: Math.floor(v.pubdate.getTime() / 1000),
    tid: v.tid,
    tname: null,
    copyright: v.copyright as VideoRecord['copyright'],
    isActivity: v.is_activity === 1,
    missionId: null,
    state: 0,
    status: v.status as VideoRecord['status'],
    cid: null,
    stats: {
      view: Number(v.play),
      danmaku: Number(v.danmaku),
      reply: Number(v.reply),
      favorite: Number(v.favorite),
      coin: Number(v.coin),
      share: Number(v.share),
      like: Number(v.likes),
    },
  };
}
