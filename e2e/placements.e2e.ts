import { describe, expect, inject, it } from 'vitest';
import { newContext, shot } from './browser.js';
import { suiteBrowser, suiteDb } from './suite.js';
import { chartsDrawn, collectErrors, horizontalOverflow, signedInPage } from './screen-helpers.js';

/**
 * Placement journey (issue #24) in Chromium against the built app and the collector on the simulator:
 * 投放管理 → 添加投放作品 by link → 查询 answers flag 0 with the preview → submit → 投放报告 with its curve (the
 * first 5-minute sample is taken by the running scheduler) → the same report at 375 px.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

describe('placements', () => {
  it('add a placement by link → flag 0 → report with its curve', async () => {
    const v = await db.query<{ bvid: string; title: string }>(
      `SELECT v.bvid, v.title FROM videos v WHERE v.status = 0 AND v.bvid IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM placement_records p WHERE p.video_id = v.id)
       ORDER BY v.pubdate DESC LIMIT 1`,
    );
    const work = v.rows[0];
    if (!work) throw new Error('no video in the demo world');
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-pro@example.com');
    const errors = collectErrors(page);

    await page.goto(`${baseUrl}/middleground/upThrow`);
    await page.getByRole('button', { name: '添加投放作品' }).click();
    const dialog = page.getByRole('dialog', { name: '添加投放作品' });
    await dialog.getByRole('textbox', { name: '作品链接' }).fill(`https://www.bilibili.com/video/${work.bvid}`);
    await dialog.getByRole('button', { name: '查询' }).click();
    const check = dialog.getByTestId('work-check');
    await expect.poll(() => check.getAttribute('data-flag'), { timeout: 20_000 }).toBe('0');
    await expect.poll(() => check.innerText()).toContain(work.title.slice(0, 10));
    await dialog.getByRole('textbox', { name: '推广费用' }).fill('6800');
    await shot(page, 'placements-01-add-flag0');
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.locator('tr', { hasText: work.title.slice(0, 10) }).first();
    await row.waitFor();
    await shot(page, 'placements-02-list');
    await row.getByRole('button', { name: '投放报告' }).click();
    await page.waitForURL(/videoRecordReportDetail\?recordId=/);
    // the scheduler samples the window's first slot within a tick or two
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText('投放效果').waitFor();
          // 采样次数 "taken / due": at least one sample stored
          const taken = await page
            .locator('.ant-statistic', { hasText: '采样次数' })
            .locator('.ant-statistic-content')
            .innerText();
          return Number(taken.split('/')[0]?.trim() ?? 0);
        },
        { timeout: 150_000, interval: 5_000 },
      )
      .toBeGreaterThan(0);
    await page.getByTestId('placement-curve').waitFor();
    await chartsDrawn(page, '[data-testid="placement-curve"]');
    await expect.poll(() => page.getByText('千次播放成本').count()).toBe(1);
    await shot(page, 'placements-03-report');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await page.getByTestId('placement-curve').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'placements-04-report-375');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
