// The records bench/ingest.mjs and bench/explain-ingest.mjs send: a random sample of creators of the bench world and
// every video of theirs, built from their stored rows with every counter moved forward as a day of collection would
// (fans +0.1–1.1 %, a video's plays +0.5–3 %, … at least +1), so every record changes its creator / video and writes
// a daily row. `salt` picks the sample (the same salt, the same creators).
export async function sampleRecords(q, creatorsN, salt) {
  const creatorRows = await q(
    `SELECT id, mid, name, face, sign, level, sex, official_type, official_title, live_room_id, is_live,
            fans, following, likes, plays, video_count
     FROM creators ORDER BY hashint8(id + $1) LIMIT $2`,
    [salt, creatorsN],
  );
  const ids = creatorRows.map((r) => r.id);
  const videoRows = await q(
    `SELECT v.creator_id, v.aid, v.bvid, v.title, v.cover, v.description, v.duration,
            extract(epoch FROM v.pubdate)::bigint AS pubdate, v.tid, v.copyright, v.is_activity, v.status,
            v.play, v.likes, v.coin, v.favorite, v.share, v.reply, v.danmaku
     FROM videos v WHERE v.creator_id = ANY($1::bigint[])`,
    [ids],
  );
  // A deterministic "day of growth" per row: +0.1–1.1 % fans, +0.5–3 % plays of a video, at least +1.
  let state = salt + 1;
  const rand = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const grow = (v, lo, hi) => Number(v) + Math.max(1, Math.round(Number(v) * (lo + (hi - lo) * rand())));
  const creatorRecord = (r) => ({
    ...creatorProfile(r),
    fans: grow(r.fans, 0.001, 0.011),
    following: Number(r.following),
    likes: grow(r.likes, 0.001, 0.005),
    plays: grow(r.plays, 0.001, 0.005),
    videoCount: r.video_count,
  });
  const byCreator = new Map(
    creatorRows.map((r) => [r.id, { mid: Number(r.mid), name: r.name, face: r.face, videos: [] }]),
  );
  for (const v of videoRows) {
    const owner = byCreator.get(v.creator_id);
    owner.videos.push({
      ...videoMeta(v, owner),
      stats: {
        view: grow(v.play, 0.005, 0.03),
        danmaku: grow(v.danmaku, 0.001, 0.02),
        reply: grow(v.reply, 0.001, 0.02),
        favorite: grow(v.favorite, 0.001, 0.02),
        coin: grow(v.coin, 0.001, 0.02),
        share: grow(v.share, 0.001, 0.02),
        like: grow(v.likes, 0.002, 0.02),
      },
    });
  }
  const units = creatorRows.map((r) => ({ creator: creatorRecord(r), videos: byCreator.get(r.id).videos }));
  return { units, videoCount: videoRows.length };
}

/** A creator record's fields other than its counters, from a stored `creators` row. */
export const creatorProfile = (r) => ({
  mid: Number(r.mid),
  name: r.name,
  face: r.face,
  sign: r.sign,
  level: r.level,
  sex: r.sex,
  officialType: r.official_type,
  officialTitle: r.official_title,
  liveRoomId: r.live_room_id === null ? null : Number(r.live_room_id),
  isLive: r.is_live === 1,
});

/** A video record's fields other than its counters, from a stored `videos` row (pubdate in epoch seconds) and its owner. */
export const videoMeta = (v, owner) => ({
  aid: Number(v.aid),
  bvid: v.bvid,
  owner: { mid: owner.mid, name: owner.name, face: owner.face },
  title: v.title,
  cover: v.cover,
  desc: v.description,
  duration: v.duration,
  pubdate: Number(v.pubdate),
  tid: v.tid,
  tname: null,
  copyright: v.copyright,
  isActivity: v.is_activity === 1,
  missionId: null,
  state: v.status === 0 ? 0 : -100,
  status: v.status,
  cid: null,
});
