import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  DiscoveryMsg,
  type HotAnalyseAnswer,
  type HotSpotAnswer,
  type HotTagAnswer,
  type HotVideoAnswer,
  type RecommendVideoAnswer,
  type TopicDetailAnswer,
} from '@xg/shared';
import { getAnswer, useTestApp, type CallParams } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';
import { HotRepository, hotScoreSql, type TitleRow } from './hot.repository.js';
import { CatalogRepository } from '../creators/catalog.repository.js';
import { CatalogService } from '../creators/catalog.service.js';
import { HOT_TOP_ROWS, HotService, aggregateTags, aggregateTopics, titleTags, videoTopics } from './hot.service.js';
import { STOP_WORDS, titleKeywords } from './keywords.js';

describe('hot content maths', () => {
  const row = (title: string, creatorId: string, play = 100, hotScore = 1, tags: string[] = []): TitleRow => ({
    id: title,
    title,
    tags,
    creatorId,
    play,
    hotScore,
  });

  it('reads 【tags】 and #tags# from titles', () => {
    expect(titleTags('【原神】我用50天钓鱼 #钓鱼# 【原神】')).toEqual(['原神', '钓鱼']);
    expect(titleTags('没有标签的标题')).toEqual([]);
  });

  it('sums tags over videos and keeps tags with 2+ videos', () => {
    const tags = aggregateTags(
      [row('【原神】a', '1', 100, 3), row('【原神】b', '2', 50, 2), row('【单个】c', '1')],
      10,
    );
    expect(tags).toEqual([{ tag: '原神', videoNum: 2, playNum: 150, hotScore: 5 }]);
  });

  it('sums platform tags with title tags, once per video', () => {
    const tags = aggregateTags([row('【原神】a', '1', 100, 3, ['原神', '抽卡']), row('b', '2', 50, 2, ['抽卡'])], 10);
    expect(tags).toEqual([{ tag: '抽卡', videoNum: 2, playNum: 150, hotScore: 5 }]);
  });

  it('cuts titles into whole content words with the segmenter, never fragments', () => {
    expect(titleKeywords('大学生的一天：宿舍里的生活vlog')).toEqual(['大学生', '宿舍']);
    expect(titleKeywords('英雄联盟全成就攻略，看这一期就够了')).toEqual(['英雄联盟']);
    expect(titleKeywords('外卖小哥的一天到底能赚多少钱？')).toEqual(['外卖小哥']);
    expect(titleKeywords('【原神】4.2版本芙宁娜抽卡测评')).toEqual(['原神', '芙宁娜', '抽卡']);
    expect(titleKeywords('为什么年轻人都不愿意结婚了')).toEqual(['年轻人']);
    expect(titleKeywords('2025年度总结｜我在上海的第三年')).toEqual(['上海']);
    for (const stop of ['的一天', '一天', '什么', '里的', '一期', '下大学生的一']) {
      expect(titleKeywords(`下大学生的一天里的什么，看这一期${stop}`)).not.toContain(stop);
    }
  });

  it("a video's topics: its platform tags, title tags and title keywords, without partition names", () => {
    const topics = videoTopics(
      { title: '#露营# 【原神】芙宁娜抽卡', tags: ['单机游戏', '手游', 'VLOG'] },
      new Set(['单机游戏']),
    );
    expect(topics.sort()).toEqual(['原神', '手游', '抽卡', '芙宁娜', '露营'].sort());
  });

  it('keeps topics with 3+ videos from 2+ creators, ranked by the sum of hot scores', () => {
    const rows = [
      row('苏州骑行路线分享', '1', 10, 5),
      row('苏州美食探店', '2', 10, 5),
      row('周末去苏州', '3', 10, 5, ['旅行']),
      row('独居第1天', '4', 10, 1),
      row('独居第2天', '4', 10, 1),
      row('独居第3天', '4', 10, 1), // one creator only: not a topic
      row('我的一天', '5', 10, 9),
      row('你的一天', '6', 10, 9),
      row('他的一天', '7', 10, 9), // 一天 is a stop word
    ];
    const topics = aggregateTopics(rows, 10);
    expect(topics.map((x) => x.topic)).toEqual(['苏州']);
    expect(topics[0]).toMatchObject({ topic: '苏州', videoNum: 3, kolNum: 3, playNum: 30, hotScore: 15 });
  });
});

const t = useTestApp();
let member: TestMember;

beforeAll(async () => {
  member = await createMember(t.ctx, { userType: 0 });
});

type Params = CallParams;
const get = <T>(path: string, params: Params = {}) => getAnswer<T>(t, path, params, member.token);

describe('hot content endpoints', () => {
  it('hotVideo: the window’s visible videos by hot score', async () => {
    const body = await get<HotVideoAnswer>('/api/hotVideo', { days: 7, pageSize: 10 });
    expect(body.code).toBe(200);
    const asOf = await sql<{ t: Date }>`SELECT max(pubdate) AS t FROM videos`.execute(t.ctx.db);
    const n = await sql<{ n: string }>`
      SELECT count(*) AS n FROM videos WHERE status = 0 AND pubdate > ${asOf.rows[0]?.t}::timestamptz - interval '7 days'`.execute(
      t.ctx.db,
    );
    expect(body.total).toBe(Number(n.rows[0]?.n));
    expect(body.videoInfos.length).toBe(Math.min(10, body.total));
    const scores = body.videoInfos.map((v) => v.hotScore);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(body.videoInfos.map((v) => v.rank)).toEqual(body.videoInfos.map((_, i) => i + 1));
    for (const v of body.videoInfos) expect(v.status).toBe(0);
    // counts that hold together: no leader with plays and no likes or coins (issue #13 item 5)
    for (const v of body.videoInfos.filter((x) => x.playNum >= 500)) {
      expect(v.praiseNum).toBeGreaterThan(0);
      expect(v.castCurrencyNum).toBeGreaterThan(0);
      expect(v.castCurrencyNum).toBeLessThanOrEqual(v.praiseNum);
    }
    const game = await get<HotVideoAnswer>('/api/hotVideo', { tid: 4 });
    const tids = (
      await sql<{ tid: number }>`SELECT tid FROM partitions WHERE tid = 4 OR parent_id = 4`.execute(t.ctx.db)
    ).rows.map((r) => r.tid);
    for (const v of game.videoInfos) expect(tids).toContain(v.tid);
  });

  it('hotVideo pages: slices of the cached top rows and deeper pages scored on their own give one order', async () => {
    const top = 40;
    const service = new HotService(
      t.ctx.db,
      new HotRepository(t.ctx.db),
      new CatalogService(new CatalogRepository(t.ctx.db)),
      top,
    );
    const page = async (pageNo: number, pageSize: number) =>
      (await service.hotVideo({ days: 7, pageNo, pageSize })).videoInfos.map((v) => [v.videoId, v.rank]);
    const whole = await page(1, 50); // past the kept rows: scored by SQL on its own
    expect(whole.length).toBe(50);
    expect(whole.map(([, rank]) => rank)).toEqual(whole.map((_, i) => i + 1));
    // pages within the kept rows are slices of them, in the same order; a page across the end is scored on its own
    const paged = [];
    for (let n = 1; n <= 5; n++) paged.push(...(await page(n, 10)));
    expect(paged).toEqual(whole);
    expect(HOT_TOP_ROWS).toBe(2_000); // the product's: 40 pages of the largest page size
  });

  it('hot score: the gain is per day between the last two stored days, a gap’s gain spread over its days', async () => {
    const asOf = new Date('2030-01-10T12:00:00Z');
    const v = await sql<{ id: string }>`SELECT id FROM videos WHERE status = 0 ORDER BY id DESC LIMIT 1`.execute(
      t.ctx.db,
    );
    const id = v.rows[0]?.id ?? '';
    await sql`DELETE FROM video_daily WHERE video_id = ${id}`.execute(t.ctx.db);
    const stats = await sql<{ play: string; interactions: string; pubdate: Date }>`
      SELECT play, likes + coin + favorite + share + reply + danmaku AS interactions, pubdate
      FROM videos WHERE id = ${id}`.execute(t.ctx.db);
    const s = stats.rows[0] as { play: string; interactions: string; pubdate: Date };
    const score = async () =>
      Number(
        (await sql<{ s: number }>`SELECT ${hotScoreSql(asOf)} AS s FROM videos v WHERE v.id = ${id}`.execute(t.ctx.db))
          .rows[0]?.s,
      );
    const factor =
      (1 + Math.min(1, Number(s.interactions) / Math.max(Number(s.play), 1))) /
      Math.pow(Math.max((asOf.getTime() - s.pubdate.getTime()) / 3_600_000, 0) + 2, 1.5);
    // one stored day: all its plays
    await sql`INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
      VALUES (${id}, '2030-01-06', 1000, 0, 0, 0, 0, 0, 0)`.execute(t.ctx.db);
    expect(await score()).toBeCloseTo(Number(s.play) * factor, 6);
    // the last day three days after the previous: 3,000 plays over 3 days is a gain of 1,000 a day
    await sql`INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
      VALUES (${id}, '2030-01-09', 4000, 0, 0, 0, 0, 0, 0)`.execute(t.ctx.db);
    expect(await score()).toBeCloseTo(1000 * factor, 6);
    // consecutive days: that day's gain
    await sql`INSERT INTO video_daily (video_id, day, play, likes, coin, favorite, share, reply, danmaku)
      VALUES (${id}, '2030-01-10', 4600, 0, 0, 0, 0, 0, 0)`.execute(t.ctx.db);
    expect(await score()).toBeCloseTo(600 * factor, 6);
    await sql`DELETE FROM video_daily WHERE video_id = ${id} AND day >= '2030-01-01'`.execute(t.ctx.db);
  });

  it('hotTag, hotSpot and topicDetail', async () => {
    const tags = await get<HotTagAnswer>('/api/hotTag', { days: 30 });
    expect(tags.code).toBe(200);
    expect(tags.tags.length).toBeGreaterThan(0);
    for (const tag of tags.tags) expect(tag.videoNum).toBeGreaterThanOrEqual(2);
    const spots = await get<HotSpotAnswer>('/api/hotSpot');
    expect(spots.code).toBe(200);
    const topic = spots.topics[0];
    if (topic) {
      const detail = await get<TopicDetailAnswer>('/api/topicDetail', {
        topic: encodeURIComponent(topic.topic),
        pageSize: 5,
      });
      expect(detail).toMatchObject({ code: 200, topic: topic.topic, videoNum: topic.videoNum, kolNum: topic.kolNum });
      const stored = await sql<{ title: string; tags: string[] }>`
        SELECT title, tags FROM videos WHERE bvid = ANY(${detail.videoInfos.map((v) => v.bvid)}::text[])`.execute(
        t.ctx.db,
      );
      expect(stored.rows.length).toBe(detail.videoInfos.length);
      for (const v of stored.rows) expect(videoTopics(v, new Set())).toContain(topic.topic);
    }
    // real words only: no title fragments, no stop words, no partition names
    expect(spots.topics.length).toBeGreaterThan(0);
    const partitions = new Set(
      (await sql<{ name: string }>`SELECT name FROM partitions`.execute(t.ctx.db)).rows.map((r) => r.name),
    );
    for (const s of spots.topics) {
      expect(STOP_WORDS.has(s.topic)).toBe(false);
      expect(partitions.has(s.topic)).toBe(false);
      expect(s.topic).not.toMatch(/^(的|里|了|下)|(的|里|了)$/u);
    }
    expect((await get('/api/topicDetail', {})).message).toBe(DiscoveryMsg.topicRequired);
    expect((await get('/api/hotTag', { days: 3 })).message).toBe(DiscoveryMsg.daysInvalid);
  });

  it('hotAnalyse: per top-level partition figures', async () => {
    const body = await get<HotAnalyseAnswer>('/api/hotAnalyse', { days: 30 });
    expect(body.days).toBe(30);
    const total = body.partitions.reduce((s, p) => s + p.videoNum, 0);
    const asOf = await sql<{ t: Date }>`SELECT max(pubdate) AS t FROM videos`.execute(t.ctx.db);
    const n = await sql<{ n: string }>`
      SELECT count(*) AS n FROM videos WHERE status = 0 AND tid IS NOT NULL
        AND pubdate > ${asOf.rows[0]?.t}::timestamptz - interval '30 days'`.execute(t.ctx.db);
    expect(total).toBe(Number(n.rows[0]?.n));
    for (const p of body.partitions) {
      if (p.videoNum > 0) expect(p.avgPlayNum).toBe(Math.round(p.playNum / p.videoNum));
      expect(p.interactRate).toBeGreaterThanOrEqual(0);
    }
  });

  it('recommendVideo: recent videos with 10k+ plays by engagement', async () => {
    const body = await get<RecommendVideoAnswer>('/api/recommendVideo', { pageSize: 20 });
    const rates = body.videoInfos.map((v) => v.interactRate);
    expect([...rates].sort((a, b) => b - a)).toEqual(rates);
    for (const v of body.videoInfos) expect(v.playNum).toBeGreaterThanOrEqual(10_000);
  });

  it('checks parameters; 401 without a token', async () => {
    expect((await get('/api/hotVideo', { days: 2 })).message).toBe(DiscoveryMsg.daysInvalid);
    expect((await get('/api/hotVideo', { tid: 999_999 })).message).toBe(DiscoveryMsg.tidInvalid);
    expect((await get('/api/recommendVideo', { pageSize: 0 })).message).toBe(DiscoveryMsg.pageSizeInvalid);
    for (const path of [
      '/api/hotVideo',
      '/api/hotTag',
      '/api/hotSpot',
      '/api/topicDetail',
      '/api/hotAnalyse',
      '/api/recommendVideo',
    ]) {
      expect((await t.call('GET', path, { topic: 'x' })).status).toBe(401);
    }
  });
});
