import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS } from './browser.js';

/**
 * Helpers of the membership journeys: a fresh account registered through the real form (image captcha and
 * sandbox SMS, as the foundation journey does), sign-in, and dates on the Asia/Shanghai calendar.
 */
export const DEMO_PASSWORD = 'e2e-demo-pass';
const PASSWORD = 'e2e-member-123';
let serial = 0;

/** The image captcha is real; the test sets a known code on the captcha row bound to this browser's cookie. */
export async function solveCaptcha(db: pg.Client, context: BrowserContext, baseUrl: string): Promise<string> {
  const cookie = (await context.cookies(`${baseUrl}/api/valicode.jpg`)).find((c) => c.name === 'xg_captcha');
  expect(cookie, 'captcha cookie set by /api/valicode.jpg').toBeTruthy();
  const id = cookie?.value ?? '';
  const code = 'M5E7';
  const hash = crypto.createHash('sha256').update(`${id}:${code}`).digest('hex');
  const res = await db.query('UPDATE captchas SET code_hash = $1 WHERE id = $2 AND used_at IS NULL', [hash, id]);
  expect(res.rowCount).toBe(1);
  return code;
}

export async function latestSmsCode(db: pg.Client, phone: string): Promise<string> {
  // up to 15 s: on a loaded machine the send (captcha check, rate limits, outbox write) can take seconds
  for (let i = 0; i < 150; i += 1) {
    const r = await db.query<{ code: string }>(
      'SELECT code FROM sms_codes WHERE phone = $1 ORDER BY created_at DESC LIMIT 1',
      [phone],
    );
    if (r.rows[0]) return r.rows[0].code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no SMS code in the sandbox outbox');
}

/** A phone nobody has used: 15x + the clock + a counter. */
export function freshPhone(): string {
  serial += 1;
  return `15${String(Date.now()).slice(-7)}${String(serial % 100).padStart(2, '0')}`;
}

/** The register panel's phone, image captcha and SMS code filled in (the code read from the sandbox outbox). */
export async function fillRegisterCodes(page: Page, db: pg.Client, baseUrl: string, phone: string): Promise<void> {
  const context = page.context();
  await page.goto(`${baseUrl}/login?status=register`);
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByAltText('图形验证码').waitFor();
  await expect
    .poll(async () => (await context.cookies(`${baseUrl}/api/valicode.jpg`)).some((c) => c.name === 'xg_captcha'), {
      timeout: 10_000,
    })
    .toBe(true);
  await page.getByPlaceholder('请输入图形验证码').fill(await solveCaptcha(db, context, baseUrl));
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入短信验证码').fill(await latestSmsCode(db, phone));
}

/** Registers a new 免费版 account in this page's context and lands on the signed-in home (the menu's first page). */
export async function registerFreshUser(page: Page, db: pg.Client, baseUrl: string): Promise<string> {
  const phone = freshPhone();
  await fillRegisterCodes(page, db, baseUrl, phone);
  await page.getByPlaceholder('请设置密码（不少于6位）').fill(PASSWORD);
  await page.getByPlaceholder('请再次输入密码').fill(PASSWORD);
  await page.getByText('品牌方', { exact: true }).click();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  // After a registration the user goes to / and from there to the first page of the menu.
  await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/');
  // The welcome (prize) popup appears 1 s after a registration (§4); close it before going on.
  // (closed with Escape: its button is 立即领取 when the operator configured a prize, issue #27, and claiming it
  // would change the fresh account's tier)
  const welcome = page.getByRole('dialog').filter({ hasText: '注册成功，欢迎加入' });
  await welcome.waitFor();
  await page.keyboard.press('Escape');
  await welcome.waitFor({ state: 'hidden' });
  return phone;
}

/** Signs in on the sign-in screen with a phone or e-mail. */
export async function signIn(page: Page, baseUrl: string, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('请输入手机号或邮箱').fill(login);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** YYYY-MM-DD of today plus `months` calendar months on the Asia/Shanghai calendar (the server's rule). */
export function shanghaiDatePlusMonths(months: number, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  const monthIndex = part('month') - 1 + months;
  const year = part('year') + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(part('day'), lastDay);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Marks the window, so a later reload is seen as the mark's absence. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => Reflect.set(window, '__e2eMark', true));
}
export async function waitForReload(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Reflect.get(window, '__e2eMark') === true).catch(() => true), { timeout: 15_000 })
    .toBe(false);
  await page.waitForLoadState('load');
}

/** Waits until every open antd dialog and mask has finished its enter animation. */
export async function dialogsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.ant-modal, .ant-modal-mask')).every(
      (el) => getComputedStyle(el).opacity === '1' && !/-(appear|enter|leave)/.test(el.className),
    ),
  );
}

/** A screenshot of what is on screen (dialogs stay where the user sees them), once dialogs have settled. */
export async function shotScreen(page: Page, name: string): Promise<void> {
  await dialogsSettled(page);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}
