/**
 * Web delivery (issue #18): pre-compressed copies by Accept-Encoding with Content-Encoding and Vary, hashed
 * assets immutable for a year, index.html (direct or as the SPA fallback) always revalidated.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from './web-static.js';

const JS = `export const answer = ${JSON.stringify('数据'.repeat(400))};\n`;
const HTML = `<!doctype html><html lang="zh-CN"><head><title>霞光</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const HTML_BODY = HTML.slice(HTML.indexOf('<body>'));
let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-web-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const js = path.join(dir, 'assets', 'index-AbCd1234.js');
  fs.writeFileSync(js, JS);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(JS));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(JS));
  fs.writeFileSync(path.join(dir, 'index.html'), HTML);
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(HTML));
  fs.writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('web delivery', () => {
  it('sends the brotli copy to a client that accepts br, the gzip copy to one that accepts only gzip', async () => {
    const br = await get('/assets/index-AbCd1234.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await get('/assets/index-AbCd1234.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await get('/assets/index-AbCd1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(JS);
  });

  it('caches hashed assets for a year as immutable, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/index-AbCd1234.js', encoding);
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    }
    expect(IMMUTABLE_CACHE).toBe('public, max-age=31536000, immutable');
  });

  it('never caches index.html without revalidation: direct, as the SPA fallback, compressed or not', async () => {
    const fallback = await get('/rank/upRank', 'gzip');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-type']).toMatch(/text\/html/);
    expect(fallback.headers['content-encoding']).toBe('gzip');
    expect(fallback.headers['cache-control']).toBe(REVALIDATE_CACHE);
    // the page's own <title> and description are put in by the server (issue #27), the body is the file's
    expect(zlib.gunzipSync(fallback.rawPayload).toString()).toContain(HTML_BODY);

    const plain = await get('/index');
    expect(plain.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(plain.body).toContain(HTML_BODY);

    const direct = await get('/index.html', 'br, gzip');
    expect(direct.headers['cache-control']).toBe(REVALIDATE_CACHE);

    const logo = await get('/logo.svg');
    expect(logo.headers['cache-control']).toBe(REVALIDATE_CACHE);
  });

  it('sends a chunk written after the start (a rebuild beside the running server) with the same headers', async () => {
    const later = path.join(dir, 'assets', 'page-Later987.js');
    fs.writeFileSync(later, JS);
    fs.writeFileSync(`${later}.br`, zlib.brotliCompressSync(JS));
    try {
      const res = await get('/assets/page-Later987.js', 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
      expect(res.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
      // nothing outside the root and no dot file: the app's page at most
      fs.writeFileSync(path.join(dir, '.env'), 'SECRET=1');
      for (const url of ['/assets/../../etc/passwd', '/.env', '/assets/%2e%2e/%2e%2e/etc/hostname']) {
        const bad = await get(url);
        if (bad.statusCode === 200) expect(bad.body, url).toContain(HTML_BODY);
      }
    } finally {
      fs.rmSync(later);
      fs.rmSync(`${later}.br`);
    }
  });

  it('answers a missing asset with 404, not the app', async () => {
    const res = await get('/assets/missing-XyZ98765.js', 'br');
    expect(res.statusCode).toBe(404);
  });
});
