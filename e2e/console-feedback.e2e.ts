import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext } from './browser.js';
import { DEMO_PASSWORD, shotBoth, signIn } from './account-helpers.js';
import { newAccount, newOperator, openConsole } from './console-helpers.js';
import { collectErrors } from './screen-helpers.js';
import { suiteBrowser, suiteDb } from './suite.js';

/**
 * Issue #27 journey (b): feedback from the floating tools (§2.5, §2.6, §5) — a visitor's empty form is refused
 * (请填写信息后再提交！) and one with a contact is accepted; a signed-in user sends a question, sees it in
 * 我的反馈 as 待回复; a customer-service operator answers it in the console's inbox; the user sees the reply.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

async function openFeedback(page: Page) {
  await page.getByRole('button', { name: '意见反馈' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '意见反馈' });
  await drawer.getByLabel('1. 您在使用中遇到了什么问题？').waitFor();
  return drawer;
}

describe('console: feedback', () => {
  it('visitor and user send feedback → customer service replies in the console → the user sees the reply', async () => {
    const tag = String(Date.now() % 1_000_000);
    const question = `导出的Excel里粉丝数和页面不一致 ${tag}`;
    const replyText = `您好，导出按导出时刻的最新数据计算，页面每小时更新，两者会有差异 ${tag}`;

    // a visitor: the empty form is refused, one with a contact is sent
    const visitor = await (await newContext(browser())).newPage();
    await visitor.goto(`${baseUrl}/index`);
    let drawer = await openFeedback(visitor);
    await drawer.getByRole('button', { name: '提交' }).click();
    await visitor.getByText('请填写信息后再提交！').waitFor();
    await drawer.getByLabel('2. 您希望我们增加或改进哪些功能？').fill(`希望增加直播带货榜 ${tag}`);
    await drawer.getByLabel('3. 联系方式（选填）').fill('visitor@example.com');
    await drawer.getByRole('button', { name: '提交' }).click();
    await visitor.getByText('提交成功，感谢您的反馈！我们会尽快回复').waitFor();

    // a signed-in user sends a question and sees it waiting
    const user = await newAccount(db, '反馈用户');
    const context = await newContext(browser());
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signIn(page, baseUrl, user.phone, DEMO_PASSWORD);
    drawer = await openFeedback(page);
    await drawer.getByLabel('1. 您在使用中遇到了什么问题？').fill(question);
    await drawer.getByRole('button', { name: '提交' }).click();
    await page.getByText('提交成功，感谢您的反馈！我们会尽快回复').waitFor();
    const mine = drawer.locator('.feedback-item').filter({ hasText: question });
    await expect.poll(() => mine.innerText()).toContain('待回复');
    await shotBoth(page, 'console-feedback-01-user-sent');

    // customer service: the inbox lists both; the user's question gets a reply
    const service = await newOperator(db, '客服小周', 'service');
    const consolePage = await openConsole(browser(), baseUrl, service.phone);
    const consoleErrors = collectErrors(consolePage);
    expect(await consolePage.getByRole('tab', { name: '订单与转账' }).count()).toBe(0);
    await consolePage.getByRole('tab', { name: '反馈' }).click();
    await consolePage
      .getByRole('row')
      .filter({ hasText: `希望增加直播带货榜 ${tag}` })
      .getByText('visitor@example.com')
      .waitFor();
    const row = consolePage.getByRole('row').filter({ hasText: question });
    await expect.poll(() => row.innerText()).toContain('反馈用户');
    await shotBoth(consolePage, 'console-feedback-02-inbox');
    await row.getByRole('button', { name: '回复' }).click();
    const modal = consolePage.getByRole('dialog').filter({ hasText: '回复反馈' });
    await modal.getByLabel('回复内容').fill(replyText);
    await modal.getByRole('button', { name: '发送回复' }).click();
    await consolePage.getByText('回复成功').waitFor();
    await modal.waitFor({ state: 'hidden' });
    // the answered question leaves 待回复 and shows its reply under 全部
    await expect.poll(() => row.count()).toBe(0);
    await consolePage.getByText('全部', { exact: true }).click();
    await expect.poll(() => row.innerText()).toContain(replyText);

    // the user comes back: 我的反馈 shows the reply
    await page.reload();
    drawer = await openFeedback(page);
    const answered = drawer.locator('.feedback-item').filter({ hasText: question });
    await expect.poll(() => answered.innerText()).toContain(`客服回复：${replyText}`);
    expect(await answered.innerText()).toContain('已回复');
    await shotBoth(page, 'console-feedback-03-user-reply');

    const { rows: audit } = await db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE operator_id = $1 AND action = 'feedback.reply'`,
      [service.id],
    );
    expect(audit).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
    await consolePage.context().close();
  });
});
