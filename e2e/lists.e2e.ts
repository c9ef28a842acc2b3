import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COMING_SOON } from '@xg/shared';
import { readXlsx } from '../apps/server/test/xlsx-read.js';
import { ARTIFACTS, newContext, shot } from './browser.js';
import { suiteBrowser, suiteDb } from './suite.js';
import { collectErrors, creatorsByFans, horizontalOverflow, searchResultCard, signedInPage } from './screen-helpers.js';
import type { DemoCreator } from './screen-helpers.js';

/**
 * Lists journeys (issue #15) in Chromium against the built app: search → collect → upCollect shows it →
 * reorder by drag → monitor on → remove; the same screen at 375 px.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

/** Two creators a UID search finds on their own. */
async function twoCreators(): Promise<[DemoCreator, DemoCreator]> {
  const [a, b] = await creatorsByFans(db, 5, 2);
  if (!a || !b) throw new Error('the demo world has fewer than 7 creators');
  return [a, b];
}

async function collectFromSearch(page: Page, creator: DemoCreator): Promise<void> {
  await page.goto(`${baseUrl}/search/upSearch`);
  const card = await searchResultCard(page, creator);
  await card.waitFor();
  await card.getByRole('button', { name: '收藏', exact: true }).click();
  // the star turns on only after the server's 200
  await card.getByRole('button', { name: '已收藏' }).waitFor();
}

const rowOf = (page: Page, creator: DemoCreator) => page.locator('tr.collect-row', { hasText: creator.name });

async function order(page: Page): Promise<string[]> {
  return page.locator('tr.collect-row .collect-kol-name .ant-typography').allInnerTexts();
}

describe('lists journeys', () => {
  it('search → collect → upCollect shows it → reorder by drag → monitor on → remove', async () => {
    const [a, b] = await twoCreators();
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-pro@example.com');
    const errors = collectErrors(page);

    await collectFromSearch(page, a);
    await shot(page, 'lists-01-search-collected');
    await collectFromSearch(page, b);

    await page.goto(`${baseUrl}/collect/upCollect`);
    await rowOf(page, a).waitFor();
    await rowOf(page, b).waitFor();
    // newest first: b above a
    expect((await order(page)).slice(0, 2).map((n) => n.trim())).toEqual([b.name, a.name]);
    await shot(page, 'lists-02-up-collect');

    // drag a onto b's place; the order is saved (a reload shows it)
    await rowOf(page, a).locator('.collect-drag').dragTo(rowOf(page, b).locator('.collect-drag'));
    await expect.poll(async () => (await order(page)).slice(0, 2).map((n) => n.trim())).toEqual([a.name, b.name]);
    await page.reload();
    await rowOf(page, a).waitFor();
    expect((await order(page)).slice(0, 2).map((n) => n.trim())).toEqual([a.name, b.name]);
    const saved = await db.query<{ creator_id: string }>(
      `SELECT s.creator_id FROM saved_creators s JOIN users u ON u.id = s.team_id
        WHERE u.email = 'demo-pro@example.com' AND s.type = 1 ORDER BY s.sort, s.id`,
    );
    expect(saved.rows.slice(0, 2).map((r) => Number(r.creator_id))).toEqual([a.id, b.id]);

    // monitor on
    const monitor = page.getByRole('switch', { name: `监测${a.name}` });
    await monitor.click();
    await expect.poll(() => monitor.getAttribute('aria-checked')).toBe('true');
    const schedule = await db.query<{ cadence: string }>('SELECT cadence FROM creator_schedule WHERE creator_id = $1', [
      a.id,
    ]);
    expect(['high', 'hot', 'viewed']).toContain(schedule.rows[0]?.cadence);
    await shot(page, 'lists-03-monitor-on');

    // upAttention shows the monitored creator
    await page.goto(`${baseUrl}/middleground/upAttention`);
    await page.getByText('首次查看，显示近7天变化').first().waitFor();
    await page.getByLabel(`查看UP主详情：${a.name}`).first().waitFor();
    await shot(page, 'lists-03b-up-attention');
    await page.getByRole('button', { name: '全部标为已看' }).click();
    await page
      .getByText(/对比上次查看/)
      .first()
      .waitFor();
    await page.goto(`${baseUrl}/collect/upCollect`);
    await rowOf(page, b).waitFor();

    // remove with confirmation
    await page.getByRole('button', { name: `移除${b.name}` }).click();
    await page
      .getByRole('button', { name: '移 除' })
      .or(page.getByRole('button', { name: '移除', exact: true }))
      .click();
    await expect.poll(() => rowOf(page, b).count()).toBe(0);
    await shot(page, 'lists-04-removed');

    // 375 px: the screen fits the phone
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await rowOf(page, a).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'lists-05-up-collect-375');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('library: add by link → edit prices (history kept) → import a roster with bad rows', async () => {
    const r = await db.query<{ id: string; name: string; mid: string }>(
      'SELECT id, name, mid FROM creators ORDER BY fans DESC OFFSET 10 LIMIT 2',
    );
    const [c, d] = r.rows.map((x) => ({ id: Number(x.id), name: x.name, uid: Number(x.mid) }));
    if (!c || !d) throw new Error('the demo world has too few creators');
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);

    await page.goto(`${baseUrl}/middleground/myUp`);
    await page.getByRole('button', { name: '添加达人' }).click();
    const dialog = page.getByRole('dialog', { name: '添加达人' });
    await dialog.getByRole('textbox', { name: '主页链接' }).fill(`https://space.bilibili.com/${c.uid}`);
    await dialog.getByRole('button', { name: /查\s*询/ }).click();
    await dialog.getByText('已找到该达人，资料已自动填充', { exact: false }).waitFor();
    await dialog.getByRole('spinbutton', { name: '植入报价（元）' }).fill('5000');
    await dialog.getByRole('textbox', { name: '档期情况' }).fill('12月可排');
    await shot(page, 'lists-06-library-add');
    await dialog.getByRole('button', { name: '添加到达人库' }).click();
    const row = page.locator('tr', { hasText: c.name });
    await row.waitFor();
    await row.getByText('¥5,000').waitFor();

    // edit: link and id locked, a new price, the change in the history
    await page.getByRole('button', { name: `编辑${c.name}` }).click();
    const edit = page.getByRole('dialog', { name: '编辑达人' });
    await expect.poll(() => edit.getByRole('textbox', { name: '主页链接' }).isDisabled()).toBe(true);
    await expect.poll(() => edit.getByRole('textbox', { name: '达人ID' }).isDisabled()).toBe(true);
    await expect.poll(() => edit.getByRole('spinbutton', { name: '植入报价（元）' }).inputValue()).toBe('5000.00');
    await edit.getByRole('spinbutton', { name: '植入报价（元）' }).fill('6500');
    await edit.getByRole('button', { name: '保存修改' }).click();
    await row.getByText('¥6,500').waitFor();
    await page.getByRole('button', { name: `编辑${c.name}` }).click();
    const again = page.getByRole('dialog', { name: '编辑达人' });
    await again.getByRole('cell', { name: '¥6,500' }).waitFor();
    await shot(page, 'lists-07-library-price-history');
    await again.getByRole('button', { name: /取\s*消/ }).click();

    // import a roster: one new, one already there, one bad link, one unknown id
    await page.getByRole('button', { name: '批量导入' }).click();
    const importDialog = page.getByRole('dialog', { name: '批量导入达人' });
    const csv = [
      '主页链接,达人ID,植入报价',
      `,${d.uid},3000`,
      `,${c.uid},`,
      'https://example.com/x,,',
      ',987654321098,',
    ].join('\r\n');
    await importDialog.locator('input[type=file]').setInputFiles({
      name: '名单.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await importDialog.getByText('导入完成：新增1位，跳过3位').first().waitFor();
    for (const label of ['已添加', '已在库中', '链接格式有误', '未找到该达人']) {
      await importDialog.getByText(label, { exact: true }).first().waitFor();
    }
    await shot(page, 'lists-08-library-import');
    await importDialog.getByRole('button', { name: 'Close' }).or(importDialog.getByLabel('Close')).first().click();
    await page.locator('tr', { hasText: d.name }).waitFor();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await page.locator('tr', { hasText: d.name }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'lists-09-library-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('dashboard: the empty monitor card says how to turn monitoring on; the video monitoring card counts (built since #24)', async () => {
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-premium@example.com');
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/home/dashboard`);
    const card = page.getByTestId('dash-monitor-card');
    await card.getByText('还没有监测中的UP主').waitFor();
    await card.getByText('「监测」开关', { exact: false }).waitFor();
    await expect.poll(() => page.getByTestId('dash-video-monitor').innerText()).toMatch(/\d+\s*个/);
    expect(await page.getByTestId('dash-video-monitor').innerText()).not.toContain(COMING_SOON);
    await shot(page, 'lists-10-dashboard-monitor-empty');
    await card.getByRole('button', { name: /去开启监测/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/collect/upCollect');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saved creators: monitor one → the dashboard card shows it; export the list and open the file', async () => {
    const r = await db.query<{ id: string; name: string; mid: string }>(
      'SELECT id, name, mid FROM creators ORDER BY fans DESC OFFSET 20 LIMIT 1',
    );
    const c = r.rows.map((x) => ({ id: Number(x.id), name: x.name, uid: Number(x.mid) }))[0];
    if (!c) throw new Error('the demo world has too few creators');
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    const errors = collectErrors(page);

    await collectFromSearch(page, c);
    await page.goto(`${baseUrl}/collect/upCollect`);
    await rowOf(page, c).waitFor();
    const monitor = page.getByRole('switch', { name: `监测${c.name}` });
    if ((await monitor.getAttribute('aria-checked')) !== 'true') await monitor.click();
    await expect.poll(() => monitor.getAttribute('aria-checked')).toBe('true');

    // the dashboard card lists the monitored creator with a link to its detail page
    await page.goto(`${baseUrl}/home/dashboard`);
    const card = page.getByTestId('dash-monitor-card');
    const link = card.getByLabel(`查看UP主详情：${c.name}`);
    await link.waitFor();
    expect(await link.getAttribute('href')).toContain(`kolId=${c.id}`);
    await expect.poll(() => card.innerText()).toMatch(/较前一日[\s\S]*近7天涨粉/);
    await shot(page, 'lists-11-dashboard-monitor-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await card.getByLabel(`查看UP主详情：${c.name}`).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'lists-12-dashboard-monitor-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    // 导出Excel on UP主收藏: the options dialog with the quota, the file downloaded and read back
    await page.goto(`${baseUrl}/collect/upCollect`);
    await rowOf(page, c).waitFor();
    const names = (await order(page)).map((n) => n.trim());
    await page.getByTestId('export-myLinkKol').click();
    await expect.poll(() => page.getByTestId('export-quota').innerText()).toMatch(/本月剩余导出额度：[\d,]+条/);
    await shot(page, 'lists-13-collect-export-dialog-1440');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-confirm').click()]);
    expect(download.suggestedFilename()).toMatch(/^收藏UP主_\d{14}\.xlsx$/);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const saved = path.join(ARTIFACTS, 'export-my-link-kol.xlsx');
    await download.saveAs(saved);
    const [data, note] = readXlsx(fs.readFileSync(saved));
    expect(data?.rows[0]?.map((cell) => cell.value).slice(0, 5)).toEqual(['UP主', 'UID', '分区', '分组', '粉丝数']);
    expect(data?.rows.slice(1, 1 + names.length).map((row) => row[0]?.value)).toEqual(names);
    const mine = data?.rows.find((row) => row[0]?.value === c.name);
    expect(mine?.[1]).toMatchObject({ value: c.uid, type: 'n' });
    expect(mine?.[8]?.value).toBe('监测中');
    expect(note?.name).toBe('说明');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await rowOf(page, c).waitFor();
    await page.getByTestId('export-myLinkKol').click();
    await expect.poll(() => page.getByTestId('export-quota').innerText()).toMatch(/本月剩余导出额度/);
    await shot(page, 'lists-14-collect-export-dialog-375');
    expect(errors).toEqual([]);
    await context.close();
  });
});
