import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ContrastMsg } from '@xg/shared';
import type { Page } from 'playwright-core';
import { ARTIFACTS, newContext } from './browser.js';
import { suiteBrowser, suiteDb } from './suite.js';
import { shotScreen } from './member-helpers.js';
import {
  chartsDrawn,
  collectErrors,
  columnsReachable,
  creatorsByFans,
  horizontalOverflow,
  searchResultCard,
  signedInPage,
  tableProblems,
} from './screen-helpers.js';
import type { DemoCreator } from './screen-helpers.js';

/**
 * Comparison journeys (issue #17) in Chromium against the built app and the real server: search → add three
 * creators → the drawer shows them → the add modal → generate → the report → intention → 导出PDF as 企业版 →
 * 对比记录 reopens and deletes; the free tier sees flag 1's popover; leaving the §2.5 paths empties the drawer.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

const creators = (offset: number, count: number) => creatorsByFans(db, offset, count);

/** Finds a creator by UID on the search screen and adds it to the comparison from its row. */
async function addFromSearch(page: Page, creator: DemoCreator): Promise<void> {
  const card = await searchResultCard(page, creator);
  await card.getByRole('button', { name: `加入对比：${creator.name}` }).click();
  await card.getByRole('button', { name: `移出对比：${creator.name}` }).waitFor();
}

const drawerOf = (page: Page) => page.locator('.contrast-drawer');
const reportOf = (page: Page) => page.getByRole('dialog', { name: 'UP主对比报告' });

async function teamReports(email: string): Promise<{ id: number; intention: number | null; kolIds: number[] }[]> {
  const r = await db.query<{ id: string; intention_kol_id: string | null; kol_ids: string[] }>(
    `SELECT c.id, c.intention_kol_id, c.kol_ids FROM contrast_reports c JOIN users u ON u.id = c.team_id
      WHERE u.email = $1 AND c.deleted_at IS NULL ORDER BY c.id`,
    [email],
  );
  return r.rows.map((x) => ({
    id: Number(x.id),
    intention: x.intention_kol_id === null ? null : Number(x.intention_kol_id),
    kolIds: x.kol_ids.map(Number),
  }));
}

describe('comparison journeys', () => {
  it('search → add three → drawer → add modal → generate → report → intention → 对比记录 → leave', async () => {
    const [a, b, c, d] = await creators(20, 4);
    if (!a || !b || !c || !d) throw new Error('four creators expected');
    const email = 'demo-ent@example.com';
    const before = (await teamReports(email)).length;
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, email);
    const errors = collectErrors(page);

    await page.goto(`${baseUrl}/search/upSearch`);
    for (const creator of [a, b, c]) await addFromSearch(page, creator);
    // §5: adding the same creator again takes it out; adding it back puts it last
    const cardC = page.getByRole('button', { name: `移出对比：${c.name}` });
    await cardC.click();
    await page.getByRole('button', { name: `加入对比：${c.name}` }).click();

    // the floating toggle shows the count; the drawer lists the three with the month's count
    await page.getByRole('button', { name: '对比（3）' }).click();
    const drawer = drawerOf(page);
    await drawer.getByText('UP主对比（3/5）').waitFor();
    await expect
      .poll(() => drawer.locator('.contrast-item .ant-typography strong').allInnerTexts())
      .toEqual([a.name, b.name, c.name]);
    await drawer.getByText(/本月已用 \d+ \/ 100 次/).waitFor();
    await shotScreen(page, 'contrast-01-drawer');

    // 添加UP主: search by UID, 立即添加, the modal closes by itself (2 s)
    await drawer.getByRole('button', { name: '添加UP主' }).click();
    const modal = page.getByRole('dialog', { name: '添加UP主' });
    await modal.getByPlaceholder('请输入UP主名称、或者UID').fill(String(d.uid));
    await modal
      .getByRole('button', { name: '搜 索' })
      .or(modal.getByRole('button', { name: '搜索' }))
      .click();
    await modal.getByRole('button', { name: `立即添加${d.name}` }).waitFor();
    await shotScreen(page, 'contrast-02-add-modal');
    await modal.getByRole('button', { name: `立即添加${d.name}` }).click();
    await modal.getByText('已添加').waitFor();
    await modal.waitFor({ state: 'hidden', timeout: 6_000 });
    await drawer.getByText('UP主对比（4/5）').waitFor();
    // uncheck the fourth: the report compares the three checked
    await drawer.getByRole('checkbox', { name: `选择${d.name}` }).uncheck();

    // generate → the report of the three, the quota spent once
    await drawer.getByRole('button', { name: '生成报告' }).click();
    const report = reportOf(page);
    await report.getByText('基础数据对比').waitFor();
    await chartsDrawn(page, '.contrast-report [data-rendered]');
    const saved = await teamReports(email);
    expect(saved).toHaveLength(before + 1);
    const made = saved.at(-1);
    expect(made?.kolIds).toEqual([a.id, b.id, c.id]);
    for (const title of ['我的判断', '互动数据对比', '粉丝数据对比', '受众重合度（估算）', '分项结论']) {
      await report.getByRole('heading', { name: title }).waitFor();
    }
    await report.getByText(/方法：/).waitFor();
    await report
      .getByRole('img', { name: /已认证|未认证/ })
      .first()
      .waitFor();
    await shotScreen(page, 'contrast-03-report');
    for (const [title, name] of [
      ['互动数据对比', 'contrast-03b-report-interaction'],
      ['粉丝数据对比', 'contrast-03c-report-fans'],
      ['分项结论', 'contrast-03d-report-verdicts'],
    ] as const) {
      await report.getByRole('heading', { name: title }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shotScreen(page, name);
    }

    // intention: only that creator; the server's message
    // the choice shows once the server has answered (a controlled radio), with the server's message
    await report.getByRole('radio', { name: `设为意向：${b.name}` }).click();
    await page.getByText('已设为意向UP主').first().waitFor();
    await expect.poll(() => report.getByRole('radio', { name: `设为意向：${b.name}` }).isChecked()).toBe(true);
    await expect.poll(async () => (await teamReports(email)).find((r) => r.id === made?.id)?.intention).toBe(b.id);

    // the report at 375 px: the whole width, nothing wider than the screen
    await page.setViewportSize({ width: 375, height: 812 });
    await report.getByText('基础数据对比').waitFor();
    await chartsDrawn(page, '.contrast-report [data-rendered]');
    // every table has a column per creator, the last one reachable by scrolling sideways (the 指标 column fixed):
    // a phone showed only the first creator (issue #23 item 17)
    expect(
      await columnsReachable(page, '.contrast-report .ant-table-wrapper.contrast-metric-table', [
        a.name,
        b.name,
        c.name,
      ]),
    ).toEqual([]);
    expect(await tableProblems(page)).toEqual([]);
    await shotScreen(page, 'contrast-04-report-375');
    for (const [title, name] of [
      ['互动数据对比', 'contrast-04b-report-375-interaction'],
      ['粉丝数据对比', 'contrast-04c-report-375-fans'],
    ] as const) {
      await report.getByRole('heading', { name: title }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shotScreen(page, name);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await report.getByRole('button', { name: 'Close' }).or(report.getByLabel('Close')).first().click();
    await report.waitFor({ state: 'hidden' });

    // 对比记录 (a saved-lists path: the selection stays), reopen from the snapshot, delete
    await page.goto(`${baseUrl}/collect/contrastRecord`);
    const rows = page.getByRole('table', { name: '对比记录' });
    const row = page.locator('tr', { hasText: `${a.name}、${b.name}、${c.name}` }).first();
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain(b.name);
    await shotScreen(page, 'contrast-05-records');
    await row.getByRole('button', { name: /查看报告/ }).click();
    await reportOf(page).getByText('基础数据对比').waitFor();
    await expect
      .poll(() =>
        reportOf(page)
          .getByRole('radio', { name: `设为意向：${b.name}` })
          .isChecked(),
      )
      .toBe(true);
    await reportOf(page).getByLabel('Close').first().click();
    await reportOf(page).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '对比（4）' }).waitFor();

    await page.setViewportSize({ width: 375, height: 812 });
    await row.waitFor();
    await expect.poll(() => horizontalOverflow(page), { timeout: 5000 }).toBeLessThanOrEqual(0); // after the re-layout
    await shotScreen(page, 'contrast-06-records-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    await row.getByRole('button', { name: /删除报告/ }).click();
    await page
      .getByRole('button', { name: '删 除' })
      .or(page.getByRole('button', { name: '删除', exact: true }))
      .click();
    await expect.poll(async () => (await teamReports(email)).some((r) => r.id === made?.id)).toBe(false);
    await expect.poll(() => rows.locator('tr', { hasText: `${a.name}、${b.name}、${c.name}` }).count()).toBe(0);

    // leaving the §2.5 paths closes the drawer and empties the list
    await page.goto(`${baseUrl}/home/dashboard`);
    await page.locator('.signed-in-layout').waitFor();
    await expect.poll(() => page.locator('.contrast-float').count()).toBe(0);
    await page.goto(`${baseUrl}/search/upSearch`);
    await page.getByRole('button', { name: '对比（0）' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('contrastList'))).toBeNull();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('the drawer and the add modal at 375 px; the free tier gets flag 1 and its popover', async () => {
    const [a, b] = await creators(30, 2);
    if (!a || !b) throw new Error('two creators expected');
    const context = await newContext(browser(), 375, 812);
    const page = await signedInPage(context, baseUrl, 'demo-free@example.com');
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/search/upSearch`);
    await addFromSearch(page, a);
    await addFromSearch(page, b);
    await page.getByRole('button', { name: '对比（2）' }).click();
    const drawer = drawerOf(page);
    await drawer.getByText('UP主对比（2/5）').waitFor();
    await drawer.getByText(/本月已用 0 \/ 0 次/).waitFor();
    // the user is told before leaving empties the list (issue #23 item 17)
    expect(await drawer.getByTestId('contrast-leave-hint').innerText()).toBe(ContrastMsg.leaveClears);
    await expect.poll(() => horizontalOverflow(page), { timeout: 5000 }).toBeLessThanOrEqual(0);
    await shotScreen(page, 'contrast-07-drawer-375');

    await drawer.getByRole('button', { name: '添加UP主' }).click();
    const modal = page.getByRole('dialog', { name: '添加UP主' });
    await modal.getByPlaceholder('请输入UP主名称、或者UID').fill(a.name.slice(0, 2));
    await modal
      .getByRole('button', { name: '搜 索' })
      .or(modal.getByRole('button', { name: '搜索' }))
      .click();
    await modal.locator('.contrast-add-list .ant-list-item').first().waitFor();
    await shotScreen(page, 'contrast-08-add-modal-375');
    await modal.getByLabel('Close').first().click();
    await modal.waitFor({ state: 'hidden' });

    // flag 1: nothing spent, the §8 popover with 立即升级
    await drawer.getByRole('button', { name: '生成报告' }).click();
    const popover = page.getByRole('alert').filter({ hasText: '免费版会员无添加权限，升级会员解锁该功能' });
    await popover.waitFor();
    expect(await popover.getByRole('link', { name: '立即升级' }).getAttribute('href')).toBe('/member');
    expect(await teamReports('demo-free@example.com')).toEqual([]);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.ant-popover')).every(
        (el) => getComputedStyle(el).opacity === '1' && !/-(appear|enter|leave)/.test(el.className),
      ),
    );
    await shotScreen(page, 'contrast-09-free-flag1-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('导出PDF as 企业版 downloads the report as a PDF', async () => {
    const [a, b] = await creators(40, 2);
    if (!a || !b) throw new Error('two creators expected');
    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-ent@example.com');
    await page.goto(`${baseUrl}/search/upSearch`);
    await addFromSearch(page, a);
    await addFromSearch(page, b);
    await page.getByRole('button', { name: '对比（2）' }).click();
    await drawerOf(page).getByRole('button', { name: '生成报告' }).click();
    const report = reportOf(page);
    await report.getByText('基础数据对比').waitFor();
    // the button shows once the report and the tier's policy are in (canPdf and FEATURE_POLICY['export.pdf'])
    const pdfButton = report.getByRole('button', { name: /导出PDF/ });
    await pdfButton.waitFor();
    // the render reads the CJK fonts on its first call and takes a few seconds on a loaded machine
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), pdfButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, 'contrast-report.pdf');
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await context.close();
  });
});
