/** The pipeline's writers are idempotent on their natural keys: the same records twice write nothing new. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import type { CommentRecord, DanmakuRecord, LiveRoomRecord } from '../../providers/bilibili/index.js';
import { createIngestion, type Ingestion } from './index.js';

let t: TestApp;
let ing: Ingestion;
let video: { id: number; play: number };
let creator: { id: number; mid: number };

beforeAll(async () => {
  t = await createTestApp();
  ing = createIngestion(t.ctx.db);
  const v = await t.ctx.db
    .selectFrom('videos')
    .select(['id', 'play', 'creator_id'])
    .where('status', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  video = { id: Number(v.id), play: Number(v.play) };
  const c = await t.ctx.db
    .selectFrom('creators')
    .select(['id', 'mid'])
    .where('id', '=', v.creator_id)
    .executeTakeFirstOrThrow();
  creator = { id: Number(c.id), mid: Number(c.mid) };
});
afterAll(async () => {
  await t.close();
});

const stats = { view: 1000, danmaku: 5, reply: 7, favorite: 9, coin: null, share: 2, like: 40 };

describe('samples', () => {
  it('video samples: one row per (video, ts); missing counters from the video; the same sample twice writes nothing', async () => {
    const ts = new Date('2026-11-22T02:05:00.000Z');
    expect(await ing.samples.ingestVideoSamples([{ videoId: video.id, ts, stats }])).toBe(1);
    expect(await ing.samples.ingestVideoSamples([{ videoId: video.id, ts, stats }])).toBe(0);
    expect(await ing.samples.ingestVideoSamples([{ videoId: video.id, ts, stats: { ...stats, view: 1001 } }])).toBe(1);
    const rows = await t.ctx.db
      .selectFrom('video_samples')
      .selectAll()
      .where('video_id', '=', String(video.id))
      .execute();
    expect(rows).toHaveLength(1);
    const current = await t.ctx.db
      .selectFrom('videos')
      .select('coin')
      .where('id', '=', String(video.id))
      .executeTakeFirstOrThrow();
    expect(rows[0]).toMatchObject({ play: '1001', likes: '40', coin: current.coin });
  });

  it('live samples and the live flag', async () => {
    const ts = new Date('2026-11-22T12:01:00.000Z');
    const row = {
      roomId: 777,
      creatorId: creator.id,
      ts,
      liveStatus: 1,
      online: 321,
      danmakuRate: null,
      giftValue: null,
    };
    expect(await ing.samples.ingestLiveSamples([row, row])).toBe(1);
    expect(await ing.samples.ingestLiveSamples([row])).toBe(0);
    const room: LiveRoomRecord = {
      uid: creator.mid,
      roomId: 777,
      shortId: 0,
      liveStatus: 1,
      isLive: true,
      online: 321,
      attention: null,
      title: '',
      cover: '',
      areaName: '',
      parentAreaName: null,
      liveStartedAt: null,
      uname: null,
    };
    expect(await ing.samples.updateLiveStatus([room])).toBe(1);
    expect(await ing.samples.updateLiveStatus([room])).toBe(0);
    expect(await ing.samples.markVideosDeleted([video.id])).toBe(1);
    expect(await ing.samples.markVideosDeleted([video.id])).toBe(0);
  });
});

describe('opinion', () => {
  const comment = (rpid: number, like: number): CommentRecord => ({
    rpid,
    oid: 1,
    type: 1,
    mid: 42,
    uname: '测试用户',
    level: 5,
    sex: 1,
    ipLocation: '广东',
    message: '好看！[doge]',
    ctime: 1_795_300_000,
    like,
    root: 0,
    parent: 0,
    replyCount: 0,
  });

  it('comments upsert on rpid: likes refresh, nothing duplicates', async () => {
    expect(await ing.opinion.ingestComments(video.id, [comment(1, 1), comment(2, 2), comment(1, 1)])).toEqual({
      inserted: 2,
      updated: 0,
    });
    expect(await ing.opinion.ingestComments(video.id, [comment(1, 1), comment(2, 2)])).toEqual({
      inserted: 0,
      updated: 0,
    });
    expect(await ing.opinion.ingestComments(video.id, [comment(1, 5), comment(3, 0)])).toEqual({
      inserted: 1,
      updated: 1,
    });
    expect([...(await ing.opinion.seenRpids([1, 2, 3, 4]))].sort()).toEqual([1, 2, 3]);
  });

  it('danmaku insert once per (cid, mid_hash, ctime, progress_ms, text)', async () => {
    const dm = (text: string, progressMs = 1500): DanmakuRecord => ({
      progressMs,
      mode: 1,
      fontSize: 25,
      color: 16777215,
      ctime: 1_795_300_100,
      pool: 0,
      midHash: 'abc123',
      dmid: '12345678901234567890',
      weight: null,
      text,
    });
    expect(await ing.opinion.ingestDanmaku(video.id, 99, [dm('哈哈哈'), dm('哈哈哈'), dm('前方高能')])).toBe(2);
    expect(await ing.opinion.ingestDanmaku(video.id, 99, [dm('哈哈哈'), dm('哈哈哈', 1600)])).toBe(1);
  });
});
