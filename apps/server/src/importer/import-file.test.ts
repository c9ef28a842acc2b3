import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectType, ImportError, readFiles, splitResponses } from './import-file.js';
import { runCli } from './cli.js';
import { parseDay } from './ingestor.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/bilibili');
const fixture = (file: string) => path.join(FIXTURES, file);
const body = (file: string): unknown => JSON.parse(fs.readFileSync(fixture(file), 'utf8'));
const dataOf = (file: string): unknown => (body(file) as { data: unknown }).data;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-import-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function writeTmp(name: string, content: string): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, content);
  return file;
}

describe('type detection', () => {
  it('tells every importable sample by its shape', () => {
    expect(detectType(dataOf('popular.json'))).toBe('popular');
    expect(detectType(dataOf('ranking_v2.json'))).toBe('ranking');
    expect(detectType(dataOf('popular_series_one.json'))).toBe('weekly');
    expect(detectType(dataOf('user_card.json'))).toBe('card');
    expect(detectType(dataOf('video_view.json'))).toBe('view');
    expect(detectType(dataOf('video_view_detail.json'))).toBe('detail');
    expect(detectType(dataOf('user_relation_stat.json'))).toBeNull();
    expect(detectType(dataOf('reply_list.json'))).toBeNull();
  });
});

describe('reading files', () => {
  it('parses popular + ranking into videos and ranking positions', async () => {
    const { records, files } = await readFiles([fixture('popular.json'), fixture('ranking_v2.json')], 'auto');
    expect(records.videos).toHaveLength(16);
    expect(records.rankings.map((r) => `${r.list}:${r.position}`).slice(0, 3)).toEqual([
      'popular:1',
      'popular:2',
      'ranking:1',
    ]);
    expect(records.creators).toEqual([]);
    expect(files.map((f) => f.byType)).toEqual([{ popular: 1 }, { ranking: 1 }]);
  });

  it('detail yields the video and the owner card; duplicates merge with known values kept', async () => {
    const { records } = await readFiles(
      [fixture('video_view_detail.json'), fixture('user_card.json'), fixture('video_view.json')],
      'auto',
    );
    expect(records.videos.map((v) => v.aid)).toEqual([170001, 85440373]);
    expect(records.creators.map((c) => c.mid)).toEqual([122541, 2]);
    // the view/detail's extras: no activity, one background music; the plain view has no tags (no detail)
    expect(records.details).toEqual([
      {
        aid: 170001,
        missionId: null,
        bgms: [expect.objectContaining({ musicId: 'MA407124762800730394', name: 'Hop', tagName: '发现《Hop》' })],
      },
    ]);
    expect(records.videos.find((v) => v.aid === 85440373)?.missionId).toBe(11838);
  });

  it('reads arrays of responses and JSON Lines; skips non-zero codes', async () => {
    const card = fs.readFileSync(fixture('user_card.json'), 'utf8');
    const deleted = JSON.stringify({ code: -404, message: '啥都木有', ttl: 1 });
    const jsonl = writeTmp('cards.jsonl', `${JSON.stringify(JSON.parse(card))}\n\n${deleted}\n`);
    const array = writeTmp('cards.json', `[${card}, ${deleted}]`);
    for (const file of [jsonl, array]) {
      const { records, files } = await readFiles([file], 'card');
      expect(records.creators).toHaveLength(1);
      expect(files[0]?.skipped).toEqual([{ index: 1, code: -404, message: '啥都木有' }]);
    }
    expect(splitResponses('  ', 'x')).toEqual([]);
  });

  it('names the file and the response that fails', async () => {
    const bad = writeTmp('bad.jsonl', '{"code":0,"data":{}}\nnot json\n');
    await expect(readFiles([bad], 'auto')).rejects.toThrow(/bad\.jsonl:2: not JSON/);
    const unknown = writeTmp('unknown.json', JSON.stringify({ code: 0, data: { hello: 1 } }));
    await expect(readFiles([unknown], 'auto')).rejects.toThrow(/cannot tell the response type/);
    await expect(readFiles([fixture('popular.json')], 'card')).rejects.toThrow(ImportError);
    await expect(readFiles([path.join(tmp, 'missing.json')], 'auto')).rejects.toThrow(/missing\.json/);
  });

  it('validates days', () => {
    expect(parseDay('2026-11-01')).toBe('2026-11-01');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('20261101')).toBeNull();
  });
});

describe('cli', () => {
  function io() {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
  }

  it('answers usage errors with exit code 2 and the usage text', async () => {
    const a = io();
    expect(await runCli([fixture('popular.json')], a.io, {})).toBe(2);
    expect(a.err.join('\n')).toContain('--date YYYY-MM-DD is required');
    expect(a.err.join('\n')).toContain('does not start the embedded');
    const b = io();
    expect(await runCli(['--date', '2026-11-01', '--type', 'nope', fixture('popular.json')], b.io, {})).toBe(2);
    const c = io();
    expect(await runCli(['--date', '2026-11-01', fixture('popular.json')], c.io, {})).toBe(2);
    expect(c.err.join('\n')).toContain('DATABASE_URL is not set');
    const d = io();
    expect(await runCli(['--help'], d.io, {})).toBe(0);
    expect(d.out.join('\n')).toContain('Usage:');
  });

  it('dry run parses without a database', async () => {
    const a = io();
    expect(
      await runCli(
        ['--date', '2026-11-01', '--dry-run', fixture('popular.json'), fixture('ranking_v2.json')],
        a.io,
        {},
      ),
    ).toBe(0);
    expect(a.out.at(-1)).toBe(
      'dry run for 2026-11-01: 0 creator(s), 16 video(s), 0 video detail(s), 16 ranking position(s); nothing written',
    );
  });

  it('a parse failure exits 1 before writing', async () => {
    const a = io();
    const bad = writeTmp('broken.json', '{"code":0,"data":');
    expect(
      await runCli(['--date', '2026-11-01', bad], a.io, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }),
    ).toBe(1);
    expect(a.err[0]).toMatch(/nothing written: .*broken\.json/);
  });
});
