import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';

/**
 * Owner isolation (issue #15): every route that reads or writes a team's own rows is called by a second
 * team with the first team's ids; each answer must be a refusal or hold nothing of the first team, and the
 * first team's rows must be unchanged afterwards.
 *
 * The routes come from the app's route table (`app.routeTable`), never from a hand-written list: a route
 * flagged `teamOwned` is walked, and a route whose path names a team-owned resource but lacks the flag fails
 * the first test — so a new user-owned route cannot be added without declaring (and passing) the check.
 */
const OWNED_PATH =
  /linkkol|linkvideo|customizesort|openmonitor|eredar|checkkolbyurloruid|attention|library|myup|collectionrequest|monitorchanges|notification|putrecord|checkputurl|putgroup|addmonitor|monitorhistory|monitorvideoreport|delmonitor/i;

let t: TestApp;
let a: TestMember;
let b: TestMember;
let aName: string;
const SECRET_GROUP = 'A队机密组';
const SECRET_TEXT = 'A队机密备注';
const ids: Record<string, number> = {};

/** Everything team A owns, as text: compared before and after team B's calls. */
async function snapshotOfA(): Promise<string> {
  const tables = [
    'saved_creators',
    'saved_videos',
    'custom_groups',
    'library_entries',
    'library_price_history',
    'notifications',
    'team_webhooks',
    'placement_records',
    'monitor_targets',
  ];
  const out: unknown[] = [];
  for (const table of tables) {
    const exists = await sql<{ ok: boolean }>`SELECT to_regclass(${table}) IS NOT NULL AS ok`.execute(t.ctx.db);
    if (!exists.rows[0]?.ok) continue;
    const rows = await sql`SELECT * FROM ${sql.table(table)} WHERE team_id = ${a.id} ORDER BY id`.execute(t.ctx.db);
    out.push(rows.rows);
  }
  const attention = await sql<{ ok: boolean }>`SELECT to_regclass('attention_visits') IS NOT NULL AS ok`.execute(
    t.ctx.db,
  );
  if (attention.rows[0]?.ok) {
    out.push((await sql`SELECT * FROM attention_visits WHERE team_id = ${a.id}`.execute(t.ctx.db)).rows);
  }
  return JSON.stringify(out);
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createMember(t.ctx, { userType: 4 });
  b = await createMember(t.ctx, { userType: 4 });
  const name = await sql<{ username: string }>`SELECT username FROM users WHERE id = ${a.id}`.execute(t.ctx.db);
  aName = name.rows[0]?.username ?? '';
  const k = await sql<{ id: string; mid: string }>`SELECT id, mid FROM creators ORDER BY fans DESC LIMIT 3`.execute(
    t.ctx.db,
  );
  const v = await sql<{ id: string }>`SELECT id FROM videos ORDER BY play DESC LIMIT 1`.execute(t.ctx.db);
  ids.kolId = Number(k.rows[0]?.id);
  ids.targetKolId = Number(k.rows[1]?.id);
  ids.kolUid = Number(k.rows[0]?.mid);
  ids.videoId = Number(v.rows[0]?.id);
  const as = (method: 'GET' | 'POST', path: string, params: Record<string, string | number>) =>
    t.call(method, path, params, { token: a.token });
  for (const kolId of [ids.kolId, ids.targetKolId]) {
    for (const type of [1, 4]) expect((await as('POST', '/api/user/addLinkKol', { type, kolId })).body.code).toBe(200);
  }
  await as('GET', '/api/user/setOpenMonitor', { type: 1, kolId: ids.kolId, isOpen: 1 });
  await as('POST', '/api/user/addLinkVideo', { type: 1, videoId: ids.videoId });
  const g = await as('POST', '/api/user/addCustomizeSort', { type: 4, themeName: SECRET_GROUP });
  ids.groupId = Number(g.body.id);
  await as('POST', '/api/user/moveLinkKolGroup', { type: 1, kolId: ids.kolId, groupId: ids.groupId });
  // the private library and attention, when their tables exist (later parts of the issue)
  const lib = await as('POST', '/api/saveEredar', {
    kolUid: ids.kolUid,
    mainIndexUrl: `https://space.bilibili.com/${ids.kolUid}`,
    remark: SECRET_TEXT,
    implantationPrice: 1000,
  });
  expect(lib.body.code).toBe(ApiCode.OK);
  ids.libraryId = Number(lib.body.id);
  await as('POST', '/api/updateEredar', { id: ids.libraryId, implantationPrice: 2000 });
  await as('POST', '/api/notification/saveWebhook', {
    provider: 'feishu',
    url: 'https://open.feishu.cn/open-apis/bot/v2/hook/A-team-secret',
  });
  await as('POST', '/api/submitCollectionKol', { url: 'https://space.bilibili.com/765432109876' });
  await as('POST', '/api/attention/markSeen', {});
  // a placement in the group and a video monitor (issue #24)
  const put = await as('POST', '/api/addPutRecord', {
    addType: 1,
    videoUrl: `av${await aidOf(ids.videoId ?? 0)}`,
    promotionCost: '520.00',
    tId: ids.groupId,
  });
  expect(put.body.code).toBe(ApiCode.OK);
  ids.recordId = Number(put.body.recordId);
  const mon = await as('POST', '/api/user/addMonitor', { videoId: ids.videoId ?? 0 });
  expect(mon.body.code).toBe(ApiCode.OK);
  ids.monitorId = Number(mon.body.id);
});

async function aidOf(videoId: number): Promise<string> {
  const r = await sql<{ aid: string }>`SELECT aid FROM videos WHERE id = ${videoId}`.execute(t.ctx.db);
  return r.rows[0]?.aid ?? '0';
}
afterAll(async () => {
  await t.close();
});

describe('owner isolation over the route table', () => {
  it('every route naming a team-owned resource is flagged teamOwned (so the walk below covers it)', () => {
    const unflagged = t.app.routeTable
      // the operator console reads every team's rows by design (its role check: modules/console console.guard.ts)
      .filter(
        (r) =>
          r.url.startsWith('/api/') &&
          !r.url.startsWith('/api/console/') &&
          OWNED_PATH.test(r.url) &&
          !r.teamOwned &&
          r.method !== 'HEAD',
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(unflagged).toEqual([]);
    expect(t.app.routeTable.filter((r) => r.teamOwned).length).toBeGreaterThanOrEqual(13);
  });

  it('a second team gets a refusal or nothing of the first team from every teamOwned route, and changes nothing', async () => {
    const before = await snapshotOfA();
    const routes = t.app.routeTable.filter((r) => r.teamOwned && (r.method === 'GET' || r.method === 'POST'));
    expect(routes.length).toBeGreaterThan(0);
    // One superset of parameters: each route's schema takes what it needs (team A's ids throughout).
    const params: Record<string, string | number> = {
      type: 1,
      kolId: ids.kolId ?? 0,
      targetKolId: ids.targetKolId ?? 0,
      videoId: ids.videoId ?? 0,
      id: ids.libraryId ?? ids.groupId ?? 0,
      groupId: ids.groupId ?? 0,
      tId: ids.groupId ?? 0,
      recordId: ids.recordId ?? 0,
      promotionCost: '1.00',
      monitorDuration: 0,
      themeName: 'B队改名',
      sortFlag: 1,
      isOpen: 0,
      kolUid: ids.kolUid ?? 0,
      remark: 'B队写入',
      implantationPrice: 1,
      pageNo: 1,
      pageSize: 50,
    };
    const leaks: string[] = [];
    for (const route of routes) {
      // read routes twice: with the superset and with the group / library id alone
      for (const p of [params, { id: ids.groupId ?? 0, type: 4 }, { id: ids.monitorId ?? 0 }]) {
        const res = await t.call(route.method as 'GET' | 'POST', route.url, p, { token: b.token });
        const text = JSON.stringify(res.body);
        if (text.includes(SECRET_GROUP) || text.includes(SECRET_TEXT) || (aName && text.includes(aName))) {
          leaks.push(`${route.method} ${route.url}: ${text.slice(0, 200)}`);
        }
        expect(res.status, `${route.method} ${route.url}`).toBeLessThan(500);
      }
    }
    expect(leaks).toEqual([]);
    expect(await snapshotOfA()).toBe(before);
  });
});
