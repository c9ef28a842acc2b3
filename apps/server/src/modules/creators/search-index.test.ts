import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { KolSort } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { creatorMatchFor } from './creators.service.js';
import { CreatorSearchIndex, SEARCH_COLUMNS, nameGrams, searchRowOf, type SearchRowDb } from './search-index.js';
import { EMPTY_FILTER, KolSearchRepository, SEARCH_TOTAL_CAP, type KolFilter } from './search.repository.js';

let t: TestApp;
let repo: KolSearchRepository;

beforeAll(async () => {
  t = await createTestApp();
  repo = new KolSearchRepository(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

/** A deterministic generator, so a failure names a case that can be run again. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(arr: readonly T[]): T => {
    const v = arr[Math.floor(next() * arr.length)];
    if (v === undefined) throw new Error('empty choice');
    return v;
  };
  return { next, pick };
}

interface Case {
  keyword: string | null;
  filter: KolFilter;
  sort: KolSort | null;
  page: { limit: number; offset: number };
}

/** What the SQL path answers: the page ids and the match count capped like the index's. */
async function viaSql(c: Case) {
  const match = c.keyword === null ? null : creatorMatchFor(c.keyword);
  const [ids, total] = await Promise.all([
    repo.searchPageIds(match, c.filter, c.sort, c.page),
    repo.countMatches(match, c.filter),
  ]);
  return { ids, total: Math.min(total, SEARCH_TOTAL_CAP + 1) };
}

async function viaIndex(index: CreatorSearchIndex, c: Case) {
  return index.page(c.keyword === null ? null : creatorMatchFor(c.keyword), c.filter, c.sort, c.page);
}

async function randomCases(seed: number, n: number): Promise<Case[]> {
  const { next, pick } = rng(seed);
  const creators = await sql<{ name: string; mid: string; mcn_id: number | null; fans: string }>`
    SELECT name, mid::text AS mid, mcn_id, fans::text AS fans FROM creators ORDER BY id`.execute(t.ctx.db);
  // bounds equal to a creator's fans test the inclusive ends
  const fansOf = () => Number(pick(creators.rows).fans);
  const tops = await sql<{ tids: number[] }>`
    SELECT array_agg(tid) || p.parent_id AS tids FROM partitions p WHERE parent_id IS NOT NULL GROUP BY parent_id`.execute(
    t.ctx.db,
  );
  const mcns = [...new Set(creators.rows.map((r) => r.mcn_id).filter((x): x is number => x !== null))];
  const out: Case[] = [];
  for (let i = 0; i < n; i++) {
    const c = pick(creators.rows);
    const chars = Array.from(c.name);
    const start = Math.floor(next() * chars.length);
    const kind = pick(['none', '1', '2', '3', 'exact', 'uid', 'upper', 'miss']);
    const keyword =
      kind === 'none'
        ? null
        : kind === 'exact'
          ? c.name
          : kind === 'uid'
            ? c.mid
            : kind === 'upper'
              ? c.name.toUpperCase().slice(0, 3)
              : kind === 'miss'
                ? '鑫鑫鑫'
                : chars.slice(start, start + Number(kind)).join('') || c.name;
    const filter: KolFilter = { ...EMPTY_FILTER };
    if (next() < 0.3) filter.tids = pick(tops.rows).tids;
    if (next() < 0.3) filter.fansMin = next() < 0.5 ? fansOf() : pick([1_000, 10_000, 100_000]);
    if (next() < 0.15) filter.fansMax = next() < 0.5 ? fansOf() : pick([50_000, 500_000]);
    if (next() < 0.25) filter.levels = pick([[6], [5, 6], [3, 4]]);
    if (next() < 0.2) filter.approve = pick([[0], [1, 2]]);
    if (next() < 0.2) filter.gender = pick([0, 1, 2]);
    if (next() < 0.15) filter.mcnId = pick([0, ...mcns]);
    if (next() < 0.1) filter.isLive = pick([0, 1]);
    if (keyword === null && filter === EMPTY_FILTER) filter.fansMin = 1;
    out.push({
      keyword,
      filter,
      sort: pick([null, null, 'fans', 'indexNum', 'plays'] as const),
      page: pick([
        { limit: 20, offset: 0 },
        { limit: 5, offset: 5 },
        { limit: 10, offset: 30 },
      ]),
    });
  }
  return out;
}

/**
 * Every creator written more than the delta margin ago: the index answers from its snapshot, not from the rows
 * it re-reads as changed (the test world was just cloned, so all its rows are recent).
 */
async function ageRows(): Promise<void> {
  await sql`UPDATE creators SET updated_at = now() - interval '1 hour'`.execute(t.ctx.db);
}

describe('nameGrams', () => {
  it('matches text_grams() of migration 0001', async () => {
    const names = ['小明 Abc', '阿 大', 'ab', '  x', 'Ab ab', '😀游戏😀'];
    for (const name of names) {
      const r = await sql<{ g: string[] }>`SELECT text_grams(lower(${name})) AS g`.execute(t.ctx.db);
      expect(nameGrams(name.toLowerCase()).sort()).toEqual([...(r.rows[0]?.g ?? [])].sort());
    }
  });
});

describe('CreatorSearchIndex', () => {
  it('answers exactly what the SQL path answers (400 random keyword × filter × sort × page cases)', async () => {
    // 1,200 more creators with names from 6 characters, so posting lists and partitions are long
    await sql`INSERT INTO creators (mid, name, fans, plays, index_num, level, sex, official_type, partition_tid, mcn_id)
      SELECT 660000000 + i,
             substr('花鸟鱼虫山水', 1 + i % 6, 1) || substr('花鸟鱼虫山水', 1 + (i / 6) % 6, 1) ||
               substr('花鸟鱼虫山水', 1 + (i / 36) % 6, 1) || (i % 10)::text,
             (i * 7919) % 2000000, (i * 104729) % 90000000, ((i * 31) % 1000) / 10.0, 1 + i % 6, i % 3, i % 3,
             (SELECT tid FROM partitions WHERE parent_id IS NOT NULL ORDER BY tid OFFSET i % 20 LIMIT 1),
             CASE WHEN i % 4 = 0 THEN (SELECT min(id) FROM mcns) END
      FROM generate_series(1, 1200) AS i`.execute(t.ctx.db);
    await ageRows();
    const index = new CreatorSearchIndex(t.ctx.db);
    await index.refresh();
    expect(index.size).toBeGreaterThan(100);
    // a walk budget of 10 makes the 云指数/plays sorts rank their candidates instead of walking the order
    const ranking = new CreatorSearchIndex(t.ctx.db, { walkBudget: 10 });
    await ranking.refresh();
    // the same rows given in memory (CreatorSearchIndex.inMemory, bench/search-index-scale.mjs): its name, UID,
    // 云指数 and plays orders are sorted in the process instead of by PostgreSQL
    const rows = await sql<SearchRowDb>`SELECT ${SEARCH_COLUMNS} FROM creators ORDER BY fans DESC, id`.execute(
      t.ctx.db,
    );
    const memory = await CreatorSearchIndex.inMemory(rows.rows.length, (p) => {
      const r = rows.rows[p];
      if (!r) throw new Error('no row');
      return searchRowOf(r);
    });
    for (const c of await randomCases(20261122, 400)) {
      const [a, b, r, m] = await Promise.all([
        viaIndex(index, c),
        viaSql(c),
        viaIndex(ranking, c),
        viaIndex(memory, c),
      ]);
      expect({ case: c, answer: a }).toEqual({ case: c, answer: b });
      expect({ case: c, answer: r }).toEqual({ case: c, answer: b });
      expect({ case: c, answer: m }).toEqual({ case: c, answer: b });
    }
  });

  it('sees creators written after its snapshot at once (updated_at), before any rebuild', async () => {
    await ageRows();
    const index = new CreatorSearchIndex(t.ctx.db);
    await index.refresh();
    // 1,005 new creators: more than the count cap, all newer than the snapshot
    await sql`INSERT INTO creators (mid, name, fans, partition_tid, level)
      SELECT 770000000 + i, '淼' || i, i * 10, 17, 6 FROM generate_series(1, 1005) AS i`.execute(t.ctx.db);
    // a snapshot creator that changed: it must move, not appear twice
    const top = await sql<{ id: string; name: string }>`
      SELECT id::text, name FROM creators WHERE name NOT LIKE '淼%' ORDER BY fans DESC, id LIMIT 1`.execute(t.ctx.db);
    const moved = top.rows[0];
    if (!moved) throw new Error('no creator');
    await sql`UPDATE creators SET fans = 5, name = '淼淼' || name, updated_at = now() WHERE id = ${moved.id}::bigint`.execute(
      t.ctx.db,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the changed rows are re-read once a second
    const cases: Case[] = [
      { keyword: '淼', filter: EMPTY_FILTER, sort: null, page: { limit: 20, offset: 0 } },
      { keyword: '淼', filter: EMPTY_FILTER, sort: null, page: { limit: 50, offset: 1000 } },
      { keyword: '淼1', filter: { ...EMPTY_FILTER, fansMax: 500 }, sort: 'fans', page: { limit: 20, offset: 0 } },
      {
        keyword: null,
        filter: { ...EMPTY_FILTER, levels: [6], tids: [17] },
        sort: null,
        page: { limit: 20, offset: 0 },
      },
      { keyword: '淼淼', filter: EMPTY_FILTER, sort: 'plays', page: { limit: 20, offset: 0 } },
      { keyword: `淼淼${moved.name}`, filter: EMPTY_FILTER, sort: null, page: { limit: 20, offset: 0 } },
    ];
    for (const c of cases) {
      const [a, b] = await Promise.all([viaIndex(index, c), viaSql(c)]);
      expect({ case: c, answer: a }).toEqual({ case: c, answer: b });
    }
    const capped = await viaIndex(index, cases[0] as Case);
    expect(capped?.total).toBe(SEARCH_TOTAL_CAP + 1);
    const last = await viaIndex(index, { ...(cases[0] as Case), page: { limit: 50, offset: 1000 } });
    expect(last?.ids).toHaveLength(6); // 1,005 + the renamed one, 50 per page from 1,000
    // the same after a rebuild puts them in the snapshot
    await index.refresh();
    for (const c of cases) expect(await viaIndex(index, c)).toEqual(await viaSql(c));
  });

  it('leaves metrics filters, the growth sort and impossible filters to SQL, and answers nothing before its first build', async () => {
    const index = new CreatorSearchIndex(t.ctx.db);
    const page = { limit: 20, offset: 0 };
    // the first call starts the build and answers null: SQL serves until the snapshot exists
    expect(await index.page(null, { ...EMPTY_FILTER, fansMin: 1 }, null, page)).toBeNull();
    await index.refresh();
    expect(await index.page(null, { ...EMPTY_FILTER, fansMin: 1 }, null, page)).not.toBeNull();
    expect(await index.page(null, { ...EMPTY_FILTER, fansMin: 1 }, 'growth', page)).toBeNull();
    expect(await index.page(null, { ...EMPTY_FILTER, impossible: true }, null, page)).toBeNull();
    expect(await index.page(null, { ...EMPTY_FILTER, metrics: [sql`true`] }, null, page)).toBeNull();
  });
});

/** Issue #28 item 3: a restarted API process loads the last build's snapshot instead of building for a minute. */
describe('search index snapshot file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-search-snap-'));
  const file = path.join(dir, 'search-index.bin');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a new index loads the last build and answers exactly as the built one', async () => {
    const built = new CreatorSearchIndex(t.ctx.db, { freshMs: 0, snapshotFile: file });
    await built.refresh();
    await built.saved();
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    const lines: string[] = [];
    const loaded = new CreatorSearchIndex(t.ctx.db, { freshMs: 0, snapshotFile: file, log: (l) => lines.push(l) });
    await loaded.refresh();
    expect(lines.join('\n')).toMatch(/creators loaded from/);
    expect(lines.join('\n')).not.toMatch(/indexed in/); // no build
    expect(loaded.size).toBe(built.size);
    const cases = await randomCases(4242, 200);
    for (const c of cases) expect(await viaIndex(loaded, c), JSON.stringify(c)).toEqual(await viaIndex(built, c));
    // and both agree with SQL
    for (const c of cases.slice(0, 40)) {
      const got = await viaIndex(loaded, c);
      if (got) expect(got, JSON.stringify(c)).toEqual(await viaSql(c));
    }
  });

  it('a file of another database, or a damaged one, is not loaded: the index is built', async () => {
    const good = fs.readFileSync(file);
    const text = good.toString('latin1');
    const header = JSON.parse(text.split('\n')[1] ?? '{}') as { db: string };
    // same length, another identity: the arrays stay where they were
    const other = Buffer.from(text.replace(`"db":"${header.db}"`, `"db":"${'x'.repeat(header.db.length)}"`), 'latin1');
    for (const bytes of [other, good.subarray(0, Math.floor(good.length / 2))]) {
      fs.writeFileSync(file, bytes);
      const lines: string[] = [];
      const index = new CreatorSearchIndex(t.ctx.db, { freshMs: 0, snapshotFile: file, log: (l) => lines.push(l) });
      await index.refresh();
      expect(lines.join('\n')).toMatch(/indexed in/);
      expect(lines.join('\n')).not.toMatch(/creators loaded from/);
      expect(index.size).toBeGreaterThan(0);
      await index.saved(); // and the file is this database's again
    }
    const again = new CreatorSearchIndex(t.ctx.db, { freshMs: 0, snapshotFile: file });
    await again.refresh();
    expect(again.size).toBeGreaterThan(0);
  });
});
