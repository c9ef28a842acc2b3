/**
 * Activities and background music through the pipeline: the seeded details of some creators' newest videos
 * are wiped (mission ids, bgm links, read marks, activity pages); snapshots against the simulator read them
 * again from view/detail and x/activity/subject/info and must restore exactly what the demo world holds.
 * Then the ingestor alone: idempotent, and a video's music links follow its latest details.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { TEST_SCALE } from '../../../test/constants.js';
import { startPipelineKit, type PipelineKit } from '../../jobs/test-kit.js';
import { JOB_PRIORITY } from '../../jobs/names.js';
import { DETAILS_PER_SNAPSHOT } from './activity-collector.js';

let t: TestApp;
let kit: PipelineKit;

afterAll(async () => {
  await kit?.close().catch(() => undefined);
  await t?.close();
});

interface Expected {
  id: string;
  mission_id: string | null;
  music: string[];
  tags: string[];
  likes: string;
}

let creators: number[];
let expected: Map<string, Expected>;
let missions: string[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  // creators whose newest visible videos include an activity video
  const picked = await sql<{ creator_id: string }>`
    SELECT DISTINCT creator_id FROM (
      SELECT v.creator_id, v.mission_id,
             row_number() OVER (PARTITION BY v.creator_id ORDER BY v.pubdate DESC) AS k
      FROM videos v WHERE v.status = 0) x
    WHERE k <= ${DETAILS_PER_SNAPSHOT} AND mission_id IS NOT NULL
    ORDER BY creator_id LIMIT 8`.execute(db);
  creators = picked.rows.map((r) => Number(r.creator_id));
  expect(creators.length).toBeGreaterThan(0);
  const rows = await sql<Expected>`
    SELECT v.id, v.mission_id, v.tags, v.likes,
           coalesce(array_agg(m.ext_id ORDER BY m.ext_id) FILTER (WHERE m.id IS NOT NULL), '{}') AS music
    FROM videos v
    LEFT JOIN video_materials vm ON vm.video_id = v.id LEFT JOIN materials m ON m.id = vm.material_id
    WHERE v.creator_id = ANY(${creators}::bigint[]) AND v.status = 0
    GROUP BY v.id`.execute(db);
  expected = new Map(rows.rows.map((r) => [String(r.id), r]));
  missions = [...new Set(rows.rows.map((r) => r.mission_id).filter((m): m is string => m !== null))];
  // forget what the seed knew about these videos and their activities
  await sql`DELETE FROM video_detail_reads r USING videos v WHERE r.video_id = v.id AND v.creator_id = ANY(${creators}::bigint[])`.execute(
    db,
  );
  await sql`DELETE FROM video_materials vm USING videos v WHERE vm.video_id = v.id AND v.creator_id = ANY(${creators}::bigint[])`.execute(
    db,
  );
  // … and what a creator's video list does not carry (tags; likes as a video first seen there has them)
  await sql`UPDATE videos SET mission_id = NULL, tags = '{}', likes = 0, coin = 0, favorite = 0, share = 0
            WHERE creator_id = ANY(${creators}::bigint[])`.execute(db);
  await sql`UPDATE activities SET name = NULL, info_at = NULL WHERE id = ANY(${missions}::bigint[])`.execute(db);

  kit = await startPipelineKit({ ctx: t.ctx, databaseUrl: t.databaseUrl, seed: 7, scale: TEST_SCALE });
  await kit.pipeline.jobs.sendMany(
    'collect.creator-snapshot',
    creators.map((creatorId) => ({ data: { creatorId }, priority: JOB_PRIORITY.daily })),
  );
  expect(await kit.pipeline.runPending()).toBe(creators.length);
});

describe('activity details through the collector', () => {
  it('reads the newest videos’ details and restores the seeded mission ids and music', async () => {
    const db = t.ctx.db;
    const read = await sql<Expected & { creator_id: string }>`
      SELECT v.id, v.creator_id, v.mission_id, v.tags, v.likes,
             coalesce(array_agg(m.ext_id ORDER BY m.ext_id) FILTER (WHERE m.id IS NOT NULL), '{}') AS music
      FROM videos v JOIN video_detail_reads r ON r.video_id = v.id
      LEFT JOIN video_materials vm ON vm.video_id = v.id LEFT JOIN materials m ON m.id = vm.material_id
      WHERE v.creator_id = ANY(${creators}::bigint[])
      GROUP BY v.id`.execute(db);
    const perCreator = new Map<string, number>();
    let compared = 0;
    let withMission = 0;
    for (const r of read.rows) {
      perCreator.set(r.creator_id, (perCreator.get(r.creator_id) ?? 0) + 1);
      const e = expected.get(String(r.id));
      if (!e) continue; // published after the epoch: not in the seed
      compared += 1;
      expect(r.mission_id, `video ${r.id}`).toBe(e.mission_id);
      expect(r.music, `video ${r.id}`).toEqual(e.music);
      // the platform tags (the simulator lists the partition's name first) and the full counters are back
      expect(r.tags.slice(1), `video ${r.id}`).toEqual(e.tags);
      expect(Number(r.likes), `video ${r.id}`).toBeGreaterThanOrEqual(Number(e.likes));
      if (r.mission_id !== null) withMission += 1;
    }
    for (const n of perCreator.values()) expect(n).toBeLessThanOrEqual(DETAILS_PER_SNAPSHOT);
    expect(compared).toBeGreaterThan(0);
    expect(withMission).toBeGreaterThan(0);
  });

  it('reads the pages of the activities its videos name', async () => {
    const r = await sql<{ id: string; name: string | null; info_at: Date | null; starts_at: Date | null }>`
      SELECT a.id, a.name, a.info_at, a.starts_at FROM activities a
      WHERE a.id IN (SELECT mission_id FROM videos WHERE creator_id = ANY(${creators}::bigint[]) AND mission_id IS NOT NULL)`.execute(
      t.ctx.db,
    );
    expect(r.rows.length).toBeGreaterThan(0);
    for (const a of r.rows) {
      expect(a.info_at).not.toBeNull();
      expect(a.name?.length ?? 0).toBeGreaterThan(0);
      expect(a.starts_at).not.toBeNull();
    }
  });
});

describe('ActivityIngestor', () => {
  it('is idempotent and replaces a video’s music with what its details say now', async () => {
    const ing = t.ctx.db;
    const v = await sql<{ id: string }>`SELECT id FROM videos ORDER BY id DESC LIMIT 1`.execute(ing);
    const videoId = Number(v.rows[0]?.id);
    const at = new Date('2026-01-01T00:00:00Z');
    const { ActivityIngestor } = await import('../ingestion/activity-ingestor.js');
    const ingestor = new ActivityIngestor(t.ctx.db);
    const bgm = (id: string, name: string) => ({ musicId: id, name, tagName: `发现《${name}》`, jumpUrl: '' });
    const first = await ingestor.ingestVideoDetails(
      [{ videoId, missionId: 9_999_001, bgms: [bgm('MA900000000000000001', '测试曲')] }],
      at,
    );
    expect(first).toMatchObject({ videos: 1, newActivities: 1, materialLinks: 1 });
    const again = await ingestor.ingestVideoDetails(
      [{ videoId, missionId: 9_999_001, bgms: [bgm('MA900000000000000001', '测试曲')] }],
      at,
    );
    expect(again).toMatchObject({ missions: 0, newActivities: 0, materialLinks: 0 });
    await ingestor.ingestVideoDetails([{ videoId, missionId: null, bgms: [bgm('MA900000000000000002', '新曲')] }], at);
    const links = await sql<{ ext_id: string }>`
      SELECT m.ext_id FROM video_materials vm JOIN materials m ON m.id = vm.material_id WHERE vm.video_id = ${videoId}`.execute(
      ing,
    );
    expect(links.rows.map((x) => x.ext_id)).toEqual(['MA900000000000000002']);
    const mission = await sql<{
      mission_id: string | null;
    }>`SELECT mission_id FROM videos WHERE id = ${videoId}`.execute(ing);
    expect(mission.rows[0]?.mission_id).toBeNull();
    await ingestor.markActivityMissing(9_999_001, at);
    const a = await sql<{ info_missing: number; name: string | null }>`
      SELECT info_missing, name FROM activities WHERE id = 9999001`.execute(ing);
    expect(a.rows[0]).toEqual({ info_missing: 1, name: null });
  });
});
