import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  ApiCode,
  DiscoveryMsg,
  FEATURE_POLICY,
  FREE_VIDEO_ROWS,
  Msg,
  VideoLibraryMsg,
  encodeKeyword,
  type VideoSearchAnswer,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { readXlsx } from '../../../test/xlsx-read.js';
import { createMember, type TestMember } from '../membership/test-members.js';

/**
 * GET /api/searchVideo (issue #26 item 5; docs/api/video-library.md): the videos written here carry a title word
 * no demo title has (霁虹), so every answer below is computed by hand from this table.
 */
let t: TestApp;
let free: TestMember;
let basic: TestMember;
let ent: TestMember;
let tid: number;
let otherTid: number;

// title, duration s, plays, likes, publish instant (UTC), vertical, partition (0 = tid, 1 = otherTid), status
type Spec = [string, number, number, number, string, boolean | null, 0 | 1, number];
const SPECS: Spec[] = [
  ['霁虹 竖屏一分钟', 45, 50_000, 3_000, '2026-10-01T02:00:00Z', true, 0, 0],
  ['霁虹 横屏长视频', 900, 2_000_000, 90_000, '2026-10-02T02:00:00Z', false, 0, 0],
  ['霁虹 竖屏三分钟', 180, 800_000, 40_000, '2026-10-03T02:00:00Z', true, 1, 0],
  ['霁虹 横屏短片', 30, 5_000, 800, '2026-10-04T02:00:00Z', false, 1, 0],
  ['霁虹 方向未知短片', 20, 120_000, 500, '2026-10-05T02:00:00Z', null, 0, 0],
  // Shanghai 2026-10-06 00:30 is UTC 2026-10-05 16:30: the day filters must count it on the 6th
  ['霁虹 午夜发布', 600, 300, 10, '2026-10-05T16:30:00Z', false, 0, 0],
  ['霁虹 已删除', 50, 9_999_999, 999_999, '2026-10-07T02:00:00Z', true, 0, -1],
];
const ids = new Map<string, number>();
const idOf = (title: string) => ids.get(title) ?? -1;

beforeAll(async () => {
  t = await createTestApp();
  free = await createMember(t.ctx, { userType: 0 });
  basic = await createMember(t.ctx, { userType: 1 });
  ent = await createMember(t.ctx, { userType: 3 });
  const leaves = await sql<{ tid: number }>`
    SELECT tid FROM partitions WHERE parent_id IS NOT NULL ORDER BY tid LIMIT 2`.execute(t.ctx.db);
  tid = leaves.rows[0]?.tid ?? 0;
  otherTid = leaves.rows[1]?.tid ?? 0;
  const creator = await sql<{ id: string }>`
    INSERT INTO creators (mid, name, face, tracked_since) VALUES (987654321012, '霁虹测试UP', '', now())
    RETURNING id`.execute(t.ctx.db);
  const creatorId = creator.rows[0]?.id ?? '0';
  let n = 0;
  for (const [title, duration, play, likes, pub, vertical, part, status] of SPECS) {
    n += 1;
    const r = await sql<{ id: string }>`
      INSERT INTO videos (aid, bvid, creator_id, title, duration, pubdate, tid, play, likes, vertical, status)
      VALUES (${970_000_000 + n}, ${`BV1jihong${n}`}, ${creatorId}, ${title}, ${duration}, ${pub}::timestamptz,
              ${part === 0 ? tid : otherTid}, ${play}, ${likes}, ${vertical}, ${status})
      RETURNING id`.execute(t.ctx.db);
    ids.set(title, Number(r.rows[0]?.id));
  }
});
afterAll(async () => {
  await t.close();
});

type Params = Record<string, string | number>;
async function search(params: Params, member: TestMember = ent) {
  const res = await t.call('GET', '/api/searchVideo', params, { token: member.token });
  expect(res.status).toBe(200);
  return res.body as unknown as VideoSearchAnswer & { requiredLevel?: number };
}
const titles = (a: VideoSearchAnswer) => a.videoInfos.map((v) => v.title);
const kw = encodeKeyword('霁虹');

describe('GET /api/searchVideo', () => {
  it('refuses without a session', async () => {
    const res = await t.call('GET', '/api/searchVideo', { keyword: kw });
    expect(res.status).toBe(401);
  });

  it('finds visible videos by title, newest first by default, with the §3 fields and the vertical mark', async () => {
    const a = await search({ keyword: kw });
    expect(a.code).toBe(ApiCode.OK);
    expect(titles(a)).toEqual([
      '霁虹 午夜发布',
      '霁虹 方向未知短片',
      '霁虹 横屏短片',
      '霁虹 竖屏三分钟',
      '霁虹 横屏长视频',
      '霁虹 竖屏一分钟',
    ]);
    expect(a).toMatchObject({ total: 6, totalCapped: false, pageNo: 1, pageSize: 20, limited: false });
    expect(a.videoInfos.find((v) => v.title === '霁虹 横屏长视频')).toMatchObject({
      videoId: idOf('霁虹 横屏长视频'),
      playDuration: 900,
      playNum: 2_000_000,
      praiseNum: 90_000,
      tid,
      kolName: '霁虹测试UP',
      isVertical: 0,
      isCollect: 0,
      isPut: 0,
      sourceUrl: 'https://www.bilibili.com/video/BV1jihong2',
    });
    expect(a.videoInfos.find((v) => v.title === '霁虹 方向未知短片')?.isVertical).toBeNull();
    expect(a.videoInfos.find((v) => v.title === '霁虹 竖屏一分钟')?.isVertical).toBe(1);
  });

  it('sorts by plays and by likes (ties by id), and pages', async () => {
    expect(titles(await search({ keyword: kw, sort: 'play' }))).toEqual([
      '霁虹 横屏长视频',
      '霁虹 竖屏三分钟',
      '霁虹 方向未知短片',
      '霁虹 竖屏一分钟',
      '霁虹 横屏短片',
      '霁虹 午夜发布',
    ]);
    expect(titles(await search({ keyword: kw, sort: 'like' })).slice(0, 3)).toEqual([
      '霁虹 横屏长视频',
      '霁虹 竖屏三分钟',
      '霁虹 竖屏一分钟',
    ]);
    const p2 = await search({ keyword: kw, sort: 'play', pageNo: 2, pageSize: 4 });
    expect(titles(p2)).toEqual(['霁虹 横屏短片', '霁虹 午夜发布']);
    expect(p2.total).toBe(6);
  });

  it('matches 1- and 2-character keywords through the gram index and longer ones through pg_trgm', async () => {
    expect((await search({ keyword: encodeKeyword('霁') })).total).toBe(6);
    expect(titles(await search({ keyword: encodeKeyword('午夜') }))).toEqual(['霁虹 午夜发布']);
    expect(titles(await search({ keyword: encodeKeyword('霁虹 横屏') }))).toEqual(['霁虹 横屏短片', '霁虹 横屏长视频']);
    expect((await search({ keyword: encodeKeyword('霁虹 不存在的词') })).videoInfos).toEqual([]);
  });

  it('filters by duration, plays, likes, partition and Asia/Shanghai publish days (ends included)', async () => {
    expect(titles(await search({ keyword: kw, durationMin: 30, durationMax: 60 }))).toEqual([
      '霁虹 横屏短片',
      '霁虹 竖屏一分钟',
    ]);
    expect(titles(await search({ keyword: kw, playMin: 100_000, playMax: 1_000_000 }))).toEqual([
      '霁虹 方向未知短片',
      '霁虹 竖屏三分钟',
    ]);
    expect(titles(await search({ keyword: kw, likeMin: 40_000 }))).toEqual(['霁虹 竖屏三分钟', '霁虹 横屏长视频']);
    expect(titles(await search({ keyword: kw, tid: otherTid }))).toEqual(['霁虹 横屏短片', '霁虹 竖屏三分钟']);
    expect(titles(await search({ keyword: kw, pubFrom: '2026-10-06', pubTo: '2026-10-06' }))).toEqual([
      '霁虹 午夜发布',
    ]);
    expect(titles(await search({ keyword: kw, pubFrom: '2026-10-02', pubTo: '2026-10-03' }))).toEqual([
      '霁虹 竖屏三分钟',
      '霁虹 横屏长视频',
    ]);
    // no keyword: the filters alone
    const noKeyword = await search({ playMin: 2_000_000, playMax: 2_000_000, durationMin: 900, durationMax: 900 });
    expect(titles(noKeyword)).toContain('霁虹 横屏长视频');
  });

  it('short=1 is the short-video library (≤ 60 s or vertical) from 初级版, with the shape filter', async () => {
    expect(titles(await search({ keyword: kw, short: 1 }, basic))).toEqual([
      '霁虹 方向未知短片',
      '霁虹 横屏短片',
      '霁虹 竖屏三分钟',
      '霁虹 竖屏一分钟',
    ]);
    expect(titles(await search({ keyword: kw, short: 1, shape: 'vertical' }, basic))).toEqual([
      '霁虹 竖屏三分钟',
      '霁虹 竖屏一分钟',
    ]);
    expect(titles(await search({ keyword: kw, short: 1, shape: 'horizontal' }, basic))).toEqual(['霁虹 横屏短片']);
    const refused = await search({ keyword: kw, short: 1 }, free);
    expect(refused).toMatchObject({
      code: ApiCode.FAIL,
      message: Msg.upgradeTitle,
      requiredLevel: FEATURE_POLICY['video.short'].level,
    });
  });

  it('gives 免费版 the first FREE_VIDEO_ROWS rows and refuses the pages past them (video.search)', async () => {
    const first = await search({ pageSize: 50 }, free);
    expect(first.code).toBe(ApiCode.OK);
    expect(first.videoInfos).toHaveLength(FREE_VIDEO_ROWS);
    expect(first.limited).toBe(true);
    const past = await search({ pageNo: 2, pageSize: FREE_VIDEO_ROWS }, free);
    expect(past).toMatchObject({ code: ApiCode.FAIL, requiredLevel: FEATURE_POLICY['video.search'].level });
    const paid = await search({ pageNo: 2, pageSize: FREE_VIDEO_ROWS }, basic);
    expect(paid).toMatchObject({ code: ApiCode.OK, limited: false });
    expect(paid.videoInfos).toHaveLength(FREE_VIDEO_ROWS);
  });

  it("marks the rows the caller's team collected (收藏) and put on the delivery list", async () => {
    const id = idOf('霁虹 竖屏一分钟');
    const add = await t.call('POST', '/api/user/addLinkVideo', { type: 1, videoId: id }, { token: basic.token });
    expect(add.body.code).toBe(ApiCode.OK);
    const mine = (await search({ keyword: kw }, basic)).videoInfos.find((v) => v.videoId === id);
    expect(mine).toMatchObject({ isCollect: 1, isPut: 0 });
    const others = (await search({ keyword: kw }, ent)).videoInfos.find((v) => v.videoId === id);
    expect(others).toMatchObject({ isCollect: 0, isPut: 0 });
  });

  it('refuses bad input with a Chinese message and answers nothing else', async () => {
    const cases: [Params, string][] = [
      [{ durationMin: 100, durationMax: 10 }, VideoLibraryMsg.durationInvalid],
      [{ durationMin: -1 }, VideoLibraryMsg.durationInvalid],
      [{ playMin: 'abc' }, VideoLibraryMsg.playRangeInvalid],
      [{ playMin: 10, playMax: 5 }, VideoLibraryMsg.playRangeInvalid],
      [{ likeMax: 1.5 }, VideoLibraryMsg.likeRangeInvalid],
      [{ pubFrom: '2026-13-01' }, VideoLibraryMsg.pubRangeInvalid],
      [{ pubFrom: '2026-10-05', pubTo: '2026-10-01' }, VideoLibraryMsg.pubRangeInvalid],
      [{ sort: 'fans' }, DiscoveryMsg.sortInvalid],
      [{ tid: 0 }, DiscoveryMsg.tidInvalid],
      [{ short: 2 }, VideoLibraryMsg.shortInvalid],
      [{ shape: 'vertical' }, VideoLibraryMsg.shapeInvalid],
      [{ short: 1, shape: 'round' }, VideoLibraryMsg.shapeInvalid],
      [{ sponsored: 'yes' }, VideoLibraryMsg.sponsoredInvalid],
      [{ pageNo: 51, pageSize: 20 }, VideoLibraryMsg.pageTooDeep],
      [{ pageSize: 51 }, DiscoveryMsg.pageSizeInvalid],
      [{ keyword: encodeKeyword('霁'.repeat(30)) }, DiscoveryMsg.contentKeywordTooLong],
      [{ keyword: encodeKeyword('霁\u0000虹') }, Msg.textInvalid],
    ];
    for (const [params, message] of cases) {
      const a = await search(params);
      expect(a, JSON.stringify(params)).toMatchObject({ code: ApiCode.FAIL, message });
      expect(a.videoInfos, JSON.stringify(params)).toBeUndefined();
    }
  });

  it('filters by the commerce verdict: sponsored=1 the sponsored videos, 0 the ones read and judged not sponsored', async () => {
    const all = await search({ keyword: kw, sort: 'play', pageSize: 50 });
    const ids = (all.videoInfos ?? []).map((v) => String(v.videoId));
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const [yes, no] = [ids[0] ?? '', ids[1] ?? ''];
    await sql`DELETE FROM video_sponsorships WHERE video_id = ANY(${ids}::bigint[])`.execute(t.ctx.db);
    await sql`INSERT INTO video_sponsorships (video_id, creator_id, sponsored, score)
      SELECT id, creator_id, id = ${yes}::bigint, CASE WHEN id = ${yes}::bigint THEN 0.95 ELSE 0.05 END
      FROM videos WHERE id IN (${yes}::bigint, ${no}::bigint)`.execute(t.ctx.db);
    const sponsored = await search({ keyword: kw, sort: 'play', pageSize: 50, sponsored: 1 });
    const plain = await search({ keyword: kw, sort: 'play', pageSize: 50, sponsored: 0 });
    // other videos of the world may carry verdicts from the collector: ours are where they belong
    const idsOf = (a: typeof all) => (a.videoInfos ?? []).map((v) => String(v.videoId));
    expect(idsOf(sponsored)).toContain(yes);
    expect(idsOf(sponsored)).not.toContain(no);
    expect(idsOf(plain)).toContain(no);
    expect(idsOf(plain)).not.toContain(yes);
    // a video without a verdict (not read) is in neither list
    const unread = ids.slice(2);
    expect(idsOf(sponsored).filter((id) => unread.includes(id))).toEqual([]);
    expect(idsOf(plain).filter((id) => unread.includes(id))).toEqual([]);
  });

  it('exports the search as the list shows it (export=1, 企业版) and refuses it below 企业版', async () => {
    const list = await search({ keyword: kw, sort: 'play' });
    const res = await t.call('GET', '/api/searchVideo', { keyword: kw, sort: 'play', export: 1 }, { token: ent.token });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = readXlsx(res.raw.rawPayload)[0];
    expect(sheet?.rows[0]?.map((c) => c.value)).toContain('画面');
    expect(sheet?.rows.slice(1).map((r) => r[0]?.value)).toEqual(titles(list));
    const refused = await t.call('GET', '/api/searchVideo', { keyword: kw, export: 1 }, { token: basic.token });
    expect(refused.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.exportBlocked });
  });
});
