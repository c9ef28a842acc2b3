import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium.mjs';

export { CHROMIUM_PATH } from './chromium.mjs';
export const ARTIFACTS = path.resolve(import.meta.dirname, '..', 'artifacts', 'e2e');

/** Debian's Chromium, never a downloaded browser (e2e/chromium.mjs, shared with the screen tour). */
export async function launch(): Promise<Browser> {
  return launchChromium();
}

export async function newContext(browser: Browser, width = 1440, height = 900): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width, height },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    deviceScaleFactor: 1,
  });
}

/** The sizes a journey is checked at: a desktop's 1440 × 900 and a phone's 375 × 812. */
export const JOURNEY_SIZES = [
  [1440, 900],
  [375, 812],
] as const;

/** `journey` on a new page at each of JOURNEY_SIZES in turn, its context closed after. */
export async function atJourneySizes(
  browser: Browser,
  journey: (page: Page, width: number) => Promise<void>,
): Promise<void> {
  for (const [width, height] of JOURNEY_SIZES) {
    const context = await newContext(browser, width, height);
    try {
      await journey(await context.newPage(), width);
    } finally {
      await context.close();
    }
  }
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}
