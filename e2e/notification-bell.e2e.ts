import { describe, expect, inject, it } from 'vitest';
import { newContext, shot } from './browser.js';
import { suiteBrowser, suiteDb } from './suite.js';
import { collectErrors, horizontalOverflow, signedInPage } from './screen-helpers.js';

/**
 * The signed-in header's bell (issue #24 item 5, docs/api/notify.md) in Chromium: a notification the notify
 * module stored for demo-pro's team (written here as an alert would be) shows as unread on the bell → the
 * panel lists it → clicking opens its object and marks it read; 机器人设置: a WeCom address on another host is
 * refused in words, the right one is saved, and the test message lands in the sandbox. 1440 and 375 px.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

describe('notification bell', () => {
  it('unread count → list → open the object (read) → robot settings', async () => {
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      const team = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'demo-pro@example.com'`);
      const teamId = team.rows[0]?.id;
      if (!teamId) throw new Error('no demo-pro');
      const title = `直播监测提醒 ${width}`;
      await db.query(
        `INSERT INTO notifications (team_id, kind, title, body, link, dedupe_key)
         VALUES ($1, 'monitor.live', $2, '监测中的直播间已开播，点击查看实时数据', '/middleground/livingMonitor', $3)`,
        [teamId, title, `e2e-bell-${width}-${Date.now()}`],
      );
      const context = await newContext(browser(), width, height);
      const page = await signedInPage(context, baseUrl, 'demo-pro@example.com');
      const errors = collectErrors(page);
      await page.goto(`${baseUrl}/middleground/upThrow`);
      const bell = page.getByRole('button', { name: /^消息通知（\d+条未读）$/ });
      await bell.waitFor();
      const before = Number(/（(\d+)条未读）/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
      expect(before).toBeGreaterThan(0);
      await bell.click();
      const panel = page.getByTestId('notify-panel');
      await panel.getByText(title).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
      await shot(page, `bell-01-panel-${width}`);
      await panel.getByText(title).click();
      await page.waitForURL(/\/middleground\/livingMonitor/);
      await expect
        .poll(async () => {
          const label = (await page.getByRole('button', { name: /^消息通知/ }).getAttribute('aria-label')) ?? '';
          return Number(/（(\d+)条未读）/.exec(label)?.[1] ?? 0);
        })
        .toBe(before - 1);
      const read = await db.query<{ read_at: Date | null }>(`SELECT read_at FROM notifications WHERE title = $1`, [
        title,
      ]);
      expect(read.rows[0]?.read_at).not.toBeNull();

      await page.getByRole('button', { name: /^消息通知/ }).click();
      await page.getByTestId('notify-panel').getByRole('button', { name: '机器人设置' }).click();
      const dialog = page.getByRole('dialog', { name: '群机器人设置' });
      const wecom = dialog.getByTestId('robot-wecom');
      const input = wecom.getByRole('textbox', { name: /企业微信机器人 Webhook地址/ });
      await input.fill('https://example.com/cgi-bin/webhook/send?key=abc');
      await wecom.getByRole('button', { name: '保存' }).click();
      await wecom.getByText(/Webhook地址不正确/).waitFor();
      await input.fill('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=e2e-bell-key');
      await wecom.getByRole('button', { name: '保存' }).click();
      await wecom.getByText('已启用').waitFor();
      await wecom.getByRole('button', { name: '发送测试消息' }).click();
      await wecom.getByText(/沙箱模式/).waitFor();
      await shot(page, `bell-02-robots-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
