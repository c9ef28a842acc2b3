/**
 * The importer against real PostgreSQL (the test harness's cloned database): the CLI end to end, row
 * counts, idempotence, backfill of an older day, and unknown partitions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { runCli } from './cli.js';
import { PgIngestor } from './pg-ingestor.js';
import { readFiles } from './import-file.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/bilibili');
const fixture = (file: string) => path.join(FIXTURES, file);
const DAY = '2026-11-01';

interface ListBody {
  data: { list: { aid: number; owner: { mid: number } }[] };
}
const listOf = (file: string) => (JSON.parse(fs.readFileSync(fixture(file), 'utf8')) as ListBody).data.list;
const popular = listOf('popular.json');
const ranking = listOf('ranking_v2.json');
const AIDS = [...popular, ...ranking].map((v) => String(v.aid));
const OWNER_MIDS = [...new Set([...popular, ...ranking].map((v) => String(v.owner.mid)))];

let t: TestApp;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-import-db-'));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function cli(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    argv,
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    {
      NODE_ENV: 'test',
      DATABASE_URL: t.databaseUrl,
    },
  );
  return { code, out, err };
}

/** Everything the import may touch, for before/after comparisons. */
async function snapshot() {
  const db = t.ctx.db;
  const [creators, videos, creatorDaily, videoDaily] = await Promise.all([
    db.selectFrom('creators').selectAll().orderBy('mid').execute(),
    db.selectFrom('videos').selectAll().orderBy('aid').execute(),
    db.selectFrom('creator_daily').selectAll().orderBy('creator_id').orderBy('day').execute(),
    db.selectFrom('video_daily').selectAll().orderBy('video_id').orderBy('day').execute(),
  ]);
  return { creators, videos, creatorDaily, videoDaily };
}

describe('importer round trip', () => {
  it('imports popular.json and ranking_v2.json for a day', async () => {
    const db = t.ctx.db;
    const ownersBefore = await db.selectFrom('creators').select('mid').where('mid', 'in', OWNER_MIDS).execute();
    expect(ownersBefore).toEqual([]); // the demo world does not use these mids

    const r = await cli('--date', DAY, fixture('popular.json'), fixture('ranking_v2.json'));
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toContain('videos:   16 new, 0 updated, 16 daily rows written');

    const videos = await db
      .selectFrom('videos')
      .innerJoin('creators', 'creators.id', 'videos.creator_id')
      .select([
        'videos.aid',
        'videos.bvid',
        'videos.play',
        'videos.tid',
        'videos.is_activity',
        'videos.pubdate',
        'creators.mid',
      ])
      .where('videos.aid', 'in', AIDS)
      .orderBy('videos.aid')
      .execute();
    expect(videos).toHaveLength(16);
    const v = videos.find((x) => x.aid === '1906472398');
    expect(v).toMatchObject({ bvid: 'BV1MU411S7Cc', play: '406829', tid: 221, is_activity: 1, mid: '14309659' });
    expect(v?.pubdate.toISOString()).toBe(new Date(1722176718 * 1000).toISOString());

    const daily = await db
      .selectFrom('video_daily')
      .innerJoin('videos', 'videos.id', 'video_daily.video_id')
      .select(['videos.aid', 'video_daily.day', 'video_daily.play', 'video_daily.likes'])
      .where('videos.aid', 'in', AIDS)
      .execute();
    expect(daily).toHaveLength(16);
    expect(daily.every((d) => d.day === DAY)).toBe(true);
    expect(daily.find((d) => d.aid === '517751921')).toMatchObject({ play: '1156543', likes: '136884' });

    const owners = await db
      .selectFrom('creators')
      .select(['mid', 'name', 'fans'])
      .where('mid', 'in', OWNER_MIDS)
      .execute();
    expect(owners).toHaveLength(OWNER_MIDS.length);
    expect(owners.find((o) => o.mid === '63231')).toMatchObject({ name: '泛式', fans: '0' });
    // a video list says nothing about fans: no creator_daily rows for owners
    const ownerDaily = await db
      .selectFrom('creator_daily')
      .innerJoin('creators', 'creators.id', 'creator_daily.creator_id')
      .select('creators.mid')
      .where('creators.mid', 'in', OWNER_MIDS)
      .execute();
    expect(ownerDaily).toEqual([]);
  });

  it('importing the same files again changes nothing', async () => {
    const before = await snapshot();
    const r = await cli('--date', DAY, fixture('popular.json'), fixture('ranking_v2.json'));
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toContain('videos:   0 new, 0 updated, 0 daily rows written; 0 owner(s) created');
    expect(await snapshot()).toEqual(before);
  });

  it('cards, views and view/detail: creators with their daily row', async () => {
    const r = await cli(
      '--date',
      DAY,
      fixture('user_card.json'),
      fixture('video_view.json'),
      fixture('video_view_detail.json'),
    );
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toContain('creators: 2 new, 0 updated, 2 daily rows written');
    const db = t.ctx.db;
    const bishi = await db.selectFrom('creators').selectAll().where('mid', '=', '2').executeTakeFirstOrThrow();
    expect(bishi).toMatchObject({
      name: '碧诗',
      sex: 1,
      level: 6,
      official_type: 1,
      fans: '969999',
      likes: '3547978',
      video_count: 37,
    });
    const daily = await db.selectFrom('creator_daily').selectAll().where('creator_id', '=', bishi.id).execute();
    expect(daily).toEqual([
      {
        creator_id: bishi.id,
        day: DAY,
        fans: '969999',
        following: '234',
        likes: '3547978',
        plays: '0',
        video_count: 37,
        charging: 0,
        known: 23, // a card carries fans, following, likes and video count, not plays (migration 0031)
      },
    ]);
    const view = await db.selectFrom('videos').selectAll().where('aid', '=', '85440373').executeTakeFirstOrThrow();
    expect(view).toMatchObject({
      bvid: 'BV117411r7R1',
      tid: 28,
      copyright: 1,
      is_activity: 1,
      status: 0,
      coin: '72793',
    });
    const again = await cli(
      '--date',
      DAY,
      fixture('user_card.json'),
      fixture('video_view.json'),
      fixture('video_view_detail.json'),
    );
    expect(again.out.join('\n')).toContain('creators: 0 new, 0 updated, 0 daily rows written');
  });

  it("view/detail writes the video's music and activity through the activity ingestor, once", async () => {
    const db = t.ctx.db;
    // the earlier import of the real sample (aid 170001: no mission id, the bgm tag 发现《Hop》)
    const found = await sql<{ id: string; mission_id: string | null }>`
      SELECT id, mission_id FROM videos WHERE aid = 170001`.execute(db);
    const video = found.rows[0];
    if (!video) throw new Error('the sample video was not imported');
    expect(video.mission_id).toBeNull();
    const music = await sql<{ kind: string; ext_id: string; name: string; tag_name: string }>`
      SELECT m.kind, m.ext_id, m.name, m.tag_name FROM video_materials vm JOIN materials m ON m.id = vm.material_id
      WHERE vm.video_id = ${video.id}`.execute(db);
    expect(music.rows).toEqual([{ kind: 'bgm', ext_id: 'MA407124762800730394', name: 'Hop', tag_name: '发现《Hop》' }]);
    const read = await sql<{
      read_at: Date;
    }>`SELECT read_at FROM video_detail_reads WHERE video_id = ${video.id}`.execute(db);
    expect(read.rows.map((r) => r.read_at.toISOString())).toEqual(['2026-10-31T16:00:00.000Z']); // DAY 00:00 Shanghai

    // the same detail, now naming an activity nobody has seen: the video gets it, the activity a row to read
    const body = JSON.parse(fs.readFileSync(fixture('video_view_detail.json'), 'utf8')) as {
      data: { View: { mission_id?: number } };
    };
    body.data.View.mission_id = 990_123;
    const file = path.join(tmp, 'detail-with-mission.json');
    fs.writeFileSync(file, JSON.stringify(body));
    const r = await cli('--date', DAY, file);
    expect(r.err).toEqual([]);
    expect(r.out.join('\n')).toContain(
      'details:  1 video detail(s) written, 1 activity id(s) set, 1 new activit(ies) to read, 0 music link(s) added',
    );
    const after = await sql<{
      mission_id: string | null;
    }>`SELECT mission_id FROM videos WHERE id = ${video.id}`.execute(db);
    expect(after.rows).toEqual([{ mission_id: '990123' }]);
    const activity = await sql<{ name: string | null; info_at: Date | null }>`
      SELECT name, info_at FROM activities WHERE id = 990123`.execute(db);
    expect(activity.rows).toEqual([{ name: null, info_at: null }]); // its page is for the collector to read
    expect((await sql`SELECT 1 FROM video_materials WHERE video_id = ${video.id}`.execute(db)).rows).toHaveLength(1);

    // again: nothing changes
    const again = await cli('--date', DAY, file);
    expect(again.out.join('\n')).toContain(
      'details:  1 video detail(s) written, 0 activity id(s) set, 0 new activit(ies) to read, 0 music link(s) added',
    );
    // a plain view names its activity but carries no music: reported, not written as a detail
    const view = await cli('--date', DAY, fixture('video_view.json'));
    expect(view.out.join('\n')).toContain('1 video(s) name an activity in a view only');
  });

  it('a backfill of an older day writes its daily row but leaves the current values', async () => {
    const card = JSON.parse(fs.readFileSync(fixture('user_card.json'), 'utf8')) as { data: { follower: number } };
    card.data.follower = 960000;
    const file = path.join(tmp, 'card-older.json');
    fs.writeFileSync(file, JSON.stringify(card));
    const r = await cli('--date', '2026-10-31', file);
    expect(r.code).toBe(0);
    const db = t.ctx.db;
    const bishi = await db
      .selectFrom('creators')
      .select(['id', 'fans', 'tracked_since'])
      .where('mid', '=', '2')
      .executeTakeFirstOrThrow();
    expect(bishi.fans).toBe('969999');
    expect(bishi.tracked_since.toISOString()).toBe('2026-10-30T16:00:00.000Z'); // 2026-10-31 00:00 in Shanghai
    const days = await db
      .selectFrom('creator_daily')
      .select(['day', 'fans'])
      .where('creator_id', '=', bishi.id)
      .orderBy('day')
      .execute();
    expect(days).toEqual([
      { day: '2026-10-31', fans: '960000' },
      { day: DAY, fans: '969999' },
    ]);
  });

  it('an unknown partition does not fail the import: tid NULL meanwhile, recorded, reported', async () => {
    const body = JSON.parse(fs.readFileSync(fixture('popular.json'), 'utf8')) as {
      data: { list: { aid: number; bvid: string; tid: number; tname: string }[] };
    };
    const item = body.data.list[0];
    if (!item) throw new Error('sample changed');
    item.aid = 999000111;
    item.bvid = 'BV1zz4y1X7zz';
    item.tid = 4242;
    item.tname = '新分区';
    body.data.list = [item];
    const file = path.join(tmp, 'popular-unknown-tid.json');
    fs.writeFileSync(file, JSON.stringify(body));
    const r = await cli('--date', DAY, file);
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toContain('unknown partitions (videos stored with tid NULL and recorded in');
    expect(r.out.join('\n')).toContain('next rollup moves them): 4242 新分区');
    const recorded = await sql<{ tid: number; tname: string; videos: number }>`
      SELECT tid, tname, videos FROM unknown_partitions WHERE tid = 4242`.execute(t.ctx.db);
    expect(recorded.rows).toEqual([{ tid: 4242, tname: '新分区', videos: 1 }]);
    const row = await t.ctx.db
      .selectFrom('videos')
      .select(['tid', 'title'])
      .where('aid', '=', '999000111')
      .executeTakeFirstOrThrow();
    expect(row.tid).toBeNull();
    const partitions = await sql<{ n: string }>`SELECT count(*) AS n FROM partitions WHERE tid = 4242`.execute(
      t.ctx.db,
    );
    expect(partitions.rows[0]?.n).toBe('0');
  });

  it('a later day moves the current values forward and keeps yesterday', async () => {
    const { records } = await readFiles([fixture('popular.json')], 'popular');
    const bumped = records.videos.map((v) => ({
      ...v,
      stats: { ...v.stats, view: (v.stats.view ?? 0) + 1000, like: null },
    }));
    const ingestor = new PgIngestor(t.ctx.db);
    const res = await ingestor.ingestVideos(bumped, '2026-11-02');
    expect(res).toMatchObject({ inserted: 0, updated: 2, dailyWritten: 2, ownersInserted: 0 });
    const rows = await t.ctx.db
      .selectFrom('video_daily')
      .innerJoin('videos', 'videos.id', 'video_daily.video_id')
      .select(['video_daily.day', 'video_daily.play', 'video_daily.likes', 'videos.play as current'])
      .where('videos.aid', '=', '1356452135')
      .orderBy('video_daily.day')
      .execute();
    // likes unknown on 11-02 → carried from the last stored day
    expect(rows).toEqual([
      { day: DAY, play: '2465053', likes: '403250', current: '2466053' },
      { day: '2026-11-02', play: '2466053', likes: '403250', current: '2466053' },
    ]);
  });

  it('popular items with owner.follower write the owners’ fan snapshots; every response is kept whole in the raw store', async () => {
    const day = '2026-11-05';
    const r = await cli('--date', day, fixture('popular_follower.json'));
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toContain('3 owner fan snapshot(s) (owner.follower)');
    expect(r.out.join('\n')).toContain('raw store: 1 response(s) kept');
    const fans = await sql<{ mid: string; fans: string; day: string }>`
      SELECT c.mid, d.fans, d.day FROM creator_daily d JOIN creators c ON c.id = d.creator_id
      WHERE d.day = ${day}::date AND c.mid IN (1339110285, 14309659, 1850091, 1850092) ORDER BY c.mid`.execute(
      t.ctx.db,
    );
    // 1850091's item has no follower: no snapshot (a video list says nothing about its owner's fans)
    expect(fans.rows).toEqual([
      { mid: '1850092', fans: '4321', day },
      { mid: '14309659', fans: '86021', day },
      { mid: '1339110285', fans: '1523467', day },
    ]);
    const voice = await t.ctx.db
      .selectFrom('creators')
      .select(['partition_tid', 'fans', 'platform_totals'])
      .where('mid', '=', '1850091')
      .executeTakeFirstOrThrow();
    expect(voice).toEqual({ partition_tid: 257, fans: '0', platform_totals: false });
    const raw = await sql<{ kind: string; unknown: string | null }>`
      SELECT kind, body #>> '{data,list,3,some_new_field,introduced}' AS unknown FROM raw_responses
      WHERE day = ${day}::date`.execute(t.ctx.db);
    expect(raw.rows).toEqual([{ kind: 'popular', unknown: '2026' }]);
    const again = await cli('--date', day, fixture('popular_follower.json'));
    expect(again.out.join('\n')).toContain('raw store: 0 response(s) kept');
  });
});
