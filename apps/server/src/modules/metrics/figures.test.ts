import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  ContrastFlag,
  formatIndexNum,
  roundIndexNum,
  type KolContrastAnswer,
  type KolContrastResultAnswer,
  type KolItem,
  type RankingAnswer,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { readXlsx } from '../../../test/xlsx-read.js';
import { createMember, toleratePoolShutdown, type TestMember } from '../membership/test-members.js';

/**
 * One number per figure (issue 23, item 8; docs/metrics.md "One number per figure"): one creator read through
 * every path that shows its 30日涨粉 and 云指数 — the search list, the detail, the comparison report, the Excel
 * export of the search list and the 月榜 涨粉榜 — gives the same value everywhere, also after the collector stored a
 * newer snapshot than the last rollup (the case where the report used to compute its own change).
 */
let t: TestApp;
let m: TestMember;
let top: RankingAnswer['rankings'][number];
let other: number;

const get = async <T>(path: string, params: Record<string, string | number>): Promise<T> => {
  const res = await t.call('GET', path, params, { token: m.token });
  expect(res.body.code, path).toBe(ApiCode.OK);
  return res.body as unknown as T;
};

beforeAll(async () => {
  t = await createTestApp();
  toleratePoolShutdown(t.ctx);
  m = await createMember(t.ctx, { userType: 4 });
  const list = await get<RankingAnswer>('/api/ranking', { kind: 'increase', period: 'month', pageSize: 10 });
  const first = list.rankings[0];
  if (!first) throw new Error('the demo world has no 月榜 涨粉榜');
  top = first;
  const o = await sql<{ id: string }>`
    SELECT id FROM creators WHERE id <> ${top.kolId} ORDER BY fans DESC LIMIT 1`.execute(t.ctx.db);
  other = Number(o.rows[0]?.id);
  // the collector stores a newer snapshot than the last rollup (its fans moved): no screen may answer differently
  await sql`
    INSERT INTO creator_daily (creator_id, day, fans, likes, plays, video_count)
    SELECT d.creator_id, d.day + 1, d.fans + 371, d.likes, d.plays, d.video_count
    FROM creator_daily d WHERE d.creator_id = ${top.kolId}
    ORDER BY d.day DESC LIMIT 1
    ON CONFLICT DO NOTHING`.execute(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

describe('30日涨粉 and 云指数: one value on every path', () => {
  it('search list, detail, comparison report, Excel export and 月榜 涨粉榜 agree', async () => {
    const expected = top.fansIncrease;
    expect(expected).not.toBeNull();
    // the 涨粉榜's value is the same change
    expect(top.value).toBe(expected);
    const index = top.indexNum;

    const search = await get<{ kolInfos: KolItem[] }>('/api/searchKol', { keyword: top.kolName, pageSize: 50 });
    const listed = search.kolInfos.find((k) => k.kolId === top.kolId);
    expect(listed).toMatchObject({ fansIncrease: expected, indexNum: index });

    const detail = await get<{ kolInfo: { fansIncrease: number | null; indexNum: number } }>('/api/kolDetail', {
      kolId: top.kolId,
    });
    expect(detail.kolInfo).toMatchObject({ fansIncrease: expected, indexNum: index });

    const made = await t.call('POST', '/api/user/kolContrast', { kolIds: `${top.kolId},${other}` }, { token: m.token });
    const answer = made.body as unknown as KolContrastAnswer;
    expect(answer.flag).toBe(ContrastFlag.ALLOWED);
    const report = await get<KolContrastResultAnswer>('/api/user/kolContrastResult', { contrastId: answer.id ?? 0 });
    const compared = report.userContrastKolDataList.find((k) => k.kolId === top.kolId);
    expect(compared).toMatchObject({ fansIncrease30: expected, indexNum: index });

    const file = await t.call('GET', '/api/export/searchKol', { keyword: top.kolName, export: 50 }, { token: m.token });
    expect(file.status).toBe(200);
    const rows = readXlsx(file.raw.rawPayload)[0]?.rows ?? [];
    const header = rows[0]?.map((c) => c.value) ?? [];
    const row = rows.find((r) => r.some((c) => c.value === top.kolUid || c.value === String(top.kolUid)));
    expect(row, 'the creator is in the export').toBeDefined();
    expect(row?.[header.indexOf('30日涨粉')]?.value).toBe(expected);
    expect(row?.[header.indexOf('云指数')]?.value).toBe(index);
  });

  it('云指数 has one precision: the server sends one decimal, every screen shows it with one decimal', async () => {
    const r = await sql<{ id: string; index_num: string }>`
      SELECT id, index_num FROM creators WHERE index_num <> round(index_num, 1) ORDER BY fans DESC LIMIT 1`.execute(
      t.ctx.db,
    );
    const row = r.rows[0];
    expect(row, 'the demo world stores 云指数 with two decimals').toBeDefined();
    const stored = Number(row?.index_num);
    const detail = await get<{ kolInfo: { indexNum: number } }>('/api/kolDetail', { kolId: Number(row?.id) });
    expect(detail.kolInfo.indexNum).toBe(roundIndexNum(stored));
    expect(String(detail.kolInfo.indexNum)).toMatch(/^\d+(\.\d)?$/);
    expect(formatIndexNum(57.82)).toBe('57.8');
    expect(formatIndexNum(58)).toBe('58.0');
    expect(formatIndexNum(57.85)).toBe('57.9');
    expect(formatIndexNum(null)).toBe('-');
  });
});
