import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newContext, shot } from './browser.js';
import { signIn } from './member-helpers.js';

/**
 * Table widths (issue #13, layout): on every list screen at 1280, 1440 and 375 px each table fits its card or
 * scrolls horizontally inside its own scroll container (the first column fixed), never cut off by the page
 * or an ancestor, and the page itself never scrolls sideways.
 */
const baseUrl = inject('baseUrl');
const db = new pg.Client({ connectionString: inject('databaseUrl') });
const WIDTHS = [1280, 1440, 375] as const;
let browser: Browser;
let context: BrowserContext;
let page: Page;

interface TableProblem {
  table: string;
  problem: string;
}

/** Every table of the page that is cut off or overflows without a scroll container. */
async function tableProblems(p: Page): Promise<TableProblem[]> {
  return p.evaluate(() => {
    const problems: { table: string; problem: string }[] = [];
    const tables = Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper'));
    tables.forEach((wrapper, index) => {
      const name = wrapper.querySelector('table')?.getAttribute('aria-label') ?? `table ${index + 1}`;
      const table = wrapper.querySelector<HTMLElement>('table');
      if (!table) return;
      const box = wrapper.getBoundingClientRect();
      if (box.width === 0) return; // not shown (an inactive tab)
      // 1. the wrapper is inside the viewport and inside every clipping ancestor
      if (box.right > window.innerWidth + 1) problems.push({ table: name, problem: `ends at ${box.right} px` });
      for (let a = wrapper.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible') continue;
        const r = a.getBoundingClientRect();
        if (box.right > r.right + 1 || box.left < r.left - 1)
          problems.push({ table: name, problem: `cut off by ${a.className || a.tagName}` });
        break;
      }
      // 2. a table wider than its wrapper scrolls in a container of its own that fits the wrapper
      const tableWidth = table.getBoundingClientRect().width;
      if (tableWidth > box.width + 1) {
        let scroller: HTMLElement | null = null;
        for (let a = table.parentElement; a && a !== wrapper; a = a.parentElement) {
          const overflow = getComputedStyle(a).overflowX;
          if (overflow === 'auto' || overflow === 'scroll') {
            scroller = a;
            break;
          }
        }
        if (!scroller) problems.push({ table: name, problem: `${tableWidth} px wide in ${box.width} px, no scroller` });
        else if (scroller.getBoundingClientRect().width > box.width + 1)
          problems.push({ table: name, problem: 'its scroller is wider than the table card' });
        // the first column stays in view while scrolling
        else if (!wrapper.querySelector('.ant-table-cell-fix-left, .ant-table-cell-fix-start'))
          problems.push({ table: name, problem: 'scrolls without a fixed first column' });
      }
    });
    return problems;
  });
}

async function creatorWithVideos(): Promise<number> {
  const r = await db.query<{ id: string }>(
    `SELECT c.id FROM creators c WHERE EXISTS (SELECT 1 FROM videos v WHERE v.creator_id = c.id AND v.status = 0)
      ORDER BY c.fans DESC LIMIT 1`,
  );
  if (!r.rows[0]) throw new Error('no creator with videos in the demo world');
  return Number(r.rows[0].id);
}

beforeAll(async () => {
  await db.connect();
  browser = await launch();
  context = await newContext(browser);
  page = await context.newPage();
  // 高级企业版: every list screen is open to it
  await signIn(page, baseUrl, 'demo-premium@example.com');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await db.end();
});

describe('tables fit or scroll on every list screen', () => {
  const screens: { name: string; path: () => Promise<string> }[] = [
    { name: 'dashboard', path: () => Promise.resolve('/home/dashboard') },
    { name: 'up-rank', path: () => Promise.resolve('/search/upRank') },
    { name: 'limit-rank', path: () => Promise.resolve('/search/limitRank') },
    { name: 'hot-video', path: () => Promise.resolve('/hotStuff/hotVideo') },
    { name: 'recommend-video', path: () => Promise.resolve('/hotStuff/recommendVideo') },
    { name: 'hot-tag', path: () => Promise.resolve('/hotStuff/hotTag') },
    { name: 'hot-activity', path: () => Promise.resolve('/hotStuff/hotActivity') },
    { name: 'video-stuff', path: () => Promise.resolve('/hotStuff/videoStuff') },
    { name: 'creator-videos', path: async () => `/search/upSearch/detail?kolId=${await creatorWithVideos()}` },
  ];
  for (const screen of screens) {
    it(`${screen.name} at ${WIDTHS.join(', ')} px`, async () => {
      const url = `${baseUrl}${await screen.path()}`;
      const seen: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(url);
        await page.locator('.ant-table-wrapper').first().waitFor({ timeout: 30_000 });
        await page.locator('.ant-table-tbody .ant-table-row').first().waitFor({ timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        const problems = await tableProblems(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (problems.length > 0 || overflow > 0) await shot(page, `tables-${screen.name}-${width}`);
        expect(problems, `${screen.name} at ${width} px`).toEqual([]);
        expect(overflow, `${screen.name} at ${width} px: page wider than the viewport`).toBeLessThanOrEqual(0);
        seen.push(`${width}`);
      }
      expect(seen).toHaveLength(WIDTHS.length);
    });
  }
});
