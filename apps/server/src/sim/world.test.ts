/**
 * The simulated world: it is the demo world at the epoch, it is deterministic, and it evolves — fans grow,
 * videos appear on schedule and some get deleted, live rooms start and stop.
 */
import { describe, expect, it } from 'vitest';
import { creatorContent } from '../db/seed/world/generate.js';
import { DAY, EPOCH, HOUR, TEST_SEED, TEST_TODAY, signedUrl, testServer } from './testing/harness.js';
import { AID_BASE, AID_SLOT, bvidToAid, cidOf, keyOfCid, newAidBase } from './world/ids.js';
import { sessionAt, sessionOn } from './world/live.js';
import { isVisible } from './world/video-model.js';
import { SimWorld } from './world/world.js';

const world = (now: number) =>
  new SimWorld({ seed: TEST_SEED, scale: 0.2, speed: 1, today: TEST_TODAY, now: () => now });

describe('the world is the demo world at its epoch', () => {
  it('mirrors the generator: aids, bvids and counters of seeded videos, fans of creators', () => {
    const w = world(EPOCH);
    for (const index of [0, 1, 17, 500, w.creatorCount - 1]) {
      const spec = w.spec(index);
      const content = creatorContent(w.plan, spec);
      content.videos.forEach((row, j) => {
        expect(Math.floor((row.aid - AID_BASE) / AID_SLOT)).toBe(spec.videoSlot + j);
        expect(bvidToAid(row.bvid)).toBe(row.aid);
        const v = w.videoByAid(row.aid, EPOCH);
        expect(v?.title).toBe(row.title);
        if (!v || row.status !== 0) return;
        const c = w.counters(v, EPOCH);
        expect([c.view, c.like, c.coin, c.favorite, c.share, c.reply, c.danmaku]).toEqual([
          row.play,
          row.likes,
          row.coin,
          row.favorite,
          row.share,
          row.reply,
          row.danmaku,
        ]);
      });
      const state = w.creatorState(index, EPOCH);
      expect(state.fans).toBe(spec.fans);
      expect(Math.abs(state.plays - content.plays)).toBeLessThanOrEqual(1);
      expect(state.videoCount).toBe(content.videoCount);
    }
  });

  it('maps cids back to videos and pages, and new aids above the seeded range', () => {
    const w = world(EPOCH + 5 * DAY);
    const v = w.videosOf(3, w.worldTime())[0];
    if (!v) throw new Error('creator 3 has no videos');
    expect(keyOfCid(cidOf(v.key, 0))).toEqual({ key: v.key, page: 0 });
    expect(w.videoByCid(cidOf(v.key, 0), w.worldTime())?.video.aid).toBe(v.aid);
    const fresh = w.newVideosOn(0, 0).concat(w.newVideosOn(1, 0), w.newVideosOn(2, 0));
    for (const n of fresh) expect(n.aid).toBeGreaterThanOrEqual(newAidBase(w.plan.videoCount));
  });
});

describe('determinism', () => {
  it('two simulators with the same seed and clock answer byte for byte the same', async () => {
    const a = await testServer();
    const b = await testServer();
    const t = a.world.worldTime();
    const mid = a.world.spec(42).mid;
    const video = a.world.videosOf(42, t)[0];
    if (!video) throw new Error('creator 42 has no videos');
    const wts = Math.floor(a.clock.now() / 1000);
    const urls = [
      `/x/web-interface/card?mid=${mid}&photo=true`,
      `/x/relation/stat?vmid=${mid}`,
      signedUrl('/x/space/wbi/arc/search', { mid, pn: 1, ps: 30 }, wts),
      `/x/web-interface/view/detail?aid=${video.aid}`,
      `/x/v2/reply?type=1&oid=${video.aid}&sort=1`,
      `/x/v1/dm/list.so?oid=${cidOf(video.key, 0)}`,
      '/x/web-interface/popular?ps=50',
      '/x/web-interface/ranking/v2?rid=4',
    ];
    for (const url of urls) {
      const [ra, rb] = [await a.app.inject(url), await b.app.inject(url)];
      expect(ra.statusCode).toBe(200);
      expect(ra.body, url).toBe(rb.body);
    }
  });

  it('an instant is computable directly: asking later first gives the same answer', () => {
    const t = EPOCH + 9 * DAY + 5 * HOUR;
    const direct = world(t);
    const stepwise = world(t);
    for (let d = 0; d <= 9; d++) stepwise.creatorState(7, EPOCH + d * DAY);
    expect(direct.creatorState(7, t)).toEqual(stepwise.creatorState(7, t));
  });
});

describe('evolution', () => {
  it('fans of growing creators rise day by day and across the hours of a day', () => {
    const w = world(EPOCH);
    let checked = 0;
    for (let i = 0; i < 200; i++) {
      const m = w.model(i);
      if (m.trend <= 0) continue;
      checked += 1;
      let prev = w.fansAt(m, EPOCH);
      for (let h = 1; h <= 72; h++) {
        const now = w.fansAt(m, EPOCH + h * HOUR);
        expect(now).toBeGreaterThanOrEqual(prev);
        prev = now;
      }
      expect(w.fansAt(m, EPOCH + 30 * DAY)).toBeGreaterThan(w.fansAt(m, EPOCH));
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('the card shows more fans and plays a day later (speed 1) and sooner with speed 24', async () => {
    const sim = await testServer();
    const index = [...Array(100).keys()].find((i) => sim.world.model(i).trend > 10) ?? 0;
    const mid = sim.world.spec(index).mid;
    const card = async () => {
      const body = JSON.parse((await sim.app.inject(`/x/web-interface/card?mid=${mid}`)).body) as {
        data: { follower: number };
      };
      return body.data.follower;
    };
    const before = await card();
    sim.clock.advance(DAY);
    expect(await card()).toBeGreaterThan(before);

    const fast = await testServer({ speed: 24, start: EPOCH + HOUR });
    expect(fast.world.worldTime()).toBe(EPOCH + 24 * HOUR);
    fast.clock.advance(HOUR);
    expect(fast.world.worldTime()).toBe(EPOCH + 48 * HOUR);
  });

  it('a new video appears on its creator’s schedule (space list, view, counters growing)', async () => {
    const sim = await testServer({ start: EPOCH + 3 * DAY });
    const w = sim.world;
    const index = [...Array(w.creatorCount).keys()].find((i) => w.newVideosOn(i, 3).length > 0);
    if (index === undefined) throw new Error('nobody publishes on day 3');
    const fresh = w.newVideosOn(index, 3)[0];
    if (!fresh) throw new Error('no video');
    const mid = w.spec(index).mid;
    const list = async () => {
      const url = signedUrl('/x/space/wbi/arc/search', { mid, pn: 1, ps: 50 }, Math.floor(sim.clock.now() / 1000));
      const body = JSON.parse((await sim.app.inject(url)).body) as { data: { list: { vlist: { aid: number }[] } } };
      return body.data.list.vlist.map((v) => v.aid);
    };
    const view = async () =>
      JSON.parse((await sim.app.inject(`/x/web-interface/view?aid=${fresh.aid}`)).body) as {
        code: number;
        data?: { stat: { view: number } };
      };

    sim.clock.set(fresh.pubMs - 60_000);
    expect(await list()).not.toContain(fresh.aid);
    expect((await view()).code).toBe(-404);

    sim.clock.set(fresh.pubMs + 60_000);
    expect((await list())[0]).toBe(fresh.aid);
    const early = await view();
    expect(early.code).toBe(0);
    sim.clock.set(fresh.pubMs + DAY);
    expect((await view()).data?.stat.view ?? 0).toBeGreaterThan(early.data?.stat.view ?? 0);
  });

  it('a scheduled deletion answers 62002 稿件不可见 from its instant on; unknown aids answer −404', async () => {
    const sim = await testServer({ start: EPOCH });
    const w = sim.world;
    let target = null;
    for (let i = 0; i < w.creatorCount && !target; i++) {
      target =
        w.model(i).videos.find((v) => Number.isFinite(v.deletedAtMs) && v.deletedAtMs < EPOCH + 20 * DAY) ?? null;
    }
    if (!target) throw new Error('no scheduled deletion');
    const code = async () =>
      JSON.parse((await sim.app.inject(`/x/web-interface/view?bvid=${target.bvid}`)).body) as {
        code: number;
        message: string;
      };
    sim.clock.set(target.deletedAtMs - 1000);
    expect((await code()).code).toBe(0);
    sim.clock.set(target.deletedAtMs + 1000);
    expect(await code()).toMatchObject({ code: 62002, message: '稿件不可见' });
    const reply = JSON.parse((await sim.app.inject(`/x/v2/reply?type=1&oid=${target.aid}`)).body) as { code: number };
    expect(reply.code).toBe(-404);

    // Videos the demo world already has as deleted (status −1) answer 62002 from the start.
    let deletedBefore = null;
    for (let i = 0; i < w.creatorCount && !deletedBefore; i++)
      deletedBefore = w.model(i).videos.find((v) => v.deletedAtMs === -Infinity) ?? null;
    if (!deletedBefore) throw new Error('the demo world has no deleted video');
    const seededDeleted = JSON.parse((await sim.app.inject(`/x/web-interface/view?aid=${deletedBefore.aid}`)).body) as {
      code: number;
    };
    expect(seededDeleted.code).toBe(62002);
    expect((JSON.parse((await sim.app.inject('/x/web-interface/view?aid=170001')).body) as { code: number }).code).toBe(
      -404,
    );
  });

  it('live rooms start and stop on schedule, with online viewers and gifts while live', async () => {
    const sim = await testServer({ start: EPOCH });
    const w = sim.world;
    let found: { index: number; start: number; end: number } | null = null;
    for (let i = 0; i < w.creatorCount && !found; i++) {
      const s = sessionOn(w, i, 2);
      if (s && !sessionAt(w, i, s.startMs - 60_000)) found = { index: i, start: s.startMs, end: s.endMs };
    }
    if (!found) throw new Error('no session on day 2');
    const spec = w.spec(found.index);
    const info = async () =>
      (
        JSON.parse((await sim.app.inject(`/room/v1/Room/get_info?room_id=${spec.liveRoomId ?? 0}`)).body) as {
          data: { live_status: number; online: number; live_time: string };
        }
      ).data;
    sim.clock.set(found.start - 60_000);
    expect((await info()).live_status).not.toBe(1);
    sim.clock.set(found.start + 30 * 60_000);
    const live = await info();
    expect(live.live_status).toBe(1);
    expect(live.online).toBeGreaterThan(0);
    expect(live.live_time).not.toBe('0000-00-00 00:00:00');
    const stats = JSON.parse((await sim.app.inject(`/__sim/live?mid=${spec.mid}`)).body) as {
      danmakuPerMinute: number;
      sessionGifts: number;
    };
    expect(stats.sessionGifts).toBeGreaterThan(0);
    expect(stats.danmakuPerMinute).toBeGreaterThanOrEqual(0);
    sim.clock.set(found.end + 1000);
    if (!sessionAt(w, found.index, found.end + 1000)) expect((await info()).live_status).not.toBe(1);

    const liveAtEpoch = w.plan.creators.findIndex((c) => c.isLive === 1);
    if (liveAtEpoch >= 0) expect(sessionAt(w, liveAtEpoch, EPOCH)).not.toBeNull();
  });

  it('the popular list follows recent growth: a fresh hit outranks old videos', async () => {
    const sim = await testServer({ start: EPOCH + 4 * DAY });
    const t = sim.world.worldTime();
    const ranked = await sim.catalog.popular(t);
    expect(ranked.length).toBeGreaterThan(100);
    for (const r of ranked) expect(isVisible(r.video, t)).toBe(true);
    const ages = ranked.slice(0, 20).map((r) => (t - r.video.pubMs) / DAY);
    expect(ages.filter((a) => a < 14).length).toBeGreaterThan(10);
  });
});
