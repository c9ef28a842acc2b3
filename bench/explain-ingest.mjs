// Ingestion rate (issue #3; not part of `npm test`). See bench/README.md.
//
// Writes one day of snapshots into the bench world (default: the 1M world of bench/world-1m.mjs) through the app's
// real ingestion path — PgIngestor.ingestCreators / ingestVideos, the code the collector and the importer use — and
// reports snapshot rows (creator_daily + video_daily) written per second. The records are built from the stored rows
// of a random sample of creators and all their videos, with every counter moved forward as a day of collection
// would (fans, plays, likes … grow), so every record changes its creator / video and writes a daily row.
//
// Modes (BENCH_INGEST_MODE):
//   batch     — BENCH_INGEST_BATCH creators per call and then their videos, BENCH_INGEST_CONCURRENCY calls at once
//               (the importer's shape and a bulk collector's);
//   collector — one call per creator and one per its video page, BENCH_INGEST_CONCURRENCY workers (the shape of
//               `collect.creator-snapshot` jobs, 4 per worker by default).
// The world moves forward: the day written (default the day after the newest stored snapshot) gets these snapshots.
// Running it again for the same day rewrites those daily rows with further-moved counters.

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { createDb } = await import(dist('db/client.js'));
const { PgIngestor } = await import(dist('modules/ingestion/index.js'));
const { Kysely, PostgresDialect } = await import('kysely');

const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = env.BENCH_DB ?? 'xg_bench_1m';
const creatorsN = Number(env.BENCH_INGEST_CREATORS ?? 2000);
const batch = Number(env.BENCH_INGEST_BATCH ?? 2000);
const concurrency = Number(env.BENCH_INGEST_CONCURRENCY ?? 2);
const mode = env.BENCH_INGEST_MODE ?? 'batch';
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`BENCH_DB must be a plain identifier: ${dbName}`);
if (!['batch', 'collector'].includes(mode)) throw new Error(`BENCH_INGEST_MODE must be batch or collector`);
const benchUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const say = (line) => process.stdout.write(`${line}\n`);

// BENCH_PROFILE=1: the time of each statement as the driver sees it (client, network and server), summed per statement.
const profile = env.BENCH_PROFILE === '1' ? new Map() : null;
const { pool } = createDb(benchUrl, concurrency + 1);
const db = new Kysely({
  dialect: new PostgresDialect({ pool }),
  log: (e) => {
    if (!profile || e.level !== 'query') return;
    const key = e.query.sql.replace(/\s+/g, ' ').trim().slice(0, 80);
    const p = profile.get(key) ?? { n: 0, ms: 0 };
    p.n++;
    p.ms += e.queryDurationMillis;
    profile.set(key, p);
  },
});
const ingestor = new PgIngestor(db);
const q = async (text, params = []) => (await pool.query(text, params)).rows;

const lastDay = (await q(`SELECT max(day)::text AS d FROM creator_daily`))[0].d;
const dayAfter = (d) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
// The next day after the newest stored snapshot: the collector's case (the current columns move forward).
const day = env.BENCH_INGEST_DAY ?? dayAfter(lastDay);
const salt = Number(env.BENCH_INGEST_SALT ?? Date.now() % 1_000_000);

// 1. The records: a random sample of creators and every video of theirs, counters moved forward ------------------
const prepStarted = Date.now();
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
  mid: Number(r.mid),
  name: r.name,
  face: r.face,
  sign: r.sign,
  level: r.level,
  sex: r.sex,
  officialType: r.official_type,
  officialTitle: r.official_title,
  fans: grow(r.fans, 0.001, 0.011),
  following: Number(r.following),
  likes: grow(r.likes, 0.001, 0.005),
  plays: grow(r.plays, 0.001, 0.005),
  videoCount: r.video_count,
  liveRoomId: r.live_room_id === null ? null : Number(r.live_room_id),
  isLive: r.is_live === 1,
});
const byCreator = new Map(
  creatorRows.map((r) => [r.id, { mid: Number(r.mid), name: r.name, face: r.face, videos: [] }]),
);
for (const v of videoRows) {
  const owner = byCreator.get(v.creator_id);
  owner.videos.push({
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
say(
  `[ingest] ${dbName}, day ${day}: ${units.length} creators, ${videoRows.length} videos prepared in ${((Date.now() - prepStarted) / 1000).toFixed(1)} s; mode ${mode}, ${mode === 'batch' ? `${batch} creators per call, ` : ''}concurrency ${concurrency}`,
);

const pg = (await import('pg')).default;
const orig = pg.Client.prototype.query;
let explained = 0;
pg.Client.prototype.query = function (text, params, cb) {
  if (
    typeof text === 'string' &&
    text.trimStart().startsWith('WITH i AS MATERIALIZED') &&
    explained < Number(env.BENCH_EXPLAIN_N ?? 2)
  ) {
    explained++;
    return orig.call(this, 'EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ' + text, params).then((r) => {
      say(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
      return { rows: [], rowCount: 0 };
    });
  }
  return orig.call(this, text, params, cb);
};
const t0 = performance.now();
await ingestor.ingestCreators(
  units.map((u) => u.creator),
  day,
);
const t1 = performance.now();
await ingestor.ingestVideos(
  units.flatMap((u) => u.videos),
  day,
);
say(`creators ${(t1 - t0).toFixed(0)} ms, videos ${(performance.now() - t1).toFixed(0)} ms`);
await db.destroy();
