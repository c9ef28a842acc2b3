import { describe, expect, inject, it } from 'vitest';
import { newContext } from './browser.js';
import { shotBoth } from './account-helpers.js';
import { newOperator, openConsole } from './console-helpers.js';
import { collectErrors } from './screen-helpers.js';
import { suiteBrowser, suiteDb } from './suite.js';

/**
 * Issue #27 journey (a): a content editor writes a content report in the console (Markdown with a heading, a
 * list and an uploaded image) and saves it as a draft — the public classroom does not list it; publishes it —
 * it appears on /classroom/list (searched by its title) and its /classroom/detail page shows the body, the
 * image and a server-side title. Screenshots at 1440 and 375 px (no horizontal scroll at 375).
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

/** A 1×1 PNG (the image the editor uploads). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('console: content report', () => {
  it('content editor writes a draft → publishes → /classroom/list and /classroom/detail show it', async () => {
    const editor = await newOperator(db, '内容编辑小李', 'content');
    const tag = String(Date.now() % 1_000_000);
    const title = `E2E 品牌投放复盘 ${tag}`;
    const page = await openConsole(browser(), baseUrl, editor.phone);
    const errors = collectErrors(page);
    // the content editor sees the content screens only
    await page.getByRole('tab', { name: '内容报告' }).waitFor();
    expect(await page.getByRole('tab', { name: '订单与转账' }).count()).toBe(0);

    await page.getByRole('button', { name: '新建报告' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '新建报告' });
    await drawer.getByLabel('标题').fill(title);
    await drawer.getByLabel('摘要').fill('三个品牌的B站投放数据复盘');
    await drawer
      .getByLabel('正文', { exact: true })
      .fill(`## 投放概况 ${tag}\n\n- 曝光增长 35%\n- 互动率 4.2%\n\n<script>window.__xss = 1</script>`);
    await drawer.locator('input[type=file]').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => drawer.getByLabel('正文', { exact: true }).inputValue()).toContain('![chart.png](data:');
    await expect.poll(() => drawer.getByLabel('预览').locator('img').count()).toBe(1);
    await drawer
      .getByLabel('预览')
      .getByRole('heading', { name: `投放概况 ${tag}` })
      .waitFor();
    await shotBoth(page, 'console-content-01-editor');
    await drawer.getByRole('button', { name: '保存' }).click();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.innerText()).toContain('草稿');

    // a visitor: the draft is not listed
    const visitor = await (await newContext(browser())).newPage();
    const search = async () => {
      await visitor.goto(`${baseUrl}/classroom/list?keyword=${encodeURIComponent(title)}`);
      await visitor.locator('.news-list, .classroom-empty').first().waitFor();
    };
    await search();
    expect(await visitor.locator('.news-card').filter({ hasText: title }).count()).toBe(0);

    // publish: edit → status 发布 → save
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog').filter({ hasText: '编辑报告' });
    await expect.poll(() => edit.getByLabel('标题').inputValue()).toBe(title);
    await edit.getByLabel('状态').click();
    await page.locator('.ant-select-dropdown:visible').getByText('发布', { exact: true }).click();
    await edit.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => row.innerText()).toContain('已发布');

    // the list shows it; its detail page shows the body and the image, the script as text
    await search();
    const card = visitor.locator('.news-card').filter({ hasText: title });
    await card.waitFor();
    await shotBoth(visitor, 'console-content-02-list');
    await card.click();
    await visitor.waitForURL(/\/classroom\/detail\?id=\d+/);
    await visitor.getByRole('heading', { name: title }).waitFor();
    const article = visitor.locator('.news-article');
    await article.getByRole('heading', { name: `投放概况 ${tag}` }).waitFor();
    await article.getByText('曝光增长 35%').waitFor();
    await expect.poll(() => article.locator('img[alt="chart.png"]').count()).toBe(1);
    expect(await visitor.evaluate(() => Reflect.get(window, '__xss') as unknown)).toBeUndefined();
    await shotBoth(visitor, 'console-content-03-detail');

    // the server-side title of the detail page (shared and indexed)
    const html = await (await fetch(visitor.url())).text();
    expect(html).toContain(`<title>${title}`);

    // the visitor's views of the public pages are usage records (batched: written within 2 s), the funnel's step 1
    await expect
      .poll(
        async () =>
          (
            await db.query<{ n: string }>(
              `SELECT count(*) AS n FROM access_records WHERE user_id IS NULL AND page = '/classroom/detail'`,
            )
          ).rows[0]!.n,
        { timeout: 10_000 },
      )
      .not.toBe('0');

    const { rows: actions } = await db.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE operator_id = $1 ORDER BY id',
      [editor.id],
    );
    expect(actions.map((a) => a.action)).toEqual(['totp.enabled', 'password.changed', 'news.create', 'news.update']);
    expect(errors).toEqual([]);
  });
});
