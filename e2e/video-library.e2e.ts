import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FREE_VIDEO_ROWS } from '@xg/shared';
import { readXlsx } from '../apps/server/test/xlsx-read.js';
import { ARTIFACTS, newContext, shot } from './browser.js';
import { suiteBrowser, suiteDb } from './suite.js';
import { choose, collectErrors, horizontalOverflow, signedInPage } from './screen-helpers.js';

/**
 * The video libraries (issue #26 item 5) in Chromium against the built app: 视频搜索 from the menu, a keyword
 * search, a filter and a sort, a video opened, the 收藏 toggle (read back in the database), the list exported
 * and read back; 短视频库 with its shape filter; the 免费版 banner and menu; screenshots at 1440 and 375 px.
 */
const baseUrl = inject('baseUrl');
const browser = suiteBrowser();
const db = suiteDb();

const rows = (page: Page) => page.getByRole('table').locator('tbody tr.ant-table-row');

/** A two-character word of a visible demo title with enough matches to page and filter. */
async function commonWord(): Promise<string> {
  const r = await db.query<{ w: string }>(
    `SELECT substr(title, 1, 2) AS w FROM videos WHERE status = 0 AND char_length(title) >= 2
       AND substr(title, 1, 2) ~ '^[一-龥]{2}$'
     GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  const w = r.rows[0]?.w;
  if (!w) throw new Error('the demo world has no titles');
  return w;
}

/** Runs `act` and waits for the search answer whose URL has every `params` pair, then for the rows. */
async function searched(page: Page, params: Record<string, string | null>, act: () => Promise<void>): Promise<void> {
  const answered = page.waitForResponse((r) => {
    if (!r.url().includes('/api/searchVideo')) return false;
    const q = new URL(r.url()).searchParams;
    return Object.entries(params).every(([k, v]) => q.get(k) === v);
  });
  await act();
  await answered;
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
}

async function waitRows(page: Page): Promise<void> {
  await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
}

describe('video library journeys', () => {
  it('search → filter → open a video → 收藏 → export, at 1440 px', async () => {
    const word = await commonWord();
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);

    // from the menu (数据搜索 → 视频搜索)
    await page.getByRole('menuitem', { name: '视频搜索' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search/video');
    await waitRows(page);

    // keyword
    const box = page.getByRole('searchbox', { name: '视频标题关键词' });
    await box.fill(word);
    await searched(page, { sort: 'time' }, () => box.press('Enter'));
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe(word);
    await waitRows(page);
    const titles = await rows(page).locator('.list-video-title').allInnerTexts();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title.toLowerCase()).toContain(word.toLowerCase());

    // sort by plays: the first row has at least the plays of the second (read from the database by BV id)
    await page.getByRole('combobox', { name: '排序' }).click();
    await searched(page, { sort: 'play' }, () => page.getByTitle('播放最多').click());
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('play');
    await waitRows(page);
    const hrefs = await rows(page)
      .locator('a.list-video')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    const ids = hrefs.map((h) => new URL(h ?? '', baseUrl).searchParams.get('id')).filter((x) => x !== null);
    expect(ids.length).toBeGreaterThan(0);
    const plays = await db.query<{ id: string; play: string }>(
      `SELECT id::text, play::text FROM videos WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    const playOf = new Map(plays.rows.map((r) => [r.id, Number(r.play)]));
    const ordered = ids.map((id) => playOf.get(id) ?? -1);
    // the collector may move counts between the answer and this read: allow a small slack
    for (let i = 1; i < ordered.length; i++)
      expect((ordered[i - 1] ?? 0) * 1.05 + 100).toBeGreaterThanOrEqual(ordered[i] ?? 0);

    // filter: duration 1–5 minutes
    await page.getByRole('combobox', { name: '时长' }).click();
    await searched(page, { durationMin: '61', durationMax: '300' }, () => page.getByTitle('1-5分钟').click());
    await expect.poll(() => new URL(page.url()).searchParams.get('dur')).toBe('1');
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
    const filtered = await rows(page).count();
    if (filtered > 0) {
      const fHrefs = await rows(page)
        .locator('a.list-video')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      const fIds = fHrefs.map((h) => new URL(h ?? '', baseUrl).searchParams.get('id'));
      const d = await db.query<{ duration: number }>(`SELECT duration FROM videos WHERE id = ANY($1::bigint[])`, [
        fIds,
      ]);
      for (const r of d.rows) expect(r.duration >= 61 && r.duration <= 300, String(r.duration)).toBe(true);
    } else {
      await expect.poll(() => page.getByRole('table').innerText()).toContain('没有标题包含');
    }
    // clear it again: the answer without the duration, the select back to its placeholder
    const durSelect = page.locator('.ant-select', { has: page.getByRole('combobox', { name: '时长' }) });
    await durSelect.hover();
    // (the unfiltered answer is still cached from before: no new request)
    await durSelect.locator('.ant-select-clear').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('dur')).toBeNull();
    await expect.poll(() => durSelect.innerText()).toContain('时长不限');
    await waitRows(page);
    await shot(page, 'video-library-search-1440');
    expect(await horizontalOverflow(page)).toBe(0);

    // 收藏 on the first row: the button turns on and the team's saved_videos has it
    const first = rows(page).first();
    const firstHref = await first.locator('a.list-video').getAttribute('href');
    const videoId = new URL(firstHref ?? '', baseUrl).searchParams.get('id');
    expect(videoId).not.toBeNull();
    const collect = first.getByRole('button', { name: '收藏', exact: true });
    const wasOn = (await first.getByRole('button', { name: '已收藏' }).count()) > 0;
    if (!wasOn) {
      await collect.click();
      await expect.poll(() => first.getByRole('button', { name: '已收藏' }).getAttribute('aria-pressed')).toBe('true');
    }
    const saved = await db.query(
      `SELECT 1 FROM saved_videos s JOIN users u ON u.id = s.team_id
        WHERE s.video_id = $1::bigint AND s.type = 1 AND u.email = 'demo-ent@example.com'`,
      [videoId],
    );
    expect(saved.rowCount).toBe(1);

    // export the list (当前页) and read it back: the page's titles in order, with the 画面 column
    const pageTitles = await rows(page)
      .locator('.list-video-title')
      .evaluateAll((els) => els.map((e) => e.getAttribute('title')));
    await page.getByTestId('export-searchVideo').click();
    await expect.poll(() => page.getByTestId('export-quota').innerText()).toMatch(/本月剩余导出额度：[\d,]+条/);
    await choose(page.getByRole('radio', { name: /当前页/ }));
    await shot(page, 'video-library-export-1440');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-confirm').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^视频搜索_${word}_\\d{14}\\.xlsx$`));
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, 'video-library-search.xlsx');
    await download.saveAs(file);
    const [sheet] = readXlsx(fs.readFileSync(file));
    expect(sheet?.rows[0]?.map((c) => c.value)).toContain('画面');
    expect(sheet?.rows.slice(1).map((r) => r[0]?.value)).toEqual(pageTitles);

    // open the video: its detail page, with the collect flag as set here
    await first.locator('a.list-video').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/hotStuff/videoDetail');
    await expect.poll(() => page.getByRole('button', { name: '已收藏' }).count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'video-library-detail-1440');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('短视频库: only short or vertical videos, the shape filter, at 1440 and 375 px', async () => {
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-pro@example.com');
    const errors = collectErrors(page);
    await page.getByRole('menuitem', { name: '短视频库' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search/videoShort');
    await waitRows(page);
    await searched(page, { shape: 'vertical' }, () => page.locator('.ant-segmented-item', { hasText: '竖屏' }).click());
    await expect.poll(() => new URL(page.url()).searchParams.get('shape')).toBe('vertical');
    await waitRows(page);
    const hrefs = await rows(page)
      .locator('a.list-video')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    const ids = hrefs.map((h) => new URL(h ?? '', baseUrl).searchParams.get('id'));
    const v = await db.query<{ vertical: boolean | null }>(`SELECT vertical FROM videos WHERE id = ANY($1::bigint[])`, [
      ids,
    ]);
    expect(v.rows.length).toBe(ids.length);
    for (const r of v.rows) expect(r.vertical).toBe(true);
    expect(await rows(page).first().innerText()).toContain('竖屏');
    await shot(page, 'video-library-short-1440');
    expect(await horizontalOverflow(page)).toBe(0);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await waitRows(page);
    await shot(page, 'video-library-short-375');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.goto(`${baseUrl}/search/video`);
    await waitRows(page);
    await shot(page, 'video-library-search-375');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('免费版: no 短视频库 in the menu, the first page with the upgrade banner', async () => {
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-free@example.com');
    await page.getByRole('menuitem', { name: '视频搜索' }).click();
    await waitRows(page);
    expect(await page.getByRole('menuitem', { name: '短视频库' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('video-library-limit-banner').count()).toBe(1);
    expect(await page.getByTestId('video-library-limit-banner').innerText()).toContain(`前${FREE_VIDEO_ROWS}个视频`);
    expect(await rows(page).count()).toBeLessThanOrEqual(FREE_VIDEO_ROWS);
    await shot(page, 'video-library-free-1440');
    await context.close();
  });
});
