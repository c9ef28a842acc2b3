import * as OTPAuth from 'otpauth';
import type pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { newContext } from './browser.js';
import { DEMO_PASSWORD, freshPhone, signIn } from './account-helpers.js';

/**
 * Helpers of the console journeys (e2e/console-*.e2e.ts): a fresh operator of one role, and its way into the
 * console — password sign-in, the authenticator bound with its first TOTP code, the strong operator password.
 */

export type OperatorRole = 'content' | 'service' | 'finance' | 'admin';
export const OPERATOR_PASSWORD = 'Console-E2E-2026!';

/** A new customer account with the demo password (its hash copied from a demo account). */
export async function newAccount(db: pg.Client, name: string): Promise<{ id: string; phone: string }> {
  const phone = freshPhone();
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (username, phone, password_hash, invite_code)
     SELECT $1, $2, password_hash, 'E2E' || $2 FROM users WHERE email = 'demo-free@example.com' RETURNING id`,
    [name, phone],
  );
  return { id: rows[0]!.id, phone };
}

/** A new operator account of `role`. */
export async function newOperator(db: pg.Client, name: string, role: OperatorRole) {
  const account = await newAccount(db, name);
  await db.query('INSERT INTO operators (user_id, role) VALUES ($1, $2)', [account.id, role]);
  return account;
}

/** On /console's first visit: binds the authenticator (the secret shown, then its first TOTP code). */
export async function bindAuthenticator(page: Page): Promise<void> {
  await page.getByRole('button', { name: '生成绑定二维码' }).click();
  const secret = (await page.locator('.console-secret').innerText()).trim();
  const code = new OTPAuth.TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  await page.getByRole('textbox', { name: '6位验证码' }).fill(code);
  await page.getByRole('button', { name: '验证' }).click();
}

/**
 * Opens /console as the operator in a new browser context: signs in, binds the authenticator with its first
 * code and sets the strong password; answers once the console's tabs are on screen.
 */
export async function openConsole(browser: Browser, baseUrl: string, phone: string): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, baseUrl, phone, DEMO_PASSWORD);
  await page.goto(`${baseUrl}/console`);
  await bindAuthenticator(page);
  await page.getByText('设置运营密码').waitFor();
  await page.getByLabel('当前密码').fill(DEMO_PASSWORD);
  await page.getByLabel('新密码', { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByLabel('确认新密码').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: '保存密码' }).click();
  await page.getByRole('tablist').first().waitFor();
  return page;
}
