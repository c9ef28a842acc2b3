/**
 * Exports cut off by the end of their process (kill -9; issue #23 item 15): the sweep fails them and gives their
 * quota back exactly once, at start and on a timer within 60 s (nobody needs to open 导出记录); and the download
 * link answers the same for an unknown id as for another team's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import { ApiCode, ExportMsg, type ExportLinkAnswer } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { membershipServices } from '../membership/membership.services.js';
import { createMember, toleratePoolShutdown, type TestMember } from '../membership/test-members.js';
import { exportServiceOf } from './export.jobs.js';
import { EXPORT_STALE_MS } from './export.service.js';
import { exportDb, type ExportsTable } from './export.tables.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  toleratePoolShutdown(t.ctx);
});
afterAll(async () => {
  await t.close();
});

async function residue(member: TestMember): Promise<number> {
  const res = await t.call('GET', '/api/usage/excelResidueCount', { type: 1 }, { token: member.token });
  return (res.body as unknown as { data: { residueCount: number } }).data.residueCount;
}

/** A running export of `member`'s team with its rows spent, last beaten at `beatAt` (its process then ended). */
async function cutExport(member: TestMember, rows: number, beatAt: Date): Promise<string> {
  const { quotas } = membershipServices(t.ctx);
  expect((await quotas.spendQuota(member.id, 'export', rows)).ok).toBe(true);
  return insertExport(member, rows, { size_bytes: null, finished_at: null, created_at: beatAt, updated_at: beatAt });
}

/**
 * An exports row of `member`'s own team (粉丝榜, all of it, `rows` rows and as many quota rows, no error nor link,
 * a day to live) with the columns `more` sets: its id.
 */
async function insertExport(
  member: TestMember,
  rows: number,
  more: Pick<Insertable<ExportsTable>, 'size_bytes' | 'finished_at' | 'created_at' | 'updated_at'>,
): Promise<string> {
  const row = await exportDb(t.ctx.db)
    .insertInto('exports')
    .values({
      owner_id: member.id,
      user_id: member.id,
      list: 'fansRanking',
      scope: 'all',
      params: '{}',
      file_name: '粉丝榜_20990101000000.xlsx',
      rows_total: rows,
      quota_rows: rows,
      error: null,
      link_hash: null,
      link_expires_at: null,
      expires_at: new Date(Date.now() + 86_400_000),
      ...more,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const stateOf = async (id: string) =>
  (await exportDb(t.ctx.db).selectFrom('exports').select(['state', 'quota_rows']).where('id', '=', id).execute())[0];

describe('exports cut by the end of their process', () => {
  it('are failed and refunded exactly once, only after their heartbeat stopped for EXPORT_STALE_MS', async () => {
    const team = await createMember(t.ctx, { userType: 3 });
    const service = exportServiceOf(t.ctx);
    const full = await residue(team);
    // rows of a finished export stay spent (a double refund would give them back too)
    const { quotas } = membershipServices(t.ctx);
    await quotas.spendQuota(team.id, 'export', 100);
    const now = new Date();
    const id = await cutExport(team, 40, now);
    expect(await residue(team)).toBe(full - 140);

    // still within its heartbeat's grace: its process may be alive
    expect(await service.sweepStale(new Date(now.getTime() + EXPORT_STALE_MS - 5000))).toBe(0);
    expect(await stateOf(id)).toEqual({ state: 'running', quota_rows: 40 });

    // past it: failed and refunded, once, however many sweeps run (several processes, the timer and a page)
    const later = new Date(now.getTime() + EXPORT_STALE_MS + 1000);
    const swept = await Promise.all([1, 2, 3, 4].map(() => service.sweepStale(later)));
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await service.sweepStale(later)).toBe(0);
    expect(await stateOf(id)).toEqual({ state: 'failed', quota_rows: 0 });
    expect(await residue(team)).toBe(full - 100);
  });

  it('the sweeper fails one within 60 s of the kill without anyone opening a page', async () => {
    const team = await createMember(t.ctx, { userType: 3 });
    const full = await residue(team);
    // its process was killed 59.5 s ago, 20 s after its last heartbeat (beats come every 10 s)
    const id = await cutExport(team, 25, new Date(Date.now() - EXPORT_STALE_MS + 500));
    const stop = exportServiceOf(t.ctx).startSweeper(250);
    try {
      await expect.poll(async () => (await stateOf(id))?.state, { timeout: 5000, interval: 100 }).toBe('failed');
    } finally {
      stop();
    }
    expect(await residue(team)).toBe(full);
  });
});

describe('GET /api/export/file', () => {
  it('answers an unknown id exactly as another team’s id', async () => {
    const a = await createMember(t.ctx, { userType: 3 });
    const b = await createMember(t.ctx, { userType: 3 });
    const db = exportDb(t.ctx.db);
    // a finished export of each team, with a download link each
    const ids: string[] = [];
    for (const member of [a, b]) {
      const id = await insertExport(member, 1, { size_bytes: 3, finished_at: new Date() });
      await db
        .insertInto('export_files')
        .values({ export_id: id, data: Buffer.from('xyz') })
        .execute();
      ids.push(id);
    }
    const linkOf = async (member: TestMember, id: string) => {
      const res = await t.call('GET', '/api/export/link', { id }, { token: member.token });
      const url = new URL((res.body as unknown as ExportLinkAnswer).url, 'http://x');
      return url.searchParams.get('token') ?? '';
    };
    const tokenA = await linkOf(a, ids[0] ?? '');
    const tokenB = await linkOf(b, ids[1] ?? '');
    const file = async (id: string, token: string) => {
      const res = await t.call('GET', '/api/export/file', { id, token }, { unsigned: true });
      const { 'x-request-id': _id, date: _date, ...headers } = res.raw.headers;
      return { status: res.raw.statusCode, headers, body: res.raw.body };
    };
    // the owner's link works
    expect((await file(ids[0] ?? '', tokenA)).status).toBe(200);
    const unknown = await file('987654321', tokenB);
    expect(JSON.parse(unknown.body)).toMatchObject({ code: ApiCode.FAIL, message: ExportMsg.linkExpired });
    // team B's member with its own token on team A's file, or a forged one: the same answer as an unknown id
    expect(await file(ids[0] ?? '', tokenB)).toEqual(unknown);
    expect(await file(ids[0] ?? '', `${tokenA.slice(0, -2)}${tokenA.endsWith('AA') ? 'BB' : 'AA'}`)).toEqual(unknown);
    // and the status and link calls: another team's id is answered as a missing one
    const status = await t.call('GET', '/api/export/status', { id: ids[0] ?? '' }, { token: b.token });
    const missing = await t.call('GET', '/api/export/status', { id: '987654321' }, { token: b.token });
    expect(status.body).toEqual(missing.body);
  });
});
