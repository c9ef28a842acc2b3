import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, shot } from './browser.js';
import { suiteBrowser, suiteDb } from './suite.js';
import { chartsDrawn, collectErrors, signedInPage } from './screen-helpers.js';

/**
 * The built app under the server's Content-Security-Policy (issue #14): the public page, the sign-in, screens
 * with ECharts and antd, the membership page and the sandbox pay page load without a single CSP violation
 * (each page records `securitypolicyviolation` events and Chromium's console reports), and the headers are
 * there on the HTML itself.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

/** Every CSP violation the context's pages report from now on. */
async function watchCsp(context: BrowserContext): Promise<() => Promise<string[]>> {
  const reports: string[] = [];
  const pages: Page[] = [];
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(
        `${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} on ${location.pathname}`,
      );
    });
  });
  const follow = (page: Page) => {
    pages.push(page);
    page.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy|Refused to (load|apply|execute|connect|frame)/i.test(text)) reports.push(text);
    });
  };
  context.pages().forEach(follow);
  context.on('page', follow);
  return async () => {
    const inPage: string[] = [];
    for (const page of pages) {
      if (page.isClosed()) continue;
      inPage.push(...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])));
    }
    return [...reports, ...inPage];
  };
}

/** The violations the document of `page` has recorded (read before navigating away). */
async function documentViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

describe('the app under its Content-Security-Policy', () => {
  it('sends the policy with the HTML', async () => {
    const res = await fetch(`${baseUrl}/index`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('unsafe-url'); // spec §2.5: "always" on /index
    const app = await fetch(`${baseUrl}/search/upSearch`);
    expect(app.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('renders the public page, the sign-in, charts, tables and the member page without a CSP violation', async () => {
    const context = await newContext(browser());
    const consoleReports = await watchCsp(context);
    const seen: string[] = [];
    /** Opens `url`, waits for `ready`, then keeps what the document reported. */
    const visit = async (page: Page, url: string, ready: () => Promise<void>, name: string) => {
      await page.goto(`${baseUrl}${url}`);
      await ready();
      await shot(page, name);
      seen.push(...(await documentViolations(page)));
    };

    const home = await context.newPage();
    const homeErrors = collectErrors(home);
    await visit(home, '/index', () => home.waitForLoadState('networkidle'), 'csp-01-index');
    await home.close();

    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    seen.push(...(await documentViolations(page))); // the sign-in screen's document
    const errors = collectErrors(page);
    await visit(page, '/home/dashboard', () => page.getByText('本月对比报告').waitFor(), 'csp-02-dashboard');
    await visit(page, '/home/boardData', () => chartsDrawn(page), 'csp-03-board-data');
    const creator = await db.query<{ id: string }>('SELECT id FROM creators ORDER BY fans DESC LIMIT 1');
    const detail = `/search/upSearch/detail?kolId=${creator.rows[0]?.id ?? 0}`;
    await visit(page, detail, () => chartsDrawn(page), 'csp-04-creator-detail');
    await visit(page, '/search/upRank', () => page.locator('.ant-table').first().waitFor(), 'csp-05-ranking');
    await visit(page, '/member', () => page.getByTestId('current-plan').waitFor(), 'csp-06-member');

    expect(homeErrors).toEqual([]);
    expect(errors).toEqual([]);
    expect(seen).toEqual([]);
    expect(await consoleReports()).toEqual([]);
    await context.close();
  });
});
