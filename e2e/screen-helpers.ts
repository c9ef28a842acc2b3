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

/**
 * Checks a radio or checkbox. A click on a control of a dialog that is still animating in can be lost under load
 * (CI saw "Clicking the checkbox did not change its state"), so it clicks again until the control reads checked;
 * it fails if the control never does.
 */
export async function choose(control: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!(await control.isChecked())) await control.click();
        return control.isChecked();
      },
      { timeout: 15_000 },
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

export interface TableProblem {
  table: string;
  problem: string;
}

/** Every table of the page that is cut off or overflows without a scroll container. */
export async function tableProblems(p: Page): Promise<TableProblem[]> {
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

/** Every table of the page wider than its card (it scrolls sideways: its last columns are out of view). */
export async function tablesScrolling(p: Page): Promise<TableProblem[]> {
  return p.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper')).flatMap((wrapper, index) => {
      const table = wrapper.querySelector<HTMLElement>('table');
      const width = wrapper.getBoundingClientRect().width;
      if (!table || width === 0) return [];
      const name = table.getAttribute('aria-label') ?? `table ${index + 1}`;
      const tableWidth = table.getBoundingClientRect().width;
      return tableWidth > width + 1
        ? [{ table: name, problem: `${Math.round(tableWidth)} px wide in ${Math.round(width)} px: scrolls sideways` }]
        : [];
    }),
  );
}

/**
 * The tables (`wrapperSelector`: their .ant-table-wrapper) whose columns are not all reachable: the header must
 * carry every expected text (one column per creator) and the scroller must bring the last column into view.
 */
export async function columnsReachable(
  p: Page,
  wrapperSelector: string,
  headers: readonly string[],
): Promise<string[]> {
  return p.evaluate(
    async ({ wrapperSelector: sel, headers: want }) => {
      const problems: string[] = [];
      const wrappers = Array.from(document.querySelectorAll<HTMLElement>(sel));
      if (wrappers.length === 0) return [`${sel} not found`];
      for (const wrapper of wrappers) {
        const table = wrapper.querySelector('table');
        const name = table?.getAttribute('aria-label') ?? 'table';
        const cells = Array.from(wrapper.querySelectorAll<HTMLElement>('thead th'));
        const texts = cells.map((c) => c.textContent ?? '');
        for (const h of want) if (!texts.some((t) => t.includes(h))) problems.push(`${name}: no column ${h}`);
        const last = cells.at(-1);
        const scroller = wrapper.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
        if (!last) continue;
        if (scroller) scroller.scrollLeft = scroller.scrollWidth;
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const box = last.getBoundingClientRect();
        const frame = wrapper.getBoundingClientRect();
        if (box.right > Math.min(frame.right, window.innerWidth) + 1)
          problems.push(`${name}: last column ends at ${Math.round(box.right)} px, out of reach`);
        if (scroller) scroller.scrollLeft = 0;
      }
      return problems;
    },
    { wrapperSelector, headers },
  );
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
