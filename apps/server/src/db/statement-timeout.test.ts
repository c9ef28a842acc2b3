import pg from 'pg';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, Msg, encodeKeyword } from '@xg/shared';
import { useTestApp } from '../../test/harness.js';
import { discoveryReads } from '../context.js';
import { createMember, type TestMember } from '../modules/membership/test-members.js';
import { isStatementTimeout } from './client.js';

/**
 * READ_STATEMENT_TIMEOUT_MS (config.readStatementTimeoutMs): a discovery read still running after the bound is
 * cancelled in PostgreSQL (db/bounded-reads.ts) once nobody can use its answer, where before it ran on (40 s and
 * more after a client gave up at 1M, slowing every next request; docs/decisions.md "A bound on discovery reads").
 * The primary's own db (writes, accounts, money, jobs, exports) has no bound.
 */
const TIMEOUT_MS = 400;
const t = useTestApp({ readStatementTimeoutMs: TIMEOUT_MS });
let ent: TestMember;

beforeAll(async () => {
  ent = await createMember(t.ctx, { userType: 3 });
});

/** The app's statements on the test database that are still running and mention `table`. */
async function runningOn(table: string, except: number): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND pid <> ${except}
      AND query LIKE ${`%${table}%`}`.execute(t.ctx.db);
  return r.rows[0]?.n ?? 0;
}

describe('the bound on discovery reads', () => {
  it('cancels a discovery read past the bound in the database, and leaves the primary pool unbounded', async () => {
    const reads = discoveryReads(t.ctx);
    const started = Date.now();
    const err: unknown = await sql`SELECT pg_sleep(3)`.execute(reads.db).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isStatementTimeout(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2500);
    // the prepared statements of the discovery reads too
    const prepared: unknown = await reads.pool.query({ name: 'timeout_probe', text: 'SELECT pg_sleep(3)' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isStatementTimeout(prepared)).toBe(true);
    // the connections of the cancelled reads serve the next reads, and a read under the bound is left alone
    const next = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sql<{ i: number }>`SELECT ${i}::int AS i, pg_sleep(0.25)`.execute(reads.db)),
    );
    expect(next.map((r) => r.rows[0]?.i)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    // the primary's pool: the same statement, longer than the bound, runs to its end
    await sql`SELECT pg_sleep(${(TIMEOUT_MS * 2) / 1000})`.execute(t.ctx.db);
  });

  it('answers 503 with the message, cancels the statement, and serves the next call when the table is free', async () => {
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      const pid = Number((await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid);
      // a keyword read of the video library waits on this lock (video_titles: a keyword newest first)
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE video_titles IN ACCESS EXCLUSIVE MODE');
      const params = { keyword: encodeKeyword('测试超时'), sort: 'time' };
      const res = await t.call('GET', '/api/searchVideo', params, { token: ent.token });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: Msg.queryTimeout });
      expect(res.raw.headers['retry-after']).toBe('5');
      // cancelled in PostgreSQL, not left waiting behind the lock
      expect(await runningOn('video_titles', pid)).toBe(0);
      await locker.query('ROLLBACK');
      const next = await t.call('GET', '/api/searchVideo', params, { token: ent.token });
      expect(next.status).toBe(200);
      expect(next.body.code).toBe(ApiCode.OK);
    } finally {
      await locker.end();
    }
  });

  it('tells a timeout from a cancel by request and from other errors', () => {
    const timeout = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const cancel = Object.assign(new Error('canceling statement due to user request'), { code: '57014' });
    expect(isStatementTimeout(timeout)).toBe(true);
    expect(isStatementTimeout(new Error('wrapped', { cause: timeout }))).toBe(true);
    expect(isStatementTimeout(cancel)).toBe(false);
    expect(isStatementTimeout(new Error('canceling statement due to statement timeout'))).toBe(false);
    expect(isStatementTimeout(null)).toBe(false);
  });
});
