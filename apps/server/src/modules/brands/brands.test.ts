/** Brands, exposure and sales reports (issue #26 items 3, 4, 6): every call, its gate and its bad input. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrandMsg, UserType } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addDays, shanghaiDay } from '../../jobs/clock.js';
import { createMember, type TestMember } from '../membership/test-members.js';

let t: TestApp;
let pro: TestMember;
let ent: TestMember;
let free: TestMember;
const T = shanghaiDay(Date.now());
const ids = { a: 0, b: 0, c: 0, c1: 0, c2: 0, v1: 0, v2: 0, v3: 0 };

/** Noon of a Shanghai day as an instant. */
const noon = (day: string) => new Date(`${day}T04:00:00Z`);

async function video(n: number, creator: number, day: string, title: string, play: number): Promise<number> {
  const r = await sql<{ id: number }>`
    INSERT INTO videos (aid, bvid, creator_id, title, pubdate, play, tid)
    VALUES (${980000000 + n}, ${`BV1brand0${n}xx`}, ${creator}, ${title}, ${noon(day)}, ${play},
            (SELECT tid FROM partitions WHERE parent_id IS NOT NULL ORDER BY tid LIMIT 1))
    RETURNING id::int AS id`.execute(t.ctx.db);
  return r.rows[0]?.id as number;
}
async function daily(videoId: number, day: string, play: number) {
  await sql`INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
    VALUES (${videoId}, ${day}::date, ${play}, 0, 0, 0, 0, 0, 0)`.execute(t.ctx.db);
}
async function brand(name: string): Promise<number> {
  const r = await sql<{ id: number }>`INSERT INTO brands (name, category_id) VALUES (${name}, 2) RETURNING id`.execute(
    t.ctx.db,
  );
  return r.rows[0]?.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  pro = await createMember(t.ctx, { userType: UserType.PRO });
  ent = await createMember(t.ctx, { userType: UserType.ENTERPRISE });
  free = await createMember(t.ctx);
  const db = t.ctx.db;
  const cs = await sql<{ id: number }>`SELECT id::int AS id FROM creators ORDER BY id LIMIT 2`.execute(db);
  ids.c1 = cs.rows[0]?.id as number;
  ids.c2 = cs.rows[1]?.id as number;
  ids.a = await brand('测试品牌甲');
  ids.b = await brand('测试品牌乙');
  ids.c = await brand('测试品牌丙');
  await sql`INSERT INTO brand_aliases (brand_id, alias) VALUES (${ids.a}, '品牌甲'), (${ids.b}, '品牌乙')`.execute(db);
  ids.v1 = await video(1, ids.c1, addDays(T, -1), '测试品牌甲新品体验', 300000);
  ids.v2 = await video(2, ids.c2, addDays(T, -3), '日常vlog', 25000);
  ids.v3 = await video(3, ids.c2, addDays(T, -2), '品牌乙开箱', 4000);
  await daily(ids.v1, addDays(T, -1), 100000);
  await daily(ids.v1, T, 300000);
  await daily(ids.v2, addDays(T, -3), 5000);
  await daily(ids.v2, T, 25000);
  await daily(ids.v3, T, 4000);
  await sql`INSERT INTO video_brand_mentions (video_id, brand_id, location, creator_id, alias, evidence, hits) VALUES
    (${ids.v1}, ${ids.a}, 'title', ${ids.c1}, '测试品牌甲', '测试品牌甲新品体验', 1),
    (${ids.v1}, ${ids.a}, 'desc', ${ids.c1}, '测试品牌甲', '本视频由测试品牌甲赞助', 2),
    (${ids.v2}, ${ids.a}, 'danmaku', ${ids.c2}, '品牌甲', '品牌甲的广告来了', 5),
    (${ids.v3}, ${ids.b}, 'title', ${ids.c2}, '品牌乙', '品牌乙开箱', 1)`.execute(db);
  await sql`INSERT INTO video_sponsorships (video_id, creator_id, sponsored, selling, score, brand_id) VALUES
    (${ids.v1}, ${ids.c1}, true, true, 0.95, ${ids.a}),
    (${ids.v2}, ${ids.c2}, false, true, 0.6, null),
    (${ids.v3}, ${ids.c2}, true, false, 1, ${ids.b})`.execute(db);
  await sql`INSERT INTO video_sponsorship_evidence (video_id, signal, location, matched, snippet, weight) VALUES
    (${ids.v1}, 'sponsor_statement', 'desc', '本视频由测试品牌甲赞助', '本视频由测试品牌甲赞助，感谢支持', 0.95),
    (${ids.v2}, 'audience_qiafan', 'danmaku', '恰饭', '8 条弹幕：恰饭了', 0.6),
    (${ids.v3}, 'commercial_label', 'label', '商业推广', '商业推广', 1)`.execute(db);
  const g = await sql<{
    id: number;
  }>`INSERT INTO goods (platform, item_id, title, price, brand_id, category_id, url) VALUES
    ('taobao', 'brandtest1', '测试品牌甲精华液', 100, ${ids.a}, 2, 'https://item.taobao.com/item.htm?id=1'),
    ('jd', 'brandtest2', '测试品牌甲礼盒', null, ${ids.a}, 99, 'https://item.jd.com/2.html')
    RETURNING id::int AS id`.execute(db);
  const [g1, g2] = g.rows.map((r) => r.id);
  await sql`INSERT INTO video_goods (video_id, goods_id, source, creator_id, link, evidence) VALUES
    (${ids.v1}, ${g1}, 'goods_area', ${ids.c1}, '', '测试品牌甲精华液'),
    (${ids.v2}, ${g2}, 'desc', ${ids.c2}, 'https://item.jd.com/2.html', '礼盒链接 https://item.jd.com/2.html')`.execute(
    db,
  );
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, q: Record<string, string | number>, m: TestMember = pro) =>
  t.call('GET', path, q, { token: m.token });

describe('gates', () => {
  it('free and basic members are refused with the upgrade fields; sales need 企业版', async () => {
    const r = await get('/api/brand/exposureRank', {}, free);
    expect(r.body).toMatchObject({ code: -1, feature: 'commerce.brand', requiredLevel: 2 });
    const s = await get('/api/sale/saleReport', { type: 'brand', id: ids.a }, pro);
    expect(s.body).toMatchObject({ code: -1, feature: 'commerce.sale', requiredLevel: 3 });
    expect((await t.call('GET', '/api/brand/exposureRank')).status).toBe(401);
  });
});

describe('exposureRank', () => {
  it('week: sponsored videos, mention videos, mention count, exposure plays and creators per brand', async () => {
    const r = await get('/api/brand/exposureRank', { period: 'week', categoryId: 2 });
    expect(r.body.code).toBe(200);
    expect(r.body).toMatchObject({ period: 'week', startDate: addDays(T, -6), endDate: T });
    const list = r.body.list as { brandId: number }[];
    expect(list.find((x) => x.brandId === ids.a)).toMatchObject({
      brandName: '测试品牌甲',
      categoryName: '美妆',
      sponsoredVideos: 1,
      mentionVideos: 2,
      mentionCount: 8,
      exposurePlay: 325000,
      kolNum: 2,
    });
    expect(list.find((x) => x.brandId === ids.b)).toMatchObject({
      sponsoredVideos: 1,
      mentionVideos: 1,
      exposurePlay: 4000,
    });
    expect(list.find((x) => x.brandId === ids.c)).toBeUndefined();
    const byPlays = await get('/api/brand/exposureRank', { period: 'week', categoryId: 2, sort: 'plays' });
    const order = (byPlays.body.list as { brandId: number }[]).map((x) => x.brandId);
    expect(order.indexOf(ids.a)).toBeLessThan(order.indexOf(ids.b));
  });

  it('a past day counts that day’s videos with their plays as of that day (history is not rewritten)', async () => {
    const r = await get('/api/brand/exposureRank', { period: 'day', date: addDays(T, -1), categoryId: 2 });
    const a = (r.body.list as { brandId: number }[]).find((x) => x.brandId === ids.a);
    expect(a).toMatchObject({ mentionVideos: 1, sponsoredVideos: 1, exposurePlay: 100000 });
    expect((r.body.list as { brandId: number }[]).find((x) => x.brandId === ids.b)).toBeUndefined();
  });

  it('bad input: period, date, category, sort, page', async () => {
    for (const [q, msg] of [
      [{ period: 'year' }, BrandMsg.periodInvalid],
      [{ date: '2026-13-45' }, BrandMsg.dateInvalid],
      [{ date: '昨天' }, BrandMsg.dateInvalid],
      [{ categoryId: 'x' }, BrandMsg.categoryInvalid],
      [{ sort: 'money' }, BrandMsg.sortInvalid],
    ] as const) {
      const r = await get('/api/brand/exposureRank', q);
      expect(r.body, JSON.stringify(q)).toMatchObject({ code: -1, message: msg });
    }
    expect((await get('/api/brand/exposureRank', { pageSize: 500 })).body.code).not.toBe(200);
  });
});

describe('exposureSearch', () => {
  it('finds brands by name and alias, with their 30-day figures', async () => {
    const r = await get('/api/brand/exposureSearch', { keyword: '品牌乙' });
    expect(r.body.code).toBe(200);
    expect(r.body.list).toEqual([
      expect.objectContaining({ brandId: ids.b, aliases: ['品牌乙'], sponsoredVideos: 1, mentionVideos: 1, kolNum: 1 }),
    ]);
    const all = await get('/api/brand/exposureSearch', { keyword: '测试品牌', categoryId: 2 });
    expect(all.body.total).toBe(3);
    const none = await get('/api/brand/exposureSearch', { keyword: '不存在的品牌名' });
    expect(none.body).toMatchObject({ code: 200, total: 0, list: [] });
    const like = await get('/api/brand/exposureSearch', { keyword: '%' });
    expect(like.body.total).toBe(0);
  });
  it('bad input: a control character, a too long keyword', async () => {
    expect((await get('/api/brand/exposureSearch', { keyword: 'a\u0001b' })).body.code).toBe(-1);
    expect((await get('/api/brand/exposureSearch', { keyword: '品'.repeat(41) })).body).toMatchObject({
      code: -1,
      message: BrandMsg.keywordTooLong,
    });
  });
});

describe('brandDetail, brandVideos, shareOfVoice', () => {
  it('summary, spend estimate range, trend of every day, partitions, creators, competitors', async () => {
    const r = await get('/api/brand/brandDetail', { brandId: ids.a, days: 7 });
    expect(r.body.code).toBe(200);
    const cm = await sql<{
      p: string | null;
    }>`SELECT video_price::text AS p FROM creator_metrics WHERE creator_id = ${ids.c1}`.execute(t.ctx.db);
    const price = cm.rows[0]?.p ? Number(cm.rows[0].p) : null;
    const spend =
      price === null
        ? { spendLow: 6000, spendHigh: 24000 }
        : { spendLow: Math.round((0.6 * price) / 100) * 100, spendHigh: Math.round((1.2 * price) / 100) * 100 };
    expect(r.body.summary).toEqual({
      sponsoredVideos: 1,
      mentionVideos: 2,
      mentionCount: 8,
      exposurePlay: 325000,
      kolNum: 2,
      ...spend,
      estimated: true,
    });
    const trend = r.body.trend as { day: string; mentionVideos: number; sponsoredVideos: number }[];
    expect(trend).toHaveLength(7);
    expect(trend.find((d) => d.day === addDays(T, -1))).toMatchObject({ mentionVideos: 1, sponsoredVideos: 1 });
    expect(trend.find((d) => d.day === addDays(T, -3))).toMatchObject({ mentionVideos: 1, sponsoredVideos: 0 });
    expect((r.body.partitions as { videoNum: number }[]).reduce((a, p) => a + p.videoNum, 0)).toBe(2);
    expect((r.body.kols as { kolId: number }[]).map((k) => k.kolId).sort()).toEqual([ids.c1, ids.c2].sort());
    expect(r.body.competitors).toContainEqual({ brandId: ids.b, brandName: '测试品牌乙' });
  });

  it('each video carries its evidence: which text matched, where; the verdict’s signals', async () => {
    const r = await get('/api/brand/brandVideos', { brandId: ids.a, days: 7 });
    expect(r.body.total).toBe(2);
    const [first, second] = r.body.list as {
      videoId: number;
      sponsoredByBrand: boolean;
      mentions: unknown[];
      sponsorEvidence: unknown[];
    }[];
    expect(first).toMatchObject({ videoId: ids.v1, sponsored: true, sponsoredByBrand: true, score: 0.95 });
    expect(first?.mentions).toEqual([
      { location: 'desc', alias: '测试品牌甲', evidence: '本视频由测试品牌甲赞助', hits: 2 },
      { location: 'title', alias: '测试品牌甲', evidence: '测试品牌甲新品体验', hits: 1 },
    ]);
    expect(first?.sponsorEvidence).toEqual([
      {
        signal: 'sponsor_statement',
        location: 'desc',
        matched: '本视频由测试品牌甲赞助',
        snippet: '本视频由测试品牌甲赞助，感谢支持',
        weight: 0.95,
      },
    ]);
    expect(second).toMatchObject({ videoId: ids.v2, sponsored: false, sponsoredByBrand: false });
    const only = await get('/api/brand/brandVideos', { brandId: ids.a, days: 7, sponsored: 1 });
    expect((only.body.list as { videoId: number }[]).map((v) => v.videoId)).toEqual([ids.v1]);
  });

  it('share of voice of 2–5 chosen brands', async () => {
    const r = await get('/api/brand/shareOfVoice', { brandIds: `${ids.a},${ids.b},${ids.c}`, days: 7 });
    expect(r.body.list).toEqual([
      expect.objectContaining({ brandId: ids.a, mentionVideos: 2, videoShare: 66.7, playShare: 98.8 }),
      expect.objectContaining({ brandId: ids.b, mentionVideos: 1, videoShare: 33.3, playShare: 1.2 }),
      expect.objectContaining({ brandId: ids.c, mentionVideos: 0, videoShare: 0, playShare: 0 }),
    ]);
  });

  it('bad input: missing or unknown brand, days, 1 or 6 brands', async () => {
    expect((await get('/api/brand/brandDetail', {})).body).toMatchObject({ code: -1, message: BrandMsg.brandRequired });
    expect((await get('/api/brand/brandDetail', { brandId: 99999999 })).body).toMatchObject({
      code: -1,
      message: BrandMsg.brandMissing,
    });
    expect((await get('/api/brand/brandDetail', { brandId: ids.a, days: 8 })).body.message).toBe(BrandMsg.daysInvalid);
    expect((await get('/api/brand/brandVideos', { brandId: 'abc' })).body.code).toBe(-1);
    for (const brandIds of [`${ids.a}`, '1,2,3,4,5,6', 'a,b'])
      expect((await get('/api/brand/shareOfVoice', { brandIds })).body.message).toBe(BrandMsg.brandsCount);
    expect((await get('/api/brand/shareOfVoice', { brandIds: `${ids.a},99999999` })).body.message).toBe(
      BrandMsg.brandMissing,
    );
  });
});

describe('saleReport, saleContrast', () => {
  it('a brand’s goods, videos and sales as ranges (the model of docs/metrics.md)', async () => {
    const r = await get('/api/sale/saleReport', { type: 'brand', id: ids.a, days: 30 }, ent);
    expect(r.body.code).toBe(200);
    // g1: 300000 plays × 1.2 % × 4 % × 1 = 144; g2: 25000 × 0.3 % × 2.5 % × 1 = 1.875
    expect(r.body.summary).toEqual({
      salesLow: 73,
      salesMid: 146,
      salesHigh: 263,
      gmvLow: 7200,
      gmvHigh: 25920,
      estimated: true,
      goodsNum: 2,
      videoNum: 2,
      play: 325000,
      topCategory: '美妆',
    });
    const goods = r.body.goods as { title: string; salesLow: number; salesHigh: number }[];
    expect(goods[0]).toMatchObject({
      title: '测试品牌甲精华液',
      salesLow: 72,
      salesMid: 144,
      salesHigh: 259,
      price: 100,
    });
    expect(r.body.videos).toHaveLength(2);
  });

  it('a creator’s report and a side-by-side of two creators', async () => {
    const r = await get('/api/sale/saleReport', { type: 'kol', id: ids.c1, days: 30 }, ent);
    expect(r.body.summary).toMatchObject({ salesMid: 144, goodsNum: 1, videoNum: 1, estimated: true });
    const c = await get('/api/sale/saleContrast', { type: 'kol', ids: `${ids.c1},${ids.c2}`, days: 30 }, ent);
    const items = c.body.items as { id: number; salesMid: number; goodsNum: number }[];
    expect(items.map((i) => [i.id, i.salesMid, i.goodsNum])).toEqual([
      [ids.c1, 144, 1],
      [ids.c2, 2, 1],
    ]);
    const b = await get('/api/sale/saleContrast', { type: 'brand', ids: `${ids.a},${ids.b}`, days: 30 }, ent);
    expect((b.body.items as { salesMid: number }[]).map((i) => i.salesMid)).toEqual([146, 0]);
  });

  it('subjects by name for the pickers', async () => {
    const r = await get('/api/sale/subjects', { type: 'brand', keyword: '测试品牌' }, ent);
    expect((r.body.list as { id: number }[])[0]).toMatchObject({ type: 'brand', id: ids.a });
  });

  it('bad input: type, missing or unknown subject, counts', async () => {
    const bad = [
      ['/api/sale/saleReport', { type: 'shop', id: 1 }, BrandMsg.subjectTypeInvalid],
      ['/api/sale/saleReport', { type: 'kol' }, BrandMsg.subjectRequired],
      ['/api/sale/saleReport', { type: 'kol', id: 999999999 }, BrandMsg.subjectMissing],
      ['/api/sale/saleReport', { type: 'kol', id: ids.c1, days: 365 }, BrandMsg.daysInvalid],
      ['/api/sale/saleContrast', { type: 'kol', ids: `${ids.c1}` }, BrandMsg.subjectsCount],
      ['/api/sale/saleContrast', { type: 'brand', ids: `${ids.a},99999999` }, BrandMsg.subjectMissing],
    ] as const;
    for (const [path, q, msg] of bad)
      expect((await get(path, q, ent)).body, `${path} ${JSON.stringify(q)}`).toMatchObject({ code: -1, message: msg });
  });
});

describe('export', () => {
  it('exposureRank and brandVideos export through the export machinery (enterprise)', async () => {
    const r = await get('/api/brand/exposureRank', { period: 'week', categoryId: 2, export: 1 }, ent);
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toContain('spreadsheetml');
    const v = await get('/api/brand/brandVideos', { brandId: ids.a, days: 7, export: 1 }, ent);
    expect(v.raw.headers['content-type']).toContain('spreadsheetml');
    // a 专业版 member reads the list but may not export it
    const p = await get('/api/brand/exposureRank', { period: 'week', export: 1 }, pro);
    expect(p.body.code).toBe(-1);
  });
});
