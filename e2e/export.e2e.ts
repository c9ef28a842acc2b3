import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Msg } from '@xg/shared';
import { readXlsx } from '../apps/server/test/xlsx-read.js';
import { chooseUserMenuItem } from './account-helpers.js';
import { ARTIFACTS, newContext, shot } from './browser.js';
import { suiteBrowser } from './suite.js';
import { collectErrors, horizontalOverflow, signedInPage } from './screen-helpers.js';

/**
 * Excel export (issue #16) in Chromium against the built app: a ranking exported with 前100条, the quota
 * shown before confirming and lower afterwards, the file downloaded and read back (not with exceljs, which
 * wrote it), 导出记录 from the user menu; the gate of a 专业版 account; the screens at 1440 and 375 px.
 */
const baseUrl = inject('baseUrl');
const browser = suiteBrowser();

async function quotaLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('export-quota').innerText()).replace(/\s/g, '');
  const m = /本月剩余导出额度：([\d,]+)条/.exec(text);
  if (!m?.[1]) throw new Error(`no quota in "${text}"`);
  return Number(m[1].replace(/,/g, ''));
}

async function openDialog(page: Page): Promise<void> {
  await page.getByTestId('export-fansRanking').click();
  await expect.poll(() => page.getByTestId('export-quota').innerText()).toMatch(/本月剩余导出额度：[\d,]+条/);
}

describe('export journeys', () => {
  it('exports a ranking with 前100条: quota shown, spent, file downloaded and read back; 导出记录 lists it', async () => {
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/search/upRank?kind=fans&period=day`);
    const table = page.getByRole('table');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const firstName = (await table.locator('tbody tr.ant-table-row').first().locator('.ranking-kol-name').innerText())
      .split('\n')[0]
      ?.trim();

    await openDialog(page);
    const before = await quotaLeft(page);
    expect(before).toBeGreaterThanOrEqual(100);
    await expect.poll(() => page.getByRole('radio', { name: /前100条/ }).isChecked()).toBe(true);
    await shot(page, 'export-dialog-1440');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-confirm').click()]);
    expect(download.suggestedFilename()).toMatch(/^粉丝榜_\d{14}\.xlsx$/);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const saved = path.join(ARTIFACTS, 'export-fans-first100.xlsx');
    await download.saveAs(saved);
    const [data, note] = readXlsx(fs.readFileSync(saved));
    expect(data?.rows[0]?.map((c) => c.value).slice(0, 3)).toEqual(['排名', 'UP主', 'UID']);
    const rows = (data?.rows.length ?? 0) - 1;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(100);
    expect(data?.rows[1]?.[0]).toMatchObject({ value: 1, type: 'n' });
    expect(data?.rows[1]?.[1]?.value).toBe(firstName);
    expect(note?.name).toBe('说明');

    await openDialog(page);
    expect(await quotaLeft(page)).toBe(before - rows);
    await page
      .getByRole('button', { name: '取 消' })
      .or(page.getByRole('button', { name: '取消' }))
      .first()
      .click();

    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await chooseUserMenuItem(page, '导出记录', () => new URL(page.url()).pathname === '/exportRecords');
    const records = page.getByRole('table', { name: '导出记录' }).or(page.getByRole('table')).first();
    await expect.poll(() => records.innerText(), { timeout: 10_000 }).toContain(download.suggestedFilename());
    await expect.poll(() => records.innerText()).toContain('已完成');
    // the download link of the record gives the same file
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `下载 ${download.suggestedFilename()}` }).click(),
    ]);
    const againPath = path.join(ARTIFACTS, 'export-fans-first100-again.xlsx');
    await again.saveAs(againPath);
    expect(readXlsx(fs.readFileSync(againPath))[0]?.rows.length).toBe(rows + 1);
    await shot(page, 'export-records-1440');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the spec gate to a 专业版 account instead of the dialog', async () => {
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-pro@example.com');
    await page.goto(`${baseUrl}/search/upRank?kind=fans&period=day`);
    await page.getByTestId('export-fansRanking').click();
    await expect.poll(() => page.locator('.ant-modal').innerText()).toContain(Msg.exportBlocked);
    await expect.poll(() => page.getByTestId('export-quota').count()).toBe(0);
    await context.close();
  });

  it('fits 375 px: the dialog and 导出记录', async () => {
    const context = await newContext(browser(), 375, 800);
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    await page.goto(`${baseUrl}/search/upRank?kind=fans&period=day`);
    await openDialog(page);
    await shot(page, 'export-dialog-375');
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/exportRecords`);
    await expect.poll(() => page.getByRole('table').first().innerText(), { timeout: 10_000 }).toContain('.xlsx');
    await shot(page, 'export-records-375');
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });

  it('exports the 30-day video report (数据趋势) with daily totals and increments', async () => {
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    const v = await db.query<{ id: string }>(
      `SELECT video_id AS id FROM video_daily GROUP BY video_id ORDER BY count(*) DESC, video_id LIMIT 1`,
    );
    await db.end();
    const id = v.rows[0]?.id;
    if (!id) throw new Error('the demo world has no daily video data');
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/hotStuff/videoDetail?id=${id}`);
    await page.getByTestId('export-videoDataTendency').waitFor();
    await page.getByTestId('export-videoDataTendency').click();
    await expect.poll(() => page.getByTestId('export-quota').innerText()).toMatch(/本月剩余导出额度：[\d,]+条/);
    // one option only: the report is one page
    expect(await page.getByRole('dialog', { name: '导出Excel' }).getByRole('radio').count()).toBe(1);
    await shot(page, 'export-video-report-dialog-1440');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-confirm').click()]);
    expect(download.suggestedFilename()).toMatch(/^视频数据报告_近30天_\d{14}\.xlsx$/);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const saved = path.join(ARTIFACTS, 'export-video-report.xlsx');
    await download.saveAs(saved);
    const [data, note] = readXlsx(fs.readFileSync(saved));
    expect(data?.rows[0]?.map((c) => c.value).slice(0, 3)).toEqual(['日期', '播放总量', '播放增量']);
    expect(data?.rows.length).toBeGreaterThan(2);
    expect(data?.rows[1]?.[0]?.type).toBe('d');
    expect(data?.rows[1]?.[1]?.type).toBe('n');
    expect(note?.rows.some((r) => r[0]?.value === '视频')).toBe(true);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await page.getByTestId('export-videoDataTendency').waitFor();
    await shot(page, 'export-video-report-375');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
