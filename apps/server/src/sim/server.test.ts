/**
 * The server as a client sees it: real HTTP via startSimulator, the error codes of the real API, cookie
 * rules, paging of lists, and the performance target (scale 1 starts in seconds, answers in about 1 ms).
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from './server.js';
import { DOC_KEYS, EPOCH, FULL_COOKIE, HOUR, TEST_SEED, TEST_TODAY, testServer } from './testing/harness.js';

const json = (body: string) => JSON.parse(body) as { code: number; message: string; data?: unknown };

describe('startSimulator', () => {
  it('listens on a free port and serves every host’s paths at one origin', async () => {
    const sim = await startSimulator({
      seed: TEST_SEED,
      scale: 0.05,
      today: TEST_TODAY,
      now: () => EPOCH + HOUR,
      warm: false,
    });
    try {
      expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const mid = sim.world.spec(0).mid;
      const card = (await (await fetch(`${sim.url}/x/web-interface/card?mid=${mid}`)).json()) as { code: number };
      expect(card.code).toBe(0);
      const room = sim.world.plan.creators.find((c) => c.liveRoomId !== null)?.liveRoomId;
      if (room)
        expect(
          ((await (await fetch(`${sim.url}/room/v1/Room/get_info?room_id=${room}`)).json()) as { code: number }).code,
        ).toBe(0);
      const v = sim.world.videosOf(0, sim.world.worldTime())[0];
      if (v) {
        const xml = await (await fetch(`${sim.url}/${30_000_000_000 + v.key * 8}.xml`)).text();
        expect(xml).toContain('<chatserver>chat.bilibili.com</chatserver>');
      }
    } finally {
      await sim.close();
    }
  });
});

describe('the real API’s error answers', () => {
  it('unknown ids, bad parameters and unknown paths', async () => {
    const sim = await testServer();
    const get = async (url: string, headers: Record<string, string> = {}) => sim.app.inject({ url, headers });
    expect(json((await get('/x/web-interface/card?mid=1')).body)).toMatchObject({ code: -404, message: '啥都木有' });
    expect(json((await get('/x/web-interface/card')).body)).toMatchObject({ code: -400, message: '请求错误' });
    expect(json((await get('/x/web-interface/view')).body).code).toBe(-400);
    expect(json((await get('/x/web-interface/view?bvid=BV1xx411c7mD')).body).code).toBe(-404);
    expect(json((await get('/x/v2/reply?type=1&oid=5')).body).code).toBe(-404);
    expect(json((await get('/x/web-interface/ranking/v2?rid=999')).body).code).toBe(-400);
    const missing = await get('/x/no/such/path');
    expect(missing.statusCode).toBe(404);
    expect(json(missing.body).code).toBe(-404);
    expect(json((await get('/room/v1/Room/get_info?room_id=1')).body)).toMatchObject({ code: 1, msg: '未找到该房间' });
    expect(json((await get('/room/v1/Room/room_init?id=1')).body).code).toBe(60004);
  });

  it('search needs buvid3 (−412, HTTP 412); upstat without login answers empty data', async () => {
    const sim = await testServer();
    const blocked = await sim.app.inject('/x/web-interface/search/type?search_type=video&keyword=游戏');
    expect(blocked.statusCode).toBe(412);
    expect(json(blocked.body).code).toBe(-412);
    const ok = await sim.app.inject({
      url: '/x/web-interface/search/type?search_type=video&keyword=游戏',
      headers: { cookie: FULL_COOKIE },
    });
    expect(json(ok.body).code).toBe(0);
    const mid = sim.world.spec(0).mid;
    expect(json((await sim.app.inject(`/x/space/upstat?mid=${mid}`)).body)).toMatchObject({ code: 0, data: {} });
    const logged = json(
      (await sim.app.inject({ url: `/x/space/upstat?mid=${mid}`, headers: { cookie: 'SESSDATA=x' } })).body,
    );
    expect(logged.data).toHaveProperty('archive.view');
  });

  it('spi hands out a buvid3 and the live batch accepts GET and form POST', async () => {
    const sim = await testServer();
    const spi = json((await sim.app.inject('/x/frontend/finger/spi')).body) as unknown as { data: { b_3: string } };
    expect(spi.data.b_3).toMatch(/^[0-9A-F-]{36}\d{5}infoc$/);
    const mids = sim.world.plan.creators
      .filter((c) => c.liveRoomId !== null)
      .slice(0, 3)
      .map((c) => c.mid);
    const get = json(
      (await sim.app.inject(`/room/v1/Room/get_status_info_by_uids?${mids.map((m) => `uids[]=${m}`).join('&')}`)).body,
    );
    expect(Object.keys(get.data as object).sort()).toEqual(mids.map(String).sort());
    const form = await sim.app.inject({
      method: 'POST',
      url: '/room/v1/Room/get_status_info_by_uids',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: mids.map((m) => `uids[]=${m}`).join('&'),
    });
    expect(Object.keys(json(form.body).data as object)).toHaveLength(mids.length);
  });
});

describe('lists', () => {
  it('popular pages do not overlap and end with no_more; ranking filters by partition', async () => {
    const sim = await testServer();
    await sim.catalog.ready();
    const page = async (pn: number) =>
      json((await sim.app.inject(`/x/web-interface/popular?pn=${pn}&ps=50`)).body).data as {
        list: { aid: number }[];
        no_more: boolean;
      };
    const seen = new Set<number>();
    let pn = 1;
    for (; pn < 20; pn++) {
      const p = await page(pn);
      for (const item of p.list) {
        expect(seen.has(item.aid)).toBe(false);
        seen.add(item.aid);
      }
      if (p.no_more) break;
    }
    expect(pn).toBeLessThan(20);
    const games = json((await sim.app.inject('/x/web-interface/ranking/v2?rid=4&type=all')).body).data as {
      list: { tid: number; score: number }[];
    };
    expect(games.list.length).toBeGreaterThan(0);
    const scores = games.list.map((i) => i.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('search finds creators by name and videos by title, 20 a page', async () => {
    const sim = await testServer();
    const name = sim.world.spec(10).name;
    const users = json(
      (
        await sim.app.inject({
          url: `/x/web-interface/search/type?search_type=bili_user&keyword=${encodeURIComponent(name)}`,
          headers: { cookie: FULL_COOKIE },
        })
      ).body,
    ).data as { result: { mid: number }[] };
    expect(users.result[0]?.mid).toBe(sim.world.spec(10).mid);
    const videos = json(
      (
        await sim.app.inject({
          url: `/x/web-interface/search/type?search_type=video&keyword=${encodeURIComponent('的')}&order=click`,
          headers: { cookie: FULL_COOKIE },
        })
      ).body,
    ).data as { result: { play: number }[]; numResults: number };
    expect(videos.result).toHaveLength(20);
    const plays = videos.result.map((r) => r.play);
    expect([...plays].sort((a, b) => b - a)).toEqual(plays);
  });
});

describe('performance at scale 1 (5,000 creators, 100,000 videos)', () => {
  it('starts in a few seconds and answers entity requests in about a millisecond', async () => {
    const started = performance.now();
    const sim = await startSimulator({
      seed: TEST_SEED,
      scale: 1,
      today: TEST_TODAY,
      now: () => EPOCH + 5 * HOUR,
      wbiKeys: DOC_KEYS,
      warm: false,
    });
    try {
      const startMs = performance.now() - started;
      expect(startMs).toBeLessThan(5000);
      expect(sim.world.creatorCount).toBe(5000);
      expect(sim.world.plan.videoCount).toBe(100_000);
      const mids = Array.from({ length: 300 }, (_, i) => sim.world.spec((i * 16) % 5000).mid);
      for (const mid of mids.slice(0, 50)) await sim.app.inject(`/x/web-interface/card?mid=${mid}`);
      const times: number[] = [];
      for (const mid of mids) {
        const t0 = performance.now();
        const res = await sim.app.inject(`/x/relation/stat?vmid=${mid}`);
        times.push(performance.now() - t0);
        expect(res.statusCode).toBe(200);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] ?? 0;
      expect(median).toBeLessThan(3);
    } finally {
      await sim.close();
    }
  });
});
