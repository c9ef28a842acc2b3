/**
 * Imports never rewrite history (issue #23, item 1): a day's rows come from that day's responses only, and the current
 * counters of a creator or video move only forward in time. The same saved days imported in date order and in a
 * shuffled order (backfills after later days, a day imported twice) into two empty databases (SEED_DEMO=false), each
 * followed by the rollup of the range, leave the same rows in every table — compared row by row, keyed by the
 * platform's ids (mid / aid) instead of the system's, without the times of the runs.
 *
 * The days are real-shaped: the items of the saved popular list, ranking and 每周必看 (test/fixtures/bilibili, the
 * samples of /work/shared/data/bilibili-api) with their counters grown day by day and `owner.follower` as the live
 * popular list sends it; a user card on some days (a creator whose totals the platform sent); one day saved as the
 * list's data part without the envelope ({"number", "list"}); one day missing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestApp, type TestApp } from '../../test/harness.js';
import { lcg } from '../../test/lcg.js';
import { runRollupCli } from '../jobs/rollup-cli.js';
import { runCli } from './cli.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/bilibili');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')) as Body;
type Item = Record<string, unknown> & {
  aid: number;
  owner: { mid: number; name: string; face: string; follower?: number };
  stat: Record<string, number>;
};
interface Body {
  code: number;
  data: { list: Item[]; [k: string]: unknown };
}

const FIRST = '2026-10-01';
const DAYS = 9;
const MISSING = 4; // no list saved that day
const dayOf = (k: number) => new Date(Date.parse(`${FIRST}T00:00:00Z`) + k * 86_400_000).toISOString().slice(0, 10);
const LAST = dayOf(DAYS - 1);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-import-order-'));
const items: Item[] = [
  ...read('popular.json').data.list,
  ...read('ranking_v2.json').data.list,
  ...read('popular_series_one.json').data.list,
];
const card = read('user_card.json');
/** the creator the card is about: the owner of the first ranking item (a creator of the lists) */
const CARD_MID = (items[2] as Item).owner.mid;

/** The files of day k (none on the missing day). */
function filesOf(k: number): string[] {
  if (k === MISSING) return [];
  const rnd = lcg(1000 + k);
  const grow = (n: number, i: number) => Math.round(n * (1 + 0.03 * k) + ((i * 7 + k) % 5));
  // each day lists most items; some only on some days (their owners' videos move in and out of the list)
  const list = items
    .filter((_, i) => i % 4 !== k % 4 || i < 2)
    .map((it, i) => ({
      ...it,
      owner: { ...it.owner, follower: 10_000 + ((it.owner.mid % 97_003) * 13 + k * (50 + i)) },
      stat: Object.fromEntries(Object.entries(it.stat).map(([key, v]) => [key, key === 'aid' ? v : grow(v, i)])),
    }));
  const files: string[] = [];
  const popular = path.join(tmp, `${dayOf(k)}-popular.json`);
  // day 2 is saved as the list's data part only, as many collectors store it
  const data = { list: list.slice(0, 20), no_more: false };
  fs.writeFileSync(popular, JSON.stringify(k === 2 ? { number: k, list: data.list } : { code: 0, data }));
  files.push(popular);
  const rest = path.join(tmp, `${dayOf(k)}-ranking.json`);
  fs.writeFileSync(rest, JSON.stringify({ code: 0, data: { note: '', list: list.slice(20) } }));
  files.push(rest);
  if (k % 3 === 1) {
    const c = structuredClone(card) as unknown as { data: Record<string, unknown> & { card: Record<string, unknown> } };
    c.data.card.mid = String(CARD_MID);
    c.data.follower = 50_000 + k * 321 + Math.round(rnd() * 10);
    c.data.like_num = 700_000 + k * 1_000;
    c.data.archive_count = 40 + k;
    const f = path.join(tmp, `${dayOf(k)}-card.json`);
    fs.writeFileSync(f, JSON.stringify(c));
    files.push(f);
  }
  return files;
}

/** The days in order, and shuffled: the newest first, backfills between, one day imported again at the end. */
const ORDERED = Array.from({ length: DAYS }, (_, k) => k);
const SHUFFLED = [8, 3, 6, 0, 7, 1, 5, 2, 4, 3];

let inOrder: TestApp;
let shuffled: TestApp;

async function importDays(t: TestApp, days: readonly number[]): Promise<void> {
  const env = { NODE_ENV: 'test', DATABASE_URL: t.databaseUrl };
  for (const k of days) {
    const files = filesOf(k);
    if (files.length === 0) continue;
    const err: string[] = [];
    const code = await runCli(['--date', dayOf(k), ...files], { out: () => undefined, err: (l) => err.push(l) }, env);
    expect(err).toEqual([]);
    expect(code).toBe(0);
  }
  const err: string[] = [];
  const code = await runRollupCli(
    ['--from', FIRST, '--to', LAST],
    { out: () => undefined, err: (l) => err.push(l) },
    env,
  );
  expect(err).toEqual([]);
  expect(code).toBe(0);
}

beforeAll(async () => {
  inOrder = await createEmptyTestApp();
  shuffled = await createEmptyTestApp();
  await importDays(inOrder, ORDERED);
  await importDays(shuffled, SHUFFLED);
}, 600_000);
afterAll(async () => {
  await inOrder?.close();
  await shuffled?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Columns that are the system's own numbering or the time a run happened, not data. */
const RUN_COLUMN =
  /^(id|created_at|updated_at|received_at|applied_at|computed_at|started_at|finished_at|refreshed_at|publish_at|granted_at|next_run_at)$/;

/**
 * Every row of every table of the schema, as sorted JSON lines: creator_id / video_id as the platform's mid / aid,
 * the run's columns left out.
 */
async function dump(t: TestApp): Promise<Record<string, string[]>> {
  const db = t.ctx.db;
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const mids = new Map(
    (await db.selectFrom('creators').select(['id', 'mid']).execute()).map((r) => [String(r.id), String(r.mid)]),
  );
  const aids = new Map(
    (await db.selectFrom('videos').select(['id', 'aid']).execute()).map((r) => [String(r.id), String(r.aid)]),
  );
  const out: Record<string, string[]> = {};
  for (const { table_name: table } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db);
    out[table] = rows.rows
      .map((r) => {
        const row: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(r)) {
          if (RUN_COLUMN.test(k)) continue;
          if (k === 'creator_id' && v !== null) row[k] = `mid:${mids.get(idText(v)) ?? `?${idText(v)}`}`;
          else if (k === 'video_id' && v !== null) row[k] = `aid:${aids.get(idText(v)) ?? `?${idText(v)}`}`;
          else row[k] = v instanceof Date ? v.toISOString() : v;
        }
        return JSON.stringify(row);
      })
      .sort();
  }
  return out;
}

describe('import order (issue #23, item 1)', () => {
  it('in order and shuffled (backfills, a re-import) leave identical tables, row by row', async () => {
    const [a, b] = await Promise.all([dump(inOrder), dump(shuffled)]);
    expect(Object.keys(b)).toEqual(Object.keys(a));
    // the data is there: every day's rows, the card creator's totals
    expect(a.video_daily?.length).toBeGreaterThan(100);
    expect(a.creator_daily?.length).toBeGreaterThan(100);
    const differing = Object.keys(a).filter((table) => JSON.stringify(a[table]) !== JSON.stringify(b[table]));
    for (const table of differing) expect({ table, rows: b[table] }).toEqual({ table, rows: a[table] });
    expect(differing).toEqual([]);
  });

  it("a day's rows are that day's responses: re-importing an older day after later ones changes nothing", async () => {
    const before = await dump(inOrder);
    const env = { NODE_ENV: 'test', DATABASE_URL: inOrder.databaseUrl };
    const code = await runCli(['--date', dayOf(1), ...filesOf(1)], { out: () => undefined, err: () => undefined }, env);
    expect(code).toBe(0);
    expect(await dump(inOrder)).toEqual(before);
    // the owners' plays of day 1 are the sums of their videos as of day 1, not of the latest day
    const db = inOrder.ctx.db;
    const owner = (items[0] as Item).owner.mid;
    const row = await sql<{ plays: string; current: string }>`
      SELECT d.plays, c.plays AS current FROM creator_daily d JOIN creators c ON c.id = d.creator_id
      WHERE c.mid = ${owner} AND d.day = ${dayOf(1)}::date`.execute(db);
    const day1 = JSON.parse(fs.readFileSync(filesOf(1)[0] as string, 'utf8')) as Body;
    const sum = day1.data.list.filter((i) => i.owner.mid === owner).reduce((s, i) => s + (i.stat.view ?? 0), 0);
    expect(Number(row.rows[0]?.plays)).toBe(sum);
    expect(Number(row.rows[0]?.current)).toBeGreaterThan(sum);
  });
});

/** A key column's value as text (bigint ids come back as strings). */
function idText(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' ? String(v) : JSON.stringify(v);
}
