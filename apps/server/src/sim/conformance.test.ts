/**
 * Shape conformance: every simulated answer has the keys and JSON types of the real sample it mimics
 * (recursively; array lengths free; see testing/shape-compare.ts). Allowances are listed per endpoint
 * with the reason.
 */
import { inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareShape, compareToShape, shapeOf, type ShapeOptions } from './testing/shape-compare.js';
import { FULL_COOKIE, readSample, readSampleText, signedUrl, testServer } from './testing/harness.js';
import type { SimServer } from './server.js';
import type { TestClock } from './testing/harness.js';
import { commentAt, commentCount, subReplyCount } from './world/comments.js';
import { cidOf } from './world/ids.js';
import type { SimVideo } from './world/video-model.js';

let sim: SimServer & { clock: TestClock };
let roomCreator = 0;
let plainCreator = 0;
let busyVideo: SimVideo;

async function get(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await sim.app.inject({ url, headers });
  expect(res.statusCode, url).toBe(200);
  return JSON.parse(res.body) as unknown;
}

function expectShape(sample: string, body: unknown, options: ShapeOptions = {}): void {
  expect(compareShape(readSample(sample), body, options), sample).toEqual([]);
}

const wts = () => Math.floor(sim.clock.now() / 1000);

beforeAll(async () => {
  sim = await testServer();
  const { world } = sim;
  roomCreator = world.plan.creators.findIndex((c) => c.liveRoomId !== null);
  plainCreator = world.plan.creators.findIndex((c) => c.liveRoomId === null);
  const t = world.worldTime();
  let best: SimVideo | null = null;
  for (let i = 0; i < 300; i++) {
    for (const v of world.videosOf(i, t)) if (!best || commentCount(v, t) > commentCount(best, t)) best = v;
  }
  if (!best) throw new Error('no videos');
  busyVideo = best;
});

describe('creator answers match the real samples', () => {
  it('x/web-interface/card (photo=true)', async () => {
    const mid = sim.world.spec(roomCreator).mid;
    expectShape('user_card.json', await get(`/x/web-interface/card?mid=${mid}&photo=true`));
  });

  it('x/relation/stat', async () => {
    expectShape('user_relation_stat.json', await get(`/x/relation/stat?vmid=${sim.world.spec(0).mid}`));
  });

  it('x/space/wbi/acc/info, with and without a live room', async () => {
    // Creators without a live room (and without a worn fan medal) answer null there, as the real API.
    const options = { nullable: ['data.live_room', 'data.fans_medal.medal'] };
    for (const index of [roomCreator, plainCreator]) {
      const url = signedUrl('/x/space/wbi/acc/info', { mid: sim.world.spec(index).mid }, wts());
      expectShape('user_space_acc_info.json', await get(url, { cookie: FULL_COOKIE }), options);
    }
  });

  it('x/space/upstat (logged in)', async () => {
    expectShape('user_upstat.json', await get(`/x/space/upstat?mid=${sim.world.spec(0).mid}`, { cookie: FULL_COOKIE }));
  });

  it('x/space/navnum', async () => {
    expectShape('user_navnum.json', await get(`/x/space/navnum?mid=${sim.world.spec(0).mid}`));
  });

  it('x/space/wbi/arc/search', async () => {
    const mid = sim.world.spec(busyVideo.creatorIndex).mid;
    const body = await get(signedUrl('/x/space/wbi/arc/search', { mid, ps: 30, pn: 1, order: 'pubdate' }, wts()));
    // Videos outside a season (合集) carry `meta: null`.
    expectShape('user_arc_search.json', body, { nullable: ['data.list.vlist[].meta'] });
  });
});

describe('video answers match the real samples', () => {
  // Videos without honours answer `honor_reply: {}`; only co-created videos carry `staff`, only
  // activity videos `mission_id` (the detail sample's View has neither).
  const honour = ['data.honor_reply.honor', 'data.View.honor_reply.honor'];

  it('x/web-interface/view', async () => {
    const body = await get(`/x/web-interface/view?aid=${busyVideo.aid}`);
    // `label`: the commercial-partnership label of a sponsored video (docs/simulator.md "Commerce")
    expectShape('video_view.json', body, {
      optional: [...honour, 'data.mission_id', 'data.staff'],
      extra: ['data.label'],
    });
  });

  it('x/web-interface/view/detail', async () => {
    const body = await get(`/x/web-interface/view/detail?bvid=${busyVideo.bvid}`);
    // `Goods`: the page's goods area, `View.label`: the commercial label (docs/simulator.md "Commerce")
    expectShape('video_view_detail.json', body, {
      optional: honour,
      extra: ['data.View.mission_id', 'data.View.label', 'data.Goods'],
    });
  });

  it('x/player/pagelist', async () => {
    expectShape('video_pagelist.json', await get(`/x/player/pagelist?bvid=${busyVideo.bvid}`));
  });

  it('x/web-interface/popular', async () => {
    await sim.catalog.ready();
    expectShape('popular.json', await get('/x/web-interface/popular?pn=1&ps=20'));
  });

  it('x/web-interface/ranking/v2', async () => {
    await sim.catalog.ready();
    expectShape('ranking_v2.json', await get('/x/web-interface/ranking/v2?rid=0&type=all'));
  });
});

describe('comment answers match the real samples', () => {
  const emoteMap = (p: string) => [`${p}.content.emote`];
  const threadTexts = (p: string) => [
    `${p}.reply_control.sub_reply_entry_text`,
    `${p}.reply_control.sub_reply_title_text`,
  ];

  it('x/v2/reply (the IP location the site shows today is an addition to the 2022 sample)', async () => {
    const body = await get(`/x/v2/reply?type=1&oid=${busyVideo.aid}&sort=0&pn=1&ps=20`);
    expectShape('reply_list.json', body, {
      maps: [...emoteMap('data.replies[]'), ...emoteMap('data.hots[]')],
      // a root's thread texts (共N条回复) as x/v2/reply/reply's root carries them in its sample
      extra: [
        'data.replies[].reply_control.location',
        'data.hots[].reply_control.location',
        ...threadTexts('data.replies[]'),
        ...threadTexts('data.hots[]'),
      ],
    });
  });

  it('x/v2/reply/wbi/main', async () => {
    const url = signedUrl(
      '/x/v2/reply/wbi/main',
      { type: 1, oid: busyVideo.aid, mode: 3, pagination_str: '{"offset":""}', plat: 1, web_location: 1315875 },
      wts(),
    );
    expectShape('reply_wbi_main.json', await get(url), {
      maps: emoteMap('data.replies[]'),
      extra: threadTexts('data.replies[]'),
    });
  });

  it('x/v2/reply/reply (a root comment with sub-replies)', async () => {
    const t = sim.world.worldTime();
    let root = -1;
    for (let i = 0; i < commentCount(busyVideo, t) && root < 0; i++)
      if (subReplyCount(sim.world, busyVideo, i, t) > 0) root = i;
    expect(root).toBeGreaterThanOrEqual(0);
    const rpid = commentAt(sim.world, busyVideo, root, t).rpid;
    const body = await get(`/x/v2/reply/reply?type=1&oid=${busyVideo.aid}&root=${rpid}&ps=20&pn=1`);
    // card_label and up_reply appear only when the UP liked or answered the comment; the IP location is newer
    // than the sample (as in x/v2/reply)
    expectShape('reply_reply.json', body, {
      maps: [...emoteMap('data.replies[]'), ...emoteMap('data.root')],
      optional: ['data.root.card_label', 'data.root.reply_control.up_reply'],
      extra: [
        'data.replies[].reply_control.location',
        'data.root.reply_control.location',
        'data.root.member.vip.avatar_subscript_url',
      ],
    });
  });

  it('x/v2/reply/count', async () => {
    expectShape('reply_count.json', await get(`/x/v2/reply/count?type=1&oid=${busyVideo.aid}`));
  });

  it('the answers exercise the emote map', async () => {
    const body = JSON.stringify(await get(`/x/v2/reply?type=1&oid=${busyVideo.aid}&sort=0&pn=1&ps=20`));
    expect(body).toContain('"emote":{"[');
  });
});

describe('live answers match the real samples', () => {
  const roomId = () => sim.world.spec(roomCreator).liveRoomId ?? 0;

  it('room/v1/Room/get_info', async () => {
    expectShape('live_room_get_info.json', await get(`/room/v1/Room/get_info?room_id=${roomId()}`));
  });

  it('room/v1/Room/room_init', async () => {
    expectShape('live_room_init.json', await get(`/room/v1/Room/room_init?id=${roomId()}`));
  });

  it('room/v1/Room/get_status_info_by_uids (GET and POST)', async () => {
    const mid = sim.world.spec(roomCreator).mid;
    expectShape('live_status_info_by_uids.json', await get(`/room/v1/Room/get_status_info_by_uids?uids[]=${mid}`));
    const res = await sim.app.inject({
      method: 'POST',
      url: '/room/v1/Room/get_status_info_by_uids',
      payload: { uids: [mid] },
    });
    expectShape('live_status_info_by_uids.json', JSON.parse(res.body));
  });
});

describe('search answers match the real samples', () => {
  it('wbi/search/type video', async () => {
    await sim.catalog.ready();
    const url = signedUrl('/x/web-interface/wbi/search/type', { search_type: 'video', keyword: '的', page: 1 }, wts());
    const body = await get(url, { cookie: FULL_COOKIE });
    expect(JSON.stringify(body)).toContain('<em class=\\"keyword\\">');
    expectShape('search_type.json', body);
  });

  it('wbi/search/type bili_user: the envelope of search_type.json, items of the bili_user block of search_all_v2.json', async () => {
    const url = signedUrl(
      '/x/web-interface/wbi/search/type',
      { search_type: 'bili_user', keyword: '小', page: 1 },
      wts(),
    );
    const body = await get(url, { cookie: FULL_COOKIE });
    expectShape('search_type.json', body, { ignore: ['data.result[]'] });
    const all = readSample('search_all_v2.json') as { data: { result: { result_type: string; data: unknown[] }[] } };
    const userBlock = all.data.result.find((r) => r.result_type === 'bili_user');
    const items = (body as { data: { result: unknown[] } }).data.result;
    expect(items.length).toBeGreaterThan(0);
    const shape = shapeOf(userBlock?.data ?? []);
    for (const item of items) expect(compareToShape(shape, item)).toEqual([]);
  });
});

describe('danmaku XML matches the real sample', () => {
  const structure = (xml: string) => ({
    header: [...xml.matchAll(/^\s*<(\w+)>[^<]*<\/\1>/gm)].map((m) => m[1]),
    rows: [...xml.matchAll(/<d p="([^"]+)">([^<]*)<\/d>/g)].map((m) => (m[1] ?? '').split(',')),
  });
  const fieldKinds = (p: string[]) =>
    p.map((f, i) => (i === 0 ? /^\d+\.\d{5}$/.test(f) : i === 6 ? /^[0-9a-f]+$/.test(f) : /^\d+$/.test(f)));

  it('x/v1/dm/list.so and /<cid>.xml (deflate when accepted)', async () => {
    const sample = structure(readSampleText('danmaku_xml_list.xml'));
    const cid = cidOf(busyVideo.key, 0);
    const plain = await sim.app.inject({ url: `/x/v1/dm/list.so?oid=${cid}` });
    expect(plain.headers['content-type']).toMatch(/xml/);
    const ours = structure(plain.body);
    expect(ours.header).toEqual(sample.header);
    expect(ours.rows.length).toBeGreaterThan(0);
    for (const row of ours.rows) {
      expect(row).toHaveLength(sample.rows[0]?.length ?? 8);
      expect(fieldKinds(row).every(Boolean)).toBe(true);
    }
    const compressed = await sim.app.inject({ url: `/${cid}.xml`, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(compressed.headers['content-encoding']).toBe('deflate');
    expect(inflateRawSync(compressed.rawPayload).toString('utf8')).toBe(plain.body);
  });
});
