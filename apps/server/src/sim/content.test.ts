/**
 * Comments and danmaku: Chinese text of mixed sentiment with emotes, commenters with sex and IP location,
 * arriving over time with stable identities; paging (page numbers and the reply/wbi/main cursor).
 */
import { describe, expect, it } from 'vitest';
import { commentAt, commentCount } from './world/comments.js';
import { danmakuAt, danmakuCount } from './world/danmaku.js';
import { cidOf } from './world/ids.js';
import { DAY, signedUrl, testServer } from './testing/harness.js';
import type { SimVideo } from './world/video-model.js';
import type { SimWorld } from './world/world.js';

function busiest(world: SimWorld, t: number): SimVideo {
  let best: SimVideo | null = null;
  for (let i = 0; i < 200; i++)
    for (const v of world.videosOf(i, t)) if (!best || commentCount(v, t) > commentCount(best, t)) best = v;
  if (!best) throw new Error('no videos');
  return best;
}

interface ReplyBody {
  code: number;
  data: {
    page?: { count: number };
    cursor?: { is_end: boolean; all_count: number; pagination_reply: { next_offset: string } };
    replies: {
      rpid: number;
      ctime: number;
      member: { sex: string };
      content: { message: string };
      reply_control: { location: string };
    }[];
  };
}

describe('comments', () => {
  it('carry sex and IP location and mix sentiments, with emotes', async () => {
    const sim = await testServer();
    const t = sim.world.worldTime();
    const v = busiest(sim.world, t);
    const comments = Array.from({ length: Math.min(400, commentCount(v, t)) }, (_, i) => commentAt(sim.world, v, i, t));
    expect(comments.length).toBeGreaterThan(100);
    const sentiments = new Set(comments.map((c) => c.sentiment));
    expect([...sentiments].sort()).toEqual(['criticism', 'emote', 'irony', 'neutral', 'praise', 'question']);
    // an emote-only comment is emotes and nothing else
    for (const c of comments.filter((x) => x.sentiment === 'emote')) expect(c.message).toMatch(/^(\[[^\]]+\])+$/);
    expect(new Set(comments.map((c) => c.member.sex))).toEqual(new Set(['男', '女', '保密']));
    expect(new Set(comments.map((c) => c.location)).size).toBeGreaterThan(10);
    expect(comments.some((c) => c.message.includes('[doge]') || c.message.includes('[笑哭]'))).toBe(true);
    expect(comments.filter((c) => c.sentiment !== 'emote').every((c) => /[\u4e00-\u9fff]/.test(c.message))).toBe(true);

    const body = JSON.parse((await sim.app.inject(`/x/v2/reply?type=1&oid=${v.aid}&sort=0&ps=20`)).body) as ReplyBody;
    for (const r of body.data.replies) {
      expect(['男', '女', '保密']).toContain(r.member.sex);
      expect(r.reply_control.location).toMatch(/^IP属地：.+/);
    }
  });

  it('arrive over time: the count grows, old comments keep their identity, newest first', async () => {
    const sim = await testServer();
    const v = busiest(sim.world, sim.world.worldTime());
    const page = async () =>
      JSON.parse((await sim.app.inject(`/x/v2/reply?type=1&oid=${v.aid}&sort=0&ps=20`)).body) as ReplyBody;
    const before = await page();
    const oldest = commentAt(sim.world, v, 0, sim.world.worldTime());
    sim.clock.advance(3 * DAY);
    const after = await page();
    expect(after.data.page?.count).toBeGreaterThan(before.data.page?.count ?? 0);
    const firstBefore = before.data.replies[0];
    expect(after.data.replies.map((r) => r.rpid)).not.toContain(firstBefore?.rpid);
    const again = commentAt(sim.world, v, 0, sim.world.worldTime());
    expect({ ...again, like: 0 }).toEqual({ ...oldest, like: 0 });
    const ctimes = after.data.replies.map((r) => r.ctime);
    expect([...ctimes].sort((a, b) => b - a)).toEqual(ctimes);
  });

  it('reply/wbi/main walks every comment once by cursor (time mode)', async () => {
    const sim = await testServer();
    const t = sim.world.worldTime();
    let v = busiest(sim.world, t);
    for (let i = 0; i < 200 && commentCount(v, t) > 120; i++) {
      const smaller = sim.world.videosOf(i, t).find((x) => commentCount(x, t) > 30 && commentCount(x, t) <= 120);
      if (smaller) v = smaller;
    }
    const total = commentCount(v, t);
    const seen = new Set<number>();
    let offset = '';
    for (let guard = 0; guard < 50; guard++) {
      const url = signedUrl(
        '/x/v2/reply/wbi/main',
        { type: 1, oid: v.aid, mode: 2, pagination_str: JSON.stringify({ offset }) },
        Math.floor(sim.clock.now() / 1000),
      );
      const body = JSON.parse((await sim.app.inject(url)).body) as ReplyBody;
      expect(body.code).toBe(0);
      for (const r of body.data.replies) {
        expect(seen.has(r.rpid)).toBe(false);
        seen.add(r.rpid);
      }
      if (body.data.cursor?.is_end) break;
      offset = body.data.cursor?.pagination_reply.next_offset ?? '';
    }
    expect(seen.size).toBe(total);
  });
});

describe('danmaku', () => {
  it('mixed sentiment, within the video, arriving over time', async () => {
    const sim = await testServer();
    const t = sim.world.worldTime();
    const v = busiest(sim.world, t);
    const count = danmakuCount(v, t);
    expect(count).toBeGreaterThan(50);
    const items = Array.from({ length: Math.min(count, 300) }, (_, i) => danmakuAt(sim.world, v, i));
    expect(new Set(items.map((d) => d.sentiment)).size).toBe(6);
    for (const d of items) {
      expect(d.progress).toBeGreaterThanOrEqual(0);
      expect(d.progress).toBeLessThanOrEqual(v.duration);
      expect(d.ctimeMs).toBeGreaterThanOrEqual(v.pubMs);
      expect(d.ctimeMs).toBeLessThanOrEqual(t);
    }
    const xml = async () =>
      (await sim.app.inject(`/x/v1/dm/list.so?oid=${cidOf(v.key, 0)}`)).body.match(/<d p=/g)?.length ?? 0;
    const before = await xml();
    sim.clock.advance(5 * DAY);
    expect(await xml()).toBeGreaterThanOrEqual(before);
  });
});
