/**
 * The rollup derives the partition of the creators whose videos changed, not of every creator (migration 0030,
 * docs/metrics.md "Creator partition"): triggers on videos mark a creator when a video is inserted, deleted or
 * changes its tid, status, pubdate or owner (an adopted partition included); counter updates mark nothing; the
 * rollup derives the marked creators and clears the marks. On an empty SEED_DEMO=false database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createEmptyTestApp, type TestApp } from '../../../test/harness.js';
import type { Db } from '../../db/client.js';
import { derivePartitions } from '../ingestion/pg-ingestor.js';
import { rollupRange } from './index.js';

const DAY = '2026-11-20';
/** noon of DAY + k in Asia/Shanghai */
const at = (k: number) =>
  `${new Date(Date.parse(`${DAY}T00:00:00Z`) + k * 86_400_000).toISOString().slice(0, 10)}T12:00:00+08:00`;

let t: TestApp;
let db: Db;
let nextAid = 660_000_001;

async function creator(mid: number): Promise<string> {
  const row = await db
    .insertInto('creators')
    .values({ mid, name: `分区${mid}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function video(creatorId: string, tid: number | null, k: number): Promise<string> {
  const aid = nextAid++;
  const row = await db
    .insertInto('videos')
    .values({ aid, bvid: `BVstale${aid}`, creator_id: creatorId, title: `视频${aid}`, pubdate: at(k), tid, play: 100 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const partitionOf = async (id: string) =>
  (await db.selectFrom('creators').select('partition_tid').where('id', '=', id).executeTakeFirstOrThrow())
    .partition_tid;
const marked = async () =>
  (await db.selectFrom('creator_partition_stale').select('creator_id').orderBy('creator_id').execute()).map(
    (r) => r.creator_id,
  );
const rollup = () => rollupRange(db, DAY, DAY);

beforeAll(async () => {
  t = await createEmptyTestApp();
  db = t.ctx.db;
});
afterAll(async () => {
  await t?.close();
});

describe('partition derivation of the changed creators only', () => {
  let x = '';
  const hidden: string[] = [];

  it('a new creator’s videos mark it; the rollup derives it and clears the mark', async () => {
    x = await creator(77_000_001);
    await video(x, 17, -10);
    await video(x, 17, -9);
    await video(x, 172, -8);
    expect(await marked()).toEqual([x]);
    await rollup();
    expect(await partitionOf(x)).toBe(17);
    expect(await marked()).toEqual([]);
  });

  it('an unmarked creator is not derived again; counter updates mark nothing', async () => {
    // a partition that does not follow the videos stays until a video changes: the rollup did not read them
    await db.updateTable('creators').set({ partition_tid: 95 }).where('id', '=', x).execute();
    await db
      .updateTable('videos')
      .set({ play: 5_000, likes: 40, updated_at: new Date() })
      .where('creator_id', '=', x)
      .execute();
    expect(await marked()).toEqual([]);
    await rollup();
    expect(await partitionOf(x)).toBe(95);
  });

  it('new videos in another partition move the creator there', async () => {
    hidden.push(await video(x, 172, -5), await video(x, 172, -4));
    expect(await marked()).toEqual([x]);
    await rollup();
    expect(await partitionOf(x)).toBe(172); // 3 of 5 videos
    expect(await marked()).toEqual([]);
  });

  it('hiding videos (status) marks the creator and moves it back', async () => {
    await db.updateTable('videos').set({ status: -1 }).where('id', 'in', hidden).execute();
    expect(await marked()).toEqual([x]);
    await rollup();
    expect(await partitionOf(x)).toBe(17); // 2 of 3 visible
  });

  it('a moved pubdate marks the creator: an old majority outside the 90 days no longer counts', async () => {
    await db
      .updateTable('videos')
      .set({ pubdate: at(-200) })
      .where('creator_id', '=', x)
      .where('tid', '=', 17)
      .execute();
    expect(await marked()).toEqual([x]);
    await rollup();
    expect(await partitionOf(x)).toBe(172);
  });

  it('a partition adopted by a video marks its creator', async () => {
    const y = await creator(77_000_002);
    const v = await video(y, null, -3);
    await rollup();
    expect(await partitionOf(y)).toBeNull(); // no video with a known partition
    const aid = (await db.selectFrom('videos').select('aid').where('id', '=', v).executeTakeFirstOrThrow()).aid;
    // recorded while the tree lacked the tid; the tree has it now (the rollup moves the video to it)
    await db.insertInto('unknown_partition_videos').values({ aid, tid: 95, tname: '数码', day: DAY }).execute();
    expect(await marked()).toEqual([]);
    await rollup();
    expect((await db.selectFrom('videos').select('tid').where('id', '=', v).executeTakeFirstOrThrow()).tid).toBe(95);
    expect(await partitionOf(y)).toBe(95);
    expect(await marked()).toEqual([]);
  });

  it('a mass of marks is derived by one scan of the videos, with the same result as by index', async () => {
    const z = await creator(77_000_003);
    await video(z, 95, -2);
    await video(z, 95, -1);
    await video(z, 17, 0);
    // the same marks derived both ways (the scan above 0 marks, the index reads below 1,000), rolled back between
    for (const scanAbove of [0, 1_000]) {
      await db
        .transaction()
        .execute(async (trx) => {
          expect(await derivePartitions(trx, 'stale', scanAbove)).toBe(1);
          expect(
            (await trx.selectFrom('creators').select('partition_tid').where('id', '=', z).executeTakeFirstOrThrow())
              .partition_tid,
          ).toBe(95);
          throw new Error('roll back');
        })
        .catch((err: Error) => expect(err.message).toBe('roll back'));
    }
    await rollup();
    expect(await partitionOf(z)).toBe(95);
  });

  it('deleting videos marks their creator', async () => {
    await db.deleteFrom('videos').where('creator_id', '=', x).where('tid', '=', 172).execute();
    expect(await marked()).toEqual([x]);
    await rollup();
    expect(await partitionOf(x)).toBe(17);
    // the same count through SQL: the marks are gone after the rollup
    expect((await sql<{ n: string }>`SELECT count(*) AS n FROM creator_partition_stale`.execute(db)).rows[0]?.n).toBe(
      '0',
    );
  });
});
