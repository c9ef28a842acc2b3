import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPINION_RANGE_MAX_DAYS,
  Msg,
  OPINION_TIER_RULES,
  OpinionMsg,
  UserType,
  type OpinionBasicAnswer,
  type OpinionListAnswer,
  type OpinionStatisticsAnswer,
  type OpinionTask,
  type OpinionTaskListAnswer,
  type OpinionVideoCheck,
  type OpinionWarnListAnswer,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { silentLogger } from '../../jobs/clock.js';
import type { OpinionService as CollectorOpinion } from '../collector/opinion.service.js';
import { createMember, toleratePoolShutdown, type TestMember } from '../membership/test-members.js';
import { OpinionTaskRunner } from './opinion.jobs.js';
import type { WarningSink } from './opinion.notify.js';
import { OpinionRepository } from './opinion.repository.js';
import { scorePending, type Scorer } from './opinion.scoring.js';

/**
 * Opinion through the whole app (buildApp().inject()) on real PostgreSQL: every call with its bad inputs, the
 * tier gates, limits and windows, owner isolation, the figures of a hand-made fixture (docs/metrics.md
 * "Opinion"), the export of the list and the notices, and the warning rules raising each event once.
 */
let t: TestApp;
let ent: TestMember; // 企业版: everything
let entSub: TestMember; // its sub-account (same team)
let other: TestMember; // another 企业版 team
let pro: TestMember; // 专业版: analysis, no warnings, no keyword tasks
let basic: TestMember; // 初级版: no opinion
let videoId = 0;
let bvid = '';
let taskId = 0;
const base = Date.parse('2031-05-01T00:00:00Z');
const H = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  toleratePoolShutdown(t.ctx);
  ent = await createMember(t.ctx, { userType: UserType.ENTERPRISE });
  entSub = await createMember(t.ctx, { userType: 0, parentId: ent.id });
  other = await createMember(t.ctx, { userType: UserType.ENTERPRISE });
  pro = await createMember(t.ctx, { userType: UserType.PRO });
  basic = await createMember(t.ctx, { userType: UserType.BASIC });
  const c = await sql<{ id: string }>`SELECT id FROM creators ORDER BY id LIMIT 1`.execute(t.ctx.db);
  const v = await sql<{ id: number }>`
    INSERT INTO videos (aid, bvid, creator_id, title, pubdate)
    VALUES (990000001, 'BV1op1n1on99', ${c.rows[0]?.id}, '舆情测试视频', ${new Date(base - 48 * H)})
    RETURNING id::int AS id`.execute(t.ctx.db);
  videoId = v.rows[0]?.id ?? 0;
  bvid = 'BV1op1n1on99';
  await seedTexts();
});
afterAll(async () => {
  await t.close();
});

/**
 * The fixture: hour 0 has 4 comments (2 positive, 1 neutral, 1 negative), hour 1 nothing, hour 2 has 2 comments
 * (negative) and 2 danmaku (1 positive, 1 unscored); one sub-reply. Labels set directly (the model is not under
 * test here).
 */
async function seedTexts(): Promise<void> {
  const rows: [number, number, string, number | null, number, number][] = [
    // rpid, hour, message, label, likes, root
    [9900001, 0, '太好看了，宝藏UP主', 1, 50, 0],
    [9900002, 0, '剪辑很用心，支持', 1, 5, 0],
    [9900003, 0, '打卡', 0, 0, 0],
    [9900004, 0, '标题党，退款', -1, 7, 0],
    [9900005, 2, '又翻车了，退款退款', -1, 100, 0],
    [9900006, 2, '同意楼上，翻车', -1, 1, 9900005],
  ];
  for (const [rpid, hour, message, label, likes, root] of rows) {
    await sql`
      INSERT INTO comments (video_id, rpid, mid, uname, sex, ip_location, message, ctime, likes, root, level,
                            sentiment_label, sentiment, sentiment_model)
      VALUES (${videoId}, ${rpid}, ${rpid % 7}, ${`用户${rpid}`}, ${rpid % 3}, ${rpid % 2 ? '广东' : '北京'}, ${message},
              ${new Date(base + hour * H + 60_000 * (rpid % 50))}, ${likes}, ${root}, 4,
              ${label}, ${label === null ? null : label === 1 ? 0.9 : label === 0 ? 0.5 : 0.1}, 'test-1')`.execute(
      t.ctx.db,
    );
  }
  await sql`
    INSERT INTO danmaku (video_id, cid, progress_ms, ctime, mid_hash, text, sentiment_label, sentiment, sentiment_model)
    VALUES (${videoId}, 1, 1000, ${new Date(base + 2 * H + 5000)}, 'a1', '好耶', 1, 0.95, 'test-1'),
           (${videoId}, 1, 2000, ${new Date(base + 2 * H + 9000)}, 'b2', '退款', NULL, NULL, NULL)`.execute(t.ctx.db);
}

const call = (
  m: TestMember | null,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string | number> = {},
) => t.call(method, path, params, { token: m?.token ?? null });
const body = <T>(r: { body: unknown }) => r.body as T & { code: number; message: string };

describe('checkOpinionVideoUrl and saveOpinionMonitor', () => {
  it('refuses anonymous callers (401) and tiers below 专业版', async () => {
    expect((await call(null, 'GET', '/api/opinion/checkOpinionVideoUrl', { videoUrl: bvid })).status).toBe(401);
    const r = await call(basic, 'GET', '/api/opinion/checkOpinionVideoUrl', { videoUrl: bvid });
    expect(r.body.code).toBe(-1);
    expect(r.body.message).toBe(Msg.upgradeTitle);
    const s = await call(basic, 'POST', '/api/opinion/saveOpinionMonitor', { videoUrl: bvid, monitorDuration: 1 });
    expect(s.body.code).toBe(-1);
  });

  it('checks a link: bad format, unknown video, a known one', async () => {
    const bad = await call(ent, 'GET', '/api/opinion/checkOpinionVideoUrl', { videoUrl: 'hello' });
    expect(bad.body).toMatchObject({ code: -1, message: OpinionMsg.urlInvalid });
    const control = await call(ent, 'GET', '/api/opinion/checkOpinionVideoUrl', { videoUrl: 'BV1\u0000bad' });
    expect(control.body.code).toBe(-1);
    const unknown = body<OpinionVideoCheck>(
      await call(ent, 'GET', '/api/opinion/checkOpinionVideoUrl', {
        videoUrl: 'https://www.bilibili.com/video/BV1zz9zz9zz9',
      }),
    );
    expect(unknown).toMatchObject({ code: 200, flag: 0, message: OpinionMsg.collecting });
    const known = body<OpinionVideoCheck>(
      await call(ent, 'GET', '/api/opinion/checkOpinionVideoUrl', {
        videoUrl: `https://www.bilibili.com/video/${bvid}/?spm_id_from=333`,
      }),
    );
    expect(known).toMatchObject({ code: 200, flag: 1, videoId, title: '舆情测试视频' });
  });

  it('creates a video task with rules, then refuses the same video again (also for the sub-account)', async () => {
    const r = await call(ent, 'POST', '/api/opinion/saveOpinionMonitor', {
      kind: 'video',
      videoUrl: bvid,
      monitorDuration: 7,
      negThreshold: 50,
      minVolume: 2,
      watchWords: '退款，翻车',
    });
    expect(r.body).toMatchObject({ code: 200, message: OpinionMsg.created });
    taskId = Number(r.body.id);
    const again = await call(entSub, 'POST', '/api/opinion/saveOpinionMonitor', { videoUrl: bvid, monitorDuration: 1 });
    expect(again.body).toMatchObject({ code: -1, message: OpinionMsg.alreadyAdded });
    const check = await call(entSub, 'GET', '/api/opinion/checkOpinionVideoUrl', { videoUrl: bvid });
    expect(check.body).toMatchObject({ code: -1, message: OpinionMsg.alreadyAdded });
    const info = body<{ task: OpinionTask }>(
      await call(entSub, 'GET', '/api/opinion/getOpinionTaskInfo', { id: taskId }),
    );
    expect(info.task).toMatchObject({
      kind: 'video',
      videoId,
      monitorDuration: 7,
      status: 1,
      rules: { negThreshold: 50, minVolume: 2, spikeFactor: 3, watchWords: ['退款', '翻车'] },
    });
    expect(Date.parse(info.task.eTime) - Date.parse(info.task.sTime)).toBe(7 * 24 * H);
  });

  it('rejects bad inputs and changes nothing', async () => {
    const before = await new OpinionRepository(t.ctx.db).liveCount(ent.id, new Date());
    const cases: [Record<string, string | number>, string][] = [
      [{ videoUrl: 'nope', monitorDuration: 1 }, OpinionMsg.urlInvalid],
      [{ videoUrl: bvid, monitorDuration: 5 }, OpinionMsg.durationInvalid],
      [{ kind: 'poll', videoUrl: bvid }, OpinionMsg.kindInvalid],
      [{ kind: 'keyword', scope: 'partition', monitorDuration: 1 }, OpinionMsg.keywordRequired],
      [{ kind: 'keyword', keyword: '退款', monitorDuration: 1 }, OpinionMsg.scopeInvalid],
      [{ kind: 'keyword', keyword: '退款', scope: 'partition', monitorDuration: 1 }, OpinionMsg.tidRequired],
      [
        { kind: 'keyword', keyword: '退款', scope: 'partition', tid: 999999, monitorDuration: 1 },
        OpinionMsg.tidUnknown,
      ],
      [{ kind: 'keyword', keyword: '很长'.repeat(20), scope: 'creators' }, OpinionMsg.keywordTooLong],
      [{ videoUrl: bvid, negThreshold: 200 }, OpinionMsg.thresholdInvalid],
      [{ videoUrl: bvid, spikeFactor: 1 }, OpinionMsg.spikeInvalid],
      [{ videoUrl: bvid, minVolume: 0 }, OpinionMsg.minVolumeInvalid],
      [{ videoUrl: bvid, watchWords: 'a,b,c,d,e,f,g,h,i,j,k' }, OpinionMsg.watchWordsInvalid],
      [{ id: 'abc', monitorDuration: 1 }, OpinionMsg.idInvalid],
      [{ id: taskId, videoUrl: bvid }, OpinionMsg.targetFixed],
      [{ id: 99999999, monitorDuration: 1 }, OpinionMsg.taskMissing],
    ];
    for (const [params, message] of cases) {
      const r = await call(ent, 'POST', '/api/opinion/saveOpinionMonitor', params);
      expect(r.body, JSON.stringify(params)).toMatchObject({ code: -1, message });
    }
    expect(await new OpinionRepository(t.ctx.db).liveCount(ent.id, new Date())).toBe(before);
  });

  it('updates the window and the rules of the team task', async () => {
    const r = await call(entSub, 'POST', '/api/opinion/saveOpinionMonitor', {
      id: taskId,
      monitorDuration: 3,
      negThreshold: 45,
      minVolume: 2,
      watchWords: '退款,翻车',
      name: '测试任务',
    });
    expect(r.body).toMatchObject({ code: 200, message: OpinionMsg.saved, id: taskId });
    const info = body<{ task: OpinionTask }>(await call(ent, 'GET', '/api/opinion/getOpinionTaskInfo', { id: taskId }));
    expect(info.task).toMatchObject({ name: '测试任务', monitorDuration: 3, rules: { negThreshold: 45 } });
  });

  it('enforces the tier: windows, rules, keyword tasks and the number of live tasks (专业版)', async () => {
    const tooLong = await call(pro, 'POST', '/api/opinion/saveOpinionMonitor', { videoUrl: bvid, monitorDuration: 3 });
    expect(tooLong.body).toMatchObject({ code: -1, message: OpinionMsg.durationNotAllowed });
    const rules = await call(pro, 'POST', '/api/opinion/saveOpinionMonitor', { videoUrl: bvid, negThreshold: 30 });
    expect(rules.body).toMatchObject({ code: -1, message: OpinionMsg.rulesNotAllowed });
    const kw = await call(pro, 'POST', '/api/opinion/saveOpinionMonitor', {
      kind: 'keyword',
      keyword: '退款',
      scope: 'creators',
    });
    expect(kw.body).toMatchObject({ code: -1, message: OpinionMsg.keywordNotAllowed });
    // 3 live tasks for 专业版: the fourth is refused
    const vids = await sql<{ bvid: string }>`
      SELECT bvid FROM videos WHERE status <> -1 AND id <> ${videoId} ORDER BY id LIMIT 4`.execute(t.ctx.db);
    const max = OPINION_TIER_RULES[UserType.PRO]?.tasks ?? 0;
    for (let i = 0; i < max; i += 1) {
      const ok = await call(pro, 'POST', '/api/opinion/saveOpinionMonitor', { videoUrl: vids.rows[i]?.bvid ?? '' });
      expect(ok.body.code).toBe(200);
    }
    const over = await call(pro, 'POST', '/api/opinion/saveOpinionMonitor', { videoUrl: vids.rows[max]?.bvid ?? '' });
    expect(over.body).toMatchObject({ code: -1, message: OpinionMsg.limitReached(max) });
    const list = body<OpinionTaskListAnswer>(await call(pro, 'GET', '/api/opinion/opinionTaskList'));
    expect(list).toMatchObject({ total: max, used: max, limit: max, canWarn: 0, keywordTasks: 0, durations: [1, 2] });
  });

  it('creates a keyword task over the saved creators (企业版)', async () => {
    const r = await call(ent, 'POST', '/api/opinion/saveOpinionMonitor', {
      kind: 'keyword',
      keyword: '退款',
      scope: 'creators',
      monitorDuration: 1,
    });
    expect(r.body.code).toBe(200);
    const info = body<{ task: OpinionTask }>(
      await call(ent, 'GET', '/api/opinion/getOpinionTaskInfo', { id: Number(r.body.id) }),
    );
    expect(info.task).toMatchObject({ kind: 'keyword', keyword: '退款', scope: 'creators', name: '退款' });
  });
});

describe('analysis', () => {
  it('getOpinionBasic: counts, shares, hot comments, locations (docs/metrics.md "Opinion")', async () => {
    const b = body<OpinionBasicAnswer>(await call(entSub, 'GET', '/api/opinion/getOpinionBasic', { id: taskId }));
    expect(b).toMatchObject({
      code: 200,
      total: 8,
      comments: 6,
      danmaku: 2,
      counts: { positive: 3, neutral: 1, negative: 3, pending: 1 },
      positiveShare: 42.9,
      negativeShare: 42.9,
      neutralShare: 14.3,
      likes: 163,
    });
    expect(b.meanScore).toBeCloseTo((0.9 * 2 + 0.5 + 0.1 * 3 + 0.95) / 7, 3);
    expect(b.hotComments.map((c) => c.likes)).toEqual([100, 50, 7, 5, 1, 0]);
    expect(b.hotComments[0]).toMatchObject({ sentiment: 'negative', level: 4, source: 'comment' });
    expect(b.locations.reduce((s, l) => s + l.value, 0)).toBe(6);
    const danmakuOnly = body<OpinionBasicAnswer>(
      await call(ent, 'GET', '/api/opinion/getOpinionBasic', { id: taskId, source: 'danmaku' }),
    );
    expect(danmakuOnly).toMatchObject({ total: 2, comments: 0, hotComments: [] });
  });

  it('getOpinionStatistics: per hour with the empty hour as zero, per day', async () => {
    const s = body<OpinionStatisticsAnswer>(
      await call(ent, 'GET', '/api/opinion/getOpinionStatistics', { id: taskId }),
    );
    expect(s.points.map((p) => [p.time, p.total, p.positive, p.negative, p.pending])).toEqual([
      [new Date(base).toISOString(), 4, 2, 1, 0],
      [new Date(base + H).toISOString(), 0, 0, 0, 0],
      [new Date(base + 2 * H).toISOString(), 4, 1, 2, 1],
    ]);
    const d = body<OpinionStatisticsAnswer>(
      await call(ent, 'GET', '/api/opinion/getOpinionStatistics', { id: taskId, grain: 'day' }),
    );
    // 2031-05-01 00:00–03:00 UTC is 08:00–11:00 on 2031-05-01 in Shanghai: one day, starting at 16:00 UTC before
    expect(d.points).toEqual([
      { time: '2031-04-30T16:00:00.000Z', total: 8, positive: 3, neutral: 1, negative: 3, pending: 1 },
    ]);
    const bad = await call(ent, 'GET', '/api/opinion/getOpinionStatistics', { id: taskId, grain: 'week' });
    expect(bad.body).toMatchObject({ code: -1, message: OpinionMsg.grainInvalid });
  });

  it('opinionList: newest first, filtered by sentiment, keyword, source and time, paged', async () => {
    const all = body<OpinionListAnswer>(
      await call(ent, 'GET', '/api/opinion/opinionList', { id: taskId, pageSize: 3 }),
    );
    expect(all.total).toBe(8);
    expect(all.list).toHaveLength(3);
    const times = all.list.map((i) => Date.parse(i.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const neg = body<OpinionListAnswer>(
      await call(ent, 'GET', '/api/opinion/opinionList', { id: taskId, sentiment: 'negative' }),
    );
    expect(neg.total).toBe(3);
    expect(neg.list.every((i) => i.sentiment === 'negative')).toBe(true);
    const kw = body<OpinionListAnswer>(
      await call(ent, 'GET', '/api/opinion/opinionList', { id: taskId, keyword: '退款' }),
    );
    expect(kw.list.map((i) => i.text).sort()).toEqual(['又翻车了，退款退款', '标题党，退款', '退款'].sort());
    const dm = body<OpinionListAnswer>(
      await call(ent, 'GET', '/api/opinion/opinionList', { id: taskId, source: 'danmaku' }),
    );
    expect(dm.list.map((i) => i.source)).toEqual(['danmaku', 'danmaku']);
    const early = body<OpinionListAnswer>(
      await call(ent, 'GET', '/api/opinion/opinionList', {
        id: taskId,
        startTime: new Date(base).toISOString(),
        endTime: new Date(base + H).toISOString(),
      }),
    );
    expect(early.total).toBe(4);
    const reply = early.list.find((i) => i.root !== '0');
    expect(reply).toBeUndefined();
    for (const [params, message] of [
      [{ id: taskId, sentiment: 'angry' }, OpinionMsg.sentimentInvalid],
      [{ id: taskId, source: 'tweet' }, OpinionMsg.sourceInvalid],
      [{ id: taskId, startTime: 'yesterday' }, OpinionMsg.timeInvalid],
      [
        { id: taskId, startTime: new Date(base + H).toISOString(), endTime: new Date(base).toISOString() },
        OpinionMsg.timeOrder,
      ],
      [{ id: 'x' }, OpinionMsg.idInvalid],
    ] as const) {
      const r = await call(ent, 'GET', '/api/opinion/opinionList', params);
      expect(r.body, JSON.stringify(params)).toMatchObject({ code: -1, message });
    }
  });

  it('the time filter: Asia/Shanghai times, the same range on figures, statistics, list and export; bad ranges refused on each', async () => {
    // hour 2 only, written as the screens send it (Shanghai time, no zone): 2031-05-01 10:00–11:00 in Shanghai
    const range = { startTime: '2031-05-01 10:00', endTime: '2031-05-01 11:00' };
    const b = body<OpinionBasicAnswer>(
      await call(ent, 'GET', '/api/opinion/getOpinionBasic', { id: taskId, ...range }),
    );
    expect(b).toMatchObject({ code: 200, total: 4, comments: 2, danmaku: 2 });
    const s = body<OpinionStatisticsAnswer>(
      await call(ent, 'GET', '/api/opinion/getOpinionStatistics', { id: taskId, ...range }),
    );
    expect(s.points.map((p) => [p.time, p.total])).toEqual([[new Date(base + 2 * H).toISOString(), 4]]);
    const l = body<OpinionListAnswer>(await call(ent, 'GET', '/api/opinion/opinionList', { id: taskId, ...range }));
    expect(l.total).toBe(4);
    expect(l.list.every((i) => Date.parse(i.time) >= base + 2 * H && Date.parse(i.time) < base + 3 * H)).toBe(true);
    // the same instant with a zone, and a day alone (its Shanghai midnight)
    const zoned = body<OpinionListAnswer>(
      await call(ent, 'GET', '/api/opinion/opinionList', {
        id: taskId,
        startTime: '2031-05-01T02:00:00Z',
        endTime: '2031-05-01T11:00:00+08:00',
      }),
    );
    expect(zoned.total).toBe(4);
    const day = body<OpinionListAnswer>(
      await call(ent, 'GET', '/api/opinion/opinionList', { id: taskId, startTime: '2031-05-02' }),
    );
    expect(day.total).toBe(0);
    const file = await call(ent, 'GET', '/api/opinion/opinionList', { id: taskId, export: 1, pageSize: 20, ...range });
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-type']).toContain('spreadsheetml');

    const longest = new Date(base + OPINION_RANGE_MAX_DAYS * 24 * H).toISOString();
    const ok = await call(ent, 'GET', '/api/opinion/opinionList', {
      id: taskId,
      startTime: new Date(base).toISOString(),
      endTime: longest,
    });
    expect(ok.body).toMatchObject({ code: 200, total: 8 });
    for (const [params, message] of [
      [{ startTime: '1' }, OpinionMsg.timeInvalid],
      [{ startTime: 'May 1, 2031' }, OpinionMsg.timeInvalid],
      [{ endTime: '2031-02-30 10:00' }, OpinionMsg.timeInvalid],
      [{ startTime: '2031-05-01 24:00' }, OpinionMsg.timeInvalid],
      [{ startTime: '2031-05-01 11:00', endTime: '2031-05-01 11:00' }, OpinionMsg.timeOrder],
      [{ startTime: '2031-05-01 12:00', endTime: '2031-05-01 11:00' }, OpinionMsg.timeOrder],
      [{ startTime: new Date(base - H).toISOString(), endTime: longest }, OpinionMsg.timeSpan],
    ] as const) {
      for (const path of ['getOpinionBasic', 'getOpinionStatistics', 'opinionList']) {
        const r = await call(ent, 'GET', `/api/opinion/${path}`, { id: taskId, ...params });
        expect(r.body, `${path} ${JSON.stringify(params)}`).toMatchObject({ code: -1, message });
      }
      const e = await call(ent, 'GET', '/api/opinion/opinionList', { id: taskId, export: 1, ...params });
      expect(e.body, `export ${JSON.stringify(params)}`).toMatchObject({ code: -1, message });
    }
  });

  it('another team gets the same answer as a missing task, and cannot delete it', async () => {
    for (const path of [
      'getOpinionBasic',
      'getOpinionStatistics',
      'opinionList',
      'getOpinionTaskInfo',
      'delOpinionTask',
    ]) {
      const r = await call(other, 'GET', `/api/opinion/${path}`, { id: taskId });
      expect(r.body, path).toMatchObject({ code: -1, message: OpinionMsg.taskMissing });
    }
    const upd = await call(other, 'POST', '/api/opinion/saveOpinionMonitor', { id: taskId, monitorDuration: 1 });
    expect(upd.body).toMatchObject({ code: -1, message: OpinionMsg.taskMissing });
    const info = await call(ent, 'GET', '/api/opinion/getOpinionTaskInfo', { id: taskId });
    expect(info.body.code).toBe(200);
    const list = body<OpinionTaskListAnswer>(await call(other, 'GET', '/api/opinion/opinionTaskList'));
    expect(list.total).toBe(0);
  });

  it('exports the list (export=1) as a file for the team, not for another team', async () => {
    const r = await call(ent, 'GET', '/api/opinion/opinionList', { id: taskId, export: 1, pageSize: 20 });
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toContain('spreadsheetml');
    const o = await call(other, 'GET', '/api/opinion/opinionList', { id: taskId, export: 1 });
    expect(o.body).toMatchObject({ code: -1, message: OpinionMsg.taskMissing });
  });
});

describe('warnings', () => {
  const sent: number[] = [];
  const sink: WarningSink = {
    send: (_task, id) => {
      sent.push(id);
      return Promise.resolve();
    },
  };
  const runner = () =>
    new OpinionTaskRunner(t.ctx, {} as CollectorOpinion, { now: () => Date.now() }, silentLogger, {
      sink,
      scorer: { version: 'test-1', scoreMany: () => [] },
    });

  it('raise each event once: negative share, watched words; a second evaluation adds nothing', async () => {
    // the fixture's hours lie before the task's start: move the task's start next to them
    await sql`UPDATE opinion_tasks SET s_time = ${new Date(base + 3 * H)}, e_time = ${new Date(base + 72 * H)}
              WHERE id = ${taskId}`.execute(t.ctx.db);
    const repo = new OpinionRepository(t.ctx.db);
    const task = await repo.taskById(taskId);
    if (!task) throw new Error('task');
    const first = await runner().evaluate(task, [videoId]);
    const keys = first.map((f) => f.w.eventKey).sort();
    const h0 = new Date(base).toISOString();
    const h2 = new Date(base + 2 * H).toISOString();
    // hour 0: 1 of 4 negative (25 %, under 45 %); hour 2: 2 of 3 scored negative (66.7 %)
    expect(keys).toEqual([`keyword:退款:${h0}`, `keyword:退款:${h2}`, `keyword:翻车:${h2}`, `negative:${h2}`].sort());
    expect(sent).toHaveLength(4);
    const again = await runner().evaluate(task, [videoId]);
    expect(again).toEqual([]);
    expect(sent).toHaveLength(4);
  });

  it('lists warnings with states for the team only; seen and handled; never back to new', async () => {
    const list = body<OpinionWarnListAnswer>(await call(entSub, 'GET', '/api/opinion/opinionWarnList'));
    expect(list).toMatchObject({ code: 200, total: 4, unread: 4 });
    const neg = list.warnings.find((w) => w.rule === 'negative');
    expect(neg?.title).toContain('负面占比66.7%');
    const ids = list.warnings.map((w) => w.id);
    const otherTeam = await call(other, 'POST', '/api/opinion/setWarnState', { ids: ids.join(','), state: 2 });
    expect(otherTeam.body).toMatchObject({ code: 200, changed: 0 });
    expect(body<OpinionWarnListAnswer>(await call(other, 'GET', '/api/opinion/opinionWarnList')).total).toBe(0);
    const seen = await call(ent, 'POST', '/api/opinion/setWarnState', { ids: ids.join(','), state: 1 });
    expect(seen.body).toMatchObject({ code: 200, changed: 4 });
    const handled = await call(entSub, 'POST', '/api/opinion/setWarnState', { ids: String(ids[0]), state: 2 });
    expect(handled.body).toMatchObject({ changed: 1 });
    const back = await call(ent, 'POST', '/api/opinion/setWarnState', { ids: String(ids[0]), state: 1 });
    expect(back.body).toMatchObject({ changed: 0 });
    const after = body<OpinionWarnListAnswer>(await call(ent, 'GET', '/api/opinion/opinionWarnList', { state: 2 }));
    expect(after.warnings).toHaveLength(1);
    expect(after.warnings[0]?.handledBy).toBeTruthy();
    expect(after.unread).toBe(0);
    for (const [params, message] of [
      [{ ids: 'x', state: 1 }, OpinionMsg.warnIdsInvalid],
      [{ ids: '1', state: 0 }, OpinionMsg.stateInvalid],
    ] as const) {
      expect((await call(ent, 'POST', '/api/opinion/setWarnState', params)).body).toMatchObject({ code: -1, message });
    }
    const proList = await call(pro, 'GET', '/api/opinion/opinionWarnList');
    expect(proList.body.code).toBe(-1);
  });

  it('exports the notices (opinionNotice) for the team', async () => {
    const r = await call(ent, 'GET', '/api/export/opinionNotice', { export: 100 });
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toContain('spreadsheetml');
    const o = await call(other, 'GET', '/api/export/opinionNotice', { export: 100 });
    expect(o.body.code).not.toBe(200);
  });

  it('scores pending texts once with the model version and counts their words', async () => {
    const scorer: Scorer = {
      version: 'test-2',
      scoreMany: (texts) =>
        texts.map((x) => (x.includes('退款') ? { label: 'negative', score: 0.05 } : { label: 'positive', score: 0.9 })),
    };
    expect(await scorePending(t.ctx.db, [videoId], scorer)).toBe(1);
    expect(await scorePending(t.ctx.db, [videoId], scorer)).toBe(0);
    const d = await sql<{ label: number; model: string }>`
      SELECT sentiment_label AS label, sentiment_model AS model FROM danmaku WHERE text = '退款'`.execute(t.ctx.db);
    expect(d.rows[0]).toEqual({ label: -1, model: 'test-2' });
    const w = await sql<{ word: string; n: number }>`
      SELECT word, n FROM opinion_words WHERE video_id = ${videoId}`.execute(t.ctx.db);
    expect(w.rows).toEqual([{ word: '退款', n: 1 }]);
  });

  it('deletes a task (then it is missing for everyone)', async () => {
    const r = await call(entSub, 'GET', '/api/opinion/delOpinionTask', { id: taskId });
    expect(r.body).toMatchObject({ code: 200, message: OpinionMsg.deleted });
    const again = await call(ent, 'GET', '/api/opinion/getOpinionTaskInfo', { id: taskId });
    expect(again.body).toMatchObject({ code: -1, message: OpinionMsg.taskMissing });
  });
});
