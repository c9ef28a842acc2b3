import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  DiscoveryMsg,
  FANS_RANGES,
  Msg,
  encodeKeyword,
  type BusinessSortAnswer,
  type KeywordSuggestAnswer,
  type KolSearchAnswer,
  type QueryKolAnswer,
  type SearchFilterAnswer,
} from '@xg/shared';
import { memberGet, useFreeAndProMembers, useTestApp, type CallParams } from '../../../test/harness.js';
import type { TestMember } from '../membership/test-members.js';
import { upsertMetrics } from './discovery-fixtures.js';

const t = useTestApp();
const members = useFreeAndProMembers(t);

const get = memberGet(t, () => members.free);
const searchKol = (params: CallParams, member?: TestMember) => get<KolSearchAnswer>('/api/searchKol', params, member);

/** Reference: the creator ids a filter SQL selects, ordered by fans. */
async function idsWhere(where: ReturnType<typeof sql>): Promise<number[]> {
  const rows = await sql<{ id: string }>`SELECT c.id FROM creators c WHERE ${where} ORDER BY c.fans DESC, c.id`.execute(
    t.ctx.db,
  );
  return rows.rows.map((r) => Number(r.id));
}

async function topPartition(): Promise<{ tid: number; children: number[] }> {
  const row = await sql<{ tid: number; children: number[] }>`
    SELECT p.parent_id AS tid, array_agg(DISTINCT c2.tid) AS children
    FROM creators c JOIN partitions p ON p.tid = c.partition_tid JOIN partitions c2 ON c2.parent_id = p.parent_id
    WHERE p.parent_id IS NOT NULL GROUP BY p.parent_id ORDER BY count(*) DESC LIMIT 1`.execute(t.ctx.db);
  const r = row.rows[0];
  if (!r) throw new Error('no partition');
  return r;
}

describe('GET /api/searchKol filters', () => {
  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/searchKol', { tid: 4 })).status).toBe(401);
  });

  it('needs a keyword or a filter', async () => {
    expect(await searchKol({})).toMatchObject({ code: -1, message: Msg.keywordRequired });
    expect(await searchKol({ sort: 'fans' })).toMatchObject({ code: -1, message: Msg.keywordRequired });
  });

  it('filters by a top-level partition (with its children) and by second-level partitions', async () => {
    const top = await topPartition();
    const all = await idsWhere(sql`c.partition_tid = ANY(${[top.tid, ...top.children]}::int[])`);
    const body = await searchKol({ tid: top.tid, pageSize: 50 });
    expect(body.code).toBe(200);
    expect(body.total).toBe(all.length);
    expect(body.kolInfos.map((k) => k.kolId)).toEqual(all.slice(0, 50));

    const two = top.children.slice(0, 2);
    const some = await idsWhere(sql`c.partition_tid = ANY(${two}::int[])`);
    const body2 = await searchKol({ tid: top.tid, twoSortFlag: two.join(','), pageSize: 50 });
    expect(body2.total).toBe(some.length);
    expect(body2.kolInfos.map((k) => k.kolId)).toEqual(some.slice(0, 50));
  });

  it('combines fans range, level, approval, gender, live and MCN filters', async () => {
    const body = await searchKol({ fansMin: 10_000, fansMax: 2_000_000, level: '4,5,6', gender: 1, pageSize: 50 });
    const expected = await idsWhere(sql`c.fans BETWEEN 10000 AND 2000000 AND c.level IN (4,5,6) AND c.sex = 1`);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.total).toBe(expected.length);
    expect(body.kolInfos.map((k) => k.kolId)).toEqual(expected.slice(0, 50));
    for (const k of body.kolInfos) {
      expect(k.fansNum).toBeGreaterThanOrEqual(10_000);
      expect(k.fansNum).toBeLessThanOrEqual(2_000_000);
      expect([4, 5, 6]).toContain(k.platformLevel);
      expect(k.gender).toBe(1);
    }

    const approved = await searchKol({ isApprove: '1,2', pageSize: 50 });
    expect(approved.total).toBe((await idsWhere(sql`c.official_type IN (1,2)`)).length);
    for (const k of approved.kolInfos) expect(k.isApprove).toBeGreaterThan(0);

    const live = await searchKol({ isLive: 1, pageSize: 50 });
    expect(live.total).toBe((await idsWhere(sql`c.is_live = 1`)).length);
    for (const k of live.kolInfos) expect(k.isLive).toBe(1);

    const mcn = await sql<{ mcn_id: number }>`
      SELECT mcn_id FROM creators WHERE mcn_id IS NOT NULL GROUP BY mcn_id ORDER BY count(*) DESC LIMIT 1`.execute(
      t.ctx.db,
    );
    const mcnId = mcn.rows[0]?.mcn_id ?? 0;
    const byMcn = await searchKol({ mcnId, pageSize: 50 });
    expect(byMcn.total).toBe((await idsWhere(sql`c.mcn_id = ${mcnId}`)).length);
    const noMcn = await searchKol({ mcnId: 0, pageSize: 1 });
    expect(noMcn.total).toBe((await idsWhere(sql`c.mcn_id IS NULL`)).length);
  });

  it('combines a keyword with filters', async () => {
    const g = await sql<{ g: string }>`
      SELECT g FROM creators, unnest(name_grams) g WHERE char_length(g) = 1 AND g ~ '^[\u4e00-\u9fff]$'
      GROUP BY g ORDER BY count(*) DESC LIMIT 1`.execute(t.ctx.db);
    const q = g.rows[0]?.g ?? '小';
    const body = await searchKol({ keyword: encodeKeyword(q), fansMin: 5_000, pageSize: 50 });
    const expected = await idsWhere(sql`strpos(lower(c.name), lower(${q})) > 0 AND c.fans >= 5000`);
    expect(body.total).toBe(expected.length);
    expect(new Set(body.kolInfos.map((k) => k.kolId))).toEqual(new Set(expected.slice(0, 50)));
  });

  it('sorts by fans, 云指数, plays and growth', async () => {
    const byIndex = await searchKol({ fansMin: 0, sort: 'indexNum', pageSize: 20 });
    const expected = await sql<{ id: string }>`SELECT id FROM creators ORDER BY index_num DESC, id LIMIT 20`.execute(
      t.ctx.db,
    );
    expect(byIndex.kolInfos.map((k) => k.kolId)).toEqual(expected.rows.map((r) => Number(r.id)));
    const byPlays = await searchKol({ fansMin: 0, sort: 'plays', pageSize: 20 });
    const plays = byPlays.kolInfos.map((k) => k.playNum);
    expect([...plays].sort((a, b) => b - a)).toEqual(plays);

    const ids = (await sql<{ id: string }>`SELECT id FROM creators ORDER BY fans LIMIT 3`.execute(t.ctx.db)).rows.map(
      (r) => r.id,
    );
    await upsertMetrics(t.ctx.db, ids[0] ?? 0, { fansChange30: 90_000_000 });
    await upsertMetrics(t.ctx.db, ids[1] ?? 0, { fansChange30: 80_000_000 });
    const byGrowth = await searchKol({ fansMin: 0, sort: 'growth', pageSize: 3 });
    expect(byGrowth.kolInfos.slice(0, 2).map((k) => String(k.kolId))).toEqual(ids.slice(0, 2));
    expect(byGrowth.kolInfos[0]?.fansIncrease).toBe(90_000_000);
  });

  it('answers raw numbers and the star states', async () => {
    const body = await searchKol({ fansMin: 0, pageSize: 1 });
    const k = body.kolInfos[0];
    expect(k).toMatchObject({ isCollect: 0, isPut: 0, isEnter: 0 });
    expect(typeof k?.fansNum).toBe('number');
    expect(typeof k?.indexNum).toBe('number');
  });

  it('isEnter=1 matches nothing (not in the data); isEnter=0 everything', async () => {
    expect((await searchKol({ isEnter: 1 })).total).toBe(0);
    const all = (await sql<{ n: string }>`SELECT count(*) AS n FROM creators`.execute(t.ctx.db)).rows[0]?.n;
    expect((await searchKol({ isEnter: 0 })).total).toBe(Number(all));
  });

  it('rejects each bad filter with its message', async () => {
    const cases: [CallParams, string][] = [
      [{ tid: 999_999 }, DiscoveryMsg.tidInvalid],
      [{ tid: 'x' }, DiscoveryMsg.tidInvalid],
      [{ twoSortFlag: 'a,b' }, DiscoveryMsg.twoSortFlagInvalid],
      [{ twoSortFlag: '4' }, DiscoveryMsg.twoSortFlagInvalid], // a top-level tid is not a second level
      [{ fansMin: -1 }, DiscoveryMsg.fansRangeInvalid],
      [{ fansMin: 10, fansMax: 5 }, DiscoveryMsg.fansRangeInvalid],
      [{ level: '7' }, DiscoveryMsg.levelInvalid],
      [{ level: '1,x' }, DiscoveryMsg.levelInvalid],
      [{ isApprove: 3 }, DiscoveryMsg.approveInvalid],
      [{ gender: 3 }, DiscoveryMsg.genderInvalid],
      [{ mcnId: 987_654 }, DiscoveryMsg.mcnInvalid],
      [{ isLive: 2 }, DiscoveryMsg.liveInvalid],
      [{ isEnter: 'y' }, DiscoveryMsg.isEnterInvalid],
      [{ fansMin: 0, sort: 'name' }, DiscoveryMsg.sortInvalid],
      [{ fansMin: 0, pageSize: 51 }, DiscoveryMsg.pageSizeInvalid],
      [{ fansMin: 0, pageNo: 0 }, DiscoveryMsg.pageNoInvalid],
    ];
    for (const [params, message] of cases) {
      const body = await searchKol(params, members.pro);
      expect({ params, code: body.code, message: body.message }).toEqual({ params, code: -1, message });
    }
    const price = await searchKol({ priceMin: 100, priceMax: 10 }, members.pro);
    expect(price.message).toBe(DiscoveryMsg.priceRangeInvalid);
    expect((await searchKol({ fansGender: 2 }, members.pro)).message).toBe(DiscoveryMsg.fansGenderInvalid);
    // a second-level partition that is not a child of the given tid
    const [a, b] = (
      await sql<{ tid: number; parent_id: number }>`
        SELECT DISTINCT ON (parent_id) tid, parent_id FROM partitions WHERE parent_id IS NOT NULL ORDER BY parent_id, tid LIMIT 2`.execute(
        t.ctx.db,
      )
    ).rows;
    expect((await searchKol({ tid: a?.parent_id ?? 0, twoSortFlag: b?.tid ?? 0 })).message).toBe(
      DiscoveryMsg.twoSortFlagInvalid,
    );
  });

  it('gates price and audience filters to 专业版 and above', async () => {
    for (const params of [{ priceMin: 100 }, { fansGender: 1 }, { fansRegion: '广东' }] as CallParams[]) {
      const body = (await searchKol(params, members.free)) as KolSearchAnswer & {
        requiredLevel?: number;
        upgradeTarget?: number;
      };
      expect(body).toMatchObject({ code: -1, message: Msg.upgradeTitle, requiredLevel: 2, upgradeTarget: 2 });
    }
  });

  it('filters by the price estimate and the audience', async () => {
    const ids = (await sql<{ id: string }>`SELECT id FROM creators ORDER BY id LIMIT 4`.execute(t.ctx.db)).rows.map(
      (r) => Number(r.id),
    );
    await upsertMetrics(t.ctx.db, ids[0] ?? 0, { videoPrice: 123_456_700, malePct: 80, topRegion: '西藏' });
    await upsertMetrics(t.ctx.db, ids[1] ?? 0, { videoPrice: 123_456_800, malePct: 20, topRegion: '西藏' });
    await upsertMetrics(t.ctx.db, ids[2] ?? 0, { videoPrice: 500, malePct: 20, topRegion: '广东' });
    const rich = await searchKol({ priceMin: 100_000_000 }, members.pro);
    expect(new Set(rich.kolInfos.map((k) => k.kolId))).toEqual(new Set(ids.slice(0, 2)));
    const maleTibet = await searchKol({ priceMin: 100_000_000, fansGender: 1, fansRegion: '西藏' }, members.pro);
    expect(maleTibet.kolInfos.map((k) => k.kolId)).toEqual([ids[0]]);
    const female = await searchKol({ fansGender: 0, priceMax: 1000, pageSize: 50 }, members.pro);
    const expected = await idsWhere(
      sql`EXISTS (SELECT 1 FROM creator_metrics m WHERE m.creator_id = c.id AND m.audience_male_pct < 50 AND m.video_price <= 1000)`,
    );
    expect(female.total).toBe(expected.length);
    expect(female.kolInfos.map((k) => k.kolId)).toEqual(expected.slice(0, 50));
    expect(expected).toContain(ids[2]);
    expect(expected).not.toContain(ids[1]);
  });

  it('pages the filtered list with a stable total', async () => {
    const all = await searchKol({ fansMin: 1000, pageSize: 10 });
    const p1 = await searchKol({ fansMin: 1000, pageSize: 5, pageNo: 1 });
    const p2 = await searchKol({ fansMin: 1000, pageSize: 5, pageNo: 2 });
    expect([...p1.kolInfos, ...p2.kolInfos].map((k) => k.kolId)).toEqual(all.kolInfos.map((k) => k.kolId));
    expect(p2).toMatchObject({ total: all.total, pageNo: 2, pageSize: 5, totalCapped: false });
    const beyond = await searchKol({ fansMin: 1000, pageNo: 500, pageSize: 50 });
    expect(beyond.kolInfos).toEqual([]);
    expect(beyond.total).toBe(all.total);
  });

  it('stops counting at 1,000 matches and says so; deeper pages stay readable', async () => {
    await sql`INSERT INTO creators (mid, name, fans, partition_tid)
      SELECT 880000000 + i, '鑫' || i, i, 17 FROM generate_series(1, 1005) AS i`.execute(t.ctx.db);
    const body = await searchKol({ keyword: encodeKeyword('鑫'), pageSize: 50, pageNo: 20 });
    expect(body).toMatchObject({ code: 200, total: 1000, totalCapped: true });
    // page 20 of 50: ranks 951..1000 by fans (1005 … 1)
    expect(body.kolInfos.map((k) => k.fansNum)).toEqual(Array.from({ length: 50 }, (_, i) => 1005 - 950 - i));
    // the last, short page (ranks 1001..1005) tells the total itself: still capped
    const last = await searchKol({ keyword: encodeKeyword('鑫'), pageSize: 50, pageNo: 21 });
    expect(last).toMatchObject({ total: 1000, totalCapped: true });
    expect(last.kolInfos.map((k) => k.fansNum)).toEqual([5, 4, 3, 2, 1]);
    const exact = await searchKol({ keyword: encodeKeyword('鑫1005') });
    expect(exact).toMatchObject({ total: 1, totalCapped: false });
  });
});

describe('GET /api/searchKeyword', () => {
  it('suggests names starting with the keyword first, then containing it, at most 10', async () => {
    const row = await sql<{ first: string }>`
      SELECT substr(name, 1, 1) AS first FROM creators WHERE name ~ '^[\u4e00-\u9fff]'
      GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`.execute(t.ctx.db);
    const q = row.rows[0]?.first ?? '小';
    const body = await get<KeywordSuggestAnswer>('/api/searchKeyword', { keyword: encodeKeyword(q) });
    expect(body.code).toBe(200);
    expect(body.keywords.length).toBeGreaterThan(0);
    expect(body.keywords.length).toBeLessThanOrEqual(10);
    const prefix = await sql<{ id: string }>`
      SELECT id FROM creators WHERE lower(name) LIKE ${`${q}%`} ORDER BY fans DESC, id LIMIT 10`.execute(t.ctx.db);
    const expectedPrefix = prefix.rows.map((r) => Number(r.id));
    expect(body.keywords.slice(0, expectedPrefix.length).map((k) => k.kolId)).toEqual(expectedPrefix);
    for (const k of body.keywords) expect(k.kolName).toContain(q);
  });

  it('answers an empty list for an empty or over-long keyword', async () => {
    expect((await get<KeywordSuggestAnswer>('/api/searchKeyword', {})).keywords).toEqual([]);
    expect((await get<KeywordSuggestAnswer>('/api/searchKeyword', { keyword: '小'.repeat(25) })).keywords).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/searchKeyword', { keyword: '小' })).status).toBe(401);
  });
});

describe('GET /api/searchFilter and /api/twoSortFlag', () => {
  it('answers the filter options', async () => {
    const body = await get<SearchFilterAnswer>('/api/searchFilter', {});
    expect(body.code).toBe(200);
    expect(body.levelList).toEqual([1, 2, 3, 4, 5, 6]);
    expect(body.fansNumBasicDatas).toEqual(FANS_RANGES);
    expect(body.themeInfos.length).toBeGreaterThan(10);
    expect(body.themeInfos.find((x) => x.tid === 4)?.children?.some((c) => c.tid === 17)).toBe(true);
    expect(body.mcnList.length).toBeGreaterThan(0);
    expect(body.mcnList.length).toBeLessThanOrEqual(100);
    const counts = body.mcnList.map((m) => m.kolNum);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(body.regions).toContain('广东');
    expect(body.genderList.map((g) => g.value)).toEqual([0, 1, 2]);
  });

  it('answers the tree, or one partition’s children', async () => {
    const tree = await get<{ themeInfos: { tid: number; children?: unknown[] }[] }>('/api/twoSortFlag', {});
    expect(tree.themeInfos.length).toBeGreaterThan(10);
    const game = await get<{ themeInfos: { tid: number; name: string }[] }>('/api/twoSortFlag', { tid: 4 });
    expect(game.themeInfos.map((x) => x.tid)).toContain(17);
    expect((await get('/api/twoSortFlag', { tid: 17 })).message).toBe(DiscoveryMsg.tidInvalid);
    expect((await get('/api/twoSortFlag', { tid: 'x' })).message).toBe(DiscoveryMsg.tidInvalid);
  });

  it('answers the basic data of type 7 (§7.3): the same tree and ranges as searchFilter, nothing else', async () => {
    const filter = await get<SearchFilterAnswer>('/api/searchFilter', {});
    const basic = await get<Record<string, unknown>>('/api/basicData', { type: 7 });
    expect(basic).toEqual({
      code: 200,
      message: expect.any(String),
      themeInfos: filter.themeInfos,
      businessPriceBasicDatas: filter.businessPriceBasicDatas,
      fansNumBasicDatas: filter.fansNumBasicDatas,
    });
    expect((await get('/api/basicData', { type: 3 })).message).toBe('基础数据类型有误');
    expect((await get('/api/basicData', {})).code).toBe(-1);
    expect((await t.call('GET', '/api/basicData', { type: 7 })).status).toBe(401);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/searchFilter')).status).toBe(401);
    expect((await t.call('GET', '/api/twoSortFlag')).status).toBe(401);
  });
});

describe('POST /api/queryKol', () => {
  it('answers up to 10 creators for type 0', async () => {
    const c = await sql<{ name: string; id: string }>`SELECT name, id FROM creators ORDER BY fans DESC LIMIT 1`.execute(
      t.ctx.db,
    );
    const name = c.rows[0]?.name ?? '';
    const res = await t.call(
      'POST',
      '/api/queryKol',
      { keyword: encodeKeyword(name), type: 0 },
      { token: members.free.token },
    );
    const body = res.body as unknown as QueryKolAnswer;
    expect(body.code).toBe(200);
    expect(body.kolInfos[0]?.kolId).toBe(Number(c.rows[0]?.id));
    expect(body.kolInfos.length).toBeLessThanOrEqual(10);
    expect(Object.keys(body.kolInfos[0] ?? {}).sort()).toEqual(
      ['fansNum', 'gender', 'isApprove', 'kolId', 'kolImg', 'kolName', 'kolUid'].sort(),
    );
  });

  it('rejects a bad type or an empty keyword; 401 without a token', async () => {
    const bad = await t.call('POST', '/api/queryKol', { keyword: '小', type: 1 }, { token: members.free.token });
    expect(bad.body).toMatchObject({ code: -1, message: DiscoveryMsg.queryTypeInvalid });
    const empty = await t.call('POST', '/api/queryKol', { keyword: '', type: 0 }, { token: members.free.token });
    expect(empty.body).toMatchObject({ code: -1, message: Msg.keywordRequired });
    expect((await t.call('POST', '/api/queryKol', { keyword: '小', type: 0 })).status).toBe(401);
  });
});

describe('GET /api/searchBusinessSort', () => {
  it('ranks creators by business value within a partition (专业版+)', async () => {
    const top = await topPartition();
    const rows = await sql<{ id: string }>`
      SELECT id FROM creators WHERE partition_tid = ANY(${top.children}::int[]) ORDER BY id LIMIT 3`.execute(t.ctx.db);
    const ids = rows.rows.map((r) => r.id);
    expect(ids.length).toBe(3);
    await upsertMetrics(t.ctx.db, ids[0] ?? 0, { businessValue: 9_000_000_001, videoPrice: 7 });
    await upsertMetrics(t.ctx.db, ids[1] ?? 0, { businessValue: 9_000_000_003, videoPrice: 8 });
    await upsertMetrics(t.ctx.db, ids[2] ?? 0, { businessValue: 9_000_000_002, videoPrice: 9 });
    const body = await get<BusinessSortAnswer>('/api/searchBusinessSort', { tid: top.tid, pageSize: 3 }, members.pro);
    expect(body.code).toBe(200);
    expect(body.kolInfos.map((k) => String(k.kolId))).toEqual([ids[1], ids[2], ids[0]]);
    expect(body.kolInfos.map((k) => k.rank)).toEqual([1, 2, 3]);
    expect(body.kolInfos[0]?.videoPrice).toBe(8);
    const otherTid = top.tid === 36 ? 188 : 36;
    const other = await get<BusinessSortAnswer>('/api/searchBusinessSort', { tid: otherTid }, members.pro);
    expect(other.kolInfos.map((k) => String(k.kolId))).not.toContain(ids[1]);
  });

  it('is gated for 免费版 and checks its parameters', async () => {
    expect(await get('/api/searchBusinessSort', {}, members.free)).toMatchObject({
      code: -1,
      message: Msg.upgradeTitle,
    });
    expect((await get('/api/searchBusinessSort', { tid: 99_999 }, members.pro)).message).toBe(DiscoveryMsg.tidInvalid);
    expect((await get('/api/searchBusinessSort', { pageSize: 0 }, members.pro)).message).toBe(
      DiscoveryMsg.pageSizeInvalid,
    );
    expect((await t.call('GET', '/api/searchBusinessSort')).status).toBe(401);
  });
});
