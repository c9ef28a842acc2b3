import { describe, expect, inject, it } from 'vitest';
import { newContext, shot } from './browser.js';
import { suiteBrowser, suiteDb } from './suite.js';
import { chartsDrawn, collectErrors, horizontalOverflow, signedInPage } from './screen-helpers.js';

/**
 * Issue #12 on screen: 数据截至 on the signed-in screens, the rankings' 较上期 column with its unit and what it
 * compares, and the creator detail's 30日涨粉 — at 1440 and 375 px.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

describe('real-data figures on screen', () => {
  for (const width of [1440, 375]) {
    it(`rankings and creator detail at ${width} px`, async () => {
      const context = await newContext(browser(), width, 900);
      const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
      const errors = collectErrors(page);

      await page.goto(`${baseUrl}/search/limitRank?kind=increase&period=week`);
      await page
        .getByRole('link', { name: /^查看UP主详情：/ })
        .first()
        .waitFor();
      await expect.poll(() => page.getByTestId('data-updated').textContent()).toMatch(/数据截至 \d{4}-\d{2}-\d{2}/);
      if (width >= 576) await page.getByRole('columnheader', { name: '较上期（涨粉）' }).waitFor();
      await shot(page, `real-data-01-increase-week-${width}`);

      await page.goto(`${baseUrl}/search/upRank?kind=business&period=day`);
      await page
        .getByRole('link', { name: /^查看UP主详情：/ })
        .first()
        .waitFor();
      if (width >= 576) {
        await page.getByRole('columnheader', { name: '较上期（元）' }).waitFor();
        // a quote's change is in yuan, never a follower count with a ¥ sign
        const cells = await page.locator('td .ranking-delta').allTextContents();
        expect(cells.length).toBeGreaterThan(0);
        for (const text of cells) expect(text).toMatch(/^(-|[+-]?¥[\d,.]+万?|¥0)$/);
      }
      await shot(page, `real-data-02-business-day-${width}`);

      // the ranking opens a creator in a new tab: open its link here
      const href = await page
        .getByRole('link', { name: /^查看UP主详情：/ })
        .first()
        .getAttribute('href');
      await page.goto(new URL(href ?? '/', baseUrl).toString());
      await page.getByText('30日涨粉').first().waitFor();
      await chartsDrawn(page, '[data-testid="trend-chart"]');
      const growth = page.locator('.creator-profile-facts .ant-descriptions-item', { hasText: '30日涨粉' });
      await expect
        .poll(() => growth.locator('.ant-descriptions-item-content').textContent())
        .toMatch(/^[+-]?[\d.,]+万?$/);
      await shot(page, `real-data-03-creator-${width}`);

      // a creator whose platform totals were never collected: the totals of its stored videos, said so
      const kolId = Number(new URL(page.url()).searchParams.get('kolId'));
      await db.query('UPDATE creators SET platform_totals = false WHERE id = $1', [kolId]);
      try {
        await page.reload();
        await page.getByTestId('stat-note-play').waitFor();
        expect(await page.getByTestId('stat-note-play').textContent()).toMatch(/^基于已收录的[\d,]+个视频$/);
        await shot(page, `real-data-04-creator-derived-totals-${width}`);
      } finally {
        await db.query('UPDATE creators SET platform_totals = true WHERE id = $1', [kolId]);
      }

      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
