import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { VIDEO_SEARCH_MAX_ROWS, encodeKeyword, type VideoSearchAnswer } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';
import { VideoLibraryRepository, videoTopKey } from './video-library.repository.js';
import { NO_VIDEO_FILTER } from './testing/no-filter.js';
import { titleCondition } from '../videos/videos.repository.js';

/**
 * The kept play / like orders (video_top, migration 0074; job library.refresh-video-tops): on the demo world, every
 * order the table keeps equals the SQL ranking of every match, and the pages the API serves from it equal the pages
 * of the full query.
 */
let t: TestApp;
let ent: TestMember;
let repo: VideoLibraryRepository;
let top: number;
let leaf: number;

const base = NO_VIDEO_FILTER;

beforeAll(async () => {
  t = await createTestApp();
  ent = await createMember(t.ctx, { userType: 3 });
  repo = new VideoLibraryRepository(t.ctx.db);
  // the partition with the most visible videos and one of its children
  const r = await sql<{ tid: number; leaf: number }>`
    SELECT p.parent_id AS tid, v.tid AS leaf FROM videos v JOIN partitions p ON p.tid = v.tid
    WHERE v.status = 0 AND p.parent_id IS NOT NULL
    GROUP BY p.parent_id, v.tid ORDER BY count(*) DESC LIMIT 1`.execute(t.ctx.db);
  top = r.rows[0]?.tid ?? 0;
  leaf = r.rows[0]?.leaf ?? 0;
});
afterAll(async () => {
  await t.close();
});

const tidsOf = async (tid: number) =>
  (
    await sql<{ tid: number }>`SELECT tid FROM partitions WHERE tid = ${tid} OR parent_id = ${tid}`.execute(t.ctx.db)
  ).rows.map((x) => x.tid);

async function search(params: Record<string, string | number>) {
  const res = await t.call('GET', '/api/searchVideo', params, { token: ent.token });
  expect(res.status).toBe(200);
  return res.body as unknown as VideoSearchAnswer;
}

describe('video_top: the kept play / like orders', () => {
  it('answers only unfiltered orders (a partition and the library aside)', () => {
    expect(videoTopKey(base, 'play', null)).toEqual({ sort: 'play', tid: 0, short: false });
    expect(videoTopKey({ ...base, short: true, tids: [5] }, 'like', 5)).toEqual({ sort: 'like', tid: 5, short: true });
    expect(videoTopKey(base, 'time', null)).toBeNull();
    expect(videoTopKey({ ...base, keyword: '游戏' }, 'play', null)).toBeNull();
    expect(videoTopKey({ ...base, pubFrom: '2026-10-01' }, 'play', null)).toBeNull();
    expect(videoTopKey({ ...base, playMin: 1 }, 'play', null)).toBeNull();
    expect(videoTopKey({ ...base, shape: 'vertical', short: true }, 'play', null)).toBeNull();
    expect(videoTopKey({ ...base, sponsored: true }, 'play', null)).toBeNull();
  });

  it('is empty until refreshed (the search ranks in SQL meanwhile)', async () => {
    expect(await repo.topReady()).toBe(false);
    expect(await repo.topOrder({ sort: 'play', tid: 0, short: false })).toBeNull();
  });

  it('keeps, per sort × scope × library, exactly the first 1,000 of the SQL ranking', async () => {
    const done = await repo.refreshTops();
    expect(done.rows).toBeGreaterThan(0);
    expect(await repo.topReady()).toBe(true);
    for (const sort of ['play', 'like'] as const) {
      for (const short of [false, true]) {
        for (const tid of [0, top, leaf]) {
          const f = { ...base, short, tids: tid === 0 ? null : await tidsOf(tid) };
          const full = await repo.pageIds(f, sort, { limit: VIDEO_SEARCH_MAX_ROWS, offset: 0 });
          expect(full.length).toBeGreaterThan(0);
          expect((await repo.topOrder({ sort, tid, short }))?.ids, `${sort} ${tid} ${short}`).toEqual(full);
        }
      }
    }
    // every partition the table keeps: the same
    const keys = await sql<{ sort: 'play' | 'like'; tid: number; short: boolean }>`
      SELECT DISTINCT sort, tid, short FROM video_top WHERE tid <> 0`.execute(t.ctx.db);
    for (const k of keys.rows) {
      const f = { ...base, short: k.short, tids: await tidsOf(k.tid) };
      const full = await repo.pageIds(f, k.sort, { limit: VIDEO_SEARCH_MAX_ROWS, offset: 0 });
      expect((await repo.topOrder(k))?.ids, `${k.sort} ${k.tid} ${k.short}`).toEqual(full);
    }
  });

  it('serves the same pages and totals as the full query', async () => {
    for (const [params, f] of [
      [{ sort: 'play' }, base],
      [
        { sort: 'like', short: 1 },
        { ...base, short: true },
      ],
      [
        { sort: 'play', tid: top },
        { ...base, tids: await tidsOf(top) },
      ],
    ] as const) {
      const full = await repo.pageIds(f, params.sort, { limit: VIDEO_SEARCH_MAX_ROWS, offset: 0 });
      const total = await repo.countCapped(f);
      for (const pageNo of [1, 2, 50]) {
        const a = await search({ ...params, pageNo, pageSize: 20 });
        expect(a.videoInfos.map((v) => String(v.videoId))).toEqual(full.slice((pageNo - 1) * 20, pageNo * 20));
        expect(a.total).toBe(Math.min(total, VIDEO_SEARCH_MAX_ROWS));
      }
    }
  });

  it('with other filters: the kept rows that match are the head of the full order, SQL ranks past it', async () => {
    // the most frequent title character: many matches, a long head
    const c = await sql<{ ch: string }>`
      SELECT ch FROM (SELECT DISTINCT ON (v.id) v.id, x.ch FROM videos v,
        regexp_split_to_table(v.title, '') x(ch) WHERE v.status = 0 AND x.ch ~ '^[\u4e00-\u9fff]$') s
      GROUP BY ch ORDER BY count(*) DESC LIMIT 1`.execute(t.ctx.db);
    const ch = c.rows[0]?.ch ?? '的';
    const pub = await sql<{ d: string }>`
      SELECT ((percentile_disc(0.5) WITHIN GROUP (ORDER BY pubdate)) AT TIME ZONE 'Asia/Shanghai')::date::text AS d
      FROM videos WHERE status = 0`.execute(t.ctx.db);
    for (const [params, f] of [
      [
        { sort: 'play', keyword: encodeKeyword(ch) },
        { ...base, keyword: ch },
      ],
      [
        { sort: 'like', pubFrom: pub.rows[0]?.d ?? '2026-01-01' },
        { ...base, pubFrom: pub.rows[0]?.d ?? '2026-01-01' },
      ],
      [
        { sort: 'play', short: 1, shape: 'vertical' },
        { ...base, short: true, shape: 'vertical' as const },
      ],
    ] as const) {
      const head = await repo.topFiltered({ sort: params.sort, tid: 0, short: f.short }, f);
      expect(head?.ids.length, JSON.stringify(params)).toBeGreaterThan(0);
      const full = await repo.pageIds(f, params.sort, { limit: VIDEO_SEARCH_MAX_ROWS, offset: 0 });
      expect(full.slice(0, head?.ids.length)).toEqual(head?.ids);
      for (const pageNo of [1, 2, 50]) {
        const a = await search({ ...params, pageNo, pageSize: 20 });
        expect(a.videoInfos.map((v) => String(v.videoId))).toEqual(full.slice((pageNo - 1) * 20, pageNo * 20));
      }
    }
  });

  it('keyword searches: the matches among the kept head (video_head) are the exact head of the full order', async () => {
    // a head of 3,000 rows per order (the demo world has more visible videos): a keyword's matches in it must be
    // the first rows of its full ranking, whatever the library or partition
    const small = new VideoLibraryRepository(t.ctx.db, { headRows: 3000 });
    await small.refreshTops();
    const kept = await sql<{ n: string }>`SELECT count(*) AS n FROM video_head WHERE sort = 'play'`.execute(t.ctx.db);
    expect(Number(kept.rows[0]?.n)).toBe(3000);
    const grams = await sql<{ g: string; n: string }>`
      SELECT g, count(*) AS n FROM videos v, unnest(v.title_grams) g
      WHERE v.status = 0 AND g ~ '^[\u4e00-\u9fff]{1,2}$' GROUP BY g ORDER BY count(*) DESC LIMIT 40`.execute(t.ctx.db);
    const common = grams.rows.find((r) => Array.from(r.g).length === 1)?.g ?? '的';
    const pair = grams.rows.find((r) => Array.from(r.g).length === 2)?.g ?? '游戏';
    const title = await sql<{ title: string }>`
      SELECT title FROM videos WHERE status = 0 AND title_grams @> ARRAY[${pair}]::text[] ORDER BY play DESC LIMIT 1`.execute(
      t.ctx.db,
    );
    const chars = Array.from(title.rows[0]?.title ?? pair);
    const at = Math.max(
      0,
      chars.findIndex((_, i) => chars.slice(i, i + 2).join('') === pair),
    );
    const three = chars.slice(at, at + 3).join('');
    let prefixes = 0;
    for (const f of [
      { ...base, keyword: common },
      { ...base, keyword: pair, short: true },
      { ...base, keyword: three },
      { ...base, keyword: common, tids: await tidsOf(top) },
    ]) {
      for (const sort of ['play', 'like'] as const) {
        const head = await small.headMatches(sort, f);
        const full = await repo.pageIds(f, sort, { limit: VIDEO_SEARCH_MAX_ROWS + 1, offset: 0 });
        expect(head, JSON.stringify(f)).not.toBeNull();
        expect(head?.ids.length, `${sort} ${JSON.stringify(f)}`).toBeGreaterThan(0);
        expect(head?.ids, `${sort} ${JSON.stringify(f)}`).toEqual(full.slice(0, head?.ids.length));
        if (head?.more) expect(full.length).toBe(VIDEO_SEARCH_MAX_ROWS + 1);
        if ((head?.ids.length ?? 0) < Math.min(full.length, VIDEO_SEARCH_MAX_ROWS)) prefixes++;
      }
    }
    expect(prefixes).toBeGreaterThan(0); // some of them are a strict prefix: the head is not the whole library
    await expect(small.headMatches('play', { ...base, keyword: common, playMin: 1 })).rejects.toThrow();

    // the whole head (the default, larger than the demo world): the API's keyword pages and totals equal SQL's
    await repo.refreshTops();
    for (const [params, f] of [
      [
        { sort: 'play', keyword: encodeKeyword(common) },
        { ...base, keyword: common },
      ],
      [
        { sort: 'like', keyword: encodeKeyword(pair), short: 1 },
        { ...base, keyword: pair, short: true },
      ],
      [
        { sort: 'play', keyword: encodeKeyword(three), tid: top },
        { ...base, keyword: three, tids: await tidsOf(top) },
      ],
    ] as const) {
      const full = await repo.pageIds(f, params.sort, { limit: VIDEO_SEARCH_MAX_ROWS, offset: 0 });
      // the total counted in videos itself, not in the head
      const n = await sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT 1 FROM videos v
        WHERE v.status = 0 AND ${titleCondition(f.keyword)} AND (${f.short} = false OR v.duration <= 60 OR v.vertical)
          AND (${f.tids === null} OR v.tid = ANY(${f.tids ?? []}::int[]))
        LIMIT ${VIDEO_SEARCH_MAX_ROWS + 1}) s`.execute(t.ctx.db);
      const total = Number(n.rows[0]?.n);
      for (const pageNo of [1, 2, 50]) {
        const a = await search({ ...params, pageNo, pageSize: 20 });
        expect(a.videoInfos.map((v) => String(v.videoId))).toEqual(full.slice((pageNo - 1) * 20, pageNo * 20));
        expect(a.total).toBe(Math.min(total, VIDEO_SEARCH_MAX_ROWS));
        expect(a.totalCapped).toBe(total > VIDEO_SEARCH_MAX_ROWS);
      }
    }
  });

  it('leaves out a video hidden since the refresh, and the job rewrites the table', async () => {
    const order = (await repo.topOrder({ sort: 'play', tid: 0, short: false }))?.ids ?? [];
    const first = order[0] ?? '0';
    await sql`UPDATE videos SET status = -1 WHERE id = ${first}`.execute(t.ctx.db);
    const after = await repo.topOrder({ sort: 'play', tid: 0, short: false });
    expect(after?.ids).toEqual(order.slice(1));
    expect(after?.kept).toBe(order.length); // what the refresh kept, the hidden one included
    // the head of keyword searches leaves it out too (a character of its title)
    const own = await sql<{ g: string }>`SELECT g FROM videos, unnest(title_grams) g WHERE id = ${first}
      AND g ~ '^[\u4e00-\u9fff]$' LIMIT 1`.execute(t.ctx.db);
    const kw = { ...base, keyword: own.rows[0]?.g ?? '的' };
    expect((await repo.headMatches('play', kw))?.ids).toEqual(
      await repo.pageIds(kw, 'play', { limit: VIDEO_SEARCH_MAX_ROWS, offset: 0 }),
    );
    // more of a keyword's first matches hidden than the head's first read takes beyond the cap (50): every match is
    // read again with the probe, and the head still answers the exact order
    const often = await sql<{ g: string; n: string }>`SELECT g, count(*) AS n FROM video_head h, unnest(h.title_grams) g
      WHERE h.sort = 'play' AND g ~ '^[\u4e00-\u9fff]$' GROUP BY g ORDER BY count(*) DESC LIMIT 1`.execute(t.ctx.db);
    expect(Number(often.rows[0]?.n)).toBeGreaterThan(VIDEO_SEARCH_MAX_ROWS + 120);
    const many = { ...base, keyword: often.rows[0]?.g ?? '的' };
    const firstOnes = ((await repo.headMatches('play', many))?.ids ?? []).slice(0, 60);
    expect(firstOnes).toHaveLength(60);
    await sql`UPDATE videos SET status = -1 WHERE id = ANY(${firstOnes}::bigint[])`.execute(t.ctx.db);
    try {
      const head = await repo.headMatches('play', many);
      expect(head?.ids).toEqual(await repo.pageIds(many, 'play', { limit: VIDEO_SEARCH_MAX_ROWS, offset: 0 }));
      expect(head?.ids).toHaveLength(VIDEO_SEARCH_MAX_ROWS);
      expect(head?.more).toBe(true);
    } finally {
      await sql`UPDATE videos SET status = 0 WHERE id = ANY(${firstOnes}::bigint[])`.execute(t.ctx.db);
    }
    const runsBefore = await sql<{ n: string }>`SELECT count(*) AS n FROM video_top_runs`.execute(t.ctx.db);
    await repo.refreshTops();
    const full = await repo.pageIds(base, 'play', { limit: VIDEO_SEARCH_MAX_ROWS, offset: 0 });
    expect((await repo.topOrder({ sort: 'play', tid: 0, short: false }))?.ids).toEqual(full);
    const runs = await sql<{ n: string }>`SELECT count(*) AS n FROM video_top_runs`.execute(t.ctx.db);
    expect(Number(runs.rows[0]?.n)).toBe(Number(runsBefore.rows[0]?.n) + 1);
  });

  it('a small scope kept whole is ranked again in SQL once a video arrives after the refresh', async () => {
    // a leaf partition the refresh kept whole (fewer than 1,000 visible videos)
    const small = await sql<{ tid: number; n: string }>`
      SELECT tid, count(*) AS n FROM videos WHERE status = 0 AND tid IS NOT NULL
      GROUP BY tid HAVING count(*) BETWEEN 5 AND ${VIDEO_SEARCH_MAX_ROWS - 10} ORDER BY count(*) DESC LIMIT 1`.execute(
      t.ctx.db,
    );
    const tid = small.rows[0]?.tid ?? 0;
    const params = { sort: 'play', tid, pageNo: 1, pageSize: 20 };
    const kept = await repo.topOrder({ sort: 'play', tid, short: false });
    expect(kept?.kept).toBe(Number(small.rows[0]?.n));
    // the collector stores a new video there, more played than any (a copy of one with new ids)
    const cols = await sql<{ list: string }>`
      SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS list
      FROM information_schema.columns WHERE table_name = 'videos' AND is_generated = 'NEVER'`.execute(t.ctx.db);
    const list = sql.raw(cols.rows[0]?.list ?? '');
    await sql`CREATE TEMP TABLE nv AS SELECT ${list} FROM videos WHERE tid = ${tid} AND status = 0 LIMIT 1`.execute(
      t.ctx.db,
    );
    await sql`UPDATE nv SET id = (SELECT max(id) + 1 FROM videos), aid = (SELECT max(aid) + 1 FROM videos),
      bvid = 'BV1zz' || (SELECT max(id) + 1 FROM videos), play = 2000000000`.execute(t.ctx.db);
    const added = await sql<{ id: string }>`INSERT INTO videos (${list}) SELECT ${list} FROM nv RETURNING id`.execute(
      t.ctx.db,
    );
    await sql`DROP TABLE nv`.execute(t.ctx.db);
    expect((await repo.topOrder({ sort: 'play', tid, short: false }))?.ids).not.toContain(added.rows[0]?.id);
    const after = await search(params);
    expect(String(after.videoInfos[0]?.videoId)).toBe(added.rows[0]?.id);
    expect(after.total).toBe(Number(small.rows[0]?.n) + 1);
  });

  it('an empty refresh (a new deployment, before the first videos) is not an order to read from', async () => {
    expect(await repo.topReady()).toBe(true);
    await sql`INSERT INTO video_top_runs (started_at, ms, rows) VALUES (now(), 1, 0)`.execute(t.ctx.db);
    expect(await repo.topReady()).toBe(false);
  });
});
