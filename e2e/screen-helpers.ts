import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
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
