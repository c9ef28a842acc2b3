import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  DiscoveryMsg,
  FREE_RANKING_ROWS,
  Msg,
  type CompanyRankingAnswer,
  type RankingAnswer,
  type RankingDatesAnswer,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { insertRankings, topCreatorIds, type RankingRowSpec } from '../creators/discovery-fixtures.js';
import { createMember, type TestMember } from '../membership/test-members.js';

let t: TestApp;
let free: TestMember;
let basic: TestMember;
let creators: number[];
let mcnIds: number[];

// Lists of this file use dates after anything the demo world's rollup writes, so they are the newest.
const LATEST = '2099-03-31';
const OLDER = '2099-02-28';
const ROWS = 45;

beforeAll(async () => {
  t = await createTestApp();
  free = await createMember(t.ctx, { userType: 0 });
  basic = await createMember(t.ctx, { userType: 1 });
  creators = await topCreatorIds(t.ctx.db, ROWS);
  mcnIds = (await t.ctx.db.selectFrom('mcns').select('id').orderBy('id').limit(3).execute()).map((r) => r.id);
  const rows: RankingRowSpec[] = [];
  for (const [day, shift] of [
    [LATEST, 0],
    [OLDER, 1],
  ] as const) {
    creators.forEach((id, i) => {
      rows.push({
        kind: 'increase',
        period: 'month',
        day,
        rank: i + 1,
        creatorId: id,
        value: 1_000_000 - i - shift,
        delta: 5,
      });
    });
    rows.push({ kind: 'increase', period: 'month', day, tid: 4, rank: 1, creatorId: creators[1], value: 77 });
    mcnIds.forEach((id, i) => {
      rows.push({
        kind: 'company',
        period: 'month',
        day,
        rank: i + 1,
        mcnId: id,
        value: 900 - i,
        delta: 3,
        creatorCount: 10 - i,
      });
    });
  }
  await insertRankings(t.ctx.db, rows);
});
afterAll(async () => {
  await t.close();
});

type Params = Record<string, string | number>;
async function get<T>(path: string, params: Params, member: TestMember = basic) {
  const res = await t.call('GET', path, params, { token: member.token });
  expect(res.status).toBe(200);
  return res.body as unknown as T & { code: number; message: string; requiredLevel?: number; feature?: string };
}

describe('GET /api/ranking', () => {
  it('answers the newest list by default, ranks with creator rows', async () => {
    const body = await get<RankingAnswer>('/api/ranking', { kind: 'increase', period: 'month', pageSize: 10 });
    expect(body).toMatchObject({
      code: 200,
      kind: 'increase',
      period: 'month',
      date: LATEST,
      periodStart: LATEST,
      tid: 0,
    });
    expect(body).toMatchObject({ total: ROWS, pageNo: 1, pageSize: 10, limited: false, limitRows: null });
    expect(body.rankings.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(body.rankings.map((r) => r.kolId)).toEqual(creators.slice(0, 10));
    expect(body.rankings[0]).toMatchObject({ value: 1_000_000, delta: 5, isCollect: 0, isPut: 0 });
    expect(typeof body.rankings[0]?.fansNum).toBe('number');
  });

  it('answers a chosen date, a partition list and later pages', async () => {
    const older = await get<RankingAnswer>('/api/ranking', {
      kind: 'increase',
      period: 'month',
      date: OLDER,
      pageSize: 1,
    });
    expect(older.rankings[0]?.value).toBe(999_999);
    const game = await get<RankingAnswer>('/api/ranking', { kind: 'increase', period: 'month', tid: 4 });
    expect(game.rankings.map((r) => r.kolId)).toEqual([creators[1]]);
    expect(game.total).toBe(1);
    const p3 = await get<RankingAnswer>('/api/ranking', { kind: 'increase', period: 'month', pageNo: 3, pageSize: 20 });
    expect(p3.rankings.map((r) => r.rank)).toEqual([41, 42, 43, 44, 45]);
    const none = await get<RankingAnswer>('/api/ranking', { kind: 'increase', period: 'month', tid: 36 });
    expect(none).toMatchObject({ code: 200, total: 0, rankings: [] });
  });

  it('reads the lists the demo world’s rollup wrote', async () => {
    const latest = await sql<{ day: string }>`
      SELECT max(day) AS day FROM rankings WHERE kind = 'fans' AND period = 'day'`.execute(t.ctx.db);
    const day = latest.rows[0]?.day;
    const body = await get<RankingAnswer>('/api/ranking', { kind: 'fans' });
    expect(body.date).toBe(day ?? null);
    if (day) {
      const rows = await sql<{ creator_id: string; value: string }>`
        SELECT creator_id, value FROM rankings WHERE kind = 'fans' AND period = 'day' AND day = ${day}::date
          AND partition_tid = 0 ORDER BY rank LIMIT 20`.execute(t.ctx.db);
      expect(body.rankings.map((r) => [r.kolId, r.value])).toEqual(
        rows.rows.map((r) => [Number(r.creator_id), Number(r.value)]),
      );
    }
  });

  it('limits 免费版 to the first 20 ranks', async () => {
    const first = await get<RankingAnswer>('/api/ranking', { kind: 'increase', period: 'month', pageSize: 50 }, free);
    expect(first).toMatchObject({ code: 200, limited: true, limitRows: FREE_RANKING_ROWS, total: ROWS });
    expect(first.rankings).toHaveLength(FREE_RANKING_ROWS);
    const second = await get<RankingAnswer>('/api/ranking', { kind: 'increase', period: 'month', pageNo: 2 }, free);
    expect(second).toMatchObject({ code: -1, message: Msg.upgradeTitle, feature: 'ranking.full', requiredLevel: 1 });
    const full = await get<RankingAnswer>('/api/ranking', { kind: 'increase', period: 'month', pageNo: 2 }, basic);
    expect(full.rankings).toHaveLength(20);
  });

  it('rejects bad parameters with their messages', async () => {
    const cases: [Params, string][] = [
      [{}, DiscoveryMsg.rankingKindInvalid],
      [{ kind: 'likes' }, DiscoveryMsg.rankingKindInvalid],
      [{ kind: 'fans', period: 'year' }, DiscoveryMsg.periodInvalid],
      [{ kind: 'fans', date: '2025-13-01' }, DiscoveryMsg.dateInvalid],
      [{ kind: 'fans', date: '20250101' }, DiscoveryMsg.dateInvalid],
      [{ kind: 'fans', date: '2001-01-01' }, DiscoveryMsg.rankingDateMissing],
      [{ kind: 'fans', tid: -1 }, DiscoveryMsg.tidInvalid],
      [{ kind: 'fans', pageSize: 500 }, DiscoveryMsg.pageSizeInvalid],
      [{ kind: 'fans', pageNo: 'a' }, DiscoveryMsg.pageNoInvalid],
    ];
    for (const [params, message] of cases) {
      const body = await get('/api/ranking', params);
      expect({ params, code: body.code, message: body.message }).toEqual({ params, code: -1, message });
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/ranking', { kind: 'fans' })).status).toBe(401);
    expect((await t.call('GET', '/api/companyRanking')).status).toBe(401);
    expect((await t.call('GET', '/api/rankingDates', { kind: 'fans' })).status).toBe(401);
  });
});

describe('GET /api/companyRanking', () => {
  it('answers the MCN list with names', async () => {
    const body = await get<CompanyRankingAnswer>('/api/companyRanking', { period: 'month' });
    expect(body).toMatchObject({ code: 200, date: LATEST, total: mcnIds.length });
    expect(body.rankings.map((r) => r.mcnId)).toEqual(mcnIds);
    const names = await t.ctx.db
      .selectFrom('mcns')
      .select('name')
      .where('id', '=', mcnIds[0] ?? 0)
      .executeTakeFirst();
    expect(body.rankings[0]).toMatchObject({ rank: 1, mcnName: names?.name, value: 900, delta: 3, kolNum: 10 });
    expect((await get('/api/companyRanking', { period: 'x' })).message).toBe(DiscoveryMsg.periodInvalid);
  });
});

describe('GET /api/rankingDates', () => {
  it('answers the list dates newest first', async () => {
    const body = await get<RankingDatesAnswer>('/api/rankingDates', { kind: 'increase', period: 'month' });
    expect(body.dates.slice(0, 2)).toEqual([LATEST, OLDER]);
    const company = await get<RankingDatesAnswer>('/api/rankingDates', { kind: 'company', period: 'month' });
    expect(company.dates.slice(0, 2)).toEqual([LATEST, OLDER]);
    const real = await sql<{ day: string }>`
      SELECT DISTINCT day FROM rankings WHERE kind = 'fans' AND period = 'day' ORDER BY day DESC LIMIT 90`.execute(
      t.ctx.db,
    );
    const fans = await get<RankingDatesAnswer>('/api/rankingDates', { kind: 'fans' });
    expect(fans.dates).toEqual(real.rows.map((r) => r.day));
    expect((await get('/api/rankingDates', { kind: 'x' })).message).toBe(DiscoveryMsg.rankingKindInvalid);
  });
});
