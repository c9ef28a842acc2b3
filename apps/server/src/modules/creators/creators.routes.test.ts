import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  DiscoveryMsg,
  Msg,
  roundIndexNum,
  type CreatorDetail,
  type CreatorSearchItem,
  type TrendPoint,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { openTestSession } from './test-session.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await openTestSession(t.ctx);
});
afterAll(async () => {
  await t.close();
});

interface SearchBody {
  code: number;
  message: string;
  kolInfos: CreatorSearchItem[];
  total: number;
  pageNo: number;
  pageSize: number;
}

async function search(params: Record<string, string | number>) {
  const res = await t.call('GET', '/api/searchKol', params, { token });
  return { status: res.status, body: res.body as unknown as SearchBody };
}

/** The reference answer: a plain scan with strpos, no index tricks. */
async function expectedIds(q: string, uid: string | null = null): Promise<number[]> {
  const rows = await sql<{ id: string }>`
    SELECT id FROM creators
    WHERE strpos(lower(name), lower(${q})) > 0 ${uid === null ? sql`` : sql`OR mid = ${uid}::bigint`}
    ORDER BY (lower(name) = lower(${q}) ${uid === null ? sql`` : sql`OR mid = ${uid}::bigint`}) DESC, fans DESC, id`.execute(
    t.ctx.db,
  );
  return rows.rows.map((r) => Number(r.id));
}

async function commonGram(length: 1 | 2): Promise<string> {
  const row = await sql<{ g: string }>`
    SELECT g FROM creators, unnest(name_grams) AS g
    WHERE char_length(g) = ${length} AND g ~ '^[\u4e00-\u9fff]+$'
    GROUP BY g ORDER BY count(*) DESC, g LIMIT 1`.execute(t.ctx.db);
  const g = row.rows[0]?.g;
  if (!g) throw new Error('no gram');
  return g;
}

let nextMid = 999_000_001;
/** Extra creators for edge cases (this file's database is its own clone). Answers their ids. */
async function insertCreators(rows: { name: string; fans: number }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) {
    const row = await t.ctx.db
      .insertInto('creators')
      .values({ mid: nextMid++, name: r.name, fans: r.fans, partition_tid: 17 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return ids;
}

function expectSortedByFans(items: CreatorSearchItem[]) {
  for (let i = 1; i < items.length; i++) {
    const prev = items[i - 1];
    const cur = items[i];
    if (prev && cur) expect(prev.fansNum >= cur.fansNum).toBe(true);
  }
}

describe('GET /api/searchKol', () => {
  it('answers 401 without a token', async () => {
    const res = await t.call('GET', '/api/searchKol', { keyword: '小' });
    expect(res.status).toBe(401);
  });

  it.each([1, 2] as const)('finds a common %i-character Chinese substring, ordered by fans', async (length) => {
    const q = await commonGram(length);
    const expected = await expectedIds(q);
    expect(expected.length).toBeGreaterThan(3);
    const { body } = await search({ keyword: q, pageSize: 50 });
    expect(body.code).toBe(200);
    expect(body.total).toBe(expected.length);
    expect(body.kolInfos.map((k) => k.kolId)).toEqual(expected.slice(0, 50));
    for (const item of body.kolInfos) expect(item.kolName).toContain(q);
    const notExact = body.kolInfos.filter((k) => k.kolName !== q);
    expectSortedByFans(notExact);
  });

  it('finds 3+ character substrings through the trigram path', async () => {
    const rows = await sql<{ name: string }>`
      SELECT name FROM creators WHERE char_length(name) >= 5 AND name ~ '^[\u4e00-\u9fff]{5}' ORDER BY fans DESC LIMIT 3`.execute(
      t.ctx.db,
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const { name } of rows.rows) {
      for (const q of [name.slice(0, 3), name.slice(1, 4), name.slice(0, 5)]) {
        const expected = await expectedIds(q);
        const { body } = await search({ keyword: q, pageSize: 50 });
        expect(body.total).toBe(expected.length);
        expect(body.kolInfos.map((k) => k.kolId)).toEqual(expected.slice(0, 50));
        expect(body.kolInfos.some((k) => k.kolName === name)).toBe(true);
      }
    }
  });

  it('puts the exact name match first, then fans', async () => {
    const q = await commonGram(2);
    const exists = await t.ctx.db.selectFrom('creators').select('id').where('name', '=', q).executeTakeFirst();
    const [exactId] = exists ? [Number(exists.id)] : await insertCreators([{ name: q, fans: 1 }]);
    const { body } = await search({ keyword: q });
    expect(body.total).toBeGreaterThan(2);
    expect(body.kolInfos[0]?.kolId).toBe(exactId);
    expectSortedByFans(body.kolInfos.slice(1));
    expect(body.kolInfos.map((k) => k.kolId)).toEqual((await expectedIds(q)).slice(0, 20));
  });

  it('matches a UID exactly (first) and digits as a name substring too', async () => {
    const c = await t.ctx.db
      .selectFrom('creators')
      .select(['id', 'mid', 'name'])
      .orderBy('fans', 'asc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const { body } = await search({ keyword: c.mid });
    expect(body.kolInfos[0]?.kolId).toBe(Number(c.id));
    expect(body.kolInfos[0]?.kolUid).toBe(Number(c.mid));
    expect(body.total).toBe((await expectedIds(c.mid, c.mid)).length);

    const digitName = await sql<{ name: string; digits: string }>`
      SELECT name, substring(name from '[0-9]+') AS digits FROM creators WHERE name ~ '[0-9]{2,}' ORDER BY fans DESC LIMIT 1`.execute(
      t.ctx.db,
    );
    const digits = digitName.rows[0]?.digits;
    expect(digits).toBeTruthy();
    const res = await search({ keyword: digits ?? '' });
    const expected = await expectedIds(digits ?? '', digits ?? null);
    expect(res.body.total).toBe(expected.length);
    expect(res.body.kolInfos.some((k) => k.kolName === digitName.rows[0]?.name)).toBe(true);
  });

  it('treats a 20+ digit keyword as a UID only (no match, no error)', async () => {
    const { body } = await search({ keyword: '9'.repeat(25) });
    expect(body.code).toBe(200);
    expect(body.total).toBe(0);
    expect(body.kolInfos).toEqual([]);
  });

  it('matches Latin letters case-insensitively', async () => {
    const row = await sql<{ name: string; latin: string }>`
      SELECT name, substring(name from '[A-Za-z]{3,}') AS latin FROM creators WHERE name ~ '[A-Za-z]{3,}' ORDER BY fans DESC LIMIT 1`.execute(
      t.ctx.db,
    );
    const latin = row.rows[0]?.latin ?? '';
    expect(latin.length).toBeGreaterThanOrEqual(3);
    for (const q of [latin.toUpperCase(), latin.toLowerCase(), latin.slice(0, 2).toUpperCase()]) {
      const { body } = await search({ keyword: q, pageSize: 50 });
      expect(body.total).toBe((await expectedIds(q)).length);
      expect(body.total).toBeGreaterThan(0);
      for (const item of body.kolInfos) expect(item.kolName.toLowerCase()).toContain(q.toLowerCase());
    }
  });

  it('treats %, _ and \\ literally', async () => {
    // traps: each contains the query's bigrams and matches it if the wildcard were not escaped
    const traps = ['测q_x-qzw-_w', '测b%x%c', '测kz-k\\-\\z'];
    const literal = ['老q_w', '老b%c', '老k\\z'];
    const ids = await insertCreators([...traps, ...literal].map((name, i) => ({ name, fans: 100 + i })));
    for (const [i, q] of ['q_w', 'b%c', 'k\\z'].entries()) {
      const { body } = await search({ keyword: q, pageSize: 50 });
      expect(body.code).toBe(200);
      expect(body.kolInfos.map((k) => k.kolId)).toEqual([ids[traps.length + i]]);
      expect(body.total).toBe((await expectedIds(q)).length);
    }
    for (const q of ['_', '%', '%%%', '\\']) {
      const { body } = await search({ keyword: q, pageSize: 50 });
      expect(body.total).toBe((await expectedIds(q)).length);
    }
    expect((await search({ keyword: '%%%' })).body.total).toBe(0);
  });

  it('decodes a double-encoded keyword (§5)', async () => {
    const q = await commonGram(2);
    const plain = await search({ keyword: q });
    const encoded = await search({ keyword: encodeURIComponent(q) });
    expect(encoded.body.code).toBe(200);
    expect(encoded.body.total).toBe(plain.body.total);
    expect(encoded.body.kolInfos).toEqual(plain.body.kolInfos);
    expect(encoded.body.total).toBeGreaterThan(0);
  });

  it('answers the item fields of §3', async () => {
    const q = await commonGram(1);
    const { body } = await search({ keyword: q, pageSize: 1 });
    const item = body.kolInfos[0];
    expect(item).toBeDefined();
    const row = await sql<{ face: string; official_type: number; level: number; theme: string }>`
      SELECT c.face, c.official_type, c.level, p.name AS theme FROM creators c JOIN partitions p ON p.tid = c.partition_tid
      WHERE c.id = ${item?.kolId ?? 0}`.execute(t.ctx.db);
    expect(item).toMatchObject({
      kolImg: row.rows[0]?.face,
      isApprove: row.rows[0]?.official_type,
      platformLevel: row.rows[0]?.level,
      themeName: row.rows[0]?.theme,
    });
    expect(typeof item?.fansNum).toBe('number');
    expect(typeof item?.kolUid).toBe('number');
  });

  it('rejects an empty or missing keyword', async () => {
    const cases: Record<string, string>[] = [
      { keyword: '' },
      { keyword: '   ' },
      {},
      { keyword: encodeURIComponent('  ') },
    ];
    for (const params of cases) {
      const { body } = await search(params);
      expect(body.code).toBe(-1);
      expect(body.message).toBe(Msg.keywordRequired);
    }
  });

  it('rejects a name keyword of 20+ characters and accepts 19', async () => {
    const long = await search({ keyword: '小'.repeat(20) });
    expect(long.body.code).toBe(-1);
    expect(long.body.message).toBe(Msg.keywordTooLong);
    const mixed = await search({ keyword: `${'1'.repeat(19)}a` });
    expect(mixed.body.message).toBe(Msg.keywordTooLong);
    const ok = await search({ keyword: '小'.repeat(19) });
    expect(ok.body.code).toBe(200);
  });

  it('checks pageNo and pageSize bounds', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ pageNo: 0 }, DiscoveryMsg.pageNoInvalid],
      [{ pageSize: 51 }, DiscoveryMsg.pageSizeInvalid],
      [{ pageNo: 'abc' }, DiscoveryMsg.pageNoInvalid],
      [{ pageSize: 0 }, DiscoveryMsg.pageSizeInvalid],
      [{ pageNo: 501 }, DiscoveryMsg.pageNoInvalid],
      [{ pageSize: 'x' }, DiscoveryMsg.pageSizeInvalid],
      [{ pageNo: 1.5 }, DiscoveryMsg.pageNoInvalid],
    ];
    for (const [params, message] of cases) {
      const { body } = await search({ keyword: '小', ...params });
      expect(body.code).toBe(-1);
      expect(body.message).toBe(message);
    }
  });

  it('paginates with a stable total', async () => {
    const q = await commonGram(1);
    const all = await search({ keyword: q, pageSize: 6 });
    const p1 = await search({ keyword: q, pageSize: 3, pageNo: 1 });
    const p2 = await search({ keyword: q, pageSize: 3, pageNo: 2 });
    expect(all.body.total).toBeGreaterThan(6);
    expect(p1.body.total).toBe(all.body.total);
    expect(p2.body.total).toBe(all.body.total);
    expect([...p1.body.kolInfos, ...p2.body.kolInfos].map((k) => k.kolId)).toEqual(
      all.body.kolInfos.map((k) => k.kolId),
    );
    expect(p2.body).toMatchObject({ pageNo: 2, pageSize: 3 });
    const defaults = await search({ keyword: q });
    expect(defaults.body).toMatchObject({ pageNo: 1, pageSize: 20 });
    const beyond = await search({ keyword: q, pageNo: 500, pageSize: 50 });
    expect(beyond.body.kolInfos).toEqual([]);
    expect(beyond.body.total).toBe(all.body.total);
  });
});

describe('GET /api/kolDetail', () => {
  it('answers 401 without a token', async () => {
    const res = await t.call('GET', '/api/kolDetail', { kolId: 1 });
    expect(res.status).toBe(401);
  });

  it('answers the creator detail', async () => {
    const c = await sql<{
      id: string;
      mid: string;
      name: string;
      fans: string;
      likes: string;
      plays: string;
      video_count: number;
      following: string;
      sign: string;
      sex: number;
      official_title: string;
      mcn: string | null;
      theme: string;
      parent: string;
      index_num: string;
      live_room_id: string | null;
    }>`
      SELECT c.*, m.name AS mcn, p.name AS theme, pp.name AS parent
      FROM creators c JOIN partitions p ON p.tid = c.partition_tid JOIN partitions pp ON pp.tid = p.parent_id
      LEFT JOIN mcns m ON m.id = c.mcn_id
      WHERE c.mcn_id IS NOT NULL ORDER BY c.fans DESC LIMIT 1`.execute(t.ctx.db);
    const row = c.rows[0];
    if (!row) throw new Error('no creator with an MCN');
    const res = await t.call('GET', '/api/kolDetail', { kolId: row.id }, { token });
    expect(res.body.code).toBe(200);
    const info = res.body.kolInfo as CreatorDetail;
    expect(info).toMatchObject({
      kolId: Number(row.id),
      kolUid: Number(row.mid),
      kolName: row.name,
      fansNum: Number(row.fans),
      praiseNum: Number(row.likes),
      playNum: Number(row.plays),
      videoNum: row.video_count,
      followingNum: Number(row.following),
      sign: row.sign,
      gender: row.sex,
      approveTitle: row.official_title,
      organization: row.mcn,
      themeName: row.theme,
      parentThemeName: row.parent,
      // 云指数 is sent with one decimal (docs/metrics.md "One number per figure")
      indexNum: roundIndexNum(Number(row.index_num)),
      liveRoomId: row.live_room_id === null ? null : Number(row.live_room_id),
      mainIndexUrl: `https://space.bilibili.com/${row.mid}`,
    });
    expect(info.indexNum).toBeGreaterThan(0);
    expect(info.indexNum).toBeLessThanOrEqual(100);
    expect(Number.isNaN(Date.parse(info.updateTime))).toBe(false);
  });

  it('answers kolNotFound for an unknown id and kolIdInvalid for a bad one', async () => {
    const unknown = await t.call('GET', '/api/kolDetail', { kolId: 987654321 }, { token });
    expect(unknown.body).toMatchObject({ code: -1, message: Msg.kolNotFound });
    for (const kolId of ['abc', '0', '-3', '1.5', '']) {
      const bad = await t.call('GET', '/api/kolDetail', { kolId }, { token });
      expect(bad.body.code).toBe(-1);
      expect(bad.body.message).toBe(Msg.kolIdInvalid);
    }
    const missing = await t.call('GET', '/api/kolDetail', {}, { token });
    expect(missing.body.message).toBe(Msg.kolIdInvalid);
  });
});

describe('GET /api/kolTrend', () => {
  async function daily(creatorId: number) {
    const rows = await t.ctx.db
      .selectFrom('creator_daily')
      .select(['day', 'fans', 'plays', 'likes'])
      .where('creator_id', '=', String(creatorId))
      .orderBy('day')
      .execute();
    return rows.map((r) => ({ day: r.day, fans: Number(r.fans), plays: Number(r.plays), likes: Number(r.likes) }));
  }
  async function trend(params: Record<string, string | number>) {
    const res = await t.call('GET', '/api/kolTrend', params, { token });
    return res.body as unknown as { code: number; message: string; type: number; dayNum: number; trend: TrendPoint[] };
  }
  const kolId = 3;

  it('answers 401 without a token', async () => {
    const res = await t.call('GET', '/api/kolTrend', { kolId });
    expect(res.status).toBe(401);
  });

  it.each([7, 30, 90])('answers totals for the last %i days', async (dayNum) => {
    const rows = await daily(kolId);
    const body = await trend({ kolId, type: 1, dayNum });
    expect(body).toMatchObject({ code: 200, type: 1, dayNum });
    expect(body.trend).toEqual(
      rows.slice(-dayNum).map((r) => ({ dataDate: r.day, fansNum: r.fans, playNum: r.plays, praiseNum: r.likes })),
    );
  });

  it.each([7, 30, 90])('answers increments for the last %i days, computed by hand', async (dayNum) => {
    const rows = await daily(kolId);
    const expected: TrendPoint[] = [];
    for (let i = rows.length - dayNum; i < rows.length; i++) {
      const cur = rows[i];
      const prev = rows[i - 1];
      if (!cur || !prev) continue; // the first stored day has no predecessor
      expected.push({
        dataDate: cur.day,
        fansNum: cur.fans - prev.fans,
        playNum: cur.plays - prev.plays,
        praiseNum: cur.likes - prev.likes,
      });
    }
    const body = await trend({ kolId, type: 0, dayNum });
    expect(body).toMatchObject({ code: 200, type: 0, dayNum });
    expect(body.trend).toEqual(expected);
    expect(body.trend).toHaveLength(dayNum === 90 ? 89 : dayNum);
  });

  it('defaults to totals over 30 days', async () => {
    const body = await trend({ kolId });
    expect(body).toMatchObject({ code: 200, type: 1, dayNum: 30 });
    expect(body.trend).toHaveLength(30);
  });

  it('a missing day is a gap: the day after it has no increment (never two days of growth as one)', async () => {
    const id = 5;
    const rows = await daily(id);
    const gone = rows[rows.length - 3];
    const before = rows[rows.length - 4];
    const after = rows[rows.length - 2];
    if (!gone || !before || !after) throw new Error('history too short');
    await t.ctx.db
      .deleteFrom('creator_daily')
      .where('creator_id', '=', String(id))
      .where('day', '=', gone.day)
      .execute();
    const body = await trend({ kolId: id, type: 0, dayNum: 7 });
    expect(body.trend).toHaveLength(5);
    expect(body.trend.find((p) => p.dataDate === gone.day)).toBeUndefined();
    expect(body.trend.find((p) => p.dataDate === after.day)).toBeUndefined();
    expect(before.fans).toBeGreaterThan(0);
    const totals = await trend({ kolId: id, type: 1, dayNum: 7 });
    expect(totals.trend.map((p) => p.dataDate)).not.toContain(gone.day);
    expect(totals.trend.find((p) => p.dataDate === after.day)?.fansNum).toBe(after.fans);
  });

  it('rejects a bad type or dayNum and an unknown creator', async () => {
    const cases: Record<string, string | number>[] = [
      { type: 2 },
      { type: 'x' },
      { dayNum: 8 },
      { dayNum: 0 },
      { dayNum: 'abc' },
    ];
    for (const params of cases) {
      const body = await trend({ kolId, ...params });
      expect(body.code).toBe(-1);
      expect(body.message).toBe(Msg.badRequest);
    }
    expect(await trend({ kolId: 987654321 })).toMatchObject({ code: -1, message: Msg.kolNotFound });
    expect((await trend({ kolId: 'x' })).message).toBe(Msg.kolIdInvalid);
  });
});
