import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { atJourneySizes, shot } from './browser.js';
import { suiteBrowser } from './suite.js';
import { shanghaiDatePlusMonths, shotScreen, signIn } from './member-helpers.js';
import { COMING_SOON, FEATURE_KEYS, FEATURE_POLICY, featureBuilt, featuresAddedAt, UserType } from '@xg/shared';

/**
 * Issue #13 in Chromium: every list that advertises features shows the ones not built yet as 即将上线, never
 * with a check (landing, about, the free-VIP poster, the comparison on /member); and demo-basic (初级版, about
 * a year left) sees its remaining time turned into days of 专业版 with the resulting expiry before paying.
 * Screenshots at 1440 and 375 px.
 */
const baseUrl = inject('baseUrl');
const browser = suiteBrowser();

/** 'A、B等5项' as the landing and the poster summarise planned features (landing-content.ts summarize). */
function summarize(labels: readonly string[]): string {
  return labels.length <= 3 ? labels.join('、') : `${labels.slice(0, 2).join('、')}等${labels.length}项`;
}

/** The planned (not built) features a tier adds, and those up to a tier, from the policy tables. */
function plannedAddedAt(userType: number): string[] {
  return featuresAddedAt(userType)
    .filter((f) => !f.built)
    .map((f) => f.label);
}
function plannedUpTo(userType: number): string[] {
  const out: string[] = [];
  for (let t = 1; t <= userType; t += 1) out.push(...plannedAddedAt(t));
  return out;
}
const PLANNED = FEATURE_KEYS.filter((f) => !featureBuilt(f));

function noHorizontalScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('honest feature lists', () => {
  it('marks the functions not built yet as 即将上线 on the landing and about pages', async () => {
    await atJourneySizes(browser(), async (page, width) => {
      await page.goto(`${baseUrl}/index`);
      // the cards of built functions (placements and opinion since #24/#25) carry no 即将上线
      for (const title of ['UP主搜索', '对比报告', '投放监测', '舆情分析']) {
        await page.locator('.feature-card').filter({ hasText: title }).first().waitFor();
        expect(await page.locator('.feature-card').filter({ hasText: title }).getByText(COMING_SOON).count()).toBe(0);
      }
      // every tier card: a built feature it adds is listed with its check, a planned one only behind 即将上线
      for (const [userType, name] of [
        [UserType.PRO, '专业版'],
        [UserType.ENTERPRISE, '企业版'],
      ] as const) {
        const tier = page.locator('.tier-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
        for (const f of featuresAddedAt(userType).filter((x) => x.built)) {
          await tier.locator('li:not(.is-soon)').filter({ hasText: f.label }).first().waitFor();
        }
        const planned = plannedAddedAt(userType);
        if (planned.length > 0) await tier.getByText(`${COMING_SOON}：${summarize(planned)}`).waitFor();
        else expect(await tier.locator('li.is-soon').count()).toBe(0);
        // a planned line never carries a check mark
        expect(await tier.locator('li.is-soon .anticon-check').count()).toBe(0);
      }
      expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(1);
      await page.locator('.landing-tiers').scrollIntoViewIfNeeded();
      await shot(page, `features-01-landing-${width}`);
      await page.goto(`${baseUrl}/about`);
      await page.locator('.about-feature').filter({ hasText: '舆情分析' }).waitFor();
      expect(await page.locator('.about-feature').filter({ hasText: '舆情分析' }).getByText(COMING_SOON).count()).toBe(
        0,
      );
      await shot(page, `features-02-about-${width}`);
    });
  });

  it('demo-basic sees its remaining 初级版 time as days of 专业版, the expiry, and the poster lists 即将上线', async () => {
    await atJourneySizes(browser(), async (page, width) => {
      await signIn(page, baseUrl, 'demo-basic@example.com');
      await page.goto(`${baseUrl}/member?level=2`);
      const durations = page.getByRole('radiogroup', { name: '购买时长' });
      await durations.getByRole('radio', { name: /月度会员/ }).click();
      await page.getByText('剩余时长折算').waitFor();
      const bonus = (await page.getByTestId('member-bonus').textContent()) ?? '';
      // about a year of 初级版 (99.00 / 30 a day) is worth over 100 days of 专业版 monthly (299.00 / 30 a day)
      expect(Number(/专业版\+(\d+)天$/.exec(bonus)?.[1])).toBeGreaterThan(100);
      expect(await page.getByTestId('member-pay-amount').textContent()).toBe('¥299');
      const expiry = (await page.getByTestId('member-new-expiry').textContent()) ?? '';
      expect(expiry > shanghaiDatePlusMonths(4)).toBe(true);
      expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(1);
      await shot(page, `features-03-member-demo-basic-${width}`);
      // the comparison: a feature not built is never checked
      const table = page.getByRole('table').first();
      for (const feature of PLANNED) {
        const row = table.getByRole('row').filter({ hasText: FEATURE_POLICY[feature].label });
        await row.getByText(COMING_SOON).first().waitFor();
        expect(await row.getByLabel('支持', { exact: true }).count()).toBe(0);
      }
      // built since #24: checked in 初级版 and above
      const placements = table.getByRole('row').filter({ hasText: '投放记录' });
      expect(await placements.getByText(COMING_SOON).count()).toBe(0);
      expect(await placements.getByLabel('支持', { exact: true }).count()).toBe(4);
      expect(
        await table.getByRole('row').filter({ hasText: '粉丝画像' }).getByLabel('支持', { exact: true }).count(),
      ).toBe(3);

      await page.goto(`${baseUrl}/index`);
      if (width < 768) await page.getByRole('button', { name: '打开导航菜单' }).click();
      await page
        .getByRole('button', { name: /免费申请企业版会员/ })
        .filter({ visible: true })
        .first()
        .click();
      const poster = page.getByRole('dialog').filter({ hasText: '粉丝画像' });
      await poster.getByText('粉丝画像').waitFor();
      const posterPlanned = plannedUpTo(UserType.ENTERPRISE);
      if (posterPlanned.length > 0) await poster.getByText(`${COMING_SOON}：${summarize(posterPlanned)}`).waitFor();
      else expect(await poster.getByText(COMING_SOON).count()).toBe(0);
      await shotScreen(page, `features-04-free-vip-poster-${width}`);
    });
  });
});
