import { describe, expect, inject, it } from 'vitest';
import { newContext } from './browser.js';
import { DEMO_PASSWORD, shotBoth, signIn } from './account-helpers.js';
import { newAccount, newOperator, openConsole } from './console-helpers.js';
import { shotScreen } from './member-helpers.js';
import { collectErrors } from './screen-helpers.js';
import { suiteBrowser, suiteDb } from './suite.js';

/**
 * Issue #27 journey (c): a free account chooses 专业版 on /member and pays by 对公转账 — the payment dialog
 * shows the payee account (the console setting) and the order number for the transfer's remark; a finance
 * operator finds the open bank order in 订单与转账 and confirms the money (amount and bank reference) — the
 * order is settled through the online payment's path and the user's /member page shows 专业版.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

describe('console: bank transfer', () => {
  it('user chooses 对公转账 → finance confirms the transfer → the user is 专业版', async () => {
    await db.query(
      `INSERT INTO content_settings (key, value) VALUES ('bankAccount', $1::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [
        JSON.stringify({
          accountName: '霞光数据科技有限公司',
          bankName: '招商银行上海分行',
          accountNo: '6214 8888 0000 1234',
        }),
      ],
    );
    const user = await newAccount(db, '星河传媒');
    const context = await newContext(browser());
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signIn(page, baseUrl, user.phone, DEMO_PASSWORD);
    await page.goto(`${baseUrl}/member`);
    await page.getByTestId('current-plan').getByText('免费版').waitFor();
    const levels = page.getByRole('radiogroup', { name: '会员版本' });
    await levels.getByRole('radio', { name: /专业版/ }).click();
    await expect.poll(() => levels.getByRole('radio', { name: /专业版/ }).getAttribute('aria-checked')).toBe('true');
    await page
      .getByRole('radiogroup', { name: '购买时长' })
      .getByRole('radio', { name: /年付6折/ })
      .waitFor();
    const amount = (await page.getByTestId('member-pay-amount').textContent()) ?? '';
    expect(amount).toMatch(/^¥\d/);

    // the payment dialog: 对公转账 shows the payee account, the amount and the order number (the remark)
    await page.getByRole('button', { name: '立即开通' }).click();
    const dialog = page.getByRole('dialog', { name: /^(扫码支付|对公转账)$/ }); // the title follows the method
    await dialog.getByRole('img', { name: '支付宝付款二维码' }).waitFor();
    await dialog.locator('label', { hasText: '对公转账' }).click();
    await page.getByRole('dialog', { name: '对公转账' }).waitFor();
    const bank = dialog.getByLabel('对公转账信息');
    await bank.getByText('招商银行上海分行').waitFor();
    await bank.getByText('霞光数据科技有限公司').waitFor();
    expect(await bank.locator('.pay-dialog-amount').textContent()).toBe(amount);
    const orderNo = ((await bank.getByTestId('bank-order-no').textContent()) ?? '').trim();
    expect(orderNo).toMatch(/^XG\d+$/);
    await shotScreen(page, 'console-bank-01-pay-dialog-1440');
    await dialog.getByRole('button', { name: '我已完成转账' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const { rows: open } = await db.query<{ status: string; provider: string; pay_type: number }>(
      'SELECT status, provider, pay_type FROM payment_orders WHERE order_no = $1',
      [orderNo],
    );
    expect(open[0]).toEqual({ status: 'created', provider: 'bank', pay_type: 3 });

    // finance: 订单与转账 → the user's open bank order → 确认到账 (amount and the bank's reference)
    const finance = await newOperator(db, '财务小陈', 'finance');
    const consolePage = await openConsole(browser(), baseUrl, finance.phone);
    const consoleErrors = collectErrors(consolePage);
    // finance sees the money screens only
    expect(await consolePage.getByRole('tab', { name: '内容报告' }).count()).toBe(0);
    await consolePage.getByRole('tab', { name: '订单与转账' }).click();
    await consolePage.getByPlaceholder('订单号 / 用户ID / 手机号 / 邮箱').fill(user.phone);
    await consolePage.getByRole('button', { name: '搜索' }).click();
    const row = consolePage.getByRole('row').filter({ hasText: orderNo });
    await expect.poll(() => row.innerText()).toContain('待支付');
    expect(await row.innerText()).toContain('对公转账');
    await shotBoth(consolePage, 'console-bank-02-orders');
    await row.getByRole('button', { name: '确认到账' }).click();
    const confirm = consolePage.getByRole('dialog').filter({ hasText: '确认对公转账到账' });
    // a wrong amount is refused
    await confirm.getByLabel('到账金额（元）').fill('1');
    await confirm.getByLabel('银行流水号').fill('CMB20261129001');
    await confirm.getByRole('button', { name: '确认到账并开通' }).click();
    await consolePage.getByText(/到账金额与应付金额（.*元）不一致/).waitFor();
    await confirm.getByLabel('到账金额（元）').fill(amount.replace('¥', ''));
    await confirm.getByRole('button', { name: '确认到账并开通' }).click();
    await consolePage.getByText('已确认到账并开通会员').waitFor();
    await expect.poll(() => row.innerText()).toContain('已支付');
    expect(await row.getByRole('button', { name: '确认到账' }).count()).toBe(0);

    // the user: /member shows 专业版
    await page.goto(`${baseUrl}/member`);
    await page.getByTestId('current-plan').getByText('专业版').waitFor();
    await page.getByTestId('user-block').first().getByText('专业版').waitFor();
    await shotBoth(page, 'console-bank-03-member-after');
    const { rows: tier } = await db.query<{ user_type: number }>('SELECT user_type FROM users WHERE id = $1', [
      user.id,
    ]);
    expect(tier[0]!.user_type).toBe(2);
    const { rows: audit } = await db.query<{ action: string; target: string }>(
      `SELECT action, target FROM audit_log WHERE operator_id = $1 AND action LIKE 'order.%'`,
      [finance.id],
    );
    expect(audit).toEqual([{ action: 'order.confirmTransfer', target: `order:${orderNo}` }]);
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
    await consolePage.context().close();
  });
});
