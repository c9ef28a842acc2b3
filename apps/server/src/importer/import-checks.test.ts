/**
 * What the importer refuses before it writes anything (issue #23, items 2–5), on an empty database (SEED_DEMO=false):
 * a day after today (Asia/Shanghai), responses holding videos published after the day, a list with 0 items of its
 * shape (an empty list; a user card or nav answer forced as a list) — each a clear message, a non-zero exit, no row
 * written — and the list's data part saved without its envelope ({"number", "list"}), which is imported.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestApp, type TestApp } from '../../test/harness.js';
import { addDays, shanghaiToday } from '../db/seed/world/days.js';
import { runCli } from './cli.js';
import { checkDay, readFiles } from './import-file.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/bilibili');
const fixture = (file: string) => path.join(FIXTURES, file);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-import-checks-'));
function writeTmp(name: string, content: unknown): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}
interface ListBody {
  data: { list: { aid: number; pubdate: number }[] };
}
const popular = JSON.parse(fs.readFileSync(fixture('popular.json'), 'utf8')) as ListBody;
const ranking = JSON.parse(fs.readFileSync(fixture('ranking_v2.json'), 'utf8')) as ListBody;
/** the newest pubdate of the ranking sample, as a Shanghai day */
const newest = Math.max(...ranking.data.list.map((v) => v.pubdate));
const newestDay = shanghaiToday(new Date(newest * 1000));

let t: TestApp;
beforeAll(async () => {
  t = await createEmptyTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    argv,
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    { NODE_ENV: 'test', DATABASE_URL: t.databaseUrl },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Rows of every table the importer writes. */
async function written(): Promise<Record<string, number>> {
  const tables = ['creators', 'videos', 'creator_daily', 'video_daily', 'raw_responses', 'unknown_partition_videos'];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.ctx.db);
    out[table] = r.rows[0]?.n ?? -1;
  }
  return out;
}
const NOTHING = {
  creators: 0,
  videos: 0,
  creator_daily: 0,
  video_daily: 0,
  raw_responses: 0,
  unknown_partition_videos: 0,
};

describe('the importer refuses, writing nothing', () => {
  it('a day after today (Asia/Shanghai): a clear message, exit 1, no row', async () => {
    const tomorrow = addDays(shanghaiToday(), 1);
    const r = await cli('--date', tomorrow, fixture('popular.json'));
    expect(r.code).not.toBe(0);
    expect(r.err).toContain(`--date ${tomorrow} is after today`);
    expect(r.err).toContain('不能导入未来的日期');
    expect(await written()).toEqual(NOTHING);
    // a dry run says the same
    const dry = await cli('--date', '2099-03-01', '--dry-run', fixture('popular.json'));
    expect(dry.code).not.toBe(0);
    expect(dry.err).toContain('after today');
  });

  it('videos published after the day: the whole set refused with the count, no row', async () => {
    const before = addDays(newestDay, -1);
    const later = [...popular.data.list, ...ranking.data.list].filter(
      (v) => v.pubdate >= Date.parse(`${newestDay}T00:00:00+08:00`) / 1000,
    );
    const r = await cli('--date', before, fixture('popular.json'), fixture('ranking_v2.json'));
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${later.length} video(s) were published after ${before}`);
    expect(r.err).toContain(`${later.length} 个视频的发布时间晚于 ${before}`);
    expect(r.err).toContain('nothing written');
    expect(await written()).toEqual(NOTHING);
    // the day a video was published is fine
    expect(() => checkDay({ creators: [], videos: [], rankings: [] }, newestDay)).not.toThrow();
  });

  it('0 items of the expected shape: an empty list, a user card or nav answer forced as a list', async () => {
    const empty = writeTmp('empty.json', { code: 0, data: { list: [], no_more: true } });
    const r1 = await cli('--date', '2026-11-01', empty);
    expect(r1.code).toBe(1);
    expect(r1.err).toContain('0 items of the expected shape (a popular list');
    expect(r1.err).toContain('found keys list, no_more');

    const r2 = await cli('--date', '2026-11-01', '--type', 'popular', fixture('user_card.json'));
    expect(r2.code).toBe(1);
    expect(r2.err).toContain('0 items of the expected shape (a popular list');
    expect(r2.err).toContain('found keys card, space, following');

    const nav = writeTmp('nav.json', fs.readFileSync(fixture('wbi_nav_keys.json'), 'utf8'));
    const r3 = await cli('--date', '2026-11-01', '--type', 'ranking', nav);
    expect(r3.code).toBe(1);
    expect(r3.err).toContain('0 items of the expected shape (a ranking list');

    // with a good file before it: still nothing written (the check runs before any write)
    const r4 = await cli('--date', '2026-11-01', fixture('popular.json'), empty);
    expect(r4.code).toBe(1);
    expect(await written()).toEqual(NOTHING);
  });
});

describe('the verbatim saved shape without envelope', () => {
  it('{"number": …, "list": [ … ]} is read as the list it is, and imported', async () => {
    const bare = writeTmp('bare.json', { number: 1, list: popular.data.list });
    const { records, files } = await readFiles([bare], 'auto');
    expect(files[0]?.byType).toEqual({ popular: 1 });
    expect(records.videos.map((v) => v.aid)).toEqual(popular.data.list.map((v) => v.aid));

    const r = await cli('--date', '2026-11-01', bare);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('videos:   2 new, 0 updated, 2 daily rows written');
    expect((await written()).video_daily).toBe(2);
  });

  it('an object that is neither an envelope nor a saved list is refused', async () => {
    const other = writeTmp('other.json', { number: 1, items: [] });
    const r = await cli('--date', '2026-11-01', other);
    expect(r.code).toBe(1);
    expect(r.err).toContain('no {code, data} envelope, nor a saved {list: [ … ]}');
  });
});
