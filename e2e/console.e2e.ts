import { describe, expect, inject, it } from 'vitest';
import { newContext, shot } from './browser.js';
import { DEMO_PASSWORD, shotBoth, signIn } from './account-helpers.js';
import { OPERATOR_PASSWORD, bindAuthenticator, newAccount, newOperator } from './console-helpers.js';
import { suiteBrowser, suiteDb } from './suite.js';
import { collectErrors } from './screen-helpers.js';

/**
 * The operator console journey (issue #27) in Chromium against the built app: an operator signs in, binds the
 * authenticator (TOTP), sets a strong password, writes a help article as a draft (the public help does not show
 * it), publishes it (the public help drawer shows it), then approves a free enterprise-tier application (the
 * applicant's tier changes). Screenshots at 1440 and 375 px.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

describe('operator console', () => {
  it('TOTP sign-in → strong password → help article draft → publish → public help shows it → free-VIP approved', async () => {
    const operator = await newOperator(db, '运营小王', 'admin');
    const applicant = await newAccount(db, '申请用户');
    const { rows: app } = await db.query<{ id: string }>(
      `INSERT INTO free_vip_applications (user_id, company, contact_name, phone, position, needs, status)
       VALUES ($1, '星河文化传媒', '李雷', '13800000000', '市场总监', '想了解竞品投放', 'pending') RETURNING id`,
      [applicant.id],
    );
    const title = `E2E 如何导出排行榜 ${Date.now() % 100000}`;

    const context = await newContext(browser());
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signIn(page, baseUrl, operator.phone, DEMO_PASSWORD);
    await page.goto(`${baseUrl}/console`);

    // second factor: bind the authenticator with its first code
    await bindAuthenticator(page);

    // strong password: a weak one is refused in the form, a strong one opens the console
    await page.getByText('设置运营密码').waitFor();
    await page.getByLabel('当前密码').fill(DEMO_PASSWORD);
    await page.getByLabel('新密码', { exact: true }).fill('weakpass');
    await page.getByLabel('确认新密码').fill('weakpass');
    await page.getByRole('button', { name: '保存密码' }).click();
    await expect.poll(() => page.getByText(/运营账号密码须至少12位/).count()).toBeGreaterThan(1);
    await page.getByLabel('新密码', { exact: true }).fill(OPERATOR_PASSWORD);
    await page.getByLabel('确认新密码').fill(OPERATOR_PASSWORD);
    await page.getByRole('button', { name: '保存密码' }).click();
    await page.getByRole('tab', { name: '帮助中心' }).click();

    // a help article, saved as a draft, with its preview
    await page.getByRole('button', { name: '新建问题' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '新建问题' });
    await drawer.getByText('新手入门', { exact: true }).click();
    await drawer.getByLabel('问题标题').fill(title);
    await drawer
      .getByLabel('回答内容')
      .fill('在排行榜页面点击右上角「导出」，选择导出范围后即可下载 Excel。\n导出次数按会员等级计算。');
    await drawer.getByLabel('标签（选填）').fill('导出');
    await expect.poll(() => drawer.getByLabel('预览').innerText()).toContain(title);
    await shotBoth(page, 'console-01-help-editor');
    await drawer.getByRole('button', { name: '保存' }).click();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.innerText()).toContain('草稿');

    // the public help drawer (a visitor) does not show the draft
    const visitor = await (await newContext(browser())).newPage();
    const publicHelp = async () => {
      await visitor.goto(`${baseUrl}/index`);
      await visitor.getByRole('button', { name: '使用教程' }).click();
      const help = visitor.getByRole('dialog').filter({ hasText: '使用教程' });
      // the drawer slides in: a click during its animation can miss, so click until the tab is selected
      const tab = help.getByRole('tab', { name: '新手入门' });
      await expect
        .poll(async () => {
          await tab.click();
          return tab.getAttribute('aria-selected');
        })
        .toBe('true');
      const panel = help.getByRole('tabpanel', { name: '新手入门' });
      await panel.getByText('如何快速找到合适的UP主？').waitFor();
      return panel;
    };
    expect(await (await publicHelp()).getByText(title).count()).toBe(0);

    // publish → the public help shows it
    await row.getByRole('button', { name: '发布' }).click();
    await expect.poll(() => row.innerText()).toContain('已发布');
    const help = await publicHelp();
    await help.getByText(title).click();
    await help.getByText('导出次数按会员等级计算').waitFor();
    await shotBoth(visitor, 'console-02-public-help');

    // free-VIP review: approve → the applicant has the 7-day enterprise trial
    await page.getByRole('tab', { name: '企业版申请' }).click();
    const application = page.getByRole('row').filter({ hasText: '星河文化传媒' });
    await application.waitFor();
    await shotBoth(page, 'console-03-free-vip');
    await application.getByRole('button', { name: '通过' }).click();
    await page.getByText('已通过申请并开通企业版试用').waitFor();
    const { rows: tier } = await db.query<{ user_type: number; version_type: number }>(
      'SELECT user_type, version_type FROM users WHERE id = $1',
      [applicant.id],
    );
    expect(tier[0]).toEqual({ user_type: 3, version_type: 2 });
    const { rows: decided } = await db.query<{ status: string }>(
      'SELECT status FROM free_vip_applications WHERE id = $1',
      [app[0]!.id],
    );
    expect(decided[0]!.status).toBe('granted');

    // the audit log holds the journey's actions
    await page.getByRole('tab', { name: '审计日志' }).click();
    await page.getByText('freeVip.approve').first().waitFor();
    const { rows: actions } = await db.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE operator_id = $1 ORDER BY id',
      [operator.id],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'totp.enabled',
      'password.changed',
      'help.create',
      'help.publish',
      'freeVip.approve',
    ]);
    await shotBoth(page, 'console-04-audit');

    // the other screens open without a failure: the applicant in 用户 (tier, orders, periods), the pipeline,
    // the price table and the usage analytics
    await page.getByRole('tab', { name: '用户', exact: true }).click();
    await page.getByPlaceholder('用户ID / 手机号 / 邮箱 / 用户名').fill(applicant.phone);
    await page.getByRole('button', { name: '搜索' }).click();
    await page.getByRole('row').filter({ hasText: applicant.phone }).getByRole('button', { name: '详情' }).click();
    const detail = page.getByRole('dialog').filter({ hasText: '用户详情' });
    await detail.getByText('企业版（试用）').waitFor();
    await detail.getByText('试用', { exact: true }).waitFor();
    await shot(page, 'console-05-user-detail-1440');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    for (const [tab, text, name] of [
      ['采集管道', '用户收录请求', 'console-06-pipeline'],
      ['价格表', '修改价格只影响之后创建的订单', 'console-07-prices'],
      ['使用统计', '访问最多的页面', 'console-08-analytics'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByText(text).first().waitFor();
      await expect.poll(() => page.getByText(/加载失败/).count()).toBe(0);
      await shot(page, `${name}-1440`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
