import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDb, type Db } from '../db/client.js';
import { MIGRATIONS_DIR, migrate } from '../db/migrate.js';
import { runSeeds } from '../db/seed/index.js';
import { loadConfig } from '../config.js';
import { SessionRepository } from '../modules/session/session.repository.js';
import { SessionService } from '../modules/session/session.service.js';
import { createDatabase, dropDatabase, withDatabase } from '../../test/global-setup.js';
import { createEmptyTestApp, type TestApp } from '../../test/harness.js';
import { listDailyPartitions, maintainDailyPartitions } from './daily-partitions.repository.js';

/**
 * Issue #28 item 6: creator_daily and video_daily partitioned by month (migration 0060). The migration moves
 * a demo world's rows without losing one; rows of a month without a partition wait in DEFAULT and the upkeep
 * moves them into their own partition; a retention detaches old months whole.
 */
const PARTITIONING = '0060_daily_partitions.sql';

/** Row counts and column sums of both daily tables: equal before and after means no row lost or changed. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const c = await sql<Record<string, string>>`
    SELECT count(*)::text AS rows, sum(fans)::text AS fans, sum(likes)::text AS likes, sum(plays)::text AS plays,
           sum(video_count)::text AS videos, sum(coalesce(following, 0))::text AS following,
           count(DISTINCT creator_id)::text AS creators, min(day)::text AS first, max(day)::text AS last,
           sum(hashtext(creator_id::text || day::text))::text AS keys
    FROM creator_daily`.execute(db);
  const v = await sql<Record<string, string>>`
    SELECT count(*)::text AS rows, sum(play)::text AS play, sum(likes)::text AS likes, sum(coin)::text AS coin,
           sum(favorite)::text AS favorite, sum(share)::text AS share, sum(reply)::text AS reply,
           sum(danmaku)::text AS danmaku, sum(hashtext(video_id::text || day::text))::text AS keys
    FROM video_daily`.execute(db);
  const prefix = (p: string, row: Record<string, string> | undefined) =>
    Object.fromEntries(Object.entries(row ?? {}).map(([k, value]) => [`${p}.${k}`, value]));
  return { ...prefix('creator_daily', c.rows[0]), ...prefix('video_daily', v.rows[0]) };
}

describe('migration 0060 on a demo world', () => {
  let url = '';
  let name = '';
  const before: { value: Record<string, string> } = { value: {} };
  let tmp = '';

  beforeAll(async () => {
    const adminUrl = inject('adminDatabaseUrl');
    name = `${inject('templateDatabase')}_parts_${crypto.randomBytes(4).toString('hex')}`;
    await createDatabase(adminUrl, name);
    url = withDatabase(adminUrl, name);
    // every migration before 0060, then a small demo world in the unpartitioned tables
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-migrations-'));
    for (const file of fs.readdirSync(MIGRATIONS_DIR)) {
      if (file.endsWith('.sql') && file < PARTITIONING)
        fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(tmp, file));
    }
    await migrate(url, tmp);
    const { db, pool } = createDb(url, 2);
    const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), databaseUrl: url };
    await runSeeds(
      { config, db, pool, sessions: new SessionService(new SessionRepository(db)) },
      { demo: true, scale: 0.02, seed: 11, demoPassword: 'partition-test', log: () => undefined },
    );
    before.value = await fingerprint(db);
    await db.destroy();
  }, 300_000);

  afterAll(async () => {
    fs.rmSync(tmp, { recursive: true, force: true });
    await dropDatabase(inject('adminDatabaseUrl'), name);
  });

  it('moves every row: counts and sums equal, months in their own partitions, DEFAULT empty', async () => {
    expect(Number(before.value['creator_daily.rows'])).toBeGreaterThan(1000);
    expect(Number(before.value['video_daily.rows'])).toBeGreaterThan(1000);
    const applied = await migrate(url);
    // 0060 first, then the migrations numbered after it
    expect(applied[0]).toBe(PARTITIONING);
    expect(applied.every((f) => f >= PARTITIONING)).toBe(true);
    const { db } = createDb(url, 2);
    try {
      expect(await fingerprint(db)).toEqual(before.value);
      for (const table of ['creator_daily', 'video_daily'] as const) {
        const kind = await sql<{
          kind: string;
        }>`SELECT relkind::text AS kind FROM pg_class WHERE relname = ${table}`.execute(db);
        expect(kind.rows[0]?.kind).toBe('p');
        const parts = await listDailyPartitions(db, table);
        expect(parts.length).toBeGreaterThanOrEqual(4); // the world's ≥ 3 months and the months ahead
        const stray = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(`${table}_default`)}`.execute(db);
        expect(Number(stray.rows[0]?.n)).toBe(0);
      }
      // the high-water triggers came along: a newer day raises the table's mark
      const mark = await sql<{
        day: string;
      }>`SELECT day::text AS day FROM daily_high_water WHERE table_name = 'creator_daily'`.execute(db);
      expect(mark.rows[0]?.day).toBe(before.value['creator_daily.last']);
    } finally {
      await db.destroy();
    }
  });
});

describe('partition upkeep on an empty database', () => {
  let t: TestApp;
  let creatorId = '';
  beforeAll(async () => {
    t = await createEmptyTestApp();
    const c = await sql<{ id: string }>`
      INSERT INTO creators (mid, name) VALUES (98765001, '分区测试UP主') RETURNING id`.execute(t.ctx.db);
    creatorId = c.rows[0]?.id ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  const insertDay = (day: string, fans: number) =>
    sql`INSERT INTO creator_daily (creator_id, day, fans, likes, plays, video_count)
        VALUES (${creatorId}, ${day}::date, ${fans}, 0, 0, 0)
        ON CONFLICT (creator_id, day) DO UPDATE SET fans = excluded.fans`.execute(t.ctx.db);

  it('an old month waits in DEFAULT, then moves into its own partition; the upkeep is idempotent', async () => {
    await insertDay('2023-10-20', 100);
    await insertDay('2023-10-21', 110);
    await insertDay('2023-10-21', 111); // upsert through the partitioned key
    const inDefault = await sql<{ n: string }>`SELECT count(*) AS n FROM creator_daily_default`.execute(t.ctx.db);
    expect(Number(inDefault.rows[0]?.n)).toBe(2);

    const first = await maintainDailyPartitions(t.ctx.db, { today: '2026-11-28', retentionMonths: 0 });
    expect(first.created).toContain('creator_daily_202310');
    expect(first.detached).toEqual([]);
    const moved = await sql<{ n: string }>`SELECT count(*) AS n FROM creator_daily_202310`.execute(t.ctx.db);
    expect(Number(moved.rows[0]?.n)).toBe(2);
    const left = await sql<{ n: string }>`SELECT count(*) AS n FROM creator_daily_default`.execute(t.ctx.db);
    expect(Number(left.rows[0]?.n)).toBe(0);
    const fans = await sql<{ fans: string }>`
      SELECT fans::text FROM creator_daily WHERE creator_id = ${creatorId} AND day = '2023-10-21'`.execute(t.ctx.db);
    expect(fans.rows[0]?.fans).toBe('111');
    // the months ahead exist
    const months = (await listDailyPartitions(t.ctx.db, 'video_daily')).map((p) => p.month);
    expect(months).toEqual(expect.arrayContaining(['2026-11-01', '2026-12-01', '2027-01-01']));

    const again = await maintainDailyPartitions(t.ctx.db, { today: '2026-11-28', retentionMonths: 0 });
    expect(again).toEqual({ created: [], detached: [] });
  });

  it('a retention detaches the months before it whole, keeps them as archived tables', async () => {
    await insertDay('2026-11-01', 500);
    const upkeep = await maintainDailyPartitions(t.ctx.db, { today: '2026-11-28', retentionMonths: 12 });
    expect(upkeep.detached).toContain('creator_daily_202310');
    expect(upkeep.detached.every((n) => !n.endsWith('_default'))).toBe(true);
    const rows = await sql<{ day: string }>`
      SELECT day::text FROM creator_daily WHERE creator_id = ${creatorId} ORDER BY day`.execute(t.ctx.db);
    expect(rows.rows.map((r) => r.day)).toEqual(['2026-11-01']);
    const archived = await sql<{ n: string }>`SELECT count(*) AS n FROM archived_creator_daily_202310`.execute(
      t.ctx.db,
    );
    expect(Number(archived.rows[0]?.n)).toBe(2);
  });
});
