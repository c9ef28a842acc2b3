import { describe, expect, inject, it } from 'vitest';
import { newContext } from './browser.js';
import { suiteBrowser, suiteDb } from './suite.js';
import { captchaLoaded, freshPhone, logOut, registerByPhone, shotBoth, solveCaptcha } from './account-helpers.js';

/**
 * Issue #14, sign-in guessing: after three wrong passwords for an account the server asks for the image
 * captcha, the login form shows it, and the owner signs in with the captcha and the right password.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

describe('sign-in after repeated failures', () => {
  it('shows the image captcha after three wrong passwords and lets the owner in with it', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const phone = freshPhone();
    await registerByPhone(db, page, baseUrl, phone, 'guess-pass-1');
    await logOut(page);

    await page.goto(`${baseUrl}/login`);
    await page.getByPlaceholder('请输入手机号或邮箱').fill(phone);
    for (let i = 0; i < 3; i += 1) {
      expect(await page.getByPlaceholder('请输入图形验证码').count()).toBe(0);
      await page.getByPlaceholder('请输入密码').fill(`wrong-pass-${i}`);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await expect.poll(() => page.getByPlaceholder('请输入密码').inputValue()).toBe('');
    }
    // the third failure says the next attempt needs the captcha: the field is there now
    await page.getByPlaceholder('请输入图形验证码').waitFor();
    await captchaLoaded(page);
    await shotBoth(page, 'login-captcha');

    // without it the server refuses
    await page.getByPlaceholder('请输入密码').fill('guess-pass-1');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('图像验证码不能为空').first().waitFor();

    await captchaLoaded(page);
    const code = await solveCaptcha(db, context, baseUrl);
    await page.getByPlaceholder('请输入图形验证码').fill(code);
    await page.getByPlaceholder('请输入密码').fill('guess-pass-1');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByTestId('user-block').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
