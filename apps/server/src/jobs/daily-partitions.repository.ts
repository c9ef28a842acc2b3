import { sql } from 'kysely';
import type { Db } from '../db/client.js';

/**
 * Upkeep of the monthly partitions of creator_daily and video_daily (migration 0060; docs/pipeline.md "Daily
 * partitions"), run once a day by the scheduler's leader:
 * - the rows that landed in a table's DEFAULT partition (a month without its partition: an import of old lists)
 *   move into their month's own partition, created for them;
 * - the current month and the next two have their partitions before any row needs them;
 * - with a retention of N months (DAILY_RETENTION_MONTHS, 0 = keep everything) the partitions of months that
 *   ended more than N months before the current one are detached whole and renamed `archived_<name>`: out of
 *   every query at once, kept on disk for the operator to dump or drop.
 */
export const DAILY_TABLES = ['creator_daily', 'video_daily'] as const;
export type DailyTable = (typeof DAILY_TABLES)[number];
/** Months ahead of the current one that always have their partition. */
export const PARTITION_MONTHS_AHEAD = 2;

export interface PartitionUpkeep {
  created: string[];
  detached: string[];
}

export interface DailyPartition {
  name: string;
  /** first day of the partition's month (YYYY-MM-DD) */
  month: string;
  rows: number;
}

function monthStart(day: string, addMonths = 0): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + addMonths;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

export async function maintainDailyPartitions(
  db: Db,
  options: { today: string; retentionMonths: number },
): Promise<PartitionUpkeep> {
  const created: string[] = [];
  const detached: string[] = [];
  for (const table of DAILY_TABLES) {
    const fallback = `${table}_default`;
    const strays = await sql<{ month: string }>`
      SELECT DISTINCT to_char(date_trunc('month', day), 'YYYY-MM-DD') AS month
      FROM ${sql.table(fallback)} ORDER BY 1`.execute(db);
    const months = [
      ...strays.rows.map((r) => r.month),
      ...Array.from({ length: PARTITION_MONTHS_AHEAD + 1 }, (_, i) => monthStart(options.today, i)),
    ];
    for (const month of months) {
      // one transaction per month: the DEFAULT partition is locked only for the move of that month's rows
      const made = await db.transaction().execute(async (trx) => {
        const r = await sql<{ made: boolean }>`SELECT ensure_daily_partition(${table}, ${month}::date) AS made`.execute(
          trx,
        );
        return r.rows[0]?.made === true;
      });
      if (made) created.push(`${table}_${month.slice(0, 7).replace('-', '')}`);
    }
    if (options.retentionMonths > 0) {
      const keepFrom = monthStart(options.today, -options.retentionMonths);
      for (const p of await listDailyPartitions(db, table)) {
        if (p.month >= keepFrom) continue;
        await db.transaction().execute(async (trx) => {
          await sql`ALTER TABLE ${sql.table(table)} DETACH PARTITION ${sql.table(p.name)}`.execute(trx);
          await sql`ALTER TABLE ${sql.table(p.name)} RENAME TO ${sql.table(`archived_${p.name}`)}`.execute(trx);
        });
        detached.push(p.name);
      }
    }
  }
  return { created, detached };
}

/** The monthly partitions of a daily table, oldest first (the DEFAULT partition is not listed). */
export async function listDailyPartitions(db: Db, table: DailyTable): Promise<DailyPartition[]> {
  const r = await sql<{ name: string; rows: string }>`
    SELECT c.relname AS name, c.reltuples::bigint AS rows
    FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = ${table}::regclass AND c.relname ~ '_[0-9]{6}$'
    ORDER BY c.relname`.execute(db);
  return r.rows.map((row) => {
    const yyyymm = row.name.slice(-6);
    return {
      name: row.name,
      month: `${yyyymm.slice(0, 4)}-${yyyymm.slice(4)}-01`,
      rows: Math.max(0, Number(row.rows)),
    };
  });
}
