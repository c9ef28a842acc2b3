import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, shot } from './browser.js';
import { suiteBrowser, suiteDb } from './suite.js';
import {
  markWindow,
  registerFreshUser,
  shanghaiDatePlusMonths,
  shotScreen,
  signIn,
  waitForReload,
} from './member-helpers.js';

/**
 * Issue 5's journeys in Chromium against the built app and a real server in sandbox payment mode: a fresh
 * 免费版 account buys 专业版 with the sandbox Alipay (the sandbox pay page stands in for the phone), the
 * sub-account is refused, the free enterprise-tier application grants the trial, and the gate overlay with
 * its upgrade popup; screenshots of each screen at 1440 and 375 px.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

const SUB_ACCOUNT_BLOCKED = '当前为子账号身份，升级续费前需主动或者被动解除绑定；';
const UPGRADE_TITLE = '开通会员，即可订阅服务';

async function userRow(phone: string): Promise<{ user_type: number; version_type: number; id: string }> {
  const r = await db.query<{ user_type: number; version_type: number; id: string }>(
    'SELECT id, user_type, version_type FROM users WHERE phone = $1',
    [phone],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`no user ${phone}`);
  return row;
}

async function orderStatuses(userId: string): Promise<string[]> {
  const r = await db.query<{ status: string }>('SELECT status FROM payment_orders WHERE user_id = $1 ORDER BY id', [
    userId,
  ]);
  return r.rows.map((row) => row.status);
}

function noHorizontalScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('membership journeys', () => {
  it('a free account upgrades to 专业版 with the sandbox Alipay and the header shows the level and expiry', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const phone = await registerFreshUser(page, db, baseUrl);
    const user = await userRow(phone);
    expect(user.user_type).toBe(0);

    // The header's entry goes to /member
    await page.getByRole('button', { name: '开通会员' }).click();
    await page.waitForURL(/\/member\?/);
    await page.getByTestId('current-plan').getByText('免费版').waitFor();

    // 专业版 is preselected for a free account; its yearly plan is the default
    const levels = page.getByRole('radiogroup', { name: '会员版本' });
    await levels.getByRole('radio', { name: /专业版/ }).click();
    await expect.poll(() => levels.getByRole('radio', { name: /专业版/ }).getAttribute('aria-checked')).toBe('true');
    const durations = page.getByRole('radiogroup', { name: '购买时长' });
    const yearly = durations.getByRole('radio', { name: /年付6折/ });
    await yearly.waitFor();
    expect(await yearly.getAttribute('aria-checked')).toBe('true');
    expect(await durations.getByRole('radio').count()).toBe(3);
    const amount = (await page.getByTestId('member-pay-amount').textContent()) ?? '';
    expect(amount).toMatch(/^¥\d/);
    // The expiry paying now gives is shown before paying: a new 12-month membership from today
    const yearEnd = shanghaiDatePlusMonths(12);
    expect(await page.getByTestId('member-new-expiry').textContent()).toBe(yearEnd);
    expect(await yearly.getByTestId('price-card-expiry').textContent()).toBe(`${yearEnd} 到期`);
    // The feature comparison and the gate previews are there too
    await page.getByRole('table').first().waitFor();
    await page.getByTestId('gate-overlay').waitFor();
    await shot(page, 'member-01-member-1440');

    // 立即开通 → the payment dialog with the Alipay QR
    await page.getByRole('button', { name: '立即开通' }).click();
    const dialog = page.getByRole('dialog', { name: '扫码支付' });
    await dialog.getByRole('img', { name: '支付宝付款二维码' }).waitFor();
    expect(await dialog.getByTestId('pay-amount').textContent()).toBe(amount);
    expect(await dialog.getByTestId('pay-new-expiry').textContent()).toBe(yearEnd);
    await dialog.getByText('会员服务为虚拟产品，购买后不支持退款，请确认后再支付').waitFor();
    await dialog.getByText(/企业用户可选择对公转账/).waitFor();

    // Not paid yet: 202 → a warning, and the dialog stays open
    await dialog.getByRole('button', { name: '我已完成支付' }).click();
    await page.getByText('支付尚未完成，请完成支付后再试').waitFor();
    expect(await dialog.isVisible()).toBe(true);

    // Switching the method requests a new payment (the previous order closes), and back again
    await dialog.locator('label', { hasText: '微信支付' }).click();
    await dialog.getByRole('img', { name: '微信支付付款二维码' }).waitFor();
    await dialog.locator('label', { hasText: '支付宝' }).click();
    await dialog.getByRole('img', { name: '支付宝付款二维码' }).waitFor();
    await expect.poll(() => orderStatuses(user.id)).toEqual(['closed', 'closed', 'created']);
    await shotScreen(page, 'member-02-pay-dialog-1440');

    // The sandbox pay page (what the QR opens) confirms the payment
    const payUrl = await dialog.getByRole('link', { name: '打开沙箱支付页' }).getAttribute('href');
    expect(payUrl).toContain('/api/sandbox/pay?orderNo=');
    const payPage = await context.newPage();
    await payPage.goto(payUrl ?? '');
    await payPage.getByRole('button', { name: '确认支付' }).click();
    await payPage.getByText('支付成功，请返回原页面点击“已完成支付”。').waitFor();
    await shot(payPage, 'member-03-sandbox-pay-page');
    await payPage.close();

    // 我已完成支付 → success, the user info is refreshed and the page reloads
    await markWindow(page);
    await dialog.getByRole('button', { name: '我已完成支付' }).click();
    await page.getByText('支付成功').first().waitFor();
    await waitForReload(page);
    const header = page.getByTestId('user-block').first();
    await header.getByText('专业版').waitFor();
    await header.getByText(`${shanghaiDatePlusMonths(12)} 到期`).waitFor();
    expect(await userRow(phone)).toMatchObject({ user_type: 2, version_type: 1 });
    expect(await orderStatuses(user.id)).toEqual(['closed', 'closed', 'paid']);
    // /member now renews 专业版: 初级版 is below it and cannot be chosen
    await page.getByTestId('current-plan').getByText('专业版').waitFor();
    expect(await levels.getByRole('radio', { name: /初级版/ }).isDisabled()).toBe(true);
    await shot(page, 'member-04-after-upgrade-1440');

    // /member/pay: an upgrade to 企业版 turns the ~12 months left of 专业版 into days of 企业版, shows the
    // expiry before paying, and the payment writes exactly that expiry; over 3000 yuan WeChat Pay is disabled
    await page.goto(`${baseUrl}/member/pay`);
    await page.getByRole('heading', { name: '购买会员' }).waitFor();
    await levels.getByRole('radio', { name: /^企业版/ }).click();
    await page.getByText('剩余时长折算').waitFor();
    await page.getByText(/升级：支付成功后立即生效/).waitFor();
    const bonus = (await page.getByTestId('member-bonus').textContent()) ?? '';
    // ≈ 365 days × 2152.80 / 360 ≈ ¥2182 of credit at 7192.80 / 360 a day ≈ 110 days of 企业版
    const bonusDays = Number(/企业版\+(\d+)天$/.exec(bonus)?.[1]);
    expect(bonusDays).toBeGreaterThanOrEqual(105);
    expect(bonusDays).toBeLessThanOrEqual(115);
    expect(await page.getByTestId('member-pay-amount').textContent()).toBe('¥7192.80');
    const upgradeEnd = (await page.getByTestId('member-new-expiry').textContent()) ?? '';
    expect(upgradeEnd > yearEnd).toBe(true);
    await shot(page, 'member-04a-upgrade-expiry-1440');
    await page.getByRole('button', { name: '立即开通' }).click();
    await dialog.getByRole('img', { name: '支付宝付款二维码' }).waitFor();
    expect(await dialog.getByTestId('pay-new-expiry').textContent()).toBe(upgradeEnd);
    await dialog.getByText(`+${bonusDays}天`).waitFor();
    expect(await dialog.getByRole('radio', { name: /微信支付/ }).isDisabled()).toBe(true);
    await dialog.getByText('微信支付单笔金额不能超过3000元，请使用支付宝支付；企业用户也可联系客服对公转账').waitFor();
    await shotScreen(page, 'member-04b-upgrade-dialog-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await shotScreen(page, 'member-04c-upgrade-dialog-375');
    await page.setViewportSize({ width: 1440, height: 900 });
    const upgradeUrl = await dialog.getByRole('link', { name: '打开沙箱支付页' }).getAttribute('href');
    const upgradePay = await context.newPage();
    await upgradePay.goto(upgradeUrl ?? '');
    await upgradePay.getByRole('button', { name: '确认支付' }).click();
    await upgradePay.getByText('支付成功，请返回原页面点击“已完成支付”。').waitFor();
    await upgradePay.close();
    await markWindow(page);
    await dialog.getByRole('button', { name: '我已完成支付' }).click();
    await waitForReload(page);
    await header.getByText('企业版').waitFor();
    await header.getByText(`${upgradeEnd} 到期`).waitFor();
    expect(await userRow(phone)).toMatchObject({ user_type: 3, version_type: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a sub-account gets the blocking notice instead of the payment dialog', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo-sub@example.com');
    await page.goto(`${baseUrl}/member`);
    await page.getByTestId('current-plan').getByText('子账号').waitFor();
    await page.getByRole('alert').filter({ hasText: SUB_ACCOUNT_BLOCKED }).waitFor();
    await page.getByRole('radiogroup', { name: '购买时长' }).getByRole('radio').first().waitFor();
    await page.getByRole('button', { name: '立即开通' }).click();
    const notice = page.getByRole('dialog').filter({ hasText: '暂无法购买' });
    await notice.getByText(SUB_ACCOUNT_BLOCKED).waitFor();
    await shotScreen(page, 'member-05-sub-account-notice');
    expect(await page.getByRole('dialog', { name: '扫码支付' }).count()).toBe(0);
    await notice.getByRole('button', { name: '我知道了' }).click();
    const orders = await db.query(
      "SELECT count(*)::int AS n FROM payment_orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'demo-sub@example.com'",
    );
    expect(orders.rows[0]).toMatchObject({ n: 0 });
    await context.close();
  });

  it('shows the gate overlay and the upgrade popup, then the free-VIP application grants the trial', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const phone = await registerFreshUser(page, db, baseUrl);

    // Gates on /member: the sample-data banner and the overlay over a members-only preview
    await page.goto(`${baseUrl}/member`);
    await page
      .getByTestId('sample-data-banner')
      .getByText('该功能仅限初级版、专业版、企业版及以上会员使用，当前为示例数据')
      .waitFor();
    const overlay = page.getByTestId('gate-overlay');
    await overlay.getByRole('button', { name: '升级解锁' }).click();
    const popup = page.getByRole('dialog', { name: UPGRADE_TITLE });
    await popup.getByTestId('upgrade-popup').getByText('专业版').first().waitFor();
    const link = popup.getByRole('link', { name: /升级专业版/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toMatch(/^\/member\?level=2/);
    await shotScreen(page, 'member-06-gate-popup-1440');
    await popup.getByRole('button', { name: '暂不升级' }).click();
    // The banner's 升级 opens the same popup
    await page.getByTestId('sample-data-banner').getByRole('button', { name: '升级' }).click();
    await page.getByRole('dialog', { name: UPGRADE_TITLE }).waitFor();
    await page.getByRole('dialog', { name: UPGRADE_TITLE }).getByRole('button', { name: '暂不升级' }).click();

    // The free enterprise-tier promotion from the public header
    await page.goto(`${baseUrl}/index`);
    await page
      .getByRole('button', { name: /免费申请企业版会员/ })
      .first()
      .click();
    const poster = page.getByRole('dialog');
    await poster.getByRole('button', { name: '立即申请' }).click();
    const form = poster.getByRole('form', { name: '企业版会员申请表' });
    await form.getByRole('button', { name: '提交申请' }).click();
    await form.getByText('请填写公司名称').waitFor();
    await form.getByLabel('公司名称').fill('霞光测试科技有限公司');
    await form.getByLabel('联系人').fill('张三');
    await form.getByLabel('职位').fill('市场经理');
    await form.getByLabel('手机号').fill(phone);
    await form.getByLabel('需求说明（选填）').fill('希望评估UP主投放效果');
    await expect.poll(() => form.locator('.ant-form-item-explain-error').count()).toBe(0);
    await shotScreen(page, 'member-07-free-vip-form-1440');
    await form.getByRole('button', { name: '提交申请' }).click();
    await poster.getByText('已为您开通7天企业版试用').waitFor();
    // The header follows at once: 企业版 + 试用 + the trial's expiry
    const header = page.getByTestId('user-block').first();
    await header.getByText('企业版').waitFor();
    await header.getByText('试用', { exact: true }).waitFor();
    await header.getByText(/\d{4}-\d{2}-\d{2} 到期/).waitFor();
    await shotScreen(page, 'member-08-free-vip-granted-1440');
    expect(await userRow(phone)).toMatchObject({ user_type: 3, version_type: 2 });
    const application = await db.query(
      'SELECT a.status, a.company FROM free_vip_applications a JOIN users u ON u.id = a.user_id WHERE u.phone = $1',
      [phone],
    );
    expect(application.rows[0]).toMatchObject({ status: 'granted', company: '霞光测试科技有限公司' });
    // Opening the poster again shows the granted state, not the form
    await page.keyboard.press('Escape');
    await poster.waitFor({ state: 'hidden' });
    await page
      .getByRole('button', { name: /免费申请企业版会员/ })
      .first()
      .click();
    await page.getByRole('dialog').getByText('已为您开通7天企业版试用').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders /agreement at 1440 and the membership screens at 375 px', async () => {
    const wide = await newContext(browser());
    const widePage = await wide.newPage();
    await signIn(widePage, baseUrl, 'demo-pro@example.com');
    await widePage.goto(`${baseUrl}/agreement`);
    await widePage.getByRole('heading', { name: /会员服务协议/ }).waitFor();
    for (const section of [
      '一、服务内容',
      '二、会员权益',
      '三、付费与退款',
      '四、账号使用',
      '五、数据说明',
      '六、免责声明',
      '八、联系方式',
    ]) {
      await widePage.getByRole('heading', { name: section }).waitFor();
    }
    await widePage.getByText(/一经售出不支持退款/).waitFor();
    await shot(widePage, 'member-09-agreement-1440');
    await wide.close();

    const narrow = await newContext(browser(), 375, 812);
    const page = await narrow.newPage();
    await registerFreshUser(page, db, baseUrl);
    await page.goto(`${baseUrl}/member`);
    await page.getByRole('radiogroup', { name: '购买时长' }).getByRole('radio').first().waitFor();
    await page.getByTestId('gate-overlay').getByRole('button', { name: '升级解锁' }).waitFor();
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(1);
    await shot(page, 'member-10-member-375');
    await page.getByTestId('gate-overlay').getByRole('button', { name: '升级解锁' }).click();
    await page.getByRole('dialog', { name: UPGRADE_TITLE }).waitFor();
    await shotScreen(page, 'member-11-gate-popup-375');
    await page.getByRole('dialog', { name: UPGRADE_TITLE }).getByRole('button', { name: '暂不升级' }).click();
    await page.getByRole('button', { name: '立即开通' }).click();
    const dialog = page.getByRole('dialog', { name: '扫码支付' });
    await dialog.getByRole('img', { name: '支付宝付款二维码' }).waitFor();
    await shotScreen(page, 'member-12-pay-dialog-375');
    await dialog.getByRole('button', { name: '取消' }).click();
    await page.goto(`${baseUrl}/agreement`);
    await page.getByRole('heading', { name: /会员服务协议/ }).waitFor();
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(1);
    await shot(page, 'member-13-agreement-375');
    await narrow.close();
  });
});
