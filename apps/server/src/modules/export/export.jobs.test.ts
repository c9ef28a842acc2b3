import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ExportLinkAnswer, ExportRecord } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { TEST_SCALE } from '../../../test/constants.js';
import { readXlsx } from '../../../test/xlsx-read.js';
import { startPipelineKit, type PipelineKit } from '../../jobs/test-kit.js';
import { insertRankings, topCreatorIds } from '../creators/discovery-fixtures.js';
import { createMember, type TestMember } from '../membership/test-members.js';

/** Large exports as pg-boss jobs (`export.produce`): queued by the call, made by a worker, followed in 导出记录. */
let t: TestApp;
let kit: PipelineKit;
let ent: TestMember;
const DAY = '2099-05-31';
const ROWS = 120;

beforeAll(async () => {
  // exports of 100 rows or more become jobs in this app
  t = await createTestApp({ exportJobRows: 100 });
  kit = await startPipelineKit({
    ctx: t.ctx,
    databaseUrl: t.databaseUrl,
    seed: 7,
    scale: TEST_SCALE,
    lockKey: 990_160,
  });
  ent = await createMember(t.ctx, { userType: 3 });
  const creators = await topCreatorIds(t.ctx.db, ROWS);
  await insertRankings(
    t.ctx.db,
    creators.map((id, i) => ({ kind: 'fans', period: 'day', day: DAY, rank: i + 1, creatorId: id, value: 1e6 - i })),
  );
});
afterAll(async () => {
  await kit.close();
  await t.close();
});

async function get(path: string, params: Record<string, string | number>) {
  return (await t.call('GET', path, params, { token: ent.token })).body;
}

describe('export.produce', () => {
  it('queues an export of many rows, a worker makes the file, the team downloads it', async () => {
    const started = await get('/api/export/fansRanking', { period: 'day', date: DAY, export: 'all' });
    expect(started).toMatchObject({ code: 200, record: { state: 'running', rowsTotal: ROWS, rowsDone: 0 } });
    const id = started.exportId as number;
    const jobs = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pgboss.job WHERE name = 'export.produce' AND data->>'exportId' = ${String(id)}`.execute(
      t.ctx.db,
    );
    expect(Number(jobs.rows[0]?.n)).toBe(1);
    // still running until a worker takes it
    expect(((await get('/api/export/status', { id })).record as ExportRecord).state).toBe('running');

    expect(await kit.pipeline.runPending({ names: ['export.produce'] })).toBe(1);
    const done = (await get('/api/export/status', { id })).record as ExportRecord;
    expect(done).toMatchObject({ state: 'done', rowsDone: ROWS, rowsTotal: ROWS });

    const link = (await get('/api/export/link', { id })) as unknown as ExportLinkAnswer;
    const url = new URL(link.url, 'http://x');
    const file = await t.call('GET', url.pathname, Object.fromEntries(url.searchParams), { unsigned: true });
    const [sheet] = readXlsx(file.raw.rawPayload);
    expect(sheet?.rows).toHaveLength(1 + ROWS);
    expect(sheet?.rows[ROWS]?.[0]).toMatchObject({ value: ROWS, type: 'n' });
    // 5000 − 120 rows spent
    const quota = await get('/api/usage/excelResidueCount', { type: 1 });
    expect((quota.data as { residueCount: number }).residueCount).toBe(5000 - ROWS);
  });

  it('answers small exports inline even with a job system', async () => {
    const res = await t.call(
      'GET',
      '/api/export/fansRanking',
      { period: 'day', date: DAY, export: 20 },
      {
        token: ent.token,
      },
    );
    expect(String(res.raw.headers['content-type'])).toContain('spreadsheet');
  });
});
