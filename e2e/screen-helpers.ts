import { expect } from 'vitest';
import type pg from 'pg';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { signIn } from './member-helpers.js';

/**
 * Helpers of the screen journeys (discovery, activities): a signed-in page of a demo account, charts that have
 * drawn, the page's horizontal overflow and its uncaught errors.
 */

/** A new page of `context`, signed in as the demo account `login`. */
export async function signedInPage(context: BrowserContext, baseUrl: string, login: string): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, baseUrl, login);
  return page;
}

/** Every chart of the page with this selector (or any chart) reports its option drawn. */
export async function chartsDrawn(page: Page, selector = '[data-rendered]'): Promise<void> {
  await expect
    .poll(
      async () => {
        const all = await page.locator(selector).count();
        const drawn = await page.locator(`${selector}[data-rendered="true"]`).count();
        return all > 0 && all === drawn;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** How many pixels the page is wider than the viewport (0 when it fits). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The page's uncaught errors from now on (expected to stay empty). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A creator of the demo world as the journeys use it: its row id, name and UID (mid). */
export interface DemoCreator {
  id: number;
  name: string;
  uid: number;
}

/** `count` creators by fans (most first) from `offset` on; throws when the world has fewer. */
export async function creatorsByFans(db: pg.Client, offset: number, count: number): Promise<DemoCreator[]> {
  const r = await db.query<{ id: string; name: string; mid: string }>(
    'SELECT id, name, mid FROM creators ORDER BY fans DESC, id OFFSET $1 LIMIT $2',
    [offset, count],
  );
  if (r.rows.length < count) throw new Error('the demo world has too few creators');
  return r.rows.map((x) => ({ id: Number(x.id), name: x.name, uid: Number(x.mid) }));
}

/** Searches a creator by UID on the open search screen and gives its result card. */
export async function searchResultCard(page: Page, creator: DemoCreator): Promise<Locator> {
  await page.getByRole('searchbox', { name: '搜索UP主' }).fill(String(creator.uid));
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  return page
    .getByRole('list', { name: 'UP主搜索结果' })
    .getByRole('listitem')
    .filter({ has: page.getByLabel(`查看UP主详情：${creator.name}`) })
    .first();
}
