/**
 * Unknown is not a made-up value (issue #23, item 7): a creator whose level or following count the platform did not
 * send (a list's owner) is stored with NULL, answered as null and left out of every level filter, never shown as
 * Lv1 and 0; a creator whose card sent them keeps them. On an empty database (SEED_DEMO=false) fed by the importer.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorDetail, CreatorSearchAnswer } from '@xg/shared';
import { createEmptyTestApp, type TestApp } from '../../test/harness.js';
import { createMember, type TestMember } from '../modules/membership/test-members.js';
import { runCli } from './cli.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/bilibili');
const OWNER_MID = 1339110285; // the first popular.json item's owner: a list says nothing of level or following
const CARD_MID = 2; // user_card.json: level 6, 234 followed

let t: TestApp;
let member: TestMember;
const kolIds = new Map<number, number>();

beforeAll(async () => {
  t = await createEmptyTestApp();
  member = await createMember(t.ctx, { userType: 3 });
  const code = await runCli(
    ['--date', '2026-11-01', path.join(FIXTURES, 'popular.json'), path.join(FIXTURES, 'user_card.json')],
    { out: () => undefined, err: () => undefined },
    { NODE_ENV: 'test', DATABASE_URL: t.databaseUrl },
  );
  expect(code).toBe(0);
  for (const r of await t.ctx.db.selectFrom('creators').select(['id', 'mid']).execute())
    kolIds.set(Number(r.mid), Number(r.id));
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function get<T>(p: string, params: Record<string, string | number>): Promise<T> {
  const res = await t.call('GET', p, params, { token: member.token });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ code: 200 });
  return res.body as unknown as T;
}

describe('a level or following count the platform did not send', () => {
  it('is stored as NULL (not level 1, not 0 followed)', async () => {
    const rows = await t.ctx.db
      .selectFrom('creators')
      .select(['mid', 'level', 'following'])
      .where('mid', 'in', [String(OWNER_MID), String(CARD_MID)])
      .orderBy('mid')
      .execute();
    expect(rows).toEqual([
      { mid: String(CARD_MID), level: 6, following: '234' },
      { mid: String(OWNER_MID), level: null, following: null },
    ]);
  });

  it('the detail answers null for the unknown, the values for the known', async () => {
    const unknown = await get<{ kolInfo: CreatorDetail }>('/api/kolDetail', { kolId: kolIds.get(OWNER_MID) ?? 0 });
    expect(unknown.kolInfo).toMatchObject({ kolUid: OWNER_MID, platformLevel: null, followingNum: null });
    const known = await get<{ kolInfo: CreatorDetail }>('/api/kolDetail', { kolId: kolIds.get(CARD_MID) ?? 0 });
    expect(known.kolInfo).toMatchObject({ kolUid: CARD_MID, platformLevel: 6, followingNum: 234 });
  });

  it('search: the unknown level is answered null and matches no level filter (not Lv1)', async () => {
    const all = await get<CreatorSearchAnswer>('/api/searchKol', { fansMin: 0, pageNo: 1, pageSize: 50 });
    const owner = all.kolInfos.find((k) => k.kolUid === OWNER_MID);
    expect(owner?.platformLevel).toBeNull();
    const lv1 = await get<CreatorSearchAnswer>('/api/searchKol', { level: '1', pageNo: 1, pageSize: 50 });
    expect(lv1.kolInfos.map((k) => k.kolUid)).not.toContain(OWNER_MID);
    const any = await get<CreatorSearchAnswer>('/api/searchKol', { level: '1,2,3,4,5,6', pageNo: 1, pageSize: 50 });
    expect(any.kolInfos.map((k) => k.kolUid)).toEqual([CARD_MID]);
  });
});
