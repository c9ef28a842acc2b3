import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  DEFAULT_GROUP_NAME,
  LIST_LIMITS,
  ListMsg,
  encodeKeyword,
  type CustomizeSortListAnswer,
  type KolSearchAnswer,
  type MyLinkKolAnswer,
  type MyLinkVideoAnswer,
  type RankingAnswer,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';
import { collectServiceOf } from './collect.routes.js';

interface KolDetailAnswer {
  kolInfo: { isCollect: number; isPut: number };
}

let t: TestApp;
let kolIds: number[];
let videoIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  const k = await sql<{ id: string }>`SELECT id FROM creators ORDER BY fans DESC LIMIT 12`.execute(t.ctx.db);
  kolIds = k.rows.map((r) => Number(r.id));
  const v = await sql<{ id: string }>`SELECT id FROM videos ORDER BY play DESC LIMIT 4`.execute(t.ctx.db);
  videoIds = v.rows.map((r) => Number(r.id));
});
afterAll(async () => {
  await t.close();
});

const kol = (i: number) => kolIds[i] ?? 0;
const call = (token: string, method: 'GET' | 'POST', path: string, params: Record<string, string | number> = {}) =>
  t.call(method, path, params, { token });
const add = (m: TestMember, kolId: number, type = 1) => call(m.token, 'POST', '/api/user/addLinkKol', { type, kolId });
const del = (m: TestMember, kolId: number, type = 1) => call(m.token, 'GET', '/api/user/delLinkKol', { type, kolId });
const list = async (m: TestMember, params: Record<string, string | number> = {}) =>
  (await call(m.token, 'GET', '/api/user/myLinkKol', { type: 1, pageSize: 50, ...params }))
    .body as unknown as MyLinkKolAnswer;
const order = async (m: TestMember, type = 1) => (await list(m, { type })).linkKols.map((k) => k.kolId);

describe('saved creators (addLinkKol / delLinkKol / myLinkKol)', () => {
  it('collect and delivery list are two lists; flags follow on search, ranking and detail; removal clears them', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const a = await add(m, kol(0));
    expect(a.body).toEqual({ code: ApiCode.OK, message: ListMsg.collectAdded, type: 1, kolId: kol(0), linked: 1 });
    const b = await add(m, kol(0), 4);
    expect(b.body).toMatchObject({ code: ApiCode.OK, message: ListMsg.putAdded, linked: 1 });
    expect((await list(m)).linkKols).toEqual([
      expect.objectContaining({ kolId: kol(0), isCollect: 1, isPut: 1, isMonitor: 0, groupId: 0, groupName: '未分组' }),
    ]);

    const detail = (await call(m.token, 'GET', '/api/kolDetail', { kolId: kol(0) })).body as unknown as KolDetailAnswer;
    expect(detail.kolInfo).toMatchObject({ isCollect: 1, isPut: 1 });
    const ranking = (await call(m.token, 'GET', '/api/ranking', { kind: 'fans', pageSize: 50 }))
      .body as unknown as RankingAnswer;
    expect(ranking.rankings.length).toBeGreaterThan(0);
    const row = ranking.rankings.find((r) => r.kolId === kol(0));
    expect(row).toMatchObject({ isCollect: 1, isPut: 1 });
    expect(ranking.rankings.filter((r) => r.kolId !== kol(0)).every((r) => r.isCollect === 0 && r.isPut === 0)).toBe(
      true,
    );
    const name = await sql<{ name: string }>`SELECT left(name, 6) AS name FROM creators WHERE id = ${kol(0)}`.execute(
      t.ctx.db,
    );
    const searchRaw = await call(m.token, 'GET', '/api/searchKol', {
      keyword: encodeKeyword(name.rows[0]?.name ?? ''),
    });
    const search = searchRaw.body as unknown as KolSearchAnswer;
    expect(searchRaw.body).toMatchObject({ code: ApiCode.OK });
    expect(search.kolInfos.find((k) => k.kolId === kol(0))).toMatchObject({ isCollect: 1, isPut: 1 });

    const d = await del(m, kol(0));
    expect(d.body).toEqual({ code: ApiCode.OK, message: ListMsg.collectRemoved, type: 1, kolId: kol(0), linked: 0 });
    expect((await list(m)).total).toBe(0);
    expect((await list(m, { type: 4 })).linkKols[0]).toMatchObject({ isCollect: 0, isPut: 1 });
    // removing again is not an error (a teammate may have removed it)
    expect((await del(m, kol(0))).body.code).toBe(ApiCode.OK);
  });

  it('bad input changes nothing and says why', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    expect((await call(m.token, 'POST', '/api/user/addLinkKol', { type: 2, kolId: kol(0) })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: ListMsg.typeInvalid,
    });
    expect((await call(m.token, 'POST', '/api/user/addLinkKol', { type: 1, kolId: 'x' })).body.message).toBe(
      ListMsg.kolIdInvalid,
    );
    expect((await add(m, 999_999_999)).body).toMatchObject({ code: ApiCode.FAIL, message: ListMsg.kolMissing });
    expect((await call(m.token, 'GET', '/api/user/myLinkKol', { sort: 'x' })).body.message).toBe(ListMsg.sortInvalid);
    expect((await list(m)).total).toBe(0);
    expect((await t.call('POST', '/api/user/addLinkKol', { type: 1, kolId: kol(0) })).status).toBe(401);
  });

  it('concurrent adds of the same creator leave one row', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(m, kol(1))));
    expect(answers.every((a) => a.body.code === ApiCode.OK)).toBe(true);
    const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM saved_creators WHERE team_id = ${m.id}`.execute(
      t.ctx.db,
    );
    expect(Number(rows.rows[0]?.n)).toBe(1);
  });

  it('the tier limit holds (also under concurrent adds) and the refusal carries the upgrade target', async () => {
    const m = await createMember(t.ctx, { userType: 0 });
    const max = LIST_LIMITS.linkKol[0];
    const ids = await sql<{ id: string }>`SELECT id FROM creators ORDER BY id LIMIT ${max + 3}`.execute(t.ctx.db);
    const answers = await Promise.all(ids.rows.map((r) => add(m, Number(r.id))));
    expect(answers.filter((a) => a.body.code === ApiCode.OK)).toHaveLength(max);
    const refused = answers.find((a) => a.body.code !== ApiCode.OK);
    expect(refused?.body).toEqual({
      code: ApiCode.FAIL,
      message: ListMsg.limitCollect(max),
      limitKind: 'linkKol',
      limit: max,
      upgradeTarget: 2,
    });
    expect((await list(m)).count).toBe(max);
    expect((await list(m)).limit).toBe(max);
  });

  it('filters by keyword and group, sorts, pages', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    for (const i of [2, 3, 4, 5]) expect((await add(m, kol(i))).body.code).toBe(ApiCode.OK);
    expect(await order(m)).toEqual([kol(5), kol(4), kol(3), kol(2)]);
    const byFans = (await list(m, { sort: 'fans' })).linkKols.map((k) => k.fansNum);
    expect(byFans).toEqual([...byFans].sort((x, y) => y - x));
    const page = await list(m, { pageSize: 3, pageNo: 2 });
    expect(page).toMatchObject({ total: 4, pageNo: 2 });
    expect(page.linkKols.map((k) => k.kolId)).toEqual([kol(2)]);
    const uid = page.linkKols[0]?.kolUid ?? 0;
    expect((await list(m, { keyword: String(uid) })).linkKols.map((k) => k.kolId)).toEqual([kol(2)]);
    expect((await list(m, { keyword: '不存在的名字啊' })).total).toBe(0);
    const longKeyword = await call(m.token, 'GET', '/api/user/myLinkKol', { keyword: '长'.repeat(21) });
    expect(longKeyword.body.message).toBe(ListMsg.keywordTooLong);
  });
});

describe('reorder (moveLinkKolSort)', () => {
  it('moves a creator to another one’s place, persisted; under concurrent moves the order stays a permutation', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    for (const i of [0, 1, 2, 3, 4, 5]) await add(m, kol(i));
    const before = await order(m); // 5 4 3 2 1 0
    const r = await call(m.token, 'GET', '/api/user/moveLinkKolSort', { type: 1, kolId: kol(0), targetKolId: kol(5) });
    expect(r.body).toEqual({ code: ApiCode.OK, message: ListMsg.moved });
    expect(await order(m)).toEqual([kol(0), ...before.filter((k) => k !== kol(0))]);
    await call(m.token, 'GET', '/api/user/moveLinkKolSort', { type: 1, kolId: kol(0), targetKolId: kol(2) });
    expect(await order(m)).toEqual([kol(5), kol(4), kol(3), kol(2), kol(0), kol(1)]);

    // concurrent moves and adds: every call answers, the result is the same set with distinct positions
    const moves = [
      [kol(1), kol(5)],
      [kol(3), kol(0)],
      [kol(4), kol(1)],
      [kol(2), kol(4)],
    ].map(([a, b]) =>
      call(m.token, 'GET', '/api/user/moveLinkKolSort', { type: 1, kolId: a ?? 0, targetKolId: b ?? 0 }),
    );
    // (the removed row is not a move's target: a move onto a row a teammate just removed answers −1)
    await add(m, kol(7));
    const answers = await Promise.all([...moves, add(m, kol(6)), del(m, kol(7))]);
    expect(answers.map((a) => a.body.code)).toEqual(Array(6).fill(ApiCode.OK));
    const after = await order(m);
    expect([...after].sort()).toEqual([kol(0), kol(1), kol(2), kol(3), kol(4), kol(5), kol(6)].sort());
    const sorts = await sql<{
      sort: number;
    }>`SELECT sort FROM saved_creators WHERE team_id = ${m.id} AND type = 1`.execute(t.ctx.db);
    expect(new Set(sorts.rows.map((x) => x.sort)).size).toBe(7);

    expect(
      (await call(m.token, 'GET', '/api/user/moveLinkKolSort', { type: 1, kolId: kol(9), targetKolId: kol(0) })).body,
    ).toMatchObject({ code: ApiCode.FAIL, message: ListMsg.notInList });
  });
});

describe('monitoring switch (setOpenMonitor)', () => {
  it('on: the creator is scheduled in the high class at once; off again; only saved creators; tier limit', async () => {
    const m = await createMember(t.ctx, { userType: 0 });
    const max = LIST_LIMITS.monitor[0];
    for (let i = 0; i <= max; i += 1) await add(m, kol(i));
    const on = await call(m.token, 'GET', '/api/user/setOpenMonitor', { kolId: kol(0), isOpen: 1 });
    expect(on.body).toEqual({ code: ApiCode.OK, message: ListMsg.monitorOn, type: 1, kolId: kol(0), isMonitor: 1 });
    const schedule = await sql<{ cadence: string; next_collect_at: Date }>`
      SELECT cadence, next_collect_at FROM creator_schedule WHERE creator_id = ${kol(0)}`.execute(t.ctx.db);
    expect(['high', 'hot', 'viewed']).toContain(schedule.rows[0]?.cadence);
    expect(schedule.rows[0]!.next_collect_at.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect((await list(m, { isMonitor: 1 })).linkKols.map((k) => k.kolId)).toEqual([kol(0)]);

    for (let i = 1; i < max; i += 1) {
      expect((await call(m.token, 'GET', '/api/user/setOpenMonitor', { kolId: kol(i), isOpen: 1 })).body.code).toBe(
        200,
      );
    }
    const over = await call(m.token, 'GET', '/api/user/setOpenMonitor', { kolId: kol(max), isOpen: 1 });
    expect(over.body).toMatchObject({ code: ApiCode.FAIL, message: ListMsg.limitMonitor(max), upgradeTarget: 2 });
    const off = await call(m.token, 'GET', '/api/user/setOpenMonitor', { kolId: kol(0), isOpen: 0 });
    expect(off.body.message).toBe(ListMsg.monitorOff);
    expect((await list(m)).monitorCount).toBe(max - 1);
    expect((await call(m.token, 'GET', '/api/user/setOpenMonitor', { kolId: kol(11), isOpen: 1 })).body.message).toBe(
      ListMsg.notInList,
    );
    expect((await call(m.token, 'GET', '/api/user/setOpenMonitor', { kolId: kol(1), isOpen: 2 })).body.message).toBe(
      ListMsg.monitorInvalid,
    );
  });

  it('the hourly cadence refresh keeps a monitored creator in the high class', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const low = await sql<{ id: string }>`SELECT id FROM creators ORDER BY fans, id LIMIT 1`.execute(t.ctx.db);
    const id = Number(low.rows[0]?.id);
    await add(m, id);
    await call(m.token, 'GET', '/api/user/setOpenMonitor', { kolId: id, isOpen: 1 });
    await sql`UPDATE creator_schedule SET cadence = 'daily' WHERE creator_id = ${id}`.execute(t.ctx.db);
    const { CollectorRepository } = await import('../collector/collector.repository.js');
    await new CollectorRepository(t.ctx.db).refreshCadence(
      new Date(),
      new Date().toISOString().slice(0, 10),
      t.ctx.config.pipeline,
    );
    const s = await sql<{ cadence: string }>`SELECT cadence FROM creator_schedule WHERE creator_id = ${id}`.execute(
      t.ctx.db,
    );
    expect(s.rows[0]?.cadence).toBe('high');
  });

  it('a monitored creator is collected every hour (24 slots a day) while any team monitors it, then daily again', async () => {
    const { CollectorRepository } = await import('../collector/collector.repository.js');
    const { SampleIngestor } = await import('../ingestion/samples.js');
    const collector = new CollectorRepository(t.ctx.db);
    const samples = new SampleIngestor(t.ctx.db);
    // a creator of its own, far from every top list (so only the monitoring switch can raise it)
    const r = await sql<{ id: string }>`INSERT INTO creators (mid, name, fans) VALUES (882000000001, '小号监测', 3)
      RETURNING id`.execute(t.ctx.db);
    const id = Number(r.rows[0]?.id);
    const refresh = () =>
      collector.refreshCadence(new Date(), new Date().toISOString().slice(0, 10), t.ctx.config.pipeline);
    const cadence = async () =>
      (await sql<{ cadence: string }>`SELECT cadence FROM creator_schedule WHERE creator_id = ${id}`.execute(t.ctx.db))
        .rows[0]?.cadence;
    /** Collections in the 24 hours after one at `start`, when each snapshot sets the next slot (the collector's loop). */
    const collectionsPerDay = async (start: Date) => {
      let n = 0;
      for (let at = start; n < 100; n += 1) {
        const next = await samples.markCollected(id, at);
        expect(next!.getTime()).toBeGreaterThan(at.getTime());
        if (next!.getTime() > start.getTime() + 86_400_000) break;
        at = next!;
      }
      return n;
    };

    const a = await createMember(t.ctx, { userType: 2 });
    const b = await createMember(t.ctx, { userType: 2 });
    for (const m of [a, b]) {
      await add(m, id);
      await call(m.token, 'GET', '/api/user/setOpenMonitor', { kolId: id, isOpen: 1 });
    }
    await refresh();
    expect(await cadence()).toBe('high');
    const start = new Date(Date.UTC(2026, 10, 20, 0, 0, 0));
    expect(await collectionsPerDay(start)).toBe(24);

    // team A switches off: team B still monitors it, so it stays hourly
    await call(a.token, 'GET', '/api/user/setOpenMonitor', { kolId: id, isOpen: 0 });
    await refresh();
    expect(await cadence()).toBe('high');
    // the last team switches off: the next hourly refresh puts it back to daily (one collection a day)
    await call(b.token, 'GET', '/api/user/setOpenMonitor', { kolId: id, isOpen: 0 });
    await refresh();
    expect(await cadence()).toBe('daily');
    expect(await collectionsPerDay(new Date(Date.UTC(2026, 10, 21, 0, 0, 0)))).toBe(1);
  });
});

describe('saved videos (addLinkVideo / delLinkVideo / myLinkVideo)', () => {
  it('adds, shows flags on the video detail, lists with live numbers, removes', async () => {
    const m = await createMember(t.ctx, { userType: 1 });
    const v = videoIds[0] ?? 0;
    const a = await call(m.token, 'POST', '/api/user/addLinkVideo', { type: 1, videoId: v });
    expect(a.body).toEqual({ code: ApiCode.OK, message: ListMsg.collectAdded, type: 1, videoId: v, linked: 1 });
    const detail = await call(m.token, 'GET', '/api/videoDetail', { id: v });
    expect(detail.body.videoInfo).toMatchObject({ videoId: v, isCollect: 1, isPut: 0 });
    const l = (await call(m.token, 'GET', '/api/user/myLinkVideo', { type: 1 })).body as unknown as MyLinkVideoAnswer;
    expect(l).toMatchObject({ total: 1, count: 1, limit: LIST_LIMITS.linkVideo[1] });
    expect(l.linkVideos[0]).toMatchObject({ videoId: v, playSinceAdd: 0, addedBy: expect.any(String) });
    expect(
      (await call(m.token, 'POST', '/api/user/addLinkVideo', { type: 1, videoId: 999_999_999 })).body.message,
    ).toBe(ListMsg.videoMissing);
    const d = await call(m.token, 'GET', '/api/user/delLinkVideo', { type: 1, videoId: v });
    expect(d.body).toMatchObject({ code: ApiCode.OK, message: ListMsg.collectRemoved, linked: 0 });
    expect(
      ((await call(m.token, 'GET', '/api/user/myLinkVideo', { type: 1 })).body as unknown as MyLinkVideoAnswer).total,
    ).toBe(0);
  });
});

describe('custom groups (customizeSortList type 4)', () => {
  const groups = async (m: TestMember) =>
    (await call(m.token, 'GET', '/api/user/customizeSortList', { type: 4 })).body as unknown as CustomizeSortListAnswer;

  it('add, rename, reorder, move creators, delete; the default group is listed as such and locked', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const first = await groups(m);
    expect(first.userThemeInfos).toEqual([expect.objectContaining({ themeName: DEFAULT_GROUP_NAME, isDefault: 1 })]);
    const defaultId = first.userThemeInfos[0]?.id ?? 0;

    const g1 = await call(m.token, 'POST', '/api/user/addCustomizeSort', { type: 4, themeName: ' 美妆 ' });
    expect(g1.body).toMatchObject({ code: ApiCode.OK, message: ListMsg.groupAdded, id: expect.any(Number) });
    const g2 = await call(m.token, 'POST', '/api/user/addCustomizeSort', { type: 4, themeName: '数码' });
    const id1 = Number(g1.body.id);
    const id2 = Number(g2.body.id);
    expect((await groups(m)).userThemeInfos.map((g) => g.themeName)).toEqual([DEFAULT_GROUP_NAME, '美妆', '数码']);

    const bad: [Record<string, string | number>, string][] = [
      [{ themeName: '' }, ListMsg.groupNameRequired],
      [{ themeName: '一二三四五六七八九十一' }, ListMsg.groupNameTooLong],
      [{ themeName: 'default_group' }, ListMsg.groupNameReserved],
      [{ themeName: '美妆' }, ListMsg.groupNameTaken],
    ];
    for (const [params, message] of bad) {
      expect((await call(m.token, 'POST', '/api/user/addCustomizeSort', { type: 4, ...params })).body).toMatchObject({
        code: ApiCode.FAIL,
        message,
      });
    }

    expect(
      (await call(m.token, 'POST', '/api/user/updateCustomizeSort', { id: id2, themeName: '科技', sortFlag: 1 })).body,
    ).toEqual({ code: ApiCode.OK, message: ListMsg.groupUpdated });
    expect((await groups(m)).userThemeInfos.map((g) => g.themeName)).toEqual([DEFAULT_GROUP_NAME, '科技', '美妆']);
    expect(
      (await call(m.token, 'POST', '/api/user/updateCustomizeSort', { id: id2, themeName: '美妆' })).body.message,
    ).toBe(ListMsg.groupNameTaken);
    expect(
      (await call(m.token, 'POST', '/api/user/updateCustomizeSort', { id: defaultId, themeName: 'x' })).body.message,
    ).toBe(ListMsg.groupDefaultLocked);
    expect((await call(m.token, 'GET', '/api/user/delCustomizeSort', { id: defaultId })).body.message).toBe(
      ListMsg.groupDefaultLocked,
    );

    await add(m, kol(0));
    await add(m, kol(1));
    const moved = await call(m.token, 'POST', '/api/user/moveLinkKolGroup', { type: 1, kolId: kol(0), groupId: id1 });
    expect(moved.body).toEqual({ code: ApiCode.OK, message: ListMsg.groupMoved });
    expect((await list(m, { groupId: id1 })).linkKols.map((k) => k.kolId)).toEqual([kol(0)]);
    expect((await list(m, { groupId: 0 })).linkKols.map((k) => k.kolId)).toEqual([kol(1)]);
    expect((await list(m, { groupId: id1 })).linkKols[0]).toMatchObject({ groupId: id1, groupName: '美妆' });
    expect((await groups(m)).userThemeInfos.find((g) => g.id === id1)?.kolNum).toBe(1);

    const gone = await call(m.token, 'GET', '/api/user/delCustomizeSort', { id: id1 });
    expect(gone.body).toEqual({ code: ApiCode.OK, message: ListMsg.groupDeleted });
    expect((await list(m, { groupId: 0 })).total).toBe(2);
    expect((await call(m.token, 'GET', '/api/user/delCustomizeSort', { id: id1 })).body.message).toBe(
      ListMsg.groupMissing,
    );
  });

  it('the group limit of the tier holds', async () => {
    const m = await createMember(t.ctx, { userType: 0 });
    const max = LIST_LIMITS.group[0];
    for (let i = 0; i < max; i += 1) {
      expect((await call(m.token, 'POST', '/api/user/addCustomizeSort', { themeName: `组${i}` })).body.code).toBe(200);
    }
    const over = await call(m.token, 'POST', '/api/user/addCustomizeSort', { themeName: '再来一个' });
    expect(over.body).toMatchObject({ code: ApiCode.FAIL, message: ListMsg.limitGroup(max), upgradeTarget: 2 });
  });
});

describe('teams: a parent and its sub-accounts share the lists', () => {
  it('a sub-account sees and edits the parent’s list; who added what is kept; limits are the parent’s tier', async () => {
    const parent = await createMember(t.ctx, { userType: 3 });
    const sub = await createMember(t.ctx, { userType: 0, parentId: parent.id });
    await add(parent, kol(0));
    await add(sub, kol(1));
    const seen = await list(sub);
    expect(seen.limit).toBe(LIST_LIMITS.linkKol[3]);
    const names = await sql<{ id: string; username: string }>`
      SELECT id, username FROM users WHERE id IN (${parent.id}, ${sub.id})`.execute(t.ctx.db);
    const nameOf = (id: string) => names.rows.find((r) => r.id === id)?.username;
    expect(seen.linkKols.map((k) => [k.kolId, k.addedBy])).toEqual([
      [kol(1), nameOf(sub.id)],
      [kol(0), nameOf(parent.id)],
    ]);
    const detail = (await call(parent.token, 'GET', '/api/kolDetail', { kolId: kol(1) }))
      .body as unknown as KolDetailAnswer;
    expect(detail.kolInfo.isCollect).toBe(1);
    // the list decorators (rankings, searches) read the team's flags in one statement: the sub-account's team is
    // the parent's, another account sees none
    const other = await createMember(t.ctx, { userType: 3 });
    const rows = () => [kol(0), kol(1), kol(2)].map((kolId) => ({ kolId, isCollect: 0, isPut: 0 }));
    for (const who of [parent, sub]) {
      const flags = await collectServiceOf(t.ctx).decorateKols(who.id, rows());
      expect(flags.map((r) => r.isCollect)).toEqual([1, 1, 0]);
    }
    expect((await collectServiceOf(t.ctx).decorateKols(other.id, rows())).map((r) => r.isCollect)).toEqual([0, 0, 0]);
    await del(sub, kol(0));
    expect((await list(parent)).linkKols.map((k) => k.kolId)).toEqual([kol(1)]);
  });
});

describe('collection requests (submitCollectionKol → collectionRequests)', () => {
  it('the team sees its requests and their state; a sub-account’s request is the team’s', async () => {
    const parent = await createMember(t.ctx, { userType: 2 });
    const sub = await createMember(t.ctx, { userType: 0, parentId: parent.id });
    const mid = 876_543_210_987;
    const submitted = await call(sub.token, 'POST', '/api/submitCollectionKol', {
      url: `https://space.bilibili.com/${mid}`,
    });
    expect(submitted.body).toMatchObject({ code: ApiCode.OK, isExists: 2 });
    const seen = await call(parent.token, 'GET', '/api/user/collectionRequests');
    expect(seen.body.requests).toEqual([
      expect.objectContaining({ kolUid: mid, state: 'queued', kolId: null, createdAt: expect.any(String) }),
    ]);
    const other = await createMember(t.ctx, { userType: 2 });
    expect((await call(other.token, 'GET', '/api/user/collectionRequests')).body.requests).toEqual([]);
  });
});
