import { describe, expect, inject, it } from 'vitest';
import { newContext, shot } from './browser.js';
import { simUrl, suiteBrowser, suiteDb } from './suite.js';
import { chartsDrawn, collectErrors, horizontalOverflow, signedInPage } from './screen-helpers.js';

/**
 * Live monitoring journey (issue #24) in Chromium against the built app, its collector and its simulator: the
 * simulator is told to put a room on air (an operator session, like the opinion journey's incident) → 直播监测
 * → the room's link is added with 24H → the running scheduler samples it every minute and the collector's
 * stream stores its danmaku and gifts → 监测详情 shows the online curve, figures and the message stream → the
 * list (history) shows the minutes sampled → the same report at 375 px. Screenshots at 1440 and 375 px.
 */
const baseUrl = inject('baseUrl');
const db = suiteDb();
const browser = suiteBrowser();

describe('live monitoring', () => {
  it('add a live room → minute samples and messages → history', async () => {
    // the room of the creator with the most fans (the busiest stream), not monitored yet
    const r = await db.query<{ live_room_id: string; name: string }>(
      `SELECT c.live_room_id, c.name FROM creators c WHERE c.live_room_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM monitor_targets t WHERE t.kind = 'live' AND t.room_id = c.live_room_id)
        ORDER BY c.fans DESC LIMIT 1`,
    );
    const room = r.rows[0];
    if (!room) throw new Error('no live room in the demo world');
    const onAir = await fetch(`${simUrl()}/__sim/live-session?room_id=${room.live_room_id}&minutes=120`, {
      method: 'POST',
    });
    expect(onAir.status).toBe(200);

    const context = await newContext(browser());
    const page = await signedInPage(context, baseUrl, 'demo-pro@example.com');
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/middleground/livingMonitor`);
    await page.getByRole('textbox', { name: '直播间链接' }).fill(`https://live.bilibili.com/${room.live_room_id}`);
    await page.getByRole('button', { name: '加入监测' }).click();
    const row = page.locator('tr', { hasText: room.name }).first();
    await row.waitFor();
    await shot(page, 'live-01-added-1440');

    // the scheduler queues the minute sample; the stream needs a minute more for the first whole minute
    await expect
      .poll(
        async () => {
          const n = await db.query<{ samples: string; messages: string }>(
            `SELECT (SELECT count(*) FROM live_samples WHERE room_id = $1) AS samples,
                    (SELECT count(*) FROM live_messages WHERE room_id = $1) AS messages`,
            [room.live_room_id],
          );
          // three minutes: the stream opens during the first, the second is the first whole minute it covered,
          // and it is counted when the third is sampled
          return Number(n.rows[0]?.samples) >= 3 && Number(n.rows[0]?.messages) > 0;
        },
        { timeout: 260_000, interval: 5_000 },
      )
      .toBe(true);

    await page.reload();
    await row.getByRole('button', { name: '监测详情' }).click();
    const dialog = page.getByRole('dialog', { name: '直播监测详情' });
    await dialog.getByTestId('live-online-curve').waitFor();
    await chartsDrawn(page, '[data-testid="live-online-curve"]');
    const peak = await dialog
      .locator('.ant-statistic', { hasText: '峰值在线' })
      .locator('.ant-statistic-content')
      .innerText();
    expect(Number(peak.replace(/[^\d.]/g, ''))).toBeGreaterThan(0);
    // the message stream: at least one danmaku or gift line, with its sender
    // the whole minutes the stream covered carry their danmaku count
    await dialog.getByTestId('live-danmaku-curve').waitFor({ timeout: 90_000 });
    await shot(page, 'live-02-report-1440');
    const messages = dialog.locator('.live-messages .ant-list-item');
    await expect.poll(() => messages.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await messages.first().scrollIntoViewIfNeeded();
    await shot(page, 'live-02b-messages-1440');
    await dialog.getByRole('tab', { name: '观众排行' }).click();
    await dialog.getByRole('table', { name: '礼物价值榜' }).waitFor();
    await shot(page, 'live-03-ranking-1440');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // history: the list counts the minutes sampled
    await page.reload();
    await expect
      .poll(async () => Number((await row.locator('td').nth(2).innerText()).replace(/\D/g, '')))
      .toBeGreaterThan(1);
    await shot(page, 'live-04-history-1440');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await row.waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'live-05-history-375');
    await row.getByRole('button', { name: '监测详情' }).click();
    await dialog.getByTestId('live-online-curve').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'live-06-report-375');
    expect(errors).toEqual([]);
    await context.close();
  }, 420_000);
});
