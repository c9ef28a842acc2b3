/**
 * The counters-only path of the ingestor (migration 0016, pg-ingestor.ts creatorFast / videoFast): a snapshot whose
 * profile / metadata hash equals the stored one moves only the counters; everything else takes the full path, which
 * compares and writes every column and stores the hash. These tests pin down when each path is taken and that the
 * counters-only path never skips a change: a new profile, a backfilled older day, a hash cleared by another writer,
 * missing counters, a same-day rewrite.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { storedCreatorRecord, storedVideoRecord } from '../../../test/records.js';
import type { VideoRecord } from '../../providers/bilibili/records.js';
import { createIngestion, type Ingestion } from './index.js';
import { PgIngestor } from './pg-ingestor.js';

let t: TestApp;
let ingestor: PgIngestor;
let ing: Ingestion;

beforeAll(async () => {
  t = await createTestApp();
  ingestor = new PgIngestor(t.ctx.db);
  ing = createIngestion(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

async function creatorRow(id: string) {
  return t.ctx.db.selectFrom('creators').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const creatorRecord = (id: string) => storedCreatorRecord(t.ctx.db, id);
const videoRecord = (id: string) => storedVideoRecord(t.ctx.db, id);

/** The day after the newest snapshot of the row (the collector's case). */
async function nextDay(table: 'creator_daily' | 'video_daily', key: 'creator_id' | 'video_id', id: string) {
  const r = await sql<{ d: string }>`
    SELECT (coalesce(max(day), current_date) + 1)::text AS d FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ${id}::bigint`.execute(
    t.ctx.db,
  );
  return r.rows[0]?.d as string;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function dailyFans(id: string, day: string): Promise<number | null> {
  const r = await t.ctx.db
    .selectFrom('creator_daily')
    .select('fans')
    .where('creator_id', '=', id)
    .where('day', '=', day)
    .executeTakeFirst();
  return r ? Number(r.fans) : null;
}

/** A stored creator with no hash yet (as every row is right after migration 0016). */
async function unhashedCreator(offset: number): Promise<string> {
  const { id } = await t.ctx.db
    .selectFrom('creators')
    .select('id')
    .orderBy('id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  await t.ctx.db.updateTable('creators').set({ profile_hash: null }).where('id', '=', id).execute();
  return id;
}

describe('creators: the counters-only path', () => {
  it('a creator without a hash takes the full path once and stores the hash; the next snapshot moves only counters', async () => {
    const id = await unhashedCreator(0);
    const record = await creatorRecord(id);
    const day = await nextDay('creator_daily', 'creator_id', id);

    const first = await ingestor.ingestCreators([{ ...record, fans: (record.fans ?? 0) + 10 }], day);
    expect(first).toMatchObject({ fullPath: 1, updated: 1, dailyWritten: 1 });
    const hash = (await creatorRow(id)).profile_hash;
    expect(hash).not.toBeNull();

    const next = addDays(day, 1);
    const second = await ingestor.ingestCreators([{ ...record, fans: (record.fans ?? 0) + 25 }], next);
    expect(second).toEqual({ inserted: 0, updated: 1, dailyWritten: 1, fullPath: 0 });
    const row = await creatorRow(id);
    expect(Number(row.fans)).toBe((record.fans ?? 0) + 25);
    expect(row.profile_hash).toBe(hash);
    expect(await dailyFans(id, next)).toBe((record.fans ?? 0) + 25);

    // the same records again: nothing written (idempotent on this path too)
    expect(await ingestor.ingestCreators([{ ...record, fans: (record.fans ?? 0) + 25 }], next)).toEqual({
      inserted: 0,
      updated: 0,
      dailyWritten: 0,
      fullPath: 0,
    });
  });

  it('a same-day rewrite (an hourly creator) replaces the day row on the counters-only path', async () => {
    const id = await unhashedCreator(1);
    const record = await creatorRecord(id);
    const day = await nextDay('creator_daily', 'creator_id', id);
    await ingestor.ingestCreators([{ ...record, fans: (record.fans ?? 0) + 1 }], day);
    const again = await ingestor.ingestCreators([{ ...record, fans: (record.fans ?? 0) + 2 }], day);
    expect(again).toEqual({ inserted: 0, updated: 1, dailyWritten: 1, fullPath: 0 });
    expect(await dailyFans(id, day)).toBe((record.fans ?? 0) + 2);
    expect(Number((await creatorRow(id)).fans)).toBe((record.fans ?? 0) + 2);
  });

  it('a changed profile takes the full path: the new values and their hash are stored', async () => {
    const id = await unhashedCreator(2);
    const record = await creatorRecord(id);
    const day = await nextDay('creator_daily', 'creator_id', id);
    await ingestor.ingestCreators([record], day);
    const oldHash = (await creatorRow(id)).profile_hash;

    const renamed = { ...record, name: `${record.name}二号`, sign: '换了新签名', fans: (record.fans ?? 0) + 3 };
    const r = await ingestor.ingestCreators([renamed], addDays(day, 1));
    expect(r).toMatchObject({ fullPath: 1, updated: 1, dailyWritten: 1 });
    const row = await creatorRow(id);
    expect(row).toMatchObject({ name: renamed.name, sign: '换了新签名', fans: String(renamed.fans) });
    expect(row.profile_hash).not.toBe(oldHash);
    // …and the next snapshot of that profile is counters-only again
    const r2 = await ingestor.ingestCreators([{ ...renamed, fans: renamed.fans + 1 }], addDays(day, 2));
    expect(r2.fullPath).toBe(0);
  });

  it('a backfilled older day writes its day row but leaves the current columns, even with a matching hash', async () => {
    const id = await unhashedCreator(3);
    const record = await creatorRecord(id);
    const day = await nextDay('creator_daily', 'creator_id', id);
    await ingestor.ingestCreators([{ ...record, fans: (record.fans ?? 0) + 100 }], day);

    const older = addDays(day, -40);
    const r = await ingestor.ingestCreators([{ ...record, fans: 5 }], older);
    expect(r).toMatchObject({ fullPath: 1, dailyWritten: 1 });
    expect(await dailyFans(id, older)).toBe(5);
    const row = await creatorRow(id);
    expect(Number(row.fans)).toBe((record.fans ?? 0) + 100);
    // the older day also makes the creator tracked since then
    expect(row.tracked_since.getTime()).toBeLessThanOrEqual(Date.parse(`${older}T00:00:00+08:00`));
  });

  it('another writer clears the hash: after a live-status update the next card puts its own live flag back', async () => {
    const id = await unhashedCreator(4);
    const record = { ...(await creatorRecord(id)), liveRoomId: 9_870_001, isLive: false };
    const day = await nextDay('creator_daily', 'creator_id', id);
    await ingestor.ingestCreators([record], day);
    expect((await creatorRow(id)).profile_hash).not.toBeNull();

    await ing.samples.updateLiveStatus([{ uid: record.mid, roomId: 9_870_001, isLive: true } as never]);
    const live = await creatorRow(id);
    expect(live).toMatchObject({ is_live: 1, profile_hash: null });

    // the card says "not live" again: a hash match would have skipped it; the cleared hash sends it the full way
    const r = await ingestor.ingestCreators([{ ...record, fans: (record.fans ?? 0) + 1 }], addDays(day, 1));
    expect(r.fullPath).toBe(1);
    expect(await creatorRow(id)).toMatchObject({ is_live: 0 });
  });

  it('records lacking counters take the full path and keep the stored values for what they lack', async () => {
    const id = await unhashedCreator(5);
    const record = await creatorRecord(id);
    const day = await nextDay('creator_daily', 'creator_id', id);
    await ingestor.ingestCreators([record], day);
    const r = await ingestor.ingestCreators(
      [{ ...record, fans: (record.fans ?? 0) + 7, likes: null, plays: null }],
      addDays(day, 1),
    );
    expect(r).toMatchObject({ fullPath: 1, dailyWritten: 1 });
    const row = await creatorRow(id);
    expect(row).toMatchObject({ fans: String((record.fans ?? 0) + 7), likes: String(record.likes) });
  });
});

describe('videos: the counters-only path', () => {
  async function storedVideo(offset: number): Promise<string> {
    const { id } = await t.ctx.db
      .selectFrom('videos')
      .select('id')
      .where('status', '=', 0)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('videos').set({ meta_hash: null }).where('id', '=', id).execute();
    return id;
  }

  it('full path once, then counters only; a new title or owner takes the full path again', async () => {
    const id = await storedVideo(0);
    const record = await videoRecord(id);
    const day = await nextDay('video_daily', 'video_id', id);
    const grown = (n: number): VideoRecord => ({
      ...record,
      stats: { ...record.stats, view: (record.stats.view ?? 0) + n },
    });

    expect(await ingestor.ingestVideos([grown(10)], day)).toMatchObject({ fullPath: 1, updated: 1, dailyWritten: 1 });
    const hashed = await t.ctx.db
      .selectFrom('videos')
      .select('meta_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(hashed.meta_hash).not.toBeNull();

    expect(await ingestor.ingestVideos([grown(20)], addDays(day, 1))).toMatchObject({
      fullPath: 0,
      updated: 1,
      dailyWritten: 1,
    });

    const retitled = { ...grown(30), title: `${record.title}（修订版）` };
    expect(await ingestor.ingestVideos([retitled], addDays(day, 2))).toMatchObject({ fullPath: 1, updated: 1 });

    const other = await t.ctx.db
      .selectFrom('creators')
      .select(['mid', 'name', 'face'])
      .where('mid', '<>', String(record.owner.mid))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const moved = { ...retitled, owner: { mid: Number(other.mid), name: other.name, face: other.face } };
    expect(await ingestor.ingestVideos([moved], addDays(day, 3))).toMatchObject({ fullPath: 1, updated: 1 });
    const row = await t.ctx.db
      .selectFrom('videos as v')
      .innerJoin('creators as c', 'c.id', 'v.creator_id')
      .select(['v.title', 'c.mid', 'v.play'])
      .where('v.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: retitled.title, mid: other.mid, play: String((record.stats.view ?? 0) + 30) });
  });

  it('a deleted video (status −1, hash cleared) is restored by a snapshot that shows it again', async () => {
    const id = await storedVideo(1);
    const record = await videoRecord(id);
    const day = await nextDay('video_daily', 'video_id', id);
    await ingestor.ingestVideos([record], day);
    await ing.samples.markVideosDeleted([Number(id)]);
    expect(
      await t.ctx.db
        .selectFrom('videos')
        .select(['status', 'meta_hash'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: -1, meta_hash: null });
    const r = await ingestor.ingestVideos([record], addDays(day, 1));
    expect(r.fullPath).toBe(1);
    const after = await t.ctx.db.selectFrom('videos').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.status).toBe(0);
  });
});

describe('videos: the vertical mark (migration 0059, issue #26)', () => {
  const vertical = async (id: string) =>
    (await t.ctx.db.selectFrom('videos').select('vertical').where('id', '=', id).executeTakeFirstOrThrow()).vertical;

  it('a record that says vertical stores it (full path once, then counters only); one that does not keeps it', async () => {
    const { id } = await t.ctx.db
      .selectFrom('videos')
      .select('id')
      .where('status', '=', 0)
      .orderBy('id', 'desc')
      .offset(5)
      .limit(1)
      .executeTakeFirstOrThrow();
    const record = await videoRecord(id);
    const day = await nextDay('video_daily', 'video_id', id);
    // settle the row on its own record first (hash stored, vertical unknown)
    await t.ctx.db.updateTable('videos').set({ vertical: null }).where('id', '=', id).execute();
    await ingestor.ingestVideos([{ ...record, vertical: null }], day);
    expect(await vertical(id)).toBeNull();
    // a view answer with dimension 1080×1920: the hash matches, but the stored mark differs → full path, stored
    const said = { ...record, vertical: true };
    expect(await ingestor.ingestVideos([said], addDays(day, 1))).toMatchObject({ fullPath: 1, updated: 1 });
    expect(await vertical(id)).toBe(true);
    // the same again: counters only
    expect(await ingestor.ingestVideos([said], addDays(day, 2))).toMatchObject({ fullPath: 0 });
    // a creator's video list (no dimension) leaves the mark alone
    const silent = { ...record, vertical: null, stats: { ...record.stats, view: (record.stats.view ?? 0) + 5 } };
    await ingestor.ingestVideos([silent], addDays(day, 3));
    expect(await vertical(id)).toBe(true);
    // a new video from a list that carries dimension is inserted with it
    const fresh: VideoRecord = { ...record, aid: 961_000_001, bvid: 'BV1verticalx', vertical: false };
    await ingestor.ingestVideos([fresh], addDays(day, 3));
    const inserted = await t.ctx.db
      .selectFrom('videos')
      .select('vertical')
      .where('aid', '=', '961000001')
      .executeTakeFirstOrThrow();
    expect(inserted.vertical).toBe(false);
  });
});

describe('the newest day of each daily table (daily_high_water, migration 0017)', () => {
  const highWater = async (table: 'creator_daily' | 'video_daily') =>
    (await t.ctx.db.selectFrom('daily_high_water').select('day').where('table_name', '=', table).executeTakeFirst())
      ?.day ?? null;
  const asDay = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d));

  it('rises with every writer of daily rows, never falls', async () => {
    const before = asDay(await highWater('creator_daily'));
    const later = addDays(before, 3);
    const { id } = await t.ctx.db.selectFrom('creators').select('id').orderBy('id').executeTakeFirstOrThrow();
    // a writer other than the ingestor (plain SQL) raises it too: the statement trigger sees every insert
    await sql`INSERT INTO creator_daily (creator_id, day, fans, likes, plays, video_count)
              VALUES (${id}::bigint, ${later}::date, 1, 1, 1, 1)`.execute(t.ctx.db);
    expect(asDay(await highWater('creator_daily'))).toBe(later);
    await sql`DELETE FROM creator_daily WHERE creator_id = ${id}::bigint AND day = ${later}::date`.execute(t.ctx.db);
    expect(asDay(await highWater('creator_daily'))).toBe(later); // only rises (higher is only slower)
    const older = addDays(before, -1);
    await sql`INSERT INTO creator_daily (creator_id, day, fans, likes, plays, video_count)
              VALUES (${id}::bigint, ${older}::date, 1, 1, 1, 1) ON CONFLICT DO NOTHING`.execute(t.ctx.db);
    expect(asDay(await highWater('creator_daily'))).toBe(later);
  });

  it('without it (or older than it) each row is checked on its own: a backfill never moves the current columns', async () => {
    const id = await unhashedCreator(6);
    const record = await creatorRecord(id);
    const day = await nextDay('creator_daily', 'creator_id', id);
    await ingestor.ingestCreators([{ ...record, fans: (record.fans ?? 0) + 50 }], day);
    await t.ctx.db.deleteFrom('daily_high_water').execute();
    const older = addDays(day, -2);
    const r = await ingestor.ingestCreators([{ ...record, fans: 1 }], older);
    expect(r).toMatchObject({ fullPath: 1, dailyWritten: 1 });
    expect(Number((await creatorRow(id)).fans)).toBe((record.fans ?? 0) + 50);
    // and a newer day still moves them, on the counters-only path, with the mark back in place
    const newer = addDays(day, 1);
    expect(await ingestor.ingestCreators([{ ...record, fans: (record.fans ?? 0) + 60 }], newer)).toMatchObject({
      fullPath: 0,
      updated: 1,
    });
    expect(Number((await creatorRow(id)).fans)).toBe((record.fans ?? 0) + 60);
    expect(asDay(await highWater('creator_daily'))).toBe(newer);
  });
});
