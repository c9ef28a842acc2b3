import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { VIDEO_SEARCH_MAX_ROWS } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { titleCondition } from '../videos/videos.repository.js';
import { NO_VIDEO_FILTER, VideoLibraryRepository, type VideoFilter } from './video-library.repository.js';

/**
 * video_titles (migration 0078): the visible videos' titles in publish order, kept by triggers on `videos`, that the
 * keyword searches of the video libraries read. The table equals `videos` after every kind of write, a counter
 * update does not touch it, and the newest-first pages and capped counts read from it equal those of `videos`.
 */
let t: TestApp;
let repo: VideoLibraryRepository;
let shortWalk: VideoLibraryRepository;

beforeAll(async () => {
  t = await createTestApp();
  repo = new VideoLibraryRepository(t.ctx.db);
  shortWalk = new VideoLibraryRepository(t.ctx.db, { newestWalk: [500, 500] });
});
afterAll(async () => {
  await t.close();
});

/** The rows video_titles should hold, and the rows it holds, as sorted text lines. */
async function mirrorDiff(): Promise<{ missing: string[]; extra: string[]; rows: number }> {
  const cols = sql`video_id, pubdate, tid, duration, vertical, title, title_grams`;
  const want = await sql<{ line: string }>`SELECT (x.*)::text AS line FROM (
      SELECT id AS video_id, pubdate, tid, duration, vertical, title, title_grams FROM videos WHERE status = 0
      EXCEPT SELECT ${cols} FROM video_titles) x`.execute(t.ctx.db);
  const have = await sql<{ line: string }>`SELECT (x.*)::text AS line FROM (
      SELECT ${cols} FROM video_titles
      EXCEPT SELECT id, pubdate, tid, duration, vertical, title, title_grams FROM videos WHERE status = 0) x`.execute(
    t.ctx.db,
  );
  const n = await sql<{ n: string }>`SELECT count(*) AS n FROM video_titles`.execute(t.ctx.db);
  return { missing: want.rows.map((r) => r.line), extra: have.rows.map((r) => r.line), rows: Number(n.rows[0]?.n) };
}

const clean = { missing: [], extra: [] };

/** The columns of `videos` an INSERT may write (the generated ones left out), for copies of a video. */
async function videoColumns(): Promise<RawBuilder<unknown>> {
  const cols = await sql<{ list: string }>`
    SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS list
    FROM information_schema.columns WHERE table_name = 'videos' AND is_generated = 'NEVER'`.execute(t.ctx.db);
  return sql.raw(cols.rows[0]?.list ?? '');
}

describe('video_titles: kept by the triggers on videos', () => {
  it('holds every visible video of the loaded world, and nothing else', async () => {
    const d = await mirrorDiff();
    expect(d.rows).toBeGreaterThan(1000);
    expect({ missing: d.missing, extra: d.extra }).toEqual(clean);
  });

  it('follows inserts, title / partition / duration / shape / publish-time changes, hiding, showing and deletes', async () => {
    const ids = await sql<{ id: string }>`SELECT id FROM videos WHERE status = 0 ORDER BY id LIMIT 6`.execute(t.ctx.db);
    const [a, b, c, d, e, f] = ids.rows.map((r) => r.id);
    // a new video (a copy of one with new ids), and a hidden one
    const list = await videoColumns();
    await sql`CREATE TEMP TABLE nv AS SELECT ${list} FROM videos WHERE id IN (${a}, ${b})`.execute(t.ctx.db);
    await sql`UPDATE nv SET id = id + 10000000, aid = aid + 10000000, bvid = bvid || 'x', title = '新来的视频标题'`.execute(
      t.ctx.db,
    );
    await sql`UPDATE nv SET status = -1 WHERE id = ${a} + 10000000`.execute(t.ctx.db);
    await sql`INSERT INTO videos (${list}) SELECT ${list} FROM nv`.execute(t.ctx.db);
    await sql`DROP TABLE nv`.execute(t.ctx.db);
    expect(await mirrorDiff()).toMatchObject(clean);

    await sql`UPDATE videos SET title = '改过的标题' WHERE id = ${a}`.execute(t.ctx.db);
    await sql`UPDATE videos SET tid = (SELECT min(tid) FROM partitions WHERE parent_id IS NOT NULL) WHERE id = ${b}`.execute(
      t.ctx.db,
    );
    await sql`UPDATE videos SET duration = 30, vertical = true WHERE id = ${c}`.execute(t.ctx.db);
    await sql`UPDATE videos SET pubdate = pubdate - interval '1 day' WHERE id = ${d}`.execute(t.ctx.db);
    await sql`UPDATE videos SET status = -1 WHERE id = ${e}`.execute(t.ctx.db);
    expect(await mirrorDiff()).toMatchObject(clean);
    await sql`UPDATE videos SET status = 0 WHERE id IN (${e}, ${a} + 10000000)`.execute(t.ctx.db);
    expect(await mirrorDiff()).toMatchObject(clean);
    // an upsert as the collector writes: the title changes through ON CONFLICT
    await sql`INSERT INTO videos (${list}) SELECT ${list} FROM videos WHERE id = ${f}
      ON CONFLICT (id) DO UPDATE SET title = '采集器改写的标题'`.execute(t.ctx.db);
    await sql`DELETE FROM videos WHERE id = ${b} + 10000000`.execute(t.ctx.db);
    const after = await mirrorDiff();
    expect(after).toMatchObject(clean);
    const gone = await sql`SELECT 1 FROM video_titles WHERE video_id = ${b} + 10000000`.execute(t.ctx.db);
    expect(gone.rows).toHaveLength(0);
  });

  it('video_titles_rebuild() fills the table again and makes every index again as it was defined', async () => {
    const indexes = async () => {
      const r = await sql<{ def: string }>`SELECT indexdef AS def FROM pg_indexes
        WHERE tablename = 'video_titles' ORDER BY indexname`.execute(t.ctx.db);
      return r.rows.map((x) => x.def);
    };
    const before = await indexes();
    expect(before.some((d) => d.includes('video_titles_grams_slice_idx') && d.includes('% (8)::bigint'))).toBe(true);
    expect(before.length).toBeGreaterThanOrEqual(5);
    const r = await sql<{ n: string }>`SELECT video_titles_rebuild() AS n`.execute(t.ctx.db);
    expect(await indexes()).toEqual(before);
    const d = await mirrorDiff();
    expect(Number(r.rows[0]?.n)).toBe(d.rows);
    expect({ missing: d.missing, extra: d.extra }).toEqual(clean);
  });

  it('a counter update (the snapshots) does not rewrite the row', async () => {
    const row = await sql<{ id: string; xmin: string }>`
      SELECT video_id AS id, xmin::text FROM video_titles ORDER BY video_id LIMIT 1`.execute(t.ctx.db);
    const id = row.rows[0]?.id ?? '0';
    await sql`UPDATE videos SET play = play + 7, likes = likes + 1, title = title WHERE id = ${id}`.execute(t.ctx.db);
    const again = await sql<{ xmin: string }>`SELECT xmin::text FROM video_titles WHERE video_id = ${id}`.execute(
      t.ctx.db,
    );
    expect(again.rows[0]?.xmin).toBe(row.rows[0]?.xmin);
  });

  it('newest-first filtered pages and capped counts equal those read from videos', async () => {
    const grams = await sql<{ g: string }>`
      SELECT g FROM videos v, unnest(v.title_grams) g WHERE v.status = 0 AND g ~ '^[\\u4e00-\\u9fff]{1,2}$'
      GROUP BY g ORDER BY count(*) DESC LIMIT 30`.execute(t.ctx.db);
    const one = grams.rows.find((r) => Array.from(r.g).length === 1)?.g ?? '的';
    const pair = grams.rows.find((r) => Array.from(r.g).length === 2)?.g ?? '游戏';
    const rare = grams.rows.at(-1)?.g ?? '视频';
    const title = await sql<{ title: string }>`
      SELECT title FROM videos WHERE status = 0 AND title_grams @> ARRAY[${pair}]::text[] ORDER BY id LIMIT 1`.execute(
      t.ctx.db,
    );
    const chars = Array.from(title.rows[0]?.title ?? pair);
    const at = Math.max(
      0,
      chars.findIndex((_, i) => chars.slice(i, i + 2).join('') === pair),
    );
    const three = chars.slice(at, at + 3).join('');
    const tids = await sql<{ tid: number }>`
      SELECT tid FROM videos WHERE status = 0 AND tid IS NOT NULL GROUP BY tid ORDER BY count(*) DESC LIMIT 3`.execute(
      t.ctx.db,
    );
    const median = await sql<{ play: string }>`
      SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY play) AS play FROM videos WHERE status = 0`.execute(t.ctx.db);
    const playMin = Number(median.rows[0]?.play ?? 0);
    const cases: [VideoFilter, RawBuilder<unknown>][] = [
      [{ ...NO_VIDEO_FILTER, keyword: one }, sql`true`],
      [{ ...NO_VIDEO_FILTER, keyword: pair, short: true }, sql`(v.duration <= 60 OR v.vertical)`],
      [{ ...NO_VIDEO_FILTER, keyword: three }, sql`true`],
      [{ ...NO_VIDEO_FILTER, keyword: rare, shape: 'horizontal' }, sql`v.vertical IS FALSE`],
      [
        { ...NO_VIDEO_FILTER, keyword: one, tids: tids.rows.map((r) => r.tid), durationMin: 61, durationMax: 600 },
        sql`v.tid = ANY(${tids.rows.map((r) => r.tid)}::int[]) AND v.duration BETWEEN 61 AND 600`,
      ],
      [
        { ...NO_VIDEO_FILTER, keyword: pair, pubFrom: '2026-10-01', pubTo: '2026-11-15' },
        sql`v.pubdate >= '2026-10-01'::timestamp AT TIME ZONE 'Asia/Shanghai'
          AND v.pubdate < '2026-11-16'::timestamp AT TIME ZONE 'Asia/Shanghai'`,
      ],
      // without a keyword: a partition with a duration range, the short library, a shape with a publish range
      [
        { ...NO_VIDEO_FILTER, tids: tids.rows.map((r) => r.tid), durationMin: 61, durationMax: 600 },
        sql`v.tid = ANY(${tids.rows.map((r) => r.tid)}::int[]) AND v.duration BETWEEN 61 AND 600`,
      ],
      [{ ...NO_VIDEO_FILTER, short: true }, sql`(v.duration <= 60 OR v.vertical)`],
      // partitions merged leaf by leaf (newestOfPartitions): one leaf, a leaf named twice, the short library
      [
        { ...NO_VIDEO_FILTER, tids: [tids.rows[0]!.tid], shape: 'horizontal' },
        sql`v.tid = ${tids.rows[0]!.tid} AND v.vertical IS FALSE`,
      ],
      [
        { ...NO_VIDEO_FILTER, tids: [tids.rows[1]!.tid, tids.rows[0]!.tid, tids.rows[1]!.tid], durationMax: 300 },
        sql`v.tid = ANY(${[tids.rows[0]!.tid, tids.rows[1]!.tid]}::int[]) AND v.duration <= 300`,
      ],
      [
        { ...NO_VIDEO_FILTER, tids: tids.rows.map((r) => r.tid), short: true },
        sql`v.tid = ANY(${tids.rows.map((r) => r.tid)}::int[]) AND (v.duration <= 60 OR v.vertical)`,
      ],
      // partitions with a play floor: merged leaf by leaf from videos (the counters are not in video_titles)
      [
        { ...NO_VIDEO_FILTER, tids: tids.rows.map((r) => r.tid), playMin },
        sql`v.tid = ANY(${tids.rows.map((r) => r.tid)}::int[]) AND v.play >= ${playMin}`,
      ],
      [
        { ...NO_VIDEO_FILTER, tids: [tids.rows[0]!.tid], likeMax: 1_000_000_000, durationMin: 30 },
        sql`v.tid = ${tids.rows[0]!.tid} AND v.likes <= 1000000000 AND v.duration >= 30`,
      ],
      [
        { ...NO_VIDEO_FILTER, shape: 'vertical', pubFrom: '2026-10-01' },
        sql`v.vertical AND v.pubdate >= '2026-10-01'::timestamp AT TIME ZONE 'Asia/Shanghai'`,
      ],
    ];
    for (const [f, also] of cases) {
      const keyword = f.keyword === null ? sql`true` : titleCondition(f.keyword);
      const where = sql`v.status = 0 AND ${keyword} AND ${also}`;
      const want = await sql<{ id: string }>`SELECT v.id FROM videos v WHERE ${where}
        ORDER BY v.pubdate DESC, v.id DESC LIMIT ${VIDEO_SEARCH_MAX_ROWS}`.execute(t.ctx.db);
      const ids = want.rows.map((r) => r.id);
      expect(ids.length, JSON.stringify(f)).toBeGreaterThan(0);
      // the default walk covers this world; a walk of the newest 500 titles answers a common keyword's first page
      // itself and asks the whole table for the rest: the same pages
      for (const r of [repo, shortWalk]) {
        expect(await r.pageIds(f, 'time', { limit: 20, offset: 0 }), JSON.stringify(f)).toEqual(ids.slice(0, 20));
        expect(await r.pageIds(f, 'time', { limit: 20, offset: 40 })).toEqual(ids.slice(40, 60));
        expect(await r.pageIds(f, 'time', { limit: 20, offset: 980 })).toEqual(ids.slice(980, 1000));
      }
      // a keyword the caller has counted at most 1,000 times: ranked at once, the same pages
      for (const offset of [0, 40, 980])
        expect(await repo.pageIds(f, 'time', { limit: 20, offset, few: true })).toEqual(ids.slice(offset, offset + 20));
      const n = await sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT 1 FROM videos v WHERE ${where}
        LIMIT ${VIDEO_SEARCH_MAX_ROWS + 1}) s`.execute(t.ctx.db);
      expect(await repo.countCapped(f), JSON.stringify(f)).toBe(Number(n.rows[0]?.n));
    }
  });
});

describe('capped keyword counts: a slice first (migration 0082)', () => {
  it('proves "more" from the slice, counts the whole table when the slice cannot, and counts a rare keyword exactly', async () => {
    const list = await videoColumns();
    /**
     * `n` visible videos titled with `word`, copies of one video with new ids from `first`, 8 apart: all in the
     * slice (video_id % 8 = 0) when `first` is a multiple of 8, none of them when it is not
     */
    const add = async (word: string, n: number, first: number) => {
      await sql`CREATE TEMP TABLE nv AS SELECT v.*, i AS k FROM (
          SELECT ${list} FROM videos WHERE status = 0 ORDER BY id LIMIT 1) v, generate_series(0, ${n - 1}) i`.execute(
        t.ctx.db,
      );
      await sql`UPDATE nv SET id = ${first}::bigint + 8 * k, aid = ${first}::bigint + 8 * k,
        bvid = 'BVcount' || (${first}::bigint + 8 * k), title = '测试' || ${word} || '标题' || k`.execute(t.ctx.db);
      await sql`INSERT INTO videos (${list}) SELECT ${list} FROM nv`.execute(t.ctx.db);
      await sql`DROP TABLE nv`.execute(t.ctx.db);
    };
    const inSlice = '龘靐';
    const outside = '齉龖';
    const rare = '麤爨';
    await add(inSlice, VIDEO_SEARCH_MAX_ROWS + 100, 900_000_000);
    await add(outside, VIDEO_SEARCH_MAX_ROWS + 50, 910_000_001);
    await add(rare, 30, 920_000_003);
    try {
      const exact = async (keyword: string) => {
        const n = await sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT 1 FROM videos v
          WHERE v.status = 0 AND ${titleCondition(keyword)} LIMIT ${VIDEO_SEARCH_MAX_ROWS + 1}) s`.execute(t.ctx.db);
        return Number(n.rows[0]?.n);
      };
      const inTheSlice = async (keyword: string) => {
        const n = await sql<{ n: string }>`SELECT count(*) AS n FROM video_titles t
          WHERE t.video_id % 8 = 0 AND ${titleCondition(keyword, 't')}`.execute(t.ctx.db);
        return Number(n.rows[0]?.n);
      };
      // the cases: the slice alone proves "more"; the slice holds none, the whole table more than the cap; a few
      expect(await inTheSlice(inSlice)).toBe(VIDEO_SEARCH_MAX_ROWS + 100);
      expect(await inTheSlice(outside)).toBe(0);
      for (const [keyword, want] of [
        [inSlice, VIDEO_SEARCH_MAX_ROWS + 1],
        [outside, VIDEO_SEARCH_MAX_ROWS + 1],
        [rare, 30],
        [`${rare}标`, 30], // 3+ characters: ILIKE and the bigrams, in the slice and the whole table
        [`${outside}标`, VIDEO_SEARCH_MAX_ROWS + 1],
        ['龘', VIDEO_SEARCH_MAX_ROWS + 1], // one character
      ] as const) {
        expect(await exact(keyword), keyword).toBe(want);
        expect(await repo.countCapped({ ...NO_VIDEO_FILTER, keyword }), keyword).toBe(want);
      }
      // with a filter of video_titles besides the keyword: the short library (none of the copies is short unless
      // the copied video is), a publish range that holds none of them
      const short = await sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT 1 FROM videos v WHERE v.status = 0
        AND ${titleCondition(outside)} AND (v.duration <= 60 OR v.vertical) LIMIT ${VIDEO_SEARCH_MAX_ROWS + 1}) s`.execute(
        t.ctx.db,
      );
      expect(await repo.countCapped({ ...NO_VIDEO_FILTER, keyword: outside, short: true })).toBe(
        Number(short.rows[0]?.n),
      );
      expect(await repo.countCapped({ ...NO_VIDEO_FILTER, keyword: inSlice, pubTo: '2000-01-01' })).toBe(0);
    } finally {
      await sql`DELETE FROM videos WHERE id >= 900000000 AND id < 930000000`.execute(t.ctx.db);
    }
  });
});
