import crypto from 'node:crypto';
import type pg from 'pg';
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { shot } from './browser.js';

/**
 * Helpers of the accounts journeys (e2e/accounts.e2e.ts): the real image captcha solved through the
 * database, sandbox SMS codes read from `sms_codes`, sign-in and screenshots at both widths.
 */

export const DEMO_PASSWORD = 'e2e-demo-pass';

/** A fresh mainland phone number (13x…) for this run. */
export function freshPhone(): string {
  return `13${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/**
 * The captcha image the page shows is bound to this browser by the `xg_captcha` cookie; the test sets a
 * known code on that captcha row (the image itself stays unread).
 */
export async function solveCaptcha(db: pg.Client, context: BrowserContext, baseUrl: string): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const cookie = (await context.cookies(`${baseUrl}/api/valicode.jpg`)).find((c) => c.name === 'xg_captcha');
        id = cookie?.value ?? '';
        return id !== '';
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const code = 'E2E7';
  const hash = crypto.createHash('sha256').update(`${id}:${code}`).digest('hex');
  await expect
    .poll(
      async () =>
        (await db.query('UPDATE captchas SET code_hash = $1 WHERE id = $2 AND used_at IS NULL', [hash, id])).rowCount,
      { timeout: 10_000 },
    )
    .toBe(1);
  return code;
}

/** Waits until the captcha image on the page has loaded (its answer set the cookie of that captcha). */
export async function captchaLoaded(page: Page): Promise<void> {
  await page.getByAltText('图形验证码').first().waitFor();
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('img[alt="图形验证码"]')).every(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
}

/** The newest SMS code id so far (codes sent after it are the ones a step waits for). */
export async function lastSmsId(db: pg.Client): Promise<number> {
  const r = await db.query<{ id: string | null }>('SELECT max(id) AS id FROM sms_codes');
  return Number(r.rows[0]?.id ?? 0);
}

/** The code of the given type sent to the phone after `afterId` (the sandbox SMS provider's outbox). */
export async function smsCodeAfter(db: pg.Client, phone: string, type: number, afterId: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const r = await db.query<{ code: string }>(
          'SELECT code FROM sms_codes WHERE phone = $1 AND type = $2 AND id > $3 ORDER BY id DESC LIMIT 1',
          [phone, type, afterId],
        );
        code = r.rows[0]?.code ?? '';
        return code !== '';
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return code;
}

/** Fills the captcha field of the visible form and sends the SMS code; returns the code. */
export async function sendSmsCode(
  db: pg.Client,
  page: Page,
  baseUrl: string,
  phone: string,
  type: number,
): Promise<string> {
  await captchaLoaded(page);
  const captcha = await solveCaptcha(db, page.context(), baseUrl);
  await page.getByPlaceholder('请输入图形验证码').fill(captcha);
  const before = await lastSmsId(db);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = await smsCodeAfter(db, phone, type, before);
  // §4: the button counts down once the code is sent
  await page.getByRole('button', { name: /秒后重发/ }).waitFor();
  return code;
}

/** Password sign-in on /login; waits until the app has left the sign-in page with the user shown. */
export async function signIn(page: Page, baseUrl: string, loginname: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('请输入手机号或邮箱').fill(loginname);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByTestId('user-block').first().waitFor();
}

/** Registers a new account by phone through the register panel (image captcha + sandbox SMS). */
export async function registerByPhone(
  db: pg.Client,
  page: Page,
  baseUrl: string,
  phone: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login?status=register`);
  await page.getByPlaceholder('请输入手机号').fill(phone);
  const sms = await sendSmsCode(db, page, baseUrl, phone, 1);
  await page.getByPlaceholder('请输入短信验证码').fill(sms);
  await page.getByPlaceholder('请设置密码（不少于6位）').fill(password);
  await page.getByPlaceholder('请再次输入密码').fill(password);
  await page.getByText('品牌方', { exact: true }).click();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByTestId('user-block').first().waitFor();
}

/**
 * Chooses an item of the header's user menu until `arrived` holds. The menu opens on hover and closes when
 * the pointer leaves; under load it can close (or a click on the button toggle it shut) before the click on
 * the item lands, so the pointer leaves, comes back and the item is clicked again, a few times.
 */
export async function chooseUserMenuItem(
  page: Page,
  item: string,
  arrived: () => boolean | Promise<boolean>,
): Promise<void> {
  const entry = page.getByRole('menuitem', { name: item });
  for (let attempt = 0; attempt < 5 && !(await arrived()); attempt += 1) {
    if (!(await entry.isVisible())) {
      await page.mouse.move(0, 0);
      await page.getByTestId('user-block').first().hover();
    }
    await entry.click({ timeout: 5_000 }).catch(() => undefined);
    await expect
      .poll(arrived, { timeout: 5_000 })
      .toBe(true)
      .catch(() => undefined);
  }
  expect(await arrived()).toBe(true);
}

/** Logout from the header's user menu (§4: confirm, then /index). */
export async function logOut(page: Page): Promise<void> {
  const confirm = page.getByRole('dialog').filter({ hasText: '退出登录' });
  await chooseUserMenuItem(page, '退出登录', () => confirm.isVisible());
  await confirm.getByRole('button', { name: '确定' }).click();
  // §4: the app goes to /index and reloads 500 ms later; wait for the URL, not for a load that the reload cuts.
  await page.waitForURL(/\/index/, { waitUntil: 'commit' });
}

/** A screenshot at the page's width (1440) and another at 375 px, then back to 1440. */
export async function shotBoth(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  await shot(page, `${name}-1440`);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForFunction(() => window.innerWidth === 375);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await shot(page, `${name}-375`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: no horizontal scroll at 375 px`).toBeLessThanOrEqual(1);
  await page.setViewportSize(size);
  await page.waitForFunction((width) => window.innerWidth === width, size.width);
}
