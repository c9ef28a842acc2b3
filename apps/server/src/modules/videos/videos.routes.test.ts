import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  DiscoveryMsg,
  Msg,
  encodeKeyword,
  type ContentSearchAnswer,
  type VideoDayDataAnswer,
  type VideoDetailAnswer,
} from '@xg/shared';
import { memberGet, useFreeAndProMembers, useTestApp, type CallParams } from '../../../test/harness.js';
import { CONTENT_TOTAL_CAP } from './videos.repository.js';

const t = useTestApp();
const members = useFreeAndProMembers(t);

const get = memberGet(t, () => members.pro);

describe('GET /api/videoDetail', () => {
  it('answers the §3 video info by id and by BV id', async () => {
    const v = await sql<{
      id: string;
      bvid: string;
      title: string;
      play: string;
      coin: string;
      favorite: string;
      danmaku: string;
      copyright: number;
      description: string;
      duration: number;
      pubdate: Date;
      mission_id: string | null;
    }>`SELECT * FROM videos WHERE status = 0 ORDER BY play DESC LIMIT 1`.execute(t.ctx.db);
    const row = v.rows[0];
    if (!row) throw new Error('no video');
    const byId = await get<VideoDetailAnswer>('/api/videoDetail', { id: row.id }, members.free);
    expect(byId.videoInfo).toMatchObject({
      videoId: Number(row.id),
      bvid: row.bvid,
      title: row.title,
      status: 0,
      playNum: Number(row.play),
      castCurrencyNum: Number(row.coin),
      collectNum: Number(row.favorite),
      barrageNum: Number(row.danmaku),
      isReprint: row.copyright === 2 ? 1 : 0,
      summary: row.description,
      playDuration: row.duration,
      publishTime: row.pubdate.toISOString(),
      activityId: row.mission_id === null ? null : Number(row.mission_id),
      sourceUrl: `https://www.bilibili.com/video/${row.bvid}`,
    });
    const byBv = await get<VideoDetailAnswer>('/api/videoDetail', { id: row.bvid }, members.free);
    expect(byBv.videoInfo).toEqual(byId.videoInfo);
  });

  it("names the video's activity once its page was read; plain id before, nulls without one", async () => {
    const v = await sql<{ id: string }>`
      SELECT id FROM videos WHERE status = 0 ORDER BY id LIMIT 3`.execute(t.ctx.db);
    const [read, unread, none] = v.rows.map((r) => r.id);
    if (!read || !unread || !none) throw new Error('too few videos');
    const readId = 990_000_001;
    const unreadId = 990_000_002;
    await sql`INSERT INTO activities (id, name, info_at) VALUES (${readId}, '夏日绘画挑战', now()), (${unreadId}, NULL, NULL)
      ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, info_at = EXCLUDED.info_at`.execute(t.ctx.db);
    await sql`UPDATE videos SET mission_id = CASE id WHEN ${read}::bigint THEN ${readId}::bigint
      WHEN ${unread}::bigint THEN ${unreadId}::bigint END WHERE id IN (${read}, ${unread}, ${none})`.execute(t.ctx.db);

    const info = async (id: string) => (await get<VideoDetailAnswer>('/api/videoDetail', { id })).videoInfo;
    expect(await info(read)).toMatchObject({ activityId: readId, activityName: '夏日绘画挑战', activityExists: 1 });
    expect(await info(unread)).toMatchObject({ activityId: unreadId, activityName: null, activityExists: 0 });
    expect(await info(none)).toMatchObject({ activityId: null, activityName: null, activityExists: 0 });
  });

  it('shows a deleted video with status −1', async () => {
    const v = await sql<{ id: string }>`SELECT id FROM videos WHERE status = -1 LIMIT 1`.execute(t.ctx.db);
    const body = await get<VideoDetailAnswer>('/api/videoDetail', { id: v.rows[0]?.id ?? '' });
    expect(body.videoInfo.status).toBe(-1);
  });

  it('rejects bad and unknown ids; 401 without a token', async () => {
    for (const id of ['', 'abc', '0', 'BV123', '-5']) {
      expect((await get('/api/videoDetail', { id })).message).toBe(DiscoveryMsg.videoIdInvalid);
    }
    expect((await get('/api/videoDetail', { id: '999999999999' })).message).toBe(DiscoveryMsg.videoNotFound);
    expect((await get('/api/videoDetail', { id: 'BV1zz4y1z7zz' })).message).toBe(DiscoveryMsg.videoNotFound);
    expect((await t.call('GET', '/api/videoDetail', { id: 1 })).status).toBe(401);
  });
});

describe('GET /api/videoDayData', () => {
  it('answers empty series with a note when nothing was collected daily', async () => {
    const v = await sql<{ id: string }>`
      SELECT v.id FROM videos v WHERE NOT EXISTS (SELECT 1 FROM video_daily d WHERE d.video_id = v.id)
        AND NOT EXISTS (SELECT 1 FROM video_samples s WHERE s.video_id = v.id) LIMIT 1`.execute(t.ctx.db);
    const body = await get<VideoDayDataAnswer>('/api/videoDayData', { id: v.rows[0]?.id ?? '' });
    expect(body).toMatchObject({
      code: 200,
      dayNum: 30,
      videoDayData: [],
      videoDayIncreaseData: [],
      note: DiscoveryMsg.videoDayDataEmpty,
    });
    expect(body.videoInfo.videoId).toBe(Number(v.rows[0]?.id));
  });

  it('answers totals and increments from video_daily, filling a missing day from video_samples', async () => {
    const v = await sql<{ id: string }>`SELECT id FROM videos ORDER BY id DESC LIMIT 1`.execute(t.ctx.db);
    const id = v.rows[0]?.id ?? '';
    await sql`DELETE FROM video_daily WHERE video_id = ${id}`.execute(t.ctx.db);
    // 10 stored days: plays 1000, 1100, … ; day 2025-03-05 only as samples (last one of that Shanghai day wins)
    for (let i = 0; i < 10; i++) {
      const day = `2025-03-${String(i + 1).padStart(2, '0')}`;
      if (i === 4) continue;
      await sql`INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
        VALUES (${id}, ${day}::date, ${1000 + 100 * i}, ${10 * i}, 1, 2, 3, 4, 5)`.execute(t.ctx.db);
    }
    await sql`INSERT INTO video_samples (video_id, ts, play, likes, coin, favorite, share, reply, danmaku) VALUES
      (${id}, '2025-03-05T02:00:00Z', 1350, 35, 1, 2, 3, 4, 5),
      (${id}, '2025-03-05T15:00:00Z', 1400, 40, 1, 2, 3, 4, 5),
      (${id}, '2025-03-05T17:00:00Z', 9999, 99, 1, 2, 3, 4, 5)
      ON CONFLICT DO NOTHING`.execute(t.ctx.db); // 17:00Z is 03-06 in Shanghai: video_daily has that day
    const body = await get<VideoDayDataAnswer>('/api/videoDayData', { id, dayNum: 7 });
    expect(body.note).toBeNull();
    expect(body.videoDayData.map((d) => d.dataDate)).toEqual([
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
    ]);
    expect(body.videoDayData[1]).toMatchObject({ playNum: 1400, praiseNum: 40 });
    expect(body.videoDayIncreaseData).toHaveLength(7);
    expect(body.videoDayIncreaseData[0]).toMatchObject({ dataDate: '2025-03-04', playNum: 100, praiseNum: 10 });
    expect(body.videoDayIncreaseData[1]).toMatchObject({ dataDate: '2025-03-05', playNum: 100 });
    expect(body.videoDayIncreaseData[2]).toMatchObject({ dataDate: '2025-03-06', playNum: 100, praiseNum: 10 });
    const all = await get<VideoDayDataAnswer>('/api/videoDayData', { id, dayNum: 30 });
    expect(all.videoDayData).toHaveLength(10);
    expect(all.videoDayIncreaseData).toHaveLength(9); // the first stored day has no predecessor
  });

  it('gives a day after a gap no increment: several days of growth are never shown as one day', async () => {
    const v = await sql<{ id: string }>`SELECT id FROM videos ORDER BY id DESC OFFSET 1 LIMIT 1`.execute(t.ctx.db);
    const id = v.rows[0]?.id ?? '';
    await sql`DELETE FROM video_daily WHERE video_id = ${id}`.execute(t.ctx.db);
    await sql`DELETE FROM video_samples WHERE video_id = ${id}`.execute(t.ctx.db);
    // stored: 03-01, 03-02, (gap 03-03 … 03-05), 03-06, 03-07
    const days: [string, number][] = [
      ['2025-03-01', 1000],
      ['2025-03-02', 1100],
      ['2025-03-06', 1900],
      ['2025-03-07', 2050],
    ];
    for (const [day, play] of days) {
      await sql`INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
        VALUES (${id}, ${day}::date, ${play}, 1, 1, 1, 1, 1, 1)`.execute(t.ctx.db);
    }
    const body = await get<VideoDayDataAnswer>('/api/videoDayData', { id, dayNum: 30 });
    expect(body.videoDayData.map((d) => d.dataDate)).toEqual(days.map(([d]) => d));
    expect(body.videoDayIncreaseData.map((d) => [d.dataDate, d.playNum])).toEqual([
      ['2025-03-02', 100],
      ['2025-03-07', 150],
    ]);
  });

  it('is gated for tiers below 专业版 and checks dayNum', async () => {
    expect(await get('/api/videoDayData', { id: 1 }, members.free)).toMatchObject({
      code: -1,
      message: Msg.upgradeTitle,
      requiredLevel: 2,
    });
    expect((await get('/api/videoDayData', { id: 1, dayNum: 8 })).message).toBe(DiscoveryMsg.dayNumInvalid);
    expect((await get('/api/videoDayData', { id: 'x' })).message).toBe(DiscoveryMsg.videoIdInvalid);
    expect((await t.call('GET', '/api/videoDayData', { id: 1 })).status).toBe(401);
  });
});

describe('GET /api/searchContent', () => {
  async function expected(q: string, order: 'play' | 'time'): Promise<number[]> {
    const rows = await sql<{ id: string }>`
      SELECT id FROM videos WHERE status = 0 AND strpos(lower(title), lower(${q})) > 0
      ORDER BY ${order === 'play' ? sql`play DESC, id` : sql`pubdate DESC, id DESC`}`.execute(t.ctx.db);
    return rows.rows.map((r) => Number(r.id));
  }
  async function gram(length: number): Promise<string> {
    const r = await sql<{ g: string }>`
      SELECT g FROM videos, unnest(title_grams) g WHERE char_length(g) = ${length} AND g ~ '^[\u4e00-\u9fff]+$'
      GROUP BY g ORDER BY count(*) DESC, g LIMIT 1 OFFSET 3`.execute(t.ctx.db);
    return r.rows[0]?.g ?? '的';
  }

  it.each([1, 2])('finds %i-character Chinese substrings of titles, by plays and by time', async (n) => {
    const q = await gram(n);
    for (const sort of ['play', 'time'] as const) {
      const ids = await expected(q, sort);
      expect(ids.length).toBeGreaterThan(3);
      const body = await get<ContentSearchAnswer>('/api/searchContent', {
        keyword: encodeKeyword(q),
        sort,
        pageSize: 50,
      });
      expect(body.total).toBe(Math.min(ids.length, CONTENT_TOTAL_CAP));
      expect(body.totalCapped).toBe(ids.length > CONTENT_TOTAL_CAP);
      expect(body.videoInfos.map((v) => v.videoId)).toEqual(ids.slice(0, 50));
      for (const v of body.videoInfos) expect(v.title.toLowerCase()).toContain(q);
    }
  });

  it('finds 3+ character substrings and filters by partition', async () => {
    const t3 = await sql<{ title: string; tid: number }>`
      SELECT title, tid FROM videos WHERE status = 0 AND title ~ '^[\u4e00-\u9fff]{4}' ORDER BY play DESC LIMIT 1`.execute(
      t.ctx.db,
    );
    const q = Array.from(t3.rows[0]?.title ?? '')
      .slice(0, 3)
      .join('');
    const ids = await expected(q, 'play');
    const body = await get<ContentSearchAnswer>('/api/searchContent', { keyword: q, pageSize: 50 });
    expect(body.total).toBe(ids.length);
    expect(body.videoInfos.map((v) => v.videoId)).toEqual(ids.slice(0, 50));
    const tid = t3.rows[0]?.tid ?? 0;
    const inTid = await get<ContentSearchAnswer>('/api/searchContent', { keyword: q, tid, pageSize: 50 });
    for (const v of inTid.videoInfos) expect(v.tid).toBe(tid);
    expect(inTid.videoInfos.length).toBeGreaterThan(0);
  });

  it('rejects bad parameters; 401 without a token', async () => {
    const cases: [CallParams, string][] = [
      [{}, Msg.keywordRequired],
      [{ keyword: '  ' }, Msg.keywordRequired],
      [{ keyword: '长'.repeat(30) }, DiscoveryMsg.contentKeywordTooLong],
      [{ keyword: '游戏', sort: 'likes' }, DiscoveryMsg.sortInvalid],
      [{ keyword: '游戏', tid: 999_999 }, DiscoveryMsg.tidInvalid],
      [{ keyword: '游戏', pageNo: 501 }, DiscoveryMsg.pageNoInvalid],
    ];
    for (const [params, message] of cases) {
      const body = await get('/api/searchContent', params);
      expect({ params, message: body.message, code: body.code }).toEqual({ params, message, code: -1 });
    }
    expect((await t.call('GET', '/api/searchContent', { keyword: '游戏' })).status).toBe(401);
  });
});
