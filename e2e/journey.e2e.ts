import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { logOut } from './account-helpers.js';
import { newContext, shot } from './browser.js';
import { fillRegisterCodes } from './member-helpers.js';
import { suiteBrowser, suiteDb } from './suite.js';

/**
 * The foundation journey in Chromium against the built app: register by phone (image captcha + sandbox SMS),
 * log out, log in, search a creator, open the detail in a new tab and see the trend chart drawn; then the
 * same screens at 375 px, the route guard, and the kicked-out dialog after a sign-in elsewhere.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

const PASSWORD = 'e2e-pass-123';
const phone = `13${String(Date.now()).slice(-9)}`;

async function topCreator(): Promise<{ id: number; name: string }> {
  const r = await db.query<{ id: string; name: string }>('SELECT id, name FROM creators ORDER BY fans DESC LIMIT 1');
  const row = r.rows[0];
  if (!row) throw new Error('no creators in the demo world');
  return { id: Number(row.id), name: row.name };
}

/** After sign-in the app lands on the first menu route (the dashboard); journeys then go where they test. */
async function waitSignedIn(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/index');
  await page.getByTestId('user-block').first().waitFor();
}

describe('foundation journey', () => {
  it('registers, logs in, searches, opens the detail and draws the trend', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Register
    await fillRegisterCodes(page, db, baseUrl, phone);
    await page.getByPlaceholder('请设置密码（不少于6位）').fill(PASSWORD);
    await page.getByPlaceholder('请再次输入密码').fill(PASSWORD);
    await page.getByText('品牌方', { exact: true }).click();
    await shot(page, '01-register-filled');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await waitSignedIn(page);
    const registered = await db.query('SELECT user_type, identity_type FROM users WHERE phone = $1', [phone]);
    expect(registered.rows[0]).toMatchObject({ user_type: 0, identity_type: 3 });
    await shot(page, '02-after-register');

    // Log out, then log in with the new account
    await logOut(page);
    await page.goto(`${baseUrl}/login`);
    await page.getByPlaceholder('请输入手机号或邮箱').fill(phone);
    await page.getByPlaceholder('请输入密码').fill(PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await waitSignedIn(page);
    await page.goto(`${baseUrl}/search/upSearch`);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toContain('UP主搜索');

    // Search by a 2-character Chinese substring of the biggest creator's name
    const top = await topCreator();
    const keyword = Array.from(top.name).slice(0, 2).join('');
    await page.getByRole('searchbox', { name: '搜索UP主' }).fill(keyword);
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    const results = page.getByRole('list', { name: 'UP主搜索结果' });
    await results.getByText(top.name, { exact: true }).first().waitFor();
    await shot(page, '03-search-results');

    // The detail opens in a new tab
    const [detail] = await Promise.all([
      context.waitForEvent('page'),
      page.getByLabel(`查看UP主详情：${top.name}`).first().click(),
    ]);
    await detail.waitForLoadState();
    expect(detail.url()).toContain(`kolId=${top.id}`);
    const chart = detail.getByTestId('trend-chart').first();
    await chart.locator('canvas').first().waitFor();
    const box = await chart.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(390);
    const charts = detail.getByTestId('trend-chart');
    const allDrawn = async () =>
      (await charts.count()) > 0 &&
      (await charts.count()) === (await detail.locator('[data-testid="trend-chart"][data-rendered="true"]').count());
    await expect.poll(allDrawn, { timeout: 20_000 }).toBe(true);
    await shot(detail, '04a-creator-detail-total');
    // Toggle total (1) → increment (0): the chart titles change and the charts are drawn again
    await detail.getByText('增量', { exact: true }).first().click();
    await detail.getByText('粉丝增量').first().waitFor();
    await expect.poll(allDrawn, { timeout: 20_000 }).toBe(true);
    await shot(detail, '04-creator-detail');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders the public home, the search and the detail at 375 px', async () => {
    const context = await newContext(browser(), 375, 812);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/index`);
    await page.getByRole('button', { name: /登录/ }).first().waitFor();
    await shot(page, '05-index-375');
    await page.goto(`${baseUrl}/login`);
    await page.getByPlaceholder('请输入手机号或邮箱').fill('demo-pro@example.com');
    await page.getByPlaceholder('请输入密码').fill('e2e-demo-pass');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await waitSignedIn(page);
    const top = await topCreator();
    await page.goto(`${baseUrl}/search/upSearch?keyword=${encodeURIComponent(Array.from(top.name)[0] ?? '')}`);
    await page.getByRole('list', { name: 'UP主搜索结果' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(page, '06-search-375');
    await page.goto(`${baseUrl}/search/upSearch/detail?kolId=${top.id}&kolName=${encodeURIComponent(top.name)}`);
    await page.locator('[data-testid="trend-chart"][data-rendered="true"]').first().waitFor();
    await shot(page, '07-detail-375');
    await context.close();
  });

  it('sends a signed-out visitor to /index with the wanted path, and back there after login', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(`${baseUrl}/search/upSearch?keyword=abc`);
    await page.waitForURL(/\/index\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain('redirect=/search/upSearch?keyword=abc');
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('请输入手机号或邮箱').fill('demo-free@example.com');
    await dialog.getByPlaceholder('请输入密码').fill('e2e-demo-pass');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/\/search\/upSearch\?.*keyword=abc/);
    await context.close();
  });

  it('shows the kicked-out dialog when the account signs in elsewhere', async () => {
    const first = await newContext(browser());
    const second = await newContext(browser());
    const signIn = async (ctx: BrowserContext) => {
      const page = await ctx.newPage();
      await page.goto(`${baseUrl}/login`);
      await page.getByPlaceholder('请输入手机号或邮箱').fill('demo-basic@example.com');
      await page.getByPlaceholder('请输入密码').fill('e2e-demo-pass');
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await waitSignedIn(page);
      await page.goto(`${baseUrl}/search/upSearch`);
      await page.getByRole('searchbox', { name: '搜索UP主' }).waitFor();
      return page;
    };
    const a = await signIn(first);
    await signIn(second);
    await a.getByRole('searchbox', { name: '搜索UP主' }).fill('小');
    await a.getByRole('button', { name: '搜索', exact: true }).click();
    await a.getByRole('dialog').getByText('您的账号在其他设备商登录，此设备登录状态已退出；').waitFor();
    await shot(a, '08-kicked-out');
    await first.close();
    await second.close();
  });
});
