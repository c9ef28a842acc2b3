/** Server-side titles and descriptions of the public pages (issue #27, §2.1). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { withHead } from './page-head.js';

const HTML =
  '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" />\n    <title>加载中…</title></head><body><div id="root"></div></body></html>';
let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-page-head-'));
  fs.writeFileSync(path.join(dir, 'index.html'), HTML);
  t = await createTestApp({ webDist: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('public page heads', () => {
  it('gives each public page its title and description', async () => {
    const name = t.ctx.config.site.productName;
    const res = await get('/classroom/list');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${name} - 内容报告</title>`);
    expect(res.body).toContain('<meta name="description" content="');
    expect((await get('/squeezeRank')).body).toContain('本周B站涨粉榜</title>');
  });

  it('a report detail takes the report’s title and summary (escaped); a draft or bad id falls back', async () => {
    const { rows } = await sql<{ id: string }>`INSERT INTO news_contents (title, summary, status, publish_at)
      VALUES ('报告<b>甲</b>', '摘要"乙"', 'published', now() - interval '1 hour') RETURNING id`.execute(t.ctx.db);
    const res = await get(`/classroom/detail?id=${rows[0]!.id}`);
    expect(res.body).toContain('<title>报告&#60;b&#62;甲&#60;/b&#62; - ');
    expect(res.body).toContain('content="摘要&#34;乙&#34;"');
    expect((await get('/classroom/detail?id=abc')).body).toContain('内容报告</title>');
  });

  it('leaves signed-in paths with the build’s own index.html', async () => {
    expect((await get('/search/upRank')).body).toContain('<title>加载中…</title>');
  });

  it('replaces an existing description', () => {
    const html = withHead('<title>x</title><meta name="description" content="old">', { title: 'a', description: 'b' });
    expect(html).toBe('<title>a</title><meta name="description" content="b" />');
  });
});
