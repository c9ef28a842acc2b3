/**
 * Snapshots update creators and videos in place (migration 0012, docs/performance.md "Ingestion rate"): no index
 * covers a counter a snapshot moves, creators.updated_at moves with the profile only, and a counters-only snapshot
 * is a HOT update (the new row version is a heap-only tuple: no index entry written), read with pageinspect.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { storedCreatorRecord, storedVideoRecord } from '../../../test/records.js';
import type { VideoRecord } from '../../providers/bilibili/records.js';
import { PgIngestor } from './pg-ingestor.js';

/** Columns a daily snapshot moves (pg-ingestor.ts), per table, and the record hashes it stores (0016). */
const COUNTERS = {
  creators: ['fans', 'following', 'likes', 'plays', 'video_count', 'index_num', 'profile_hash'],
  videos: ['play', 'likes', 'coin', 'favorite', 'share', 'reply', 'danmaku', 'updated_at', 'meta_hash'],
} as const;
/** t_infomask2 bit of a heap-only tuple (src/include/access/htup_details.h). */
const HEAP_ONLY_TUPLE = 0x8000;

let t: TestApp;
let ingestor: PgIngestor;

beforeAll(async () => {
  t = await createTestApp();
  ingestor = new PgIngestor(t.ctx.db);
  await sql`CREATE EXTENSION IF NOT EXISTS pageinspect`.execute(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

/** Whether the current version of the row is a heap-only tuple (written by a HOT update). */
async function heapOnly(table: 'creators' | 'videos', id: string): Promise<boolean> {
  const r = await sql<{ mask: number }>`
    SELECT p.t_infomask2 AS mask
    FROM (SELECT ctid FROM ${sql.table(table)} WHERE id = ${id}::bigint) x
    CROSS JOIN LATERAL heap_page_items(get_raw_page(${table}, (x.ctid::text::point)[0]::int)) p
    WHERE p.lp = (x.ctid::text::point)[1]::int`.execute(t.ctx.db);
  const mask = r.rows[0]?.mask;
  if (mask === undefined) throw new Error(`no row ${table} ${id}`);
  return (mask & HEAP_ONLY_TUPLE) !== 0;
}

const creatorRecord = (id: string) => storedCreatorRecord(t.ctx.db, id);

/** The day after the creator's newest snapshot (the collector's case: the current columns move forward). */
async function nextDay(table: 'creator_daily' | 'video_daily', key: 'creator_id' | 'video_id', id: string) {
  const r = await sql<{ d: string }>`
    SELECT (coalesce(max(day), current_date) + 1)::text AS d FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ${id}::bigint`.execute(
    t.ctx.db,
  );
  return r.rows[0]?.d ?? '2026-11-30';
}

describe('snapshots update creators and videos in place', () => {
  it('no index of creators or videos covers a counter that snapshots move', async () => {
    for (const [table, columns] of Object.entries(COUNTERS)) {
      const r = await sql<{ name: string; def: string }>`
        SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS def
        FROM pg_index WHERE indrelid = ${table}::regclass`.execute(t.ctx.db);
      expect(r.rows.length).toBeGreaterThan(2);
      for (const { name, def } of r.rows) {
        for (const column of columns) {
          expect(new RegExp(`\\b${column}\\b`).test(def.replace(/^.*? USING /, '')), `${name}: ${def}`).toBe(false);
        }
      }
    }
  });

  it('a counters-only creator snapshot is HOT and keeps updated_at; a profile change moves updated_at', async () => {
    const { id } = await t.ctx.db.selectFrom('creators').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const record = await creatorRecord(id);
    const before = await t.ctx.db
      .selectFrom('creators')
      .select(['updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const day = await nextDay('creator_daily', 'creator_id', id);

    const moved = await ingestor.ingestCreators([{ ...record, fans: (record.fans ?? 0) + 123 }], day);
    expect(moved).toMatchObject({ inserted: 0, updated: 1, dailyWritten: 1 });
    const after = await t.ctx.db
      .selectFrom('creators')
      .select(['fans', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(after.fans)).toBe((record.fans ?? 0) + 123);
    expect(after.updated_at).toEqual(before.updated_at);
    expect(await heapOnly('creators', id)).toBe(true);

    await ingestor.ingestCreators(
      [{ ...record, fans: (record.fans ?? 0) + 123, sign: `${record.sign}（新签名）` }],
      day,
    );
    const signed = await t.ctx.db
      .selectFrom('creators')
      .select(['sign', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(signed.sign).toBe(`${record.sign}（新签名）`);
    expect(signed.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  });

  it('a video snapshot is HOT', async () => {
    const v = await t.ctx.db
      .selectFrom('videos as v')
      .innerJoin('creators as c', 'c.id', 'v.creator_id')
      .select(['v.id', 'v.aid', 'v.bvid', 'v.title', 'v.cover', 'v.description', 'v.duration', 'v.pubdate', 'v.tid'])
      .select(['v.copyright', 'v.status', 'v.play', 'v.likes', 'v.coin', 'v.favorite', 'v.share', 'v.reply'])
      .select(['v.danmaku', 'c.mid', 'c.name', 'c.face'])
      .where('v.status', '=', 0)
      .orderBy('v.id', 'desc')
      .executeTakeFirstOrThrow();
    const stored = await storedVideoRecord(t.ctx.db, v.id);
    const record: VideoRecord = {
      ...stored,
      isActivity: null,
      status: 0,
      stats: {
        view: Number(v.play) + 1000,
        danmaku: Number(v.danmaku) + 1,
        reply: Number(v.reply) + 2,
        favorite: Number(v.favorite) + 3,
        coin: Number(v.coin) + 4,
        share: Number(v.share) + 5,
        like: Number(v.likes) + 6,
      },
    };
    const day = await nextDay('video_daily', 'video_id', v.id);
    const r = await ingestor.ingestVideos([record], day);
    expect(r).toMatchObject({ inserted: 0, updated: 1, dailyWritten: 1 });
    const after = await t.ctx.db.selectFrom('videos').select('play').where('id', '=', v.id).executeTakeFirstOrThrow();
    expect(Number(after.play)).toBe(Number(v.play) + 1000);
    expect(await heapOnly('videos', v.id)).toBe(true);
  });

  it("deleting a creator deletes its daily rows and its videos' (the daily tables have no foreign keys, 0015)", async () => {
    const r = await sql<{ id: string }>`
      SELECT v.creator_id AS id FROM video_daily d JOIN videos v ON v.id = d.video_id
      JOIN creator_daily cd ON cd.creator_id = v.creator_id
      ORDER BY v.creator_id LIMIT 1`.execute(t.ctx.db);
    const id = r.rows[0]?.id;
    expect(id).toBeDefined();
    const count = async () => {
      const c = await sql<{ creator: string; video: string }>`
        SELECT (SELECT count(*) FROM creator_daily WHERE creator_id = ${id}::bigint) AS creator,
               (SELECT count(*) FROM video_daily d WHERE d.video_id IN (SELECT id FROM videos WHERE creator_id = ${id}::bigint)) AS video`.execute(
        t.ctx.db,
      );
      return c.rows[0];
    };
    const videoIds = (
      await t.ctx.db
        .selectFrom('videos')
        .select('id')
        .where('creator_id', '=', id as string)
        .execute()
    ).map((v) => v.id);
    const before = await count();
    expect(Number(before?.creator)).toBeGreaterThan(0);
    expect(Number(before?.video)).toBeGreaterThan(0);
    await t.ctx.db
      .deleteFrom('creators')
      .where('id', '=', id as string)
      .execute();
    const left = await sql<{ creator: string; video: string }>`
      SELECT (SELECT count(*) FROM creator_daily WHERE creator_id = ${id}::bigint) AS creator,
             (SELECT count(*) FROM video_daily WHERE video_id = ANY(${videoIds}::bigint[])) AS video`.execute(t.ctx.db);
    expect(left.rows[0]).toEqual({ creator: '0', video: '0' });
  });
});
