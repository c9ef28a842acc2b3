import { describe, expect, inject, it } from 'vitest';
import { newContext, shot } from './browser.js';
import { suiteBrowser } from './suite.js';
import { chartsDrawn, collectErrors, horizontalOverflow, signedInPage } from './screen-helpers.js';

/**
 * Activities and video materials (issue #6: hotActivity, activityDetail, videoStuff) in Chromium against the
 * built app: the activity list with its filters → an activity's detail (trend chart, creators, videos) → a
 * video's detail; the background-music list → its detail drawer; the free tier's depth gate; the screens at
 * 375 px. One account per context at a time (one live session per account).
 */
const baseUrl = inject('baseUrl');
const browser = suiteBrowser();

describe('activity and material journeys', () => {
  it('ranks activities, opens one, follows a video; lists background music and opens its drawer', async () => {
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);

    // The menu has the two screens under 热门内容
    await page.goto(`${baseUrl}/hotStuff/hotActivity`);
    const table = page.getByRole('table');
    const firstActivity = page.locator('.activity-name').first();
    await firstActivity.waitFor();
    await page.getByText('近90天', { exact: true }).click();
    await page.waitForURL(/days=90/);
    await expect.poll(() => page.locator('.ant-table .ant-spin-spinning').count()).toBe(0);
    await firstActivity.waitFor();
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(1);
    await page.getByRole('combobox', { name: '排序' }).click();
    await page.getByTitle('按参与UP主').click();
    await page.waitForURL(/sort=kols/);
    await expect.poll(() => page.locator('.ant-table .ant-spin-spinning').count()).toBe(0);
    await firstActivity.waitFor();
    await shot(page, 'activity-01-hot-activity');

    const name = (await firstActivity.textContent()) ?? '';
    expect(name.length).toBeGreaterThan(0);
    await firstActivity.click();
    await page.waitForURL(/\/hotStuff\/activityDetail\?.*activityId=\d+/);
    await page.getByRole('heading', { name }).waitFor();
    await chartsDrawn(page, '[data-testid="activity-trend-chart"]');
    await page.getByText('参与视频播放').click();
    await chartsDrawn(page, '[data-testid="activity-trend-chart"]');
    await chartsDrawn(page, '[data-testid="activity-partition-chart"]');
    await page.getByText('参与UP主榜（按播放）').waitFor();
    await page
      .getByRole('link', { name: /^查看视频详情：/ })
      .first()
      .waitFor();
    await shot(page, 'activity-02-activity-detail');
    await page
      .getByRole('link', { name: /^查看视频详情：/ })
      .first()
      .click();
    await page.waitForURL(/\/hotStuff\/videoDetail\?id=\d+/);
    // the video names its activity: a link back to the activity once its page was read, else plain text
    if (name.endsWith('（名称待采集）')) {
      await page.getByText('参与活动', { exact: true }).waitFor();
    } else {
      await page.getByRole('link', { name: `查看活动详情：${name}` }).click();
      await page.waitForURL(/\/hotStuff\/activityDetail\?.*activityId=\d+/);
      await page.getByRole('heading', { name }).waitFor();
    }

    await page.goto(`${baseUrl}/hotStuff/videoStuff?days=30`);
    const music = page.getByRole('button', { name: /^查看素材详情：/ }).first();
    await music.waitFor();
    await page
      .getByText(/^发现《.+》$/)
      .first()
      .waitFor();
    await page.getByRole('combobox', { name: '排序' }).click();
    await page.getByTitle('按飙升').click();
    await page.waitForURL(/sort=rising/);
    await music.waitFor();
    await shot(page, 'activity-03-video-stuff');
    await expect.poll(() => page.locator('.ant-table .ant-spin-spinning').count()).toBe(0);
    const label = (await music.getAttribute('aria-label')) ?? '';
    const musicName = label.replace('查看素材详情：', '');
    await page.getByRole('button', { name: label, exact: true }).click();
    await page.waitForURL(/materialId=\d+/);
    const drawer = page.getByRole('dialog');
    await drawer.getByText(`素材详情：${musicName}`).waitFor();
    await chartsDrawn(page, '[data-testid="stuff-trend-chart"]');
    await drawer
      .getByRole('link', { name: /^查看视频详情：/ })
      .first()
      .waitFor();
    await shot(page, 'activity-04-video-stuff-drawer');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the free tier the first 20 rows with the upgrade banner', async () => {
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-free@example.com');
    await page.goto(`${baseUrl}/hotStuff/videoStuff?days=90`);
    await page.getByTestId('activity-limit-banner').waitFor();
    await page
      .getByRole('button', { name: /^查看素材详情：/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: /^查看素材详情：/ }).count()).toBeLessThanOrEqual(20);
    await shot(page, 'activity-05-free-limit');
    await context.close();
  });

  it('fits the activity and material screens at 375 px', async () => {
    const context = await newContext(browser(), 375, 812);
    const page = await signedInPage(context, baseUrl, 'demo-pro@example.com');
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/hotStuff/hotActivity?days=90`);
    await page.locator('.activity-name').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'activity-06-hot-activity-375');

    await page.locator('.activity-name').first().click();
    await page.waitForURL(/\/hotStuff\/activityDetail/);
    await chartsDrawn(page, '[data-testid="activity-trend-chart"]');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'activity-07-activity-detail-375');

    await page.goto(`${baseUrl}/hotStuff/videoStuff`);
    await page
      .getByRole('button', { name: /^查看素材详情：/ })
      .first()
      .click();
    await chartsDrawn(page, '[data-testid="stuff-trend-chart"]');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'activity-08-video-stuff-drawer-375');

    await page.goto(`${baseUrl}/hotStuff/activityDetail?activityId=1`);
    await page.getByText('活动不存在').first().waitFor();
    await shot(page, 'activity-09-activity-missing-375');
    expect(errors).toEqual([]);
    await context.close();
  });
});
