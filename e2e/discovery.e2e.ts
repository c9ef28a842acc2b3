import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, shot } from './browser.js';
import { suiteBrowser, suiteDb } from './suite.js';
import { chartsDrawn, collectErrors, horizontalOverflow, signedInPage } from './screen-helpers.js';

/**
 * Discovery journeys (issue #6) in Chromium against the built app: creator search with filters and
 * suggestions → creator detail (trend toggle, sections) → video detail; rankings switching kind and
 * period; the free tier's gates; hot content and dashboards; the same screens at 375 px.
 * One account per context at a time (one live session per account).
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

interface Creator {
  id: number;
  name: string;
  level: number;
  parentPartition: string;
}

/** A big creator with a fan event that has a cause video and with visible videos. */
async function creatorWithEvents(): Promise<Creator> {
  const r = await db.query<{ id: string; name: string; level: number; parent: string }>(
    `SELECT c.id, c.name, c.level, pp.name AS parent
       FROM creators c
       JOIN partitions p ON p.tid = c.partition_tid
       JOIN partitions pp ON pp.tid = p.parent_id
      WHERE EXISTS (SELECT 1 FROM fan_events f WHERE f.creator_id = c.id AND f.cause_video_id IS NOT NULL)
        AND EXISTS (SELECT 1 FROM videos v WHERE v.creator_id = c.id AND v.status = 0)
      ORDER BY c.fans DESC
      LIMIT 1`,
  );
  const row = r.rows[0];
  if (!row) throw new Error('no creator with fan events in the demo world');
  return { id: Number(row.id), name: row.name, level: row.level, parentPartition: row.parent };
}

async function deletedVideoId(): Promise<number> {
  const r = await db.query<{ id: string }>('SELECT id FROM videos WHERE status = -1 ORDER BY id LIMIT 1');
  const row = r.rows[0];
  if (!row) throw new Error('no deleted video in the demo world');
  return Number(row.id);
}

/** The video trend card has settled: every chart drawn, or the empty state while no daily data exists. */
async function videoTrendSettled(page: Page): Promise<void> {
  const trend = page.locator('.video-section');
  await expect
    .poll(
      async () => {
        if ((await trend.getByText('暂无每日数据').count()) > 0) return true;
        const all = await trend.locator('[data-rendered]').count();
        return all > 0 && all === (await trend.locator('[data-rendered="true"]').count());
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

describe('discovery journeys', () => {
  it('searches with filters and suggestions, opens the creator detail, toggles the trend, opens a video', async () => {
    const creator = await creatorWithEvents();
    const keyword = Array.from(creator.name).slice(0, 2).join('');
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);

    await page.goto(`${baseUrl}/search/upSearch`);
    // Suggestions while typing (debounced GET /api/searchKeyword)
    await page.getByRole('searchbox', { name: '搜索UP主' }).fill(keyword);
    const suggestions = page.getByRole('listbox', { name: '搜索建议' });
    await suggestions.getByRole('option').first().waitFor();
    await shot(page, 'discovery-01-suggestions');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL(/keyword=/);
    const results = page.getByRole('list', { name: 'UP主搜索结果' });
    await results.getByRole('listitem').first().waitFor();

    // Filters: the creator's top-level partition and its level; the URL keeps them
    await page
      .getByRole('group', { name: '分区', exact: true })
      .getByText(creator.parentPartition, { exact: true })
      .click();
    await page.waitForURL(/tid=\d+/);
    await page.getByRole('group', { name: 'UP主等级' }).getByText(`Lv${creator.level}`, { exact: true }).click();
    await page.waitForURL(new RegExp(`level=${creator.level}`));
    await results.getByLabel(`查看UP主详情：${creator.name}`).first().waitFor();
    // Sort by 云指数
    await page.getByLabel('排序方式').getByText('云指数', { exact: true }).click();
    await page.waitForURL(/sort=indexNum/);
    await results.getByRole('listitem').first().waitFor();
    // The comparison control is live (issue #17, e2e/contrast.e2e.ts)
    const firstCard = results.getByRole('listitem').first();
    await expect.poll(() => firstCard.getByRole('button', { name: /^加入对比：/ }).isEnabled()).toBe(true);
    await shot(page, 'discovery-02-search-filters');

    // The detail opens in a new tab
    const [detail] = await Promise.all([
      context.waitForEvent('page'),
      results.getByLabel(`查看UP主详情：${creator.name}`).first().click(),
    ]);
    const detailErrors = collectErrors(detail);
    await detail.waitForLoadState();
    expect(detail.url()).toContain(`kolId=${creator.id}`);
    await detail.getByText('粉丝总量').first().waitFor();
    await chartsDrawn(detail, '[data-testid="trend-chart"]');
    // Trend toggle: total (1) → increment (0)
    await detail.getByText('增量', { exact: true }).first().click();
    await detail.getByText('粉丝增量').first().waitFor();
    await chartsDrawn(detail, '[data-testid="trend-chart"]');
    // Sections: fan events with a cause video, videos, portraits with charts, commercial estimate
    await detail.getByText('可能原因').first().waitFor();
    await detail
      .getByRole('link', { name: /^查看视频详情：/ })
      .first()
      .waitFor();
    await detail.getByTestId('portrait-gender-chart').scrollIntoViewIfNeeded();
    await chartsDrawn(detail, '[data-testid^="portrait-"]');
    await detail.getByText('定制视频报价').waitFor();
    await shot(detail, 'discovery-03-creator-detail');

    // Video list sorted by plays, then a video opens its detail
    await detail.getByText('播放最多', { exact: true }).click();
    // the list re-sorted before its first row is read: a run under load read the previous order's first title
    // and then clicked the new order's first row
    const videoList = detail.getByRole('table', { name: 'UP主视频列表' });
    await detail.getByLabel('视频排序').locator('.ant-segmented-item-selected', { hasText: '播放最多' }).waitFor();
    await expect.poll(() => detail.locator('.ant-table-wrapper .ant-spin-spinning').count()).toBe(0);
    const videoLink = videoList.getByRole('link', { name: /^查看视频详情：/ }).first();
    await videoLink.waitFor();
    const videoTitle = ((await videoLink.getAttribute('aria-label')) ?? '').replace('查看视频详情：', '');
    await videoList
      .getByRole('link', { name: `查看视频详情：${videoTitle}`, exact: true })
      .first()
      .click();
    await detail.waitForURL(/\/hotStuff\/videoDetail\?.*id=\d+/);
    await detail.getByRole('heading', { name: videoTitle }).waitFor();
    await detail.getByText('数据趋势').waitFor();
    await detail.getByRole('list', { name: '视频数据' }).getByText('播放', { exact: true }).waitFor();
    // Daily series: drawn charts, or the empty state while none are collected; the toggle works either way
    const trend = detail.locator('.video-section');
    await videoTrendSettled(detail);
    await trend.getByText('增量', { exact: true }).click();
    await trend.locator('.ant-segmented-item-selected', { hasText: '增量' }).waitFor();
    await expect
      .poll(async () => (await trend.getByText('暂无每日数据').count()) + (await trend.getByText('播放增量').count()), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    await videoTrendSettled(detail);
    await shot(detail, 'discovery-04-video-detail');

    // A deleted video has its own display
    await detail.goto(`${baseUrl}/hotStuff/videoDetail?id=${await deletedVideoId()}`);
    await detail.getByText('该视频已被删除').waitFor();
    await detail.getByTestId('video-deleted-badge').waitFor();
    await expect.poll(() => detail.getByRole('button', { name: /去B站观看/ }).isDisabled()).toBe(true);
    await shot(detail, 'discovery-05-video-deleted');

    expect(errors).toEqual([]);
    expect(detailErrors).toEqual([]);
    await context.close();
  });

  // issue #23 item 16: the dialog is the app's modal (useApp), not antd's static Modal.warning
  it('offers a manual add on an empty creator search and shows 未找到相关UP主 for a wrong link (§8)', async () => {
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/search/upSearch?keyword=${encodeURIComponent('查无此人zz')}`);
    await page.getByRole('button', { name: '手动添加UP主' }).click();
    const dialog = page.getByRole('dialog', { name: '手动添加UP主' });
    await dialog.getByLabel('UP主主页链接或UID').fill('https://www.bilibili.com/video/BV1xx411c7mD');
    await dialog.getByRole('button', { name: '提交收录' }).click();
    const notFound = page.getByRole('dialog').filter({ hasText: '未找到相关UP主' });
    await notFound.getByText('UID或者链接输入有误，请重新输入').waitFor();
    await shot(page, 'discovery-00-manual-add-not-found');
    expect(errors).toEqual([]);

    // every menu page asks the server for its privileges (GET /api/getMenuPrivilege?menuId=, §2.5 / §6) and
    // closes when the server refuses
    const asked: string[] = [];
    await page.route('**/api/getMenuPrivilege*', async (route) => {
      asked.push(new URL(route.request().url()).searchParams.get('menuId') ?? '');
      await route.fulfill({ json: { code: -1, message: '当前账号无权访问该菜单' } });
    });
    await page.goto(`${baseUrl}/search/upRank`);
    await page.getByText('无权访问', { exact: true }).waitFor();
    await page.getByText('当前账号无权访问该菜单').waitFor();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((id) => /^\d+$/.test(id))).toBe(true);
    await context.close();
  });

  it('switches ranking kind and period and picks a partition', async () => {
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);

    await page.goto(`${baseUrl}/search/upRank`);
    const firstRow = () => page.getByRole('link', { name: /^查看UP主详情：/ }).first();
    await firstRow().waitFor();
    await page.getByText(/粉丝榜 · 日榜 · \d{4}-\d{2}-\d{2}/).waitFor();
    const dateInput = page.getByLabel('榜单日期');
    await expect.poll(() => dateInput.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await shot(page, 'discovery-06-rank-fans-day');

    await page.getByText('周榜', { exact: true }).click();
    await page.waitForURL(/period=week/);
    await page.getByText(/粉丝榜 · 周榜 · /).waitFor();
    await firstRow().waitFor();

    await page.getByRole('tab', { name: '商业榜' }).click();
    await page.waitForURL(/kind=business/);
    await page.getByText(/商业榜 · 周榜 · /).waitFor();
    await page.getByRole('columnheader', { name: '视频报价' }).waitFor();
    await firstRow().waitFor();

    await page.getByRole('tab', { name: '机构榜' }).click();
    await page.waitForURL(/kind=company/);
    await page.getByRole('columnheader', { name: 'MCN机构' }).waitFor();
    await page.getByText(/机构榜 · 周榜 · /).waitFor();
    await shot(page, 'discovery-07-rank-company-week');

    await page.getByText('月榜', { exact: true }).click();
    await page.waitForURL(/period=month/);
    await page.getByText(/机构榜 · 月榜 · /).waitFor();

    // 涨掉粉榜: decrease, by day, then a partition
    await page.goto(`${baseUrl}/search/limitRank`);
    await page.getByRole('tab', { name: '掉粉榜' }).click();
    await page.waitForURL(/kind=decrease/);
    await page.getByRole('columnheader', { name: '掉粉数' }).waitFor();
    await firstRow().waitFor();
    await page.getByLabel('分区').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.waitForURL(/tid=\d+/);
    await page.getByText(/掉粉榜 · 日榜 · /).waitFor();
    await shot(page, 'discovery-08-limit-rank');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists creators by business value in the 商业价值 tab (searchBusinessSort), locked below 专业版', async () => {
    const top = await db.query<{ name: string }>(
      `SELECT c.name FROM creator_metrics m JOIN creators c ON c.id = m.creator_id
        ORDER BY m.business_value DESC, m.creator_id LIMIT 1`,
    );
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/search/upSearch`);
    await page.getByRole('tab', { name: '商业价值' }).click();
    await page.waitForURL(/tab=business/);
    const list = page.getByRole('list', { name: '商业价值榜' });
    const first = list.getByRole('listitem').first();
    await first.waitFor();
    await expect.poll(() => first.innerText()).toContain(top.rows[0]?.name ?? '?');
    await first.getByLabel('第1名').waitFor();
    // the quote as its range (packages/shared quoteRange): “¥a–¥b”
    await expect.poll(() => first.innerText()).toMatch(/定制视频报价（估）/);
    expect(await first.innerText()).toMatch(/¥[\d.,万亿]+–¥[\d.,万亿]+/);
    await shot(page, 'discovery-06b-business-1440');
    // a partition narrows the list
    await page.getByLabel('UP主分区').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.waitForURL(/businessTid=\d+/);
    await list.getByRole('listitem').first().waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await list.getByRole('listitem').first().waitFor();
    await expect.poll(() => horizontalOverflow(page), { timeout: 5000 }).toBeLessThanOrEqual(0);
    await shot(page, 'discovery-06c-business-375');
    expect(errors).toEqual([]);
    await context.close();

    // 免费版: the tab is there, locked; the server refuses the call as well (docs/api/discovery.md)
    const freeContext = await newContext(browser());
    const free = await signedInPage(freeContext, baseUrl, 'demo-free@example.com');
    await free.goto(`${baseUrl}/search/upSearch?tab=business`);
    await free.getByText('商业价值榜为会员专属功能').waitFor();
    expect(await free.getByRole('list', { name: '商业价值榜' }).count()).toBe(0);
    await freeContext.close();
  });

  it('limits the free tier: first 20 ranks, locked portraits and filters', async () => {
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-free@example.com');
    const creator = await creatorWithEvents();
    await page.goto(`${baseUrl}/search/upRank`);
    await page.getByTestId('ranking-limit-banner').waitFor();
    await page.goto(`${baseUrl}/search/upSearch/detail?kolId=${creator.id}`);
    await page.getByText('粉丝画像').first().waitFor();
    await expect.poll(() => page.getByTestId('gate-overlay').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await page.goto(`${baseUrl}/search/upSearch?keyword=${encodeURIComponent(Array.from(creator.name)[0] ?? '')}`);
    await page
      .getByRole('group', { name: '视频报价' })
      .getByRole('button', { name: /专业版/ })
      .waitFor();
    await shot(page, 'discovery-09-free-gates');
    await context.close();
  });

  it('shows hot content and the dashboards', async () => {
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);

    await page.goto(`${baseUrl}/hotStuff/hotVideo`);
    await page
      .getByRole('link', { name: /^查看视频详情：/ })
      .first()
      .waitFor();
    await page.getByText('近7天', { exact: true }).click();
    await page.waitForURL(/days=7/);
    await page
      .getByRole('link', { name: /^查看视频详情：/ })
      .first()
      .waitFor();
    await shot(page, 'discovery-10-hot-video');

    await page.goto(`${baseUrl}/hotStuff/hotTag`);
    await chartsDrawn(page);
    await page.goto(`${baseUrl}/hotStuff/hotSpot`);
    const topic = page.getByRole('link', { name: /^查看话题：/ }).first();
    await topic.waitFor();
    await topic.click();
    await page.waitForURL(/\/hotStuff\/topicDetail\?topic=/);
    await page.getByText('相关视频').first().waitFor();
    await page.goto(`${baseUrl}/hotStuff/hotAnalyse`);
    await chartsDrawn(page);
    await shot(page, 'discovery-11-hot-analyse');
    await page.goto(`${baseUrl}/hotStuff/recommendVideo`);
    await page.getByText('互动率').first().waitFor();

    await page.goto(`${baseUrl}/home/dashboard`);
    await page.getByText('本月对比报告').waitFor();
    await page.getByText('头部UP主粉丝动态').waitFor();
    await shot(page, 'discovery-12-dashboard');
    await page.goto(`${baseUrl}/home/boardData`);
    await chartsDrawn(page);
    await shot(page, 'discovery-13-board-data');
    await page.goto(`${baseUrl}/home/flowmeter`);
    await chartsDrawn(page, '[data-testid="flowmeter-chart"]');
    const box = await page.getByTestId('flowmeter-chart').boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(390);
    await shot(page, 'discovery-14-flowmeter');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits the discovery screens at 375 px', async () => {
    const creator = await creatorWithEvents();
    const context = await newContext(browser(), 375, 812);
    const page = await signedInPage(context, baseUrl, 'demo-pro@example.com');
    const errors = collectErrors(page);

    await page.goto(
      `${baseUrl}/search/upSearch?keyword=${encodeURIComponent(Array.from(creator.name).slice(0, 2).join(''))}`,
    );
    await page.getByRole('list', { name: 'UP主搜索结果' }).getByRole('listitem').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'discovery-15-search-375');

    await page.goto(
      `${baseUrl}/search/upSearch/detail?kolId=${creator.id}&kolName=${encodeURIComponent(creator.name)}`,
    );
    await chartsDrawn(page, '[data-testid="trend-chart"]');
    await page
      .getByRole('link', { name: /^查看视频详情：/ })
      .first()
      .waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'discovery-16-detail-375');

    await page
      .getByRole('link', { name: /^查看视频详情：/ })
      .first()
      .click();
    await page.waitForURL(/\/hotStuff\/videoDetail/);
    await page.getByText('数据趋势').waitFor();
    await videoTrendSettled(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'discovery-17-video-375');

    await page.goto(`${baseUrl}/search/upRank`);
    await page
      .getByRole('link', { name: /^查看UP主详情：/ })
      .first()
      .waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'discovery-18-rank-375');

    await page.goto(`${baseUrl}/hotStuff/hotVideo`);
    await page
      .getByRole('link', { name: /^查看视频详情：/ })
      .first()
      .waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'discovery-19-hot-375');

    await page.goto(`${baseUrl}/home/boardData`);
    await chartsDrawn(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'discovery-20-board-375');

    expect(errors).toEqual([]);
    await context.close();
  });
});
