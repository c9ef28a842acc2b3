import { describe, expect, inject, it } from 'vitest';
import { newContext, shot } from './browser.js';
import { suiteBrowser, suiteDb } from './suite.js';
import { chartsDrawn, collectErrors, horizontalOverflow, signedInPage } from './screen-helpers.js';

/**
 * Goods journey (issue #26) in Chromium against the built app, with goods the collector read from the simulator's
 * pages (no seed script fills commerce): 商品搜索 → the first goods' detail (price history, trend, the videos
 * carrying it with their evidence, 估算 ranges) → one of its creators (creator detail, a new tab) → the goods
 * detail at 375 px.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

describe('commerce', () => {
  it('goods search → goods detail → a creator', async () => {
    // the scheduler's snapshots read three videos per creator; wait until some goods are in
    await expect
      .poll(
        async () =>
          Number(
            (await db.query<{ n: string }>(`SELECT count(DISTINCT goods_id) AS n FROM video_goods`)).rows[0]?.n ?? 0,
          ),
        { timeout: 180_000, interval: 5_000 },
      )
      .toBeGreaterThan(0);
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-pro@example.com');
    const errors = collectErrors(page);

    await page.goto(`${baseUrl}/sellGoods/goodsSearch?days=0`);
    const table = page.getByRole('table');
    const firstGoods = page.getByRole('link', { name: /^查看商品详情：/ }).first();
    await firstGoods.waitFor({ timeout: 30_000 });
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
    await shot(page, 'commerce-01-goods-search');
    const title = (await firstGoods.getAttribute('aria-label'))?.replace('查看商品详情：', '') ?? '';
    await firstGoods.click();

    await page.waitForURL(/\/sellGoods\/goodsDetail\?goodsId=\d+/);
    await page.getByRole('heading', { name: title }).waitFor();
    await expect.poll(() => page.getByText('估算').count()).toBeGreaterThan(0);
    await page.getByRole('table', { name: '带货视频列表' }).waitFor();
    await chartsDrawn(page);
    await shot(page, 'commerce-02-goods-detail');

    const creator = page
      .getByRole('table', { name: '带货视频列表' })
      .getByRole('link', { name: /^查看UP主详情：/ })
      .first();
    const kolName = (await creator.getAttribute('aria-label'))?.replace('查看UP主详情：', '') ?? '';
    const [detail] = await Promise.all([context.waitForEvent('page'), creator.click()]);
    await detail.waitForURL(/\/search\/upSearch\/detail\?kolId=\d+/);
    await detail.getByText(kolName).first().waitFor({ timeout: 30_000 });
    await shot(detail, 'commerce-03-creator');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await page.getByRole('table', { name: '带货视频列表' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'commerce-04-goods-detail-375');
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
