import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import {
  DiscoveryMsg,
  Msg,
  type CreatorDetail,
  type KolCommercialAnswer,
  type KolDetailExtra,
  type KolFanEventsAnswer,
  type KolPortraitAnswer,
  type KolVideosAnswer,
  type SimilarKolAnswer,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';
import { upsertMetrics } from './discovery-fixtures.js';

let t: TestApp;
let free: TestMember;
let pro: TestMember;
let kolId: number;

beforeAll(async () => {
  t = await createTestApp();
  free = await createMember(t.ctx, { userType: 0 });
  pro = await createMember(t.ctx, { userType: 2 });
  // a creator with an MCN, a live room and many videos
  const row = await sql<{ id: string }>`
    SELECT c.id FROM creators c WHERE c.mcn_id IS NOT NULL AND c.live_room_id IS NOT NULL
    ORDER BY (SELECT count(*) FROM videos v WHERE v.creator_id = c.id) DESC, c.id LIMIT 1`.execute(t.ctx.db);
  kolId = Number(row.rows[0]?.id);
  await upsertMetrics(t.ctx.db, kolId, {
    videoPrice: 12_000,
    implantationPrice: 9_000,
    malePct: 61.5,
    source: 'creator',
    sample: 321,
  });
});
afterAll(async () => {
  await t.close();
});

type Params = Record<string, string | number>;
async function get<T>(path: string, params: Params, member: TestMember = pro) {
  const res = await t.call('GET', path, params, { token: member.token });
  expect(res.status).toBe(200);
  return res.body as unknown as T & { code: number; message: string; requiredLevel?: number };
}

describe('GET /api/kolDetail (extended)', () => {
  it('adds MCN, live state and the price estimate for 专业版', async () => {
    const body = await get<{ kolInfo: CreatorDetail & KolDetailExtra }>('/api/kolDetail', { kolId });
    const c = await sql<{ mcn_id: number; name: string; live_room_id: string; partition_tid: number }>`
      SELECT c.mcn_id, m.name, c.live_room_id, c.partition_tid FROM creators c JOIN mcns m ON m.id = c.mcn_id
      WHERE c.id = ${kolId}`.execute(t.ctx.db);
    const row = c.rows[0];
    expect(body.kolInfo).toMatchObject({
      kolId,
      mcnId: row?.mcn_id,
      mcnName: row?.name,
      organization: row?.name,
      liveUrl: `https://live.bilibili.com/${row?.live_room_id}`,
      tid: row?.partition_tid,
      isCollect: 0,
      isPut: 0,
      isEnter: 0,
      priceLocked: 0,
    });
    expect(body.kolInfo.priceInfo).toMatchObject({ videoPrice: 12_000, implantationPrice: 9_000 });
  });

  it('tells the collector the creator was viewed', async () => {
    const other = await sql<{
      id: string;
    }>`SELECT c.id FROM creators c LEFT JOIN creator_schedule s ON s.creator_id = c.id
       WHERE s.viewed_at IS NULL ORDER BY c.id LIMIT 1`.execute(t.ctx.db);
    const id = Number(other.rows[0]?.id);
    await get('/api/kolDetail', { kolId: id });
    await vi.waitFor(async () => {
      const row = await sql<{ viewed_at: Date | null; cadence: string }>`
        SELECT viewed_at, cadence FROM creator_schedule WHERE creator_id = ${id}`.execute(t.ctx.db);
      expect(row.rows[0]?.viewed_at).not.toBeNull();
      expect(row.rows[0]?.cadence).toBe('viewed');
    });
  });

  it('withholds the price from 免费版', async () => {
    const body = await get<{ kolInfo: KolDetailExtra }>('/api/kolDetail', { kolId }, free);
    expect(body.kolInfo).toMatchObject({ priceInfo: null, priceLocked: 1 });
  });
});

describe('GET /api/kolVideos', () => {
  it.each([
    ['pubdate', 'pubdate'],
    ['play', 'play'],
    ['likes', 'likes'],
  ] as const)('sorts by %s and pages', async (sort, column) => {
    const expected = await sql<{ id: string }>`
      SELECT id FROM videos WHERE creator_id = ${kolId} ORDER BY ${sql.ref(column)} DESC, id DESC`.execute(t.ctx.db);
    const ids = expected.rows.map((r) => Number(r.id));
    const p1 = await get<KolVideosAnswer>('/api/kolVideos', { kolId, sort, pageSize: 3 });
    const p2 = await get<KolVideosAnswer>('/api/kolVideos', { kolId, sort, pageSize: 3, pageNo: 2 });
    expect(p1.total).toBe(ids.length);
    expect([...p1.videoInfos, ...p2.videoInfos].map((v) => v.videoId)).toEqual(ids.slice(0, 6));
    const v = p1.videoInfos[0];
    expect(v?.kolId).toBe(kolId);
    expect(v?.sourceUrl).toBe(`https://www.bilibili.com/video/${v?.bvid}`);
  });

  it('rejects bad parameters and unknown creators', async () => {
    expect((await get('/api/kolVideos', { kolId, sort: 'x' })).message).toBe(DiscoveryMsg.sortInvalid);
    expect((await get('/api/kolVideos', { kolId: 'x' })).message).toBe(Msg.kolIdInvalid);
    expect((await get('/api/kolVideos', { kolId: 987_654_321 })).message).toBe(Msg.kolNotFound);
    expect((await get('/api/kolVideos', { kolId, pageSize: 60 })).message).toBe(DiscoveryMsg.pageSizeInvalid);
  });
});

describe('GET /api/kolFanEvents', () => {
  it('answers the events of the window with their cause video', async () => {
    const last = await sql<{
      day: string;
    }>`SELECT max(day) AS day FROM creator_daily WHERE creator_id = ${kolId}`.execute(t.ctx.db);
    const day = last.rows[0]?.day ?? '';
    const video = await sql<{
      id: string;
    }>`SELECT id FROM videos WHERE creator_id = ${kolId} ORDER BY pubdate DESC LIMIT 1`.execute(t.ctx.db);
    await sql`DELETE FROM fan_events WHERE creator_id = ${kolId}`.execute(t.ctx.db);
    await sql`INSERT INTO fan_events (creator_id, day, kind, delta, baseline, fans, cause_video_id) VALUES
      (${kolId}, ${day}::date - 1, 'rise', 5000, 100, 105000, ${video.rows[0]?.id ?? null}),
      (${kolId}, ${day}::date - 10, 'drop', -3000, 100, 90000, NULL),
      (${kolId}, ${day}::date - 60, 'rise', 700, 10, 80000, NULL)`.execute(t.ctx.db);
    const body = await get<KolFanEventsAnswer>('/api/kolFanEvents', { kolId, days: 30 });
    expect(body.fanEvents).toHaveLength(2);
    expect(body.fanEvents[0]).toMatchObject({
      kind: 'rise',
      fansChange: 5000,
      fansBefore: 100_000,
      fansAfter: 105_000,
    });
    expect(body.fanEvents[0]?.causeVideo?.videoId).toBe(Number(video.rows[0]?.id));
    expect(body.fanEvents[1]).toMatchObject({ kind: 'drop', fansChange: -3000, causeVideo: null });
    expect((await get<KolFanEventsAnswer>('/api/kolFanEvents', { kolId })).fanEvents).toHaveLength(3);
    expect((await get('/api/kolFanEvents', { kolId, days: 7 })).message).toBe(DiscoveryMsg.daysInvalid);
  });
});

describe('GET /api/kolPortrait and /api/kolCommercial', () => {
  it('answers the portrait as the spec’s JSON strings with sample and source', async () => {
    const body = await get<KolPortraitAnswer>('/api/kolPortrait', { kolId });
    expect(body).toMatchObject({ code: 200, sampleSize: 321, source: 'creator' });
    expect(JSON.parse(body.genderPortrait ?? '[]')).toEqual([
      { 性别: '男', 比例: 61.5 },
      { 性别: '女', 比例: 38.5 },
    ]);
    expect(JSON.parse(body.areaPortrait ?? '[]')[0]).toHaveProperty('地域');
    expect(JSON.parse(body.agePortrait ?? '[]')[0]).toHaveProperty('年龄');
  });

  it('answers the price estimate', async () => {
    const body = await get<KolCommercialAnswer>('/api/kolCommercial', { kolId });
    expect(body.priceInfo).toMatchObject({ videoPrice: 12_000, implantationPrice: 9_000 });
    expect(typeof body.priceInfo?.weekVideoNum).toBe('number');
  });

  it('gates both to 专业版 and above', async () => {
    for (const path of ['/api/kolPortrait', '/api/kolCommercial']) {
      expect(await get(path, { kolId }, free)).toMatchObject({ code: -1, message: Msg.upgradeTitle, requiredLevel: 2 });
      expect((await get(path, { kolId: 987_654_321 })).message).toBe(Msg.kolNotFound);
      expect((await t.call('GET', path, { kolId })).status).toBe(401);
    }
  });
});

describe('GET /api/similarKol', () => {
  it('answers up to 10 creators of the same partition within a factor 3 of fans', async () => {
    const me = await sql<{
      partition_tid: number;
      fans: string;
    }>`SELECT partition_tid, fans FROM creators WHERE id = ${kolId}`.execute(t.ctx.db);
    const fans = Number(me.rows[0]?.fans);
    const body = await get<SimilarKolAnswer>('/api/similarKol', { kolId });
    expect(body.kolInfos.length).toBeLessThanOrEqual(10);
    const expected = await sql<{ n: string }>`
      SELECT count(*) AS n FROM creators WHERE partition_tid = ${me.rows[0]?.partition_tid ?? 0} AND id <> ${kolId}
        AND fans BETWEEN ${Math.floor(Math.max(fans, 1) / 3)} AND ${Math.max(fans, 1) * 3}`.execute(t.ctx.db);
    expect(body.kolInfos.length).toBe(Math.min(10, Number(expected.rows[0]?.n)));
    for (const k of body.kolInfos) {
      expect(k.kolId).not.toBe(kolId);
      expect(k.fansNum).toBeGreaterThanOrEqual(Math.floor(fans / 3));
      expect(k.fansNum).toBeLessThanOrEqual(fans * 3);
    }
    expect((await get('/api/similarKol', { kolId: 0 })).message).toBe(Msg.kolIdInvalid);
    expect((await t.call('GET', '/api/similarKol', { kolId })).status).toBe(401);
  });
});

describe('the detail page’s seven calls (issue #28 item 1)', () => {
  const PAGE: [string, (kolId: number) => Params][] = [
    ['/api/kolDetail', (id) => ({ kolId: id })],
    ['/api/kolTrend', (id) => ({ kolId: id, type: 1, dayNum: 30 })],
    ['/api/kolFanEvents', (id) => ({ kolId: id, days: 90 })],
    ['/api/kolVideos', (id) => ({ kolId: id, sort: 'pubdate', pageNo: 1, pageSize: 10 })],
    ['/api/kolPortrait', (id) => ({ kolId: id })],
    ['/api/kolCommercial', (id) => ({ kolId: id })],
    ['/api/similarKol', (id) => ({ kolId: id })],
  ];

  it('read the creator once when they share its read (DETAIL_SHARE_MS), with the same price', async () => {
    const { CreatorRepository } = await import('./creators.repository.js');
    const { CreatorSectionsRepository } = await import('./sections.repository.js');
    const shared = await createTestApp({ detailShareMs: 60_000 });
    try {
      const member = await createMember(shared.ctx, { userType: 2 });
      // the same creator metrics as this file's app (beforeAll)
      await upsertMetrics(shared.ctx.db, kolId, {
        videoPrice: 12_000,
        implantationPrice: 9_000,
        malePct: 61.5,
        source: 'creator',
        sample: 321,
      });
      const bundles = vi.spyOn(CreatorRepository.prototype, 'findDetailBundle');
      const extras = vi.spyOn(CreatorSectionsRepository.prototype, 'detailExtra');
      const prices = vi.spyOn(CreatorSectionsRepository.prototype, 'priceInfo');
      const answers = [];
      for (const [path, params] of PAGE) {
        const res = await shared.call('GET', path, params(kolId), { token: member.token });
        expect(res.status).toBe(200);
        answers.push(res.body);
      }
      expect(bundles.mock.calls.filter(([id]) => id === kolId)).toHaveLength(1);
      expect(extras).not.toHaveBeenCalled();
      expect(prices).not.toHaveBeenCalled();
      vi.restoreAllMocks();
      // the one answer whose source moved: kolCommercial's price is the bundle's, equal to the sections read's
      const price = await new CreatorSectionsRepository(shared.ctx.db).priceInfo(kolId);
      expect(price).toBeDefined();
      expect(answers[5]).toMatchObject({ priceInfo: JSON.parse(JSON.stringify(price)) as unknown });
      expect(answers[0]).toMatchObject({ kolInfo: { priceInfo: JSON.parse(JSON.stringify(price)) as unknown } });
    } finally {
      vi.restoreAllMocks();
      await shared.close();
    }
  });
});
