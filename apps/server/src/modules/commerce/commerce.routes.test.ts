/**
 * The goods calls through HTTP on an empty database (SEED_DEMO=false) with factory rows: two creators, three
 * videos with their daily plays, three goods carried from the goods area, the description and a pinned comment,
 * two days of prices. Each call: the answer against figures worked out by hand from those rows (sales through
 * the documented model), bad input with its Chinese message and nothing changed, the tier gates, and export=1.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  CommerceMsg,
  featureDeniedMessage,
  type GoodsDetailAnswer,
  type GoodsOverviewAnswer,
  type GoodsRankAnswer,
  type GoodsSearchAnswer,
  type SellKolAnswer,
} from '@xg/shared';
import { createEmptyTestApp, type TestApp } from '../../../test/harness.js';
import { shanghaiDay } from '../../jobs/clock.js';
import { createMember, type TestMember } from '../membership/test-members.js';
import { ordersOf } from './commerce.figures.js';
import { dayMinus } from './commerce.service.js';

let t: TestApp;
let free: TestMember;
let basic: TestMember;
let pro: TestMember;
let ent: TestMember;
const ids = { g1: 0, g2: 0, g3: 0, a: 0, b: 0, v1: 0, v2: 0, v3: 0 };
const today = shanghaiDay(Date.now());
const day = (back: number) => dayMinus(today, back + 1);
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createEmptyTestApp();
  const db = t.ctx.db;
  const creator = async (mid: number, name: string) =>
    Number(
      (
        await sql<{ id: string }>`INSERT INTO creators (mid, name, fans) VALUES (${mid}, ${name}, ${mid * 10})
          RETURNING id`.execute(db)
      ).rows[0]?.id,
    );
  ids.a = await creator(9001, '数码老张');
  ids.b = await creator(9002, '吃货小美');
  const video = async (aid: number, creatorId: number, title: string, ageDays: number, play: number) =>
    Number(
      (
        await sql<{ id: string }>`INSERT INTO videos (aid, bvid, creator_id, title, pubdate, play)
          VALUES (${aid}, ${'BV1test' + aid}, ${creatorId}, ${title}, ${new Date(Date.now() - ageDays * DAY)}, ${play})
          RETURNING id`.execute(db)
      ).rows[0]?.id,
    );
  ids.v1 = await video(81, ids.a, '桌面好物分享', 2, 10_000);
  ids.v2 = await video(82, ids.a, '鼠标横评', 40, 50_000);
  ids.v3 = await video(83, ids.b, '坚果开箱', 1, 2_000);
  const daily = async (videoId: number, back: number, play: number) =>
    sql`INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
        VALUES (${videoId}, ${day(back)}::date, ${play}, 0, 0, 0, 0, 0, 0)`.execute(db);
  await daily(ids.v1, 1, 6_000);
  await daily(ids.v1, 0, 10_000);
  await daily(ids.v2, 8, 40_000);
  await daily(ids.v2, 1, 48_000);
  await daily(ids.v2, 0, 50_000);
  await daily(ids.v3, 0, 2_000);
  const brand = async (name: string) =>
    Number((await sql<{ id: number }>`SELECT id FROM brands WHERE name = ${name}`.execute(db)).rows[0]?.id);
  const goods = async (platform: string, itemId: string, title: string, price: number, category: number, b: string) =>
    Number(
      (
        await sql<{ id: string }>`INSERT INTO goods (platform, item_id, title, price, shop, brand_id, category_id, url)
          VALUES (${platform}, ${itemId}, ${title}, ${price}, ${b + '官方旗舰店'}, ${await brand(b)}, ${category},
                  ${'https://item.jd.com/' + itemId + '.html'}) RETURNING id`.execute(db)
      ).rows[0]?.id,
    );
  ids.g1 = await goods('jd', '100001', '罗技 MX Master 3S 无线鼠标', 699, 1, '罗技');
  ids.g2 = await goods('taobao', '600001', '三只松鼠 每日坚果 750g', 99, 3, '三只松鼠');
  ids.g3 = await goods('tmall', '600002', '完美日记 小细跟口红', 79, 2, '完美日记');
  const carry = async (videoId: number, goodsId: number, source: string, creatorId: number) =>
    sql`INSERT INTO video_goods (video_id, goods_id, source, creator_id, link, evidence)
        VALUES (${videoId}, ${goodsId}, ${source}, ${creatorId}, 'https://item.jd.com/100001.html', ${'证据：' + source})`.execute(
      db,
    );
  await carry(ids.v1, ids.g1, 'goods_area', ids.a);
  await carry(ids.v1, ids.g2, 'desc', ids.a);
  await carry(ids.v2, ids.g1, 'pinned_comment', ids.a);
  await carry(ids.v3, ids.g2, 'goods_area', ids.b);
  await sql`INSERT INTO goods_price_daily (goods_id, day, price, low, high) VALUES
    (${ids.g1}, ${day(1)}::date, 699, 699, 699), (${ids.g1}, ${day(0)}::date, 599, 599, 699)`.execute(db);
  await sql`INSERT INTO video_sponsorships (video_id, creator_id, sponsored, selling, score) VALUES
    (${ids.v1}, ${ids.a}, true, true, 0.95), (${ids.v3}, ${ids.b}, false, true, 0.4)`.execute(db);
  free = await createMember(t.ctx, { userType: 0 });
  basic = await createMember(t.ctx, { userType: 1 });
  pro = await createMember(t.ctx, { userType: 2 });
  ent = await createMember(t.ctx, { userType: 3 });
});
afterAll(async () => {
  await t?.close();
});

const get = (m: TestMember, path: string, params: Record<string, string | number> = {}) =>
  t.call('GET', path, params, { token: m.token });

// plays gained in the week [today-6, today]: v1 10,000 (no row before), v2 50,000 − 40,000, v3 2,000
const g1Week = ordersOf(10_000, 'goods_area', 1, 699) + ordersOf(10_000, 'pinned_comment', 1, 699);
const g2Week = ordersOf(10_000, 'desc', 3, 99) + ordersOf(2_000, 'goods_area', 3, 99);

describe('GET /api/goods/search', () => {
  it('finds goods carried by videos, by keyword, category, platform and price; each with its counts', async () => {
    const all = (await get(basic, '/api/goods/search', { days: 0 })).body as unknown as GoodsSearchAnswer;
    expect(all.code).toBe(ApiCode.OK);
    // g3 is carried by no video
    expect(all.list.map((g) => g.goodsId).sort()).toEqual([ids.g1, ids.g2].sort());
    expect(all.total).toBe(2);
    const g1 = all.list.find((g) => g.goodsId === ids.g1);
    expect(g1).toMatchObject({ platformName: '京东', categoryName: '数码', brandName: '罗技', videoNum: 2, kolNum: 1 });
    expect(g1?.playNum).toBe(60_000);
    const kw = (await get(basic, '/api/goods/search', { keyword: '鼠标', days: 0 }))
      .body as unknown as GoodsSearchAnswer;
    expect(kw.list.map((g) => g.goodsId)).toEqual([ids.g1]);
    const two = (await get(basic, '/api/goods/search', { keyword: encodeURIComponent('坚果'), days: 0 }))
      .body as unknown as GoodsSearchAnswer;
    expect(two.list.map((g) => g.goodsId)).toEqual([ids.g2]);
    const cat = (await get(basic, '/api/goods/search', { categoryId: 3, days: 0 }))
      .body as unknown as GoodsSearchAnswer;
    expect(cat.list.map((g) => g.goodsId)).toEqual([ids.g2]);
    const plat = (await get(basic, '/api/goods/search', { platform: 'jd', days: 0 }))
      .body as unknown as GoodsSearchAnswer;
    expect(plat.list.map((g) => g.goodsId)).toEqual([ids.g1]);
    const price = (await get(basic, '/api/goods/search', { priceMin: 100, priceMax: 1000, days: 0 }))
      .body as unknown as GoodsSearchAnswer;
    expect(price.list.map((g) => g.goodsId)).toEqual([ids.g1]);
    // the last 7 days: only videos published then count (v2 is 40 days old)
    const week = (await get(basic, '/api/goods/search', { days: 7 })).body as unknown as GoodsSearchAnswer;
    expect(week.list.find((g) => g.goodsId === ids.g1)?.videoNum).toBe(1);
  });

  it('refuses bad input with its message', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ priceMin: 500, priceMax: 100 }, CommerceMsg.priceRange],
      [{ priceMin: -1 }, CommerceMsg.priceInvalid],
      [{ categoryId: 5000 }, CommerceMsg.categoryInvalid],
      [{ platform: 'amazon' }, CommerceMsg.platformInvalid],
      [{ days: 3 }, CommerceMsg.daysInvalid],
      [{ sort: 'name' }, CommerceMsg.sortInvalid],
      [{ keyword: 'x'.repeat(41) }, CommerceMsg.keywordInvalid],
    ];
    for (const [params, message] of cases) {
      const r = await get(basic, '/api/goods/search', params);
      expect(r.body, JSON.stringify(params)).toMatchObject({ message });
      expect(r.body.code).not.toBe(ApiCode.OK);
    }
  });

  it('is gated: 免费版 is refused; unauthenticated is 401', async () => {
    const r = await get(free, '/api/goods/search');
    expect(r.body).toMatchObject({ message: featureDeniedMessage('commerce.goods') });
    expect(r.body.code).not.toBe(ApiCode.OK);
    const anon = await t.call('GET', '/api/goods/search', {});
    expect(anon.status).toBe(401);
  });
});

describe('GET /api/goods/rank', () => {
  it('ranks the week by videos, by plays and by estimated sales, with ranges', async () => {
    const rank = async (by: string) =>
      (await get(basic, '/api/goods/rank', { by, period: 'week' })).body as unknown as GoodsRankAnswer;
    const byVideo = await rank('video');
    expect(byVideo.list.map((r) => [r.goodsId, r.periodVideoNum])).toEqual([
      [ids.g2, 2],
      [ids.g1, 1],
    ]);
    expect(byVideo.endDay).toBe(today);
    const byPlay = await rank('play');
    expect(byPlay.list.map((r) => [r.goodsId, r.periodPlayNum])).toEqual([
      [ids.g1, 20_000],
      [ids.g2, 12_000],
    ]);
    const bySales = await rank('sales');
    const g1 = bySales.list.find((r) => r.goodsId === ids.g1);
    const g2 = bySales.list.find((r) => r.goodsId === ids.g2);
    expect(g1).toMatchObject({ estimated: true, salesMid: Math.round(g1Week), salesLow: Math.round(g1Week * 0.5) });
    expect(g1?.salesHigh).toBe(Math.round(g1Week * 1.8));
    expect(g1?.gmvLow).toBe(Math.round(g1Week * 699 * 0.5));
    expect(g2?.salesMid).toBe(Math.round(g2Week));
    expect(bySales.list[0]?.goodsId).toBe(g1Week >= g2Week ? ids.g1 : ids.g2);
    expect(bySales.list.map((r) => r.rank)).toEqual([1, 2]);
  });

  it('a day ranks only what moved that day; filters apply; bad input refused', async () => {
    const dayRank = (await get(basic, '/api/goods/rank', { by: 'play', period: 'day' }))
      .body as unknown as GoodsRankAnswer;
    // today: v1 +4,000 (g1, g2), v2 +2,000 (g1), v3 +2,000 (g2, published yesterday → not new today)
    expect(dayRank.list.map((r) => [r.goodsId, r.periodPlayNum])).toEqual(
      [
        [ids.g1, 6_000],
        [ids.g2, 6_000],
      ].sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0) || (b[0] ?? 0) - (a[0] ?? 0)),
    );
    const cat = (await get(basic, '/api/goods/rank', { categoryId: 1 })).body as unknown as GoodsRankAnswer;
    expect(cat.list.map((r) => r.goodsId)).toEqual([ids.g1]);
    expect((await get(basic, '/api/goods/rank', { period: 'year' })).body).toMatchObject({
      message: CommerceMsg.periodInvalid,
    });
    expect((await get(basic, '/api/goods/rank', { by: 'price' })).body).toMatchObject({
      message: CommerceMsg.rankByInvalid,
    });
    expect((await get(free, '/api/goods/rank')).body).toMatchObject({
      message: featureDeniedMessage('commerce.goods'),
    });
  });
});

describe('GET /api/goods/detail', () => {
  it('answers the goods with its prices by day, videos with evidence, creators, trend and a sales range', async () => {
    const r = (await get(basic, '/api/goods/detail', { goodsId: ids.g1, days: 30 }))
      .body as unknown as GoodsDetailAnswer;
    expect(r.code).toBe(ApiCode.OK);
    expect(r.goods).toMatchObject({ goodsId: ids.g1, title: '罗技 MX Master 3S 无线鼠标', price: 699 });
    expect(r.prices).toEqual([
      { day: day(1), price: 699, low: 699, high: 699 },
      { day: day(0), price: 599, low: 599, high: 699 },
    ]);
    expect(r.videos.map((v) => [v.videoId, v.source, v.sourceName, v.evidence])).toEqual([
      [ids.v2, 'pinned_comment', '置顶评论', '证据：pinned_comment'],
      [ids.v1, 'goods_area', '商品橱窗', '证据：goods_area'],
    ]);
    expect(r.videos.find((v) => v.videoId === ids.v1)?.sponsored).toBe(true);
    expect(r.kols).toEqual([
      { kolId: ids.a, kolName: '数码老张', kolImg: '', fansNum: 90_010, videoNum: 2, playNum: 60_000 },
    ]);
    expect(r.trend).toHaveLength(30);
    expect(r.trend.at(-1)).toMatchObject({ day: today, playNum: 6_000 });
    // 30 days: v2 has no row before the window → all 50,000 of its plays; v1 10,000
    const mid = ordersOf(10_000, 'goods_area', 1, 699) + ordersOf(50_000, 'pinned_comment', 1, 699);
    expect(r.sales).toMatchObject({ estimated: true, days: 30, salesMid: Math.round(mid) });
  });

  it('an unknown goods id says so; a bad one is refused; gated', async () => {
    expect((await get(basic, '/api/goods/detail', { goodsId: 99_999_999 })).body).toMatchObject({
      message: CommerceMsg.goodsNotFound,
    });
    expect((await get(basic, '/api/goods/detail', { goodsId: 'abc' })).body).toMatchObject({
      message: CommerceMsg.goodsIdInvalid,
    });
    expect((await get(free, '/api/goods/detail', { goodsId: ids.g1 })).body).toMatchObject({
      message: featureDeniedMessage('commerce.goods'),
    });
  });
});

describe('GET /api/goods/overview', () => {
  it('counts the window’s selling and sponsored videos, by category and platform, with a daily trend', async () => {
    const r = (await get(basic, '/api/goods/overview', { days: 7 })).body as unknown as GoodsOverviewAnswer;
    expect(r.totals).toEqual({ goodsNum: 2, videoNum: 2, kolNum: 2, sponsoredVideoNum: 1, sellingVideoNum: 2 });
    expect(r.byCategory.map((c) => [c.categoryName, c.goodsNum, c.videoNum])).toEqual([
      ['食品饮料', 1, 2],
      ['数码', 1, 1],
    ]);
    expect(r.trend).toHaveLength(7);
    expect(r.trend.reduce((s, d) => s + d.sellingVideoNum, 0)).toBe(2);
    expect(r.topGoods[0]?.goodsId).toBe(ids.g2);
    expect((await get(basic, '/api/goods/overview', { days: 1 })).body).toMatchObject({
      message: CommerceMsg.daysInvalid,
    });
  });
});

describe('GET /api/goods/sellKol', () => {
  it('lists the creators who sell with what, how often and an estimated range (专业版)', async () => {
    const r = (await get(pro, '/api/goods/sellKol', { days: 30 })).body as unknown as SellKolAnswer;
    expect(r.code).toBe(ApiCode.OK);
    const a = r.list.find((k) => k.kolId === ids.a);
    expect(a).toMatchObject({ kolName: '数码老张', goodsNum: 2, sellVideoNum: 1, playNum: 60_000, estimated: true });
    expect(a?.categories.sort()).toEqual(['数码', '食品饮料'].sort());
    const aMid =
      ordersOf(10_000, 'goods_area', 1, 699) +
      ordersOf(50_000, 'pinned_comment', 1, 699) +
      ordersOf(10_000, 'desc', 3, 99);
    expect(a?.salesMid).toBe(Math.round(aMid));
    expect(a?.topGoods[0]).toEqual({ goodsId: ids.g1, title: '罗技 MX Master 3S 无线鼠标' });
    const kw = (await get(pro, '/api/goods/sellKol', { keyword: '小美' })).body as unknown as SellKolAnswer;
    expect(kw.list.map((k) => k.kolId)).toEqual([ids.b]);
    const cat = (await get(pro, '/api/goods/sellKol', { categoryId: 1 })).body as unknown as SellKolAnswer;
    expect(cat.list.map((k) => k.kolId)).toEqual([ids.a]);
  });

  it('is 专业版 and above; bad input refused', async () => {
    expect((await get(basic, '/api/goods/sellKol')).body).toMatchObject({
      message: featureDeniedMessage('commerce.sellers'),
    });
    expect((await get(pro, '/api/goods/sellKol', { sort: 'fans' })).body).toMatchObject({
      message: CommerceMsg.sortInvalid,
    });
    expect((await get(pro, '/api/goods/sellKol', { days: 0 })).body).toMatchObject({
      message: CommerceMsg.daysInvalid,
    });
  });
});

describe('export', () => {
  it('export=1 on the goods rank answers the same rows as an Excel file (企业版)', async () => {
    const res = await get(ent, '/api/goods/rank', { by: 'video', period: 'week', export: 1 });
    expect(res.status).toBe(200);
    expect(String(res.raw.headers['content-disposition'])).toMatch(/\.xlsx/);
    const blocked = await get(basic, '/api/goods/rank', { export: 1 });
    expect(blocked.body.code).not.toBe(ApiCode.OK);
  });
});
