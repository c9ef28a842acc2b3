/**
 * Writes the demo world with batched `INSERT … SELECT FROM unnest(…)`: one array parameter per column,
 * up to BATCH_ROWS rows per statement. Everything runs on the caller's transaction, so a load that
 * fails part-way leaves nothing behind and the next start begins again from scratch.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isVerticalDimension } from '@xg/shared';
import type { Database } from '../../schema.js';
import { dimensionOf } from '../../../sim/http/shapes/common.js';
import { dayStartMs } from './days.js';
import {
  creatorContent,
  VIDEO_HISTORY_DAYS,
  type CreatorContent,
  type CreatorSpec,
  type DailyRow,
  type VideoDailyRow,
  type VideoRow,
  type WorldPlan,
} from './generate.js';
import { materialWorld, videoMaterial, type MaterialWorld, type VideoMaterial } from './materials.js';
import { partitionRows } from './partitions.js';

type Executor = Kysely<Database>;

export const BATCH_ROWS = 10_000;
/** Creators generated per round; their videos and history follow in batches of BATCH_ROWS. */
const CREATORS_PER_ROUND = 500;

/** Upserts the partition tree (parents first). Idempotent; runs on every start. */
export async function upsertPartitions(db: Executor): Promise<number> {
  const rows = partitionRows();
  await sql`
    INSERT INTO partitions (tid, parent_id, name, sort)
    SELECT * FROM unnest(
      ${rows.map((r) => r.tid)}::int[], ${rows.map((r) => r.parentId)}::int[],
      ${rows.map((r) => r.name)}::text[], ${rows.map((r) => r.sort)}::int[])
    ON CONFLICT (tid) DO UPDATE SET parent_id = EXCLUDED.parent_id, name = EXCLUDED.name, sort = EXCLUDED.sort`.execute(
    db,
  );
  return rows.length;
}

/** Inserts the MCN names that are missing; answers name → id. */
export async function upsertMcns(db: Executor, names: readonly string[]): Promise<Map<string, number>> {
  await sql`INSERT INTO mcns (name) SELECT unnest(${[...names]}::text[]) ON CONFLICT (name) DO NOTHING`.execute(db);
  const rows = await db
    .selectFrom('mcns')
    .select(['id', 'name'])
    .where('name', 'in', [...names])
    .execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

export interface LoadProgress {
  creators: number;
  videos: number;
  daily: number;
}

/**
 * Generates and inserts the plan's first `options.creators` creators (default: all) with their videos and daily
 * rows. While PostgreSQL works on one round's statements, the next round is generated (the generator is
 * synchronous, the inserts are not). The id sequences are moved past the whole plan, so rows that others insert
 * before the rest of the world is loaded (loadWorldRest) never take the ids the plan holds for it.
 */
export async function loadWorld(
  db: Executor,
  plan: WorldPlan,
  mcnIds: Map<string, number>,
  onProgress: (p: LoadProgress) => void,
  options: { creators?: number } = {},
): Promise<LoadProgress> {
  const done: LoadProgress = { creators: 0, videos: 0, daily: 0 };
  const count = Math.min(options.creators ?? plan.creators.length, plan.creators.length);
  const materials = materialWorld(plan.seed, plan.today);
  await insertCatalogue(db, materials, plan.days[plan.days.length - 1] ?? plan.today);
  let pending: Promise<void> = Promise.resolve();
  for (let start = 0; start < count; start += CREATORS_PER_ROUND) {
    const specs = plan.creators.slice(start, Math.min(start + CREATORS_PER_ROUND, count));
    const contents = specs.map((c) => creatorContent(plan, c));
    await pending;
    pending = insertRound(db, plan, specs, contents, mcnIds, materials).then(() => {
      addCounts(done, specs, contents);
      onProgress(done);
    });
  }
  await pending;
  await reserveIds(db, plan);
  return done;
}

function addCounts(done: LoadProgress, specs: CreatorSpec[], contents: CreatorContent[]): void {
  done.creators += specs.length;
  for (const content of contents) {
    done.videos += content.videos.length;
    done.daily += content.daily.length;
  }
}

/** Creators generated between two turns of the event loop in the background loads (≈ 2 ms of CPU each). */
const YIELD_EVERY = 16;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function generateYielding(plan: WorldPlan, specs: CreatorSpec[]): Promise<CreatorContent[]> {
  const contents: CreatorContent[] = [];
  for (const [k, spec] of specs.entries()) {
    if (k % YIELD_EVERY === YIELD_EVERY - 1) await yieldToLoop();
    contents.push(creatorContent(plan, spec));
  }
  return contents;
}

/** Moves the creators and videos sequences past the ids of the whole plan (and of any stored row). */
async function reserveIds(db: Executor, plan: WorldPlan): Promise<void> {
  await sql`SELECT setval(pg_get_serial_sequence('creators', 'id'),
                          greatest((SELECT max(id) FROM creators), ${plan.creators.length}::bigint, 1))`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('videos', 'id'),
                          greatest((SELECT max(id) FROM videos), ${plan.videoCount}::bigint, 1))`.execute(db);
}

/**
 * The rest of the world after loadWorld's first `from` creators (the demo world's growth behind the running
 * server): the remaining creators in rounds of `roundSize`, with their videos, 90 days of history and the
 * recent videos' history, each round in its own transaction. Creators stored already (by an earlier, interrupted
 * run) are skipped, so the load resumes; so is a creator whose UID the collector stored meanwhile (a user
 * collected it), with its content. `transaction` runs a round in its own transaction
 * (holding the locks that keep it apart from another loader and from the rollups). The generation yields to the
 * event loop every few creators: the server answers requests meanwhile.
 */
export async function loadWorldRest(
  db: Executor,
  plan: WorldPlan,
  from: number,
  transaction: (work: (trx: Executor) => Promise<void>) => Promise<void>,
  onRound?: (p: LoadProgress) => void,
  roundSize: number = CREATORS_PER_ROUND,
): Promise<LoadProgress> {
  const done: LoadProgress = { creators: 0, videos: 0, daily: 0 };
  const materials = materialWorld(plan.seed, plan.today);
  const mcnIds = await upsertMcns(db, plan.mcnNames);
  for (let start = from; start < plan.creators.length; start += roundSize) {
    const round = plan.creators.slice(start, start + roundSize);
    await transaction(async (trx) => {
      const stored = await sql<{ id: string; mid: string }>`
        SELECT id, mid FROM creators
        WHERE id = ANY(${round.map((c) => c.id)}::bigint[]) OR mid = ANY(${round.map((c) => c.mid)}::bigint[])`.execute(
        trx,
      );
      const ids = new Set(stored.rows.map((r) => Number(r.id)));
      const mids = new Set(stored.rows.map((r) => Number(r.mid)));
      const specs = round.filter((c) => !ids.has(c.id) && !mids.has(c.mid));
      if (specs.length === 0) return;
      const contents = await generateYielding(plan, specs);
      await insertRound(trx, plan, specs, contents, mcnIds, materials);
      addCounts(done, specs, contents);
    });
    onRound?.(done);
  }
  await reserveIds(db, plan);
  return done;
}

async function insertRound(
  db: Executor,
  plan: WorldPlan,
  specs: CreatorSpec[],
  contents: CreatorContent[],
  mcnIds: Map<string, number>,
  materials: MaterialWorld,
): Promise<void> {
  await insertCreators(db, plan, specs, contents, mcnIds);
  const topOf = new Map(specs.map((c) => [c.id, c.topTid]));
  const videos = contents.flatMap((c) => c.videos);
  const extras = videos.map((v) =>
    videoMaterial(materials, plan.seed, {
      aid: v.aid,
      pubMs: v.pubdate.getTime(),
      topTid: topOf.get(v.creatorId) ?? 0,
      isActivity: v.isActivity === 1,
    }),
  );
  for (let i = 0; i < videos.length; i += BATCH_ROWS) {
    await insertVideos(db, videos.slice(i, i + BATCH_ROWS), extras.slice(i, i + BATCH_ROWS), plan.seed);
  }
  const daily = contents.flatMap((c) => c.daily);
  for (let i = 0; i < daily.length; i += BATCH_ROWS) await insertDaily(db, daily.slice(i, i + BATCH_ROWS));
  // The history of the videos published inside the video-history window now (they lead the hot lists); the
  // older videos' history follows in the background (loadVideoHistory).
  const fromMs = videoHistoryStartMs(plan);
  const recent = new Set(videos.filter((v) => v.pubdate.getTime() >= fromMs).map((v) => v.id));
  const rows = contents.flatMap((c) => c.videoDaily).filter((d) => recent.has(d.videoId));
  for (let i = 0; i < rows.length; i += BATCH_ROWS) await insertVideoDaily(db, rows.slice(i, i + BATCH_ROWS));
}

/** The start of the first video-history day: videos published since then get their history in the first load. */
export function videoHistoryStartMs(plan: WorldPlan): number {
  const first = plan.days[Math.max(0, plan.days.length - VIDEO_HISTORY_DAYS)] ?? plan.today;
  return dayStartMs(first);
}

/**
 * The daily history of the videos published before the video-history window (the second part of the demo
 * world, loaded behind the running server): regenerated from the same plan, inserted per round of creators,
 * each round committed on its own and idempotent (ON CONFLICT DO NOTHING), so an interrupted load resumes.
 * Answers the rows written.
 */
export async function loadVideoHistory(
  db: Executor,
  plan: WorldPlan,
  onRound?: (creators: number, rows: number) => void,
): Promise<number> {
  const fromMs = videoHistoryStartMs(plan);
  let written = 0;
  for (let start = 0; start < plan.creators.length; start += CREATORS_PER_ROUND) {
    const specs = plan.creators.slice(start, start + CREATORS_PER_ROUND);
    const rows: VideoDailyRow[] = [];
    for (const [k, spec] of specs.entries()) {
      if (k % YIELD_EVERY === YIELD_EVERY - 1) await yieldToLoop();
      const content = creatorContent(plan, spec);
      const older = new Set(content.videos.filter((v) => v.pubdate.getTime() < fromMs).map((v) => v.id));
      for (const d of content.videoDaily) if (older.has(d.videoId)) rows.push(d);
    }
    for (let i = 0; i < rows.length; i += BATCH_ROWS) await insertVideoDaily(db, rows.slice(i, i + BATCH_ROWS));
    written += rows.length;
    onRound?.(start + specs.length, written);
  }
  return written;
}

async function insertVideoDaily(db: Executor, rows: VideoDailyRow[]): Promise<void> {
  const col = <T>(f: (d: VideoDailyRow) => T) => rows.map(f);
  await sql`
    INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
    SELECT * FROM unnest(
      ${col((d) => d.videoId)}::bigint[], ${col((d) => d.day)}::date[], ${col((d) => d.play)}::bigint[],
      ${col((d) => d.likes)}::bigint[], ${col((d) => d.coin)}::bigint[], ${col((d) => d.favorite)}::bigint[],
      ${col((d) => d.share)}::bigint[], ${col((d) => d.reply)}::bigint[], ${col((d) => d.danmaku)}::bigint[])
    ON CONFLICT (video_id, day) DO NOTHING`.execute(db);
}

async function insertCreators(
  db: Executor,
  plan: WorldPlan,
  specs: CreatorSpec[],
  contents: CreatorContent[],
  mcnIds: Map<string, number>,
): Promise<void> {
  const col = <T>(f: (c: CreatorSpec, i: number) => T) => specs.map(f);
  const content = (i: number): CreatorContent => {
    const c = contents[i];
    if (!c) throw new Error('creator content missing');
    return c;
  };
  const mcn = (c: CreatorSpec) => {
    if (c.mcnIndex === null) return null;
    const name = plan.mcnNames[c.mcnIndex];
    return name === undefined ? null : (mcnIds.get(name) ?? null);
  };
  const trackedSince = `${plan.days[0] ?? plan.today}T00:00:00+08:00`;
  await sql`
    INSERT INTO creators (id, mid, name, face, sign, level, sex, official_type, official_title, partition_tid, mcn_id,
                          live_room_id, is_live, fans, following, likes, plays, video_count, tracked_since)
    SELECT *, ${trackedSince}::timestamptz FROM unnest(
      ${col((c) => c.id)}::bigint[], ${col((c) => c.mid)}::bigint[], ${col((c) => c.name)}::text[],
      ${col((c) => c.face)}::text[], ${col((c) => c.sign)}::text[], ${col((c) => c.level)}::smallint[],
      ${col((c) => c.sex)}::smallint[], ${col((c) => c.officialType)}::smallint[], ${col((c) => c.officialTitle)}::text[],
      ${col((c) => c.partitionTid)}::int[], ${col(mcn)}::int[], ${col((c) => c.liveRoomId)}::bigint[],
      ${col((c) => c.isLive)}::smallint[], ${col((c) => c.fans)}::bigint[], ${col((c) => c.following)}::bigint[],
      ${col((_, i) => content(i).likes)}::bigint[], ${col((_, i) => content(i).plays)}::bigint[],
      ${col((_, i) => content(i).videoCount)}::int[])`.execute(db);
}

async function insertVideos(db: Executor, rows: VideoRow[], extras: VideoMaterial[], seed: number): Promise<void> {
  const col = <T>(f: (v: VideoRow) => T) => rows.map(f);
  // the picture's orientation the simulator serves in `dimension` (as the collector would store it)
  const vertical = col((v) => isVerticalDimension(dimensionOf(seed, v.aid)));
  const missions = rows.map((_, i) => extras[i]?.missionId ?? null);
  // text[][] cannot be ragged: each video's tags travel as one JSON array
  const tags = col((v) => JSON.stringify(v.tags));
  await sql`
    INSERT INTO videos (id, aid, bvid, creator_id, title, cover, description, duration, pubdate, tid, copyright,
                        is_activity, status, play, likes, coin, favorite, share, reply, danmaku, mission_id, tags,
                        vertical)
    SELECT id, aid, bvid, creator_id, title, cover, description, duration, pubdate, tid, copyright, is_activity,
           status, play, likes, coin, favorite, share, reply, danmaku, mission_id,
           ARRAY(SELECT jsonb_array_elements_text(tags)), vertical
    FROM unnest(
      ${col((v) => v.id)}::bigint[], ${col((v) => v.aid)}::bigint[], ${col((v) => v.bvid)}::text[],
      ${col((v) => v.creatorId)}::bigint[], ${col((v) => v.title)}::text[], ${col((v) => v.cover)}::text[],
      ${col((v) => v.description)}::text[], ${col((v) => v.duration)}::int[], ${col((v) => v.pubdate.toISOString())}::timestamptz[],
      ${col((v) => v.tid)}::int[], ${col((v) => v.copyright)}::smallint[], ${col((v) => v.isActivity)}::smallint[],
      ${col((v) => v.status)}::smallint[], ${col((v) => v.play)}::bigint[], ${col((v) => v.likes)}::bigint[],
      ${col((v) => v.coin)}::bigint[], ${col((v) => v.favorite)}::bigint[], ${col((v) => v.share)}::bigint[],
      ${col((v) => v.reply)}::bigint[], ${col((v) => v.danmaku)}::bigint[], ${missions}::bigint[], ${tags}::jsonb[],
      ${vertical}::boolean[])
      AS t(id, aid, bvid, creator_id, title, cover, description, duration, pubdate, tid, copyright, is_activity,
           status, play, likes, coin, favorite, share, reply, danmaku, mission_id, tags, vertical)`.execute(db);
  // The demo world knows every video's details: mark them read so the collector does not fetch them again.
  const withSong = rows.flatMap((v, i) => {
    const song = extras[i]?.song;
    return song ? [[v.id, song.index + 1] as const] : [];
  });
  await sql`
    INSERT INTO video_materials (video_id, material_id)
    SELECT * FROM unnest(${withSong.map((r) => r[0])}::bigint[], ${withSong.map((r) => r[1])}::bigint[])`.execute(db);
  await sql`
    INSERT INTO video_detail_reads (video_id, read_at)
    SELECT unnest(${col((v) => v.id)}::bigint[]), now()`.execute(db);
}

/**
 * The activities and songs of the world (materials.ts). Activities are stored as read (their page is part
 * of the world); songs get ids 1..n so video rows can point at them without a lookup.
 */
async function insertCatalogue(db: Executor, m: MaterialWorld, historyEnd: string): Promise<void> {
  const a = m.activities;
  const seenAt = `${historyEnd}T00:00:00+08:00`;
  await sql`
    INSERT INTO activities (id, name, act_url, cover, description, starts_at, ends_at, info_at, first_seen)
    SELECT id, name, act_url, cover, description, starts_at, ends_at, ${seenAt}::timestamptz, ${seenAt}::timestamptz
    FROM unnest(
      ${a.map((x) => x.id)}::bigint[], ${a.map((x) => x.name)}::text[], ${a.map((x) => x.actUrl)}::text[],
      ${a.map((x) => x.cover)}::text[], ${a.map((x) => x.description)}::text[],
      ${a.map((x) => new Date(x.startMs).toISOString())}::timestamptz[],
      ${a.map((x) => new Date(x.endMs).toISOString())}::timestamptz[])
      AS t(id, name, act_url, cover, description, starts_at, ends_at)
    ON CONFLICT (id) DO NOTHING`.execute(db);
  const s = m.songs;
  await sql`
    INSERT INTO materials (id, kind, ext_id, name, tag_name, first_seen)
    SELECT id, 'bgm', ext_id, name, tag_name, ${seenAt}::timestamptz
    FROM unnest(${s.map((x) => x.index + 1)}::bigint[], ${s.map((x) => x.musicId)}::text[],
                ${s.map((x) => x.name)}::text[], ${s.map((x) => x.tagName)}::text[]) AS t(id, ext_id, name, tag_name)
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('materials', 'id'), greatest((SELECT max(id) FROM materials), 1))`.execute(
    db,
  );
}

async function insertDaily(db: Executor, rows: DailyRow[]): Promise<void> {
  const col = <T>(f: (d: DailyRow) => T) => rows.map(f);
  await sql`
    INSERT INTO creator_daily (creator_id, day, fans, following, likes, plays, video_count)
    SELECT * FROM unnest(
      ${col((d) => d.creatorId)}::bigint[], ${col((d) => d.day)}::date[], ${col((d) => d.fans)}::bigint[],
      ${col((d) => d.following)}::bigint[], ${col((d) => d.likes)}::bigint[], ${col((d) => d.plays)}::bigint[],
      ${col((d) => d.videoCount)}::int[])`.execute(db);
}
