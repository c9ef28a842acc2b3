import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { newContext } from './browser.js';
import { suiteBrowser } from './suite.js';
import { signIn } from './member-helpers.js';

/**
 * Bundle budgets (issue #18, web delivery), measured in Chromium against the built app: the JavaScript a
 * first visit loads, counted as the gzip bytes the server sends for it (the build's `.gz` copies, level 9).
 * The public site loads no signed-in layout; the web bundle carries no JSON-schema converter; scripts come
 * compressed, hashed assets immutable for a year, index.html revalidated.
 */
const baseUrl = inject('baseUrl');
const dist = path.resolve(import.meta.dirname, '..', 'apps', 'web', 'dist');

/** Bytes (1 KB = 1,000 bytes), gzip, of the JavaScript of a first visit. */
const LANDING_BUDGET = 200_000;
const SIGNED_IN_SHELL_BUDGET = 350_000;

const browser = suiteBrowser();

interface Loaded {
  url: string;
  gzipBytes: number;
  encoding: string | undefined;
  cacheControl: string | undefined;
}

/** Records every script the page loads from now on. */
function recordScripts(page: Page): { scripts: Loaded[]; done: Promise<void>[] } {
  const scripts: Loaded[] = [];
  const done: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = new URL(response.url());
    if (url.origin !== new URL(baseUrl).origin) return;
    done.push(
      response.allHeaders().then((headers) => {
        const file = path.join(dist, url.pathname);
        const gz = `${file}.gz`;
        scripts.push({
          url: url.pathname,
          // the server sends the .gz copy to gzip clients; a file too small for one goes as it is
          gzipBytes: fs.existsSync(gz) ? fs.statSync(gz).size : fs.statSync(file).size,
          encoding: headers['content-encoding'],
          cacheControl: headers['cache-control'],
        });
      }),
    );
  });
  return { scripts, done };
}

async function settle(page: Page, done: Promise<void>[]): Promise<void> {
  await page.waitForLoadState('networkidle');
  await Promise.all(done);
}

function total(scripts: Loaded[]): number {
  return scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
}

function report(name: string, scripts: Loaded[]): void {
  const lines = [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes).map((s) => `  ${s.gzipBytes} ${s.url}`);
  console.log(`${name}: ${total(scripts)} bytes gzip in ${scripts.length} scripts\n${lines.join('\n')}`);
}

function expectDelivered(scripts: Loaded[]): void {
  for (const s of scripts) {
    if (s.gzipBytes >= 1024) expect(s.encoding, s.url).toMatch(/^(br|gzip)$/);
    // hashed build output is cached for a year; an unhashed file of public/ (zod-jitless.js) is revalidated
    const hashed = s.url.startsWith('/assets/');
    expect(s.cacheControl, s.url).toBe(hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  }
}

describe('bundle budgets', () => {
  it(`/index loads at most ${LANDING_BUDGET / 1000} KB gzip of JavaScript and no signed-in layout`, async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const { scripts, done } = recordScripts(page);
    const html = await page.goto(`${baseUrl}/index`);
    expect(html?.headers()['cache-control']).toBe('no-cache');
    await page.getByRole('button', { name: '免费注册试用' }).waitFor();
    await settle(page, done);
    report('/index', scripts);
    expectDelivered(scripts);
    expect(scripts.some((s) => /signed-in-layout/.test(s.url))).toBe(false);
    // the sign-in modal loads on demand
    expect(scripts.some((s) => /auth-modal|login-form|register-form/.test(s.url))).toBe(false);
    expect(total(scripts)).toBeLessThanOrEqual(LANDING_BUDGET);
    await context.close();
  });

  it(`the signed-in shell (dashboard) loads at most ${SIGNED_IN_SHELL_BUDGET / 1000} KB gzip of JavaScript`, async () => {
    const signing = await newContext(browser());
    const login = await signing.newPage();
    await signIn(login, baseUrl, 'demo-free@example.com');
    const state = await signing.storageState();
    await signing.close();
    // a first visit of the signed-in user: an empty HTTP cache
    const context: BrowserContext = await browser().newContext({
      storageState: state,
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    const { scripts, done } = recordScripts(page);
    await page.goto(`${baseUrl}/home/dashboard`);
    await page.locator('.ant-layout-sider, .signed-in-layout').first().waitFor();
    await settle(page, done);
    report('/home/dashboard', scripts);
    expectDelivered(scripts);
    expect(scripts.some((s) => /signed-in-layout/.test(s.url))).toBe(true);
    expect(total(scripts)).toBeLessThanOrEqual(SIGNED_IN_SHELL_BUDGET);
    await context.close();
  });

  it('no JSON-schema converter in the web bundle', () => {
    const js = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(10);
    for (const f of js) {
      const text = fs.readFileSync(path.join(dist, 'assets', f), 'utf8');
      // the converter's target URIs (zod's toJSONSchema)
      expect(text.includes('json-schema.org/draft'), f).toBe(false);
    }
  });
});
