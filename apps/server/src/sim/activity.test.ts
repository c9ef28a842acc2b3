/**
 * Activities and background music in the simulator: a video's `mission_id` and bgm tag come from the demo
 * world's catalogue (db/seed/world/materials.ts) — the same values the database seed stores — and
 * `x/activity/subject/info` answers every activity id a video names. The answers parse with the client's parsers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { materialWorld, videoMaterial } from '../db/seed/world/materials.js';
import { Envelope } from '../providers/bilibili/parsers/common.js';
import { parseActivityInfo } from '../providers/bilibili/parsers/activity.js';
import { parseVideoView, parseVideoViewDetail } from '../providers/bilibili/parsers/video.js';
import { testServer, type TestClock } from './testing/harness.js';
import type { SimServer } from './server.js';
import type { SimVideo } from './world/video-model.js';

let sim: SimServer & { clock: TestClock };
const videos: SimVideo[] = [];

async function data(url: string): Promise<unknown> {
  const res = await sim.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  const env = Envelope.parse(JSON.parse(res.body));
  expect(env.code, url).toBe(0);
  return env.data;
}

beforeAll(async () => {
  sim = await testServer();
  const t = sim.world.worldTime();
  for (let i = 0; i < 200; i++) videos.push(...sim.world.videosOf(i, t));
});

describe('activities and background music', () => {
  it('activity videos carry the catalogue’s mission id; the others none', async () => {
    const { world } = sim;
    const catalogue = materialWorld(world.seed, world.plan.today);
    const activityVideos = videos.filter((v) => v.isActivity).slice(0, 8);
    expect(activityVideos.length).toBeGreaterThan(0);
    for (const v of activityVideos) {
      const expected = videoMaterial(catalogue, world.seed, v);
      const view = parseVideoView(await data(`/x/web-interface/view?aid=${v.aid}`));
      expect(view.video.missionId).toBe(expected.missionId);
      expect(view.video.isActivity).toBe(expected.missionId !== null);
    }
    const plain = videos.find((v) => !v.isActivity);
    if (!plain) throw new Error('no plain video');
    expect(parseVideoView(await data(`/x/web-interface/view?aid=${plain.aid}`)).video.missionId).toBeNull();
  });

  it('x/activity/subject/info answers the activity behind a mission id; unknown sid → −404', async () => {
    const v = videos.find(
      (x) =>
        x.isActivity &&
        videoMaterial(materialWorld(sim.world.seed, sim.world.plan.today), sim.world.seed, x).missionId !== null,
    );
    if (!v) throw new Error('no activity video');
    const view = parseVideoView(await data(`/x/web-interface/view?aid=${v.aid}`));
    const sid = view.video.missionId ?? 0;
    const info = parseActivityInfo(await data(`/x/activity/subject/info?sid=${sid}`));
    expect(info.id).toBe(sid);
    expect(info.name.length).toBeGreaterThan(0);
    expect(info.stime).not.toBeNull();
    expect((info.stime ?? 0) * 1000).toBeLessThanOrEqual(v.pubMs);
    expect((info.etime ?? 0) * 1000).toBeGreaterThanOrEqual(v.pubMs);
    const missing = await sim.app.inject({ url: '/x/activity/subject/info?sid=1' });
    expect((JSON.parse(missing.body) as { code: number }).code).toBe(-404);
    const bad = await sim.app.inject({ url: '/x/activity/subject/info' });
    expect((JSON.parse(bad.body) as { code: number }).code).toBe(-400);
  });

  it('view/detail puts the background music first as a bgm tag, for a realistic share of videos', async () => {
    const sample = videos.slice(0, 60);
    let withBgm = 0;
    for (const v of sample) {
      const d = parseVideoViewDetail(await data(`/x/web-interface/view/detail?aid=${v.aid}`));
      const expected = videoMaterial(materialWorld(sim.world.seed, sim.world.plan.today), sim.world.seed, v).song;
      if (expected) {
        withBgm += 1;
        expect(d.bgms).toEqual([
          {
            musicId: expected.musicId,
            name: expected.name,
            tagName: expected.tagName,
            jumpUrl: expect.stringContaining(`aid=${v.aid}`),
          },
        ]);
        // the bgm tag is the music, not one of the video's channel tags (parsers: tags leave bgm out)
        expect(d.tags).not.toContain(expected.tagName);
      } else {
        expect(d.bgms).toEqual([]);
      }
      expect(d.tags).toEqual([...new Set([d.video.tname ?? '', ...v.tags])]);
    }
    expect(withBgm).toBeGreaterThan(0);
    expect(withBgm).toBeLessThan(sample.length);
  });
});
