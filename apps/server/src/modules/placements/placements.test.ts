/**
 * Placements and video monitors through the HTTP API against real PostgreSQL (no pipeline in this process:
 * a link unknown to the database answers flag 2 and waits for the collector). Every §4 flag with its §8
 * message, the §5 cost and window rules, the §6 tier durations, owner isolation (a second team gets the
 * answer of a missing id; a sub-account shares its parent's records), update / delete, and addType 2.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, MemberMsg, Msg, PutMsg, WorkLinkFlag, featureDeniedMessage, type PutRecord } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';

let t: TestApp;
let works: { id: number; bvid: string; aid: number; creatorId: number }[];
beforeAll(async () => {
  t = await createTestApp();
  const v = await sql<{ id: string; bvid: string; aid: string; creator_id: string }>`
    SELECT id, bvid, aid, creator_id FROM videos WHERE status = 0 AND bvid IS NOT NULL ORDER BY play DESC LIMIT 6`.execute(
    t.ctx.db,
  );
  works = v.rows.map((r) => ({ id: Number(r.id), bvid: r.bvid, aid: Number(r.aid), creatorId: Number(r.creator_id) }));
});
afterAll(async () => {
  await t.close();
});

const work = (i: number) => works[i]!;
const link = (i: number) => `https://www.bilibili.com/video/${work(i).bvid}?spm_id_from=333.1007`;
const call = (m: TestMember, method: 'GET' | 'POST', path: string, params: Record<string, string | number> = {}) =>
  t.call(method, path, params, { token: m.token });
const add = (m: TestMember, params: Record<string, string | number>) =>
  call(m, 'POST', '/api/addPutRecord', { addType: 1, type: 1, promotionCost: '5000', ...params });
const records = async (m: TestMember, params: Record<string, string | number> = {}) =>
  (await call(m, 'GET', '/api/user/putRecordList', params)).body.records as PutRecord[];
const target = async (recordId: number) =>
  (
    await sql<{ window_start: Date; window_end: Date; tail_until: Date; team_id: string; source: string }>`
      SELECT t.window_start, t.window_end, t.tail_until, t.team_id, t.source FROM placement_records p
      JOIN monitor_targets t ON t.id = p.target_id WHERE p.id = ${recordId}`.execute(t.ctx.db)
  ).rows[0];

describe('checkPutUrl (§4 flags, §8 messages)', () => {
  it('answers −1 without a link, 1 for a bad format, 0 with the preview, 2 while collecting, 3 once added', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const check = (videoUrl: string) => call(m, 'GET', '/api/checkPutUrl', { type: 1, videoUrl });

    const none = await check('');
    expect(none.body).toMatchObject({
      code: ApiCode.OK,
      flag: WorkLinkFlag.NOT_QUERIED,
      message: PutMsg.linkNotQueried,
    });
    for (const bad of ['https://www.bilibili.com/video/', 'hello', 'https://space.bilibili.com/123', 'BV123']) {
      const r = await check(bad);
      expect(r.body, bad).toMatchObject({ flag: WorkLinkFlag.BAD_FORMAT, message: PutMsg.linkBadFormat });
    }
    const found = await check(link(0));
    expect(found.body).toMatchObject({ flag: WorkLinkFlag.FOUND, videoId: work(0).id, bvid: work(0).bvid });
    expect(found.body.title).toEqual(expect.any(String));
    expect(found.body.kolName).toEqual(expect.any(String));
    expect(found.body.coverImg).toEqual(expect.any(String));
    // the same work by its av id and as a bare id
    expect((await check(`https://m.bilibili.com/video/av${work(0).aid}`)).body.flag).toBe(WorkLinkFlag.FOUND);
    expect((await check(work(0).bvid)).body.flag).toBe(WorkLinkFlag.FOUND);

    const unknown = 'BV1zz4y1z7zZ';
    const collecting = await check(`https://www.bilibili.com/video/${unknown}`);
    expect(collecting.body).toMatchObject({ flag: WorkLinkFlag.COLLECTING, message: PutMsg.linkCollecting });

    expect((await add(m, { videoUrl: link(0) })).body.code).toBe(ApiCode.OK);
    const again = await check(link(0));
    expect(again.body).toMatchObject({ flag: WorkLinkFlag.ALREADY_ADDED, message: PutMsg.linkAlreadyAdded });
    const dup = await add(m, { videoUrl: `av${work(0).aid}` });
    expect(dup.body).toMatchObject({ code: ApiCode.FAIL, message: PutMsg.linkAlreadyAdded, flag: 3 });

    // a work still being collected can be submitted (flag 2) and is then "already added" by its link
    const pending = await add(m, { videoUrl: unknown });
    expect(pending.body).toMatchObject({ code: ApiCode.OK, message: PutMsg.added, collecting: true });
    expect((await check(unknown)).body.flag).toBe(WorkLinkFlag.ALREADY_ADDED);
    const list = await records(m);
    expect(list.find((r) => r.bvid === unknown)).toMatchObject({ workState: 'collecting', videoId: null });

    // albums are not collected yet: a clear refusal
    const album = await call(m, 'GET', '/api/checkPutUrl', { type: 2, videoUrl: link(1) });
    expect(album.body).toMatchObject({ code: ApiCode.FAIL, message: PutMsg.albumSoon });
  });

  it('refuses without a session (HTTP 401) and control characters in the link', async () => {
    const r = await t.call('GET', '/api/checkPutUrl', { type: 1, videoUrl: link(0) }, { token: null });
    expect(r.status).toBe(401);
    const m = await createMember(t.ctx, { userType: 2 });
    const bad = await call(m, 'GET', '/api/checkPutUrl', { type: 1, videoUrl: `${link(0)}\u0000` });
    expect(bad.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.textInvalid });
  });
});

describe('addPutRecord (§5 cost and window, §6 durations)', () => {
  it('keeps the cost as a two-decimal string and refuses ≤ 0, > 99999999 and more than two decimals', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    for (const [cost, message] of [
      ['0', PutMsg.costPositive],
      ['-5', PutMsg.costPositive],
      ['0.00', PutMsg.costPositive],
      ['100000000', PutMsg.costTooLarge],
      ['99999999.01', PutMsg.costTooLarge],
      ['12.345', PutMsg.costInvalid],
      ['abc', PutMsg.costInvalid],
    ] as const) {
      const r = await add(m, { videoUrl: link(1), promotionCost: cost });
      expect(r.body, cost).toMatchObject({ code: ApiCode.FAIL, message });
    }
    expect(await records(m)).toEqual([]);
    const okMax = await add(m, { videoUrl: link(1), promotionCost: '99999999' });
    expect(okMax.body.code).toBe(ApiCode.OK);
    const okCents = await add(m, { videoUrl: link(2), promotionCost: '1234.5' });
    expect(okCents.body.code).toBe(ApiCode.OK);
    const list = await records(m);
    expect(list.map((r) => r.promotionCost).sort()).toEqual(['1234.50', '99999999.00']);
  });

  it('opens the window now → now + the duration by default, refuses a start in the past, and gates durations by tier', async () => {
    const pro = await createMember(t.ctx, { userType: 2 });
    const before = Date.now();
    const r = await add(pro, { videoUrl: link(1) });
    expect(r.body).toMatchObject({ code: ApiCode.OK, message: PutMsg.addedReady, collecting: false });
    const tg = await target(Number(r.body.recordId));
    expect(tg?.source).toBe('placement');
    expect(tg?.team_id).toBe(pro.id);
    const start = new Date(tg!.window_start).getTime();
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(tg!.window_end).getTime() - start).toBe(24 * 3600_000);
    expect(new Date(tg!.tail_until).getTime() - new Date(tg!.window_end).getTime()).toBe(7 * 24 * 3600_000);

    const past = await add(pro, { videoUrl: link(2), sTime: Date.now() - 3600_000 });
    expect(past.body).toMatchObject({ code: ApiCode.FAIL, message: PutMsg.windowInPast });
    const later = Date.now() + 3 * 3600_000;
    const r48 = await add(pro, { videoUrl: link(2), monitorDuration: 2, sTime: later });
    const t48 = await target(Number(r48.body.recordId));
    expect(new Date(t48!.window_start).getTime()).toBe(later);
    expect(new Date(t48!.window_end).getTime() - later).toBe(48 * 3600_000);
    // 72H / 7 days need 企业版
    for (const d of [3, 7]) {
      expect((await add(pro, { videoUrl: link(3), monitorDuration: d })).body).toMatchObject({
        code: ApiCode.FAIL,
        message: MemberMsg.monitorLong,
      });
    }
    const ent = await createMember(t.ctx, { userType: 3 });
    const r7 = await add(ent, { videoUrl: link(3), monitorDuration: 7 });
    const t7 = await target(Number(r7.body.recordId));
    expect(new Date(t7!.window_end).getTime() - new Date(t7!.window_start).getTime()).toBe(168 * 3600_000);
    const r72 = await add(ent, { videoUrl: link(4), monitorDuration: 3 });
    const t72 = await target(Number(r72.body.recordId));
    expect(new Date(t72!.window_end).getTime() - new Date(t72!.window_start).getTime()).toBe(72 * 3600_000);

    // 初级版: 24H yes, 48H needs 专业版; default 0 below 2 (§6)
    const basic = await createMember(t.ctx, { userType: 1 });
    expect((await add(basic, { videoUrl: link(1), monitorDuration: 2 })).body).toMatchObject({
      message: MemberMsg.monitor48h,
    });
    const rb = await add(basic, { videoUrl: link(1) });
    expect(rb.body.code).toBe(ApiCode.OK);
    expect(await target(Number(rb.body.recordId))).toBeUndefined();
    expect((await records(basic))[0]).toMatchObject({ monitorDuration: 0, sTime: null, monitorState: 'none' });
    expect((await add(basic, { videoUrl: link(2), monitorDuration: 1 })).body.code).toBe(ApiCode.OK);
    // 免费版: no placements (placement.record starts at 初级版)
    const free = await createMember(t.ctx, { userType: 0 });
    expect((await add(free, { videoUrl: link(1) })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: featureDeniedMessage('placement.record'),
      upgradeTarget: 2,
    });
    expect((await call(free, 'GET', '/api/checkPutUrl', { type: 1, videoUrl: link(1) })).body.code).toBe(ApiCode.FAIL);
    expect((await records(free)).length).toBe(0);
  });

  it('asks for a link (addType 1) or a creator (addType 2) and a group of the team', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    expect((await add(m, {})).body).toMatchObject({ message: PutMsg.linkRequired });
    expect((await add(m, { videoUrl: 'nope' })).body).toMatchObject({ message: PutMsg.linkBadFormat });
    expect((await add(m, { addType: 2 })).body).toMatchObject({ message: PutMsg.creatorRequired });
    expect((await add(m, { addType: 2, kolToken: 999999999 })).body).toMatchObject({ message: PutMsg.creatorMissing });
    expect((await add(m, { addType: 3, videoUrl: link(0) })).body).toMatchObject({ message: PutMsg.addTypeInvalid });
    expect((await add(m, { videoUrl: link(0), monitorDuration: 5 })).body).toMatchObject({
      message: PutMsg.durationInvalid,
    });
    const other = await createMember(t.ctx, { userType: 2 });
    const g = await call(other, 'POST', '/api/user/addCustomizeSort', { type: 4, themeName: '别队分组' });
    expect((await add(m, { videoUrl: link(0), tId: Number(g.body.id) })).body).toMatchObject({
      message: PutMsg.groupInvalid,
    });
    const mine = await call(m, 'POST', '/api/user/addCustomizeSort', { type: 4, themeName: '双十一' });
    const r = await add(m, { videoUrl: link(0), tId: Number(mine.body.id) });
    expect(r.body.code).toBe(ApiCode.OK);
    expect(await records(m, { tId: Number(mine.body.id) })).toEqual([
      expect.objectContaining({ groupName: '双十一', tId: Number(mine.body.id) }),
    ]);
    expect(await records(m)).toHaveLength(1);
  });
});

describe('update, delete and owner isolation', () => {
  it('another team gets the answer of a missing record; a sub-account shares its parent’s', async () => {
    const a = await createMember(t.ctx, { userType: 3 });
    const sub = await createMember(t.ctx, { userType: 0, parentId: a.id });
    const b = await createMember(t.ctx, { userType: 3 });
    const r = await add(a, { videoUrl: link(5), promotionCost: '800' });
    const recordId = Number(r.body.recordId);
    const missing = { code: ApiCode.FAIL, message: PutMsg.recordMissing };

    expect(await records(b)).toEqual([]);
    expect((await call(b, 'GET', '/api/user/putRecordReport', { recordId })).body).toMatchObject(missing);
    expect((await call(b, 'POST', '/api/updatePutRecord', { recordId, promotionCost: '1' })).body).toMatchObject(
      missing,
    );
    expect((await call(b, 'POST', '/api/delPutRecordVideo', { recordId })).body).toMatchObject(missing);
    expect((await call(b, 'GET', '/api/user/putRecordReport', { recordId: 99999999 })).body).toMatchObject(missing);
    // team B may place the same work: flag 3 is per team
    expect((await call(b, 'GET', '/api/checkPutUrl', { type: 1, videoUrl: link(5) })).body.flag).toBe(0);

    // the sub-account sees and edits the team's record, with the team's tier (企业版: 7 days)
    expect((await records(sub)).map((x) => x.recordId)).toEqual([recordId]);
    const upd = await call(sub, 'POST', '/api/updatePutRecord', {
      recordId,
      promotionCost: '900.1',
      monitorDuration: 7,
    });
    expect(upd.body).toMatchObject({ code: ApiCode.OK, message: PutMsg.updated });
    const row = (await records(a))[0]!;
    expect(row.promotionCost).toBe('900.10');
    expect(row.monitorDuration).toBe(7);
    const tg = await target(recordId);
    expect(new Date(tg!.window_end).getTime() - new Date(tg!.window_start).getTime()).toBe(168 * 3600_000);
    expect((await call(a, 'POST', '/api/updatePutRecord', { recordId, promotionCost: '0' })).body.message).toBe(
      PutMsg.costPositive,
    );
    // duration 0 closes the window (the target goes)
    await call(a, 'POST', '/api/updatePutRecord', { recordId, monitorDuration: 0 });
    expect(await target(recordId)).toBeUndefined();
    const targets = await sql<{ n: string }>`SELECT count(*) AS n FROM monitor_targets WHERE team_id = ${a.id}`.execute(
      t.ctx.db,
    );
    expect(Number(targets.rows[0]?.n)).toBe(0);
    await call(a, 'POST', '/api/updatePutRecord', { recordId, monitorDuration: 1 });
    expect(await target(recordId)).toBeDefined();

    const del = await call(sub, 'POST', '/api/delPutRecordVideo', { recordId });
    expect(del.body).toMatchObject({ code: ApiCode.OK, message: PutMsg.deleted });
    expect(await records(a)).toEqual([]);
    const left = await sql<{ n: string }>`SELECT count(*) AS n FROM monitor_targets WHERE team_id = ${a.id}`.execute(
      t.ctx.db,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});

describe('addType 2 (a work not yet published)', () => {
  it('offers the creator’s first work published after the record and attaches it once confirmed', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const creatorId = work(0).creatorId;
    const r = await add(m, { addType: 2, kolToken: creatorId, promotionCost: '300' });
    expect(r.body.code).toBe(ApiCode.OK);
    const recordId = Number(r.body.recordId);
    let row = (await records(m))[0]!;
    expect(row).toMatchObject({ addType: 2, workState: 'awaiting', kolToken: creatorId, candidate: null });
    expect((await call(m, 'POST', '/api/user/confirmPutRecordVideo', { recordId })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: PutMsg.noMatch,
    });
    // the creator "publishes": the record is dated before the creator's latest work
    const latest = await sql<{ id: string; pubdate: Date }>`
      SELECT id, pubdate FROM videos WHERE creator_id = ${creatorId} AND status <> -1 ORDER BY pubdate DESC LIMIT 1`.execute(
      t.ctx.db,
    );
    const pub = new Date(latest.rows[0]!.pubdate);
    await sql`UPDATE placement_records SET created_at = ${new Date(pub.getTime() - 60_000).toISOString()}::timestamptz
      WHERE id = ${recordId}`.execute(t.ctx.db);
    row = (await records(m))[0]!;
    expect(row.candidate?.videoId).toBe(Number(latest.rows[0]!.id));
    const ok = await call(m, 'POST', '/api/user/confirmPutRecordVideo', { recordId });
    expect(ok.body).toMatchObject({ code: ApiCode.OK, message: PutMsg.matchConfirmed });
    row = (await records(m))[0]!;
    expect(row).toMatchObject({ workState: 'ready', videoId: Number(latest.rows[0]!.id), candidate: null });
    expect(await target(recordId)).toBeDefined();
  });
});

describe('video monitors (user/addMonitor, monitorHistory, monitorVideoReport / 2)', () => {
  it('need 专业版, belong to the team, and count against the tier’s monitor limit', async () => {
    const basic = await createMember(t.ctx, { userType: 1 });
    const denied = await call(basic, 'POST', '/api/user/addMonitor', { videoUrl: link(0) });
    expect(denied.body).toMatchObject({ code: ApiCode.FAIL, message: featureDeniedMessage('monitor.video') });
    expect((await call(basic, 'GET', '/api/user/monitorHistory')).body.code).toBe(ApiCode.FAIL);

    const m = await createMember(t.ctx, { userType: 2 });
    const r = await call(m, 'POST', '/api/user/addMonitor', { videoUrl: link(0), monitorDuration: 1 });
    expect(r.body).toMatchObject({ code: ApiCode.OK, message: PutMsg.monitorAdded });
    const id = Number(r.body.id);
    const h = await call(m, 'GET', '/api/user/monitorHistory');
    expect(h.body.monitors).toEqual([
      expect.objectContaining({ id, videoId: work(0).id, source: 'monitor', monitorState: 'monitoring' }),
    ]);
    const curve = await call(m, 'GET', '/api/user/monitorVideoReport', { id });
    expect(curve.body).toMatchObject({ code: ApiCode.OK, points: [] });
    const figures = await call(m, 'GET', '/api/user/monitorVideoReport2', { id });
    expect(figures.body.figures).toMatchObject({ samples: 0, slotsDue: 0, last: null, cpm: null });
    expect((await call(m, 'POST', '/api/user/addMonitor', { videoUrl: 'x' })).body.message).toBe(PutMsg.linkBadFormat);
    expect(
      (await call(m, 'POST', '/api/user/addMonitor', { videoUrl: link(1), sTime: Date.now() - 86400_000 })).body
        .message,
    ).toBe(PutMsg.windowInPast);

    const b = await createMember(t.ctx, { userType: 4 });
    expect((await call(b, 'GET', '/api/user/monitorVideoReport', { id })).body.message).toBe(PutMsg.monitorMissing);
    expect((await call(b, 'POST', '/api/user/delMonitor', { id })).body.message).toBe(PutMsg.monitorMissing);
    expect((await call(b, 'GET', '/api/user/monitorHistory')).body.monitors).toEqual([]);

    // a placement's window shows in the history but is changed from the placement
    const p = await add(m, { videoUrl: link(2) });
    const hist = (await call(m, 'GET', '/api/user/monitorHistory')).body.monitors as { id: number; source: string }[];
    const placementTarget = hist.find((x) => x.source === 'placement')!;
    expect(p.body.code).toBe(ApiCode.OK);
    expect((await call(m, 'POST', '/api/user/delMonitor', { id: placementTarget.id })).body.message).toBe(
      PutMsg.monitorOfPlacement,
    );
    expect((await call(m, 'POST', '/api/user/delMonitor', { id })).body).toMatchObject({ code: ApiCode.OK });

    // 专业版 holds 50 monitors at once (LIST_LIMITS.monitor)
    await sql`
      INSERT INTO monitor_targets (kind, video_id, window_start, window_end, team_id, source)
      SELECT 'video', ${work(3).id}, now(), now() + interval '1 day', ${m.id}, 'monitor' FROM generate_series(1, 49)`.execute(
      t.ctx.db,
    );
    const full = await call(m, 'POST', '/api/user/addMonitor', { videoUrl: link(4) });
    expect(full.body).toMatchObject({ code: ApiCode.FAIL, message: PutMsg.monitorLimit(50), upgradeTarget: 3 });
  });
});
