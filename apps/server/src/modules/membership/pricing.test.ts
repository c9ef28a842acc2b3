import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  addMonths,
  fenToYuan,
  creditDays,
  paidLevel,
  planGrant,
  premiumYearlyOnly,
  purchaseKind,
  remainingPaidDays,
  shanghaiMonthStart,
  upgradeCreditFen,
  yuanToFen,
  type MembershipState,
} from './pricing.js';

const now = new Date('2025-06-10T04:00:00Z'); // 12:00 in Shanghai
const inDays = (d: number) => new Date(now.getTime() + d * DAY_MS);
const state = (s: Partial<MembershipState>): MembershipState => ({
  userType: 0,
  versionType: 1,
  maturityTime: null,
  buyMonthNum: 0,
  ...s,
});

describe('money', () => {
  it('converts yuan text and numbers to fen without float drift', () => {
    expect(yuanToFen('2152.80')).toBe(215280);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(fenToYuan(215280)).toBe(2152.8);
  });
});

describe('held level and purchase kind', () => {
  it('counts free, expired and trial accounts as holding nothing', () => {
    expect(paidLevel(state({}), now)).toBe(0);
    expect(paidLevel(state({ userType: 2, maturityTime: inDays(-1) }), now)).toBe(0);
    expect(paidLevel(state({ userType: 3, versionType: 2, maturityTime: inDays(5) }), now)).toBe(0);
    expect(paidLevel(state({ userType: 2, maturityTime: inDays(5) }), now)).toBe(2);
  });

  it('tells new, renew, upgrade and lower apart', () => {
    const pro = state({ userType: 2, maturityTime: inDays(100) });
    expect(purchaseKind(state({}), 1, now)).toBe('new');
    expect(purchaseKind(state({ userType: 3, versionType: 2, maturityTime: inDays(3) }), 1, now)).toBe('new');
    expect(purchaseKind(pro, 2, now)).toBe('renew');
    expect(purchaseKind(pro, 4, now)).toBe('upgrade');
    expect(purchaseKind(pro, 1, now)).toBe('lower');
  });

  it('limits a premium member on a 12-month plan to the yearly option', () => {
    expect(premiumYearlyOnly(state({ userType: 4, maturityTime: inDays(30), buyMonthNum: 12 }), now)).toBe(true);
    expect(premiumYearlyOnly(state({ userType: 4, maturityTime: inDays(30), buyMonthNum: 6 }), now)).toBe(false);
    expect(premiumYearlyOnly(state({ userType: 3, maturityTime: inDays(30), buyMonthNum: 12 }), now)).toBe(false);
    expect(premiumYearlyOnly(state({ userType: 4, maturityTime: inDays(-1), buyMonthNum: 12 }), now)).toBe(false);
  });
});

describe('upgrade credit (surplusPrice)', () => {
  const basis = { priceFen: 215280, monthNum: 12 }; // 专业版 yearly, 2152.80

  it('counts a started day as a whole day', () => {
    expect(remainingPaidDays(state({ userType: 2, maturityTime: inDays(100) }), now)).toBe(100);
    expect(remainingPaidDays(state({ userType: 2, maturityTime: inDays(100.1) }), now)).toBe(101);
    expect(remainingPaidDays(state({ userType: 2, maturityTime: inDays(0.01) }), now)).toBe(1);
    expect(remainingPaidDays(state({ userType: 2, maturityTime: inDays(-2) }), now)).toBe(0);
    expect(remainingPaidDays(state({ userType: 2, maturityTime: null }), now)).toBe(0);
  });

  it('is whole remaining days × the daily price of the last order', () => {
    // 100 days left of a 2152.80 / 360-day plan: floor(100 × 215280 / 360) = 59800 fen
    expect(upgradeCreditFen(state({ userType: 2, maturityTime: inDays(100) }), basis, now)).toBe(59800);
    // a started day counts: 99.2 days → 100
    expect(upgradeCreditFen(state({ userType: 2, maturityTime: inDays(99.2) }), basis, now)).toBe(59800);
    // monthly basis: 29900 / 30 per day × 10 days = 9966.66 → 9966
    expect(
      upgradeCreditFen(state({ userType: 2, maturityTime: inDays(10) }), { priceFen: 29900, monthNum: 1 }, now),
    ).toBe(9966);
  });

  it('is 0 without paid time: free, trial, expired, or no basis', () => {
    expect(upgradeCreditFen(state({}), basis, now)).toBe(0);
    expect(upgradeCreditFen(state({ userType: 3, versionType: 2, maturityTime: inDays(5) }), basis, now)).toBe(0);
    expect(upgradeCreditFen(state({ userType: 2, maturityTime: inDays(-3) }), basis, now)).toBe(0);
    expect(upgradeCreditFen(state({ userType: 2, maturityTime: inDays(50) }), null, now)).toBe(0);
  });

  it('turns into whole days of the new option, rounded up', () => {
    // the case: 初级版, 394 days at 99.00/30 a day = 1300.20 → 专业版 monthly (299.00/30 a day):
    // 130020 × 30 / 29900 = 130.45… → 131 days
    expect(creditDays(130020, 29900, 1)).toBe(131);
    // an exact multiple is not rounded: 99660 fen at a 99660-fen month → 30 days
    expect(creditDays(99660, 99660, 1)).toBe(30);
    expect(creditDays(1, 1799280, 12)).toBe(1);
    expect(creditDays(0, 29900, 1)).toBe(0);
  });
});

/**
 * Every tier × duration × remaining time, hand-computed (python Fractions and calendar dates, checked by
 * hand for the rows marked ✓). now = 2025-06-10 12:00 Shanghai; the held level was not bought through an
 * order, so the credit basis is its 1-month list price (99 / 299 / 999 / 2499 yuan per 30 days). Prices in
 * fen: 12 months at 60 %, 6 at 80 % (migration 0005). Columns: held userType, versionType, days left
 * (null: never paid; negative: ended), level bought, months, kind, amount charged (= list price), credit
 * (surplusPrice), bonus days, the expiry the grant writes.
 *   ✓ 初级版 10 days → 专业版 1 month: credit 10 × 9900 / 30 = 3300; 3300 × 30 / 29900 = 3.31 → 4 days;
 *     2025-07-10 + 4 days = 07-14.
 *   ✓ 初级版 394 days → 专业版 12 months: credit 394 × 330 = 130020; 130020 × 360 / 215280 = 217.4 → 218;
 *     2026-06-10 + 218 days = 2027-01-14.
 *   ✓ 企业版 394 days → 高级企业版 1 month: credit 394 × 3330 = 1312020; 1312020 × 30 / 249900 = 157.5 → 158;
 *     2025-07-10 + 158 days = 2025-12-15.
 *   ✓ renewals extend the maturity: 10 days left = 2025-06-20, + 6 months = 2025-12-20.
 */
const TABLE: [number, number, number | null, number, number, string, number, number, number, string][] = [
  [0, 1, null, 1, 12, 'new', 71280, 0, 0, '2026-06-10T04:00:00.000Z'],
  [0, 1, null, 1, 6, 'new', 47520, 0, 0, '2025-12-10T04:00:00.000Z'],
  [0, 1, null, 1, 1, 'new', 9900, 0, 0, '2025-07-10T04:00:00.000Z'],
  [0, 1, null, 2, 12, 'new', 215280, 0, 0, '2026-06-10T04:00:00.000Z'],
  [0, 1, null, 2, 6, 'new', 143520, 0, 0, '2025-12-10T04:00:00.000Z'],
  [0, 1, null, 2, 1, 'new', 29900, 0, 0, '2025-07-10T04:00:00.000Z'],
  [0, 1, null, 3, 12, 'new', 719280, 0, 0, '2026-06-10T04:00:00.000Z'],
  [0, 1, null, 3, 6, 'new', 479520, 0, 0, '2025-12-10T04:00:00.000Z'],
  [0, 1, null, 3, 1, 'new', 99900, 0, 0, '2025-07-10T04:00:00.000Z'],
  [0, 1, null, 4, 12, 'new', 1799280, 0, 0, '2026-06-10T04:00:00.000Z'],
  [0, 1, null, 4, 6, 'new', 1199520, 0, 0, '2025-12-10T04:00:00.000Z'],
  [0, 1, null, 4, 1, 'new', 249900, 0, 0, '2025-07-10T04:00:00.000Z'],
  [3, 2, 5, 1, 12, 'new', 71280, 0, 0, '2026-06-10T04:00:00.000Z'],
  [3, 2, 5, 1, 6, 'new', 47520, 0, 0, '2025-12-10T04:00:00.000Z'],
  [3, 2, 5, 1, 1, 'new', 9900, 0, 0, '2025-07-10T04:00:00.000Z'],
  [3, 2, 5, 2, 12, 'new', 215280, 0, 0, '2026-06-10T04:00:00.000Z'],
  [3, 2, 5, 2, 6, 'new', 143520, 0, 0, '2025-12-10T04:00:00.000Z'],
  [3, 2, 5, 2, 1, 'new', 29900, 0, 0, '2025-07-10T04:00:00.000Z'],
  [3, 2, 5, 3, 12, 'new', 719280, 0, 0, '2026-06-10T04:00:00.000Z'],
  [3, 2, 5, 3, 6, 'new', 479520, 0, 0, '2025-12-10T04:00:00.000Z'],
  [3, 2, 5, 3, 1, 'new', 99900, 0, 0, '2025-07-10T04:00:00.000Z'],
  [3, 2, 5, 4, 12, 'new', 1799280, 0, 0, '2026-06-10T04:00:00.000Z'],
  [3, 2, 5, 4, 6, 'new', 1199520, 0, 0, '2025-12-10T04:00:00.000Z'],
  [3, 2, 5, 4, 1, 'new', 249900, 0, 0, '2025-07-10T04:00:00.000Z'],
  [2, 1, -5, 1, 12, 'new', 71280, 0, 0, '2026-06-10T04:00:00.000Z'],
  [2, 1, -5, 1, 6, 'new', 47520, 0, 0, '2025-12-10T04:00:00.000Z'],
  [2, 1, -5, 1, 1, 'new', 9900, 0, 0, '2025-07-10T04:00:00.000Z'],
  [2, 1, -5, 2, 12, 'new', 215280, 0, 0, '2026-06-10T04:00:00.000Z'],
  [2, 1, -5, 2, 6, 'new', 143520, 0, 0, '2025-12-10T04:00:00.000Z'],
  [2, 1, -5, 2, 1, 'new', 29900, 0, 0, '2025-07-10T04:00:00.000Z'],
  [2, 1, -5, 3, 12, 'new', 719280, 0, 0, '2026-06-10T04:00:00.000Z'],
  [2, 1, -5, 3, 6, 'new', 479520, 0, 0, '2025-12-10T04:00:00.000Z'],
  [2, 1, -5, 3, 1, 'new', 99900, 0, 0, '2025-07-10T04:00:00.000Z'],
  [2, 1, -5, 4, 12, 'new', 1799280, 0, 0, '2026-06-10T04:00:00.000Z'],
  [2, 1, -5, 4, 6, 'new', 1199520, 0, 0, '2025-12-10T04:00:00.000Z'],
  [2, 1, -5, 4, 1, 'new', 249900, 0, 0, '2025-07-10T04:00:00.000Z'],
  [1, 1, 10, 1, 12, 'renew', 71280, 0, 0, '2026-06-20T04:00:00.000Z'],
  [1, 1, 10, 1, 6, 'renew', 47520, 0, 0, '2025-12-20T04:00:00.000Z'],
  [1, 1, 10, 1, 1, 'renew', 9900, 0, 0, '2025-07-20T04:00:00.000Z'],
  [1, 1, 10, 2, 12, 'upgrade', 215280, 3300, 6, '2026-06-16T04:00:00.000Z'],
  [1, 1, 10, 2, 6, 'upgrade', 143520, 3300, 5, '2025-12-15T04:00:00.000Z'],
  [1, 1, 10, 2, 1, 'upgrade', 29900, 3300, 4, '2025-07-14T04:00:00.000Z'],
  [1, 1, 10, 3, 12, 'upgrade', 719280, 3300, 2, '2026-06-12T04:00:00.000Z'],
  [1, 1, 10, 3, 6, 'upgrade', 479520, 3300, 2, '2025-12-12T04:00:00.000Z'],
  [1, 1, 10, 3, 1, 'upgrade', 99900, 3300, 1, '2025-07-11T04:00:00.000Z'],
  [1, 1, 10, 4, 12, 'upgrade', 1799280, 3300, 1, '2026-06-11T04:00:00.000Z'],
  [1, 1, 10, 4, 6, 'upgrade', 1199520, 3300, 1, '2025-12-11T04:00:00.000Z'],
  [1, 1, 10, 4, 1, 'upgrade', 249900, 3300, 1, '2025-07-11T04:00:00.000Z'],
  [1, 1, 394, 1, 12, 'renew', 71280, 0, 0, '2027-07-09T04:00:00.000Z'],
  [1, 1, 394, 1, 6, 'renew', 47520, 0, 0, '2027-01-09T04:00:00.000Z'],
  [1, 1, 394, 1, 1, 'renew', 9900, 0, 0, '2026-08-09T04:00:00.000Z'],
  [1, 1, 394, 2, 12, 'upgrade', 215280, 130020, 218, '2027-01-14T04:00:00.000Z'],
  [1, 1, 394, 2, 6, 'upgrade', 143520, 130020, 164, '2026-05-23T04:00:00.000Z'],
  [1, 1, 394, 2, 1, 'upgrade', 29900, 130020, 131, '2025-11-18T04:00:00.000Z'],
  [1, 1, 394, 3, 12, 'upgrade', 719280, 130020, 66, '2026-08-15T04:00:00.000Z'],
  [1, 1, 394, 3, 6, 'upgrade', 479520, 130020, 49, '2026-01-28T04:00:00.000Z'],
  [1, 1, 394, 3, 1, 'upgrade', 99900, 130020, 40, '2025-08-19T04:00:00.000Z'],
  [1, 1, 394, 4, 12, 'upgrade', 1799280, 130020, 27, '2026-07-07T04:00:00.000Z'],
  [1, 1, 394, 4, 6, 'upgrade', 1199520, 130020, 20, '2025-12-30T04:00:00.000Z'],
  [1, 1, 394, 4, 1, 'upgrade', 249900, 130020, 16, '2025-07-26T04:00:00.000Z'],
  [2, 1, 10, 2, 12, 'renew', 215280, 0, 0, '2026-06-20T04:00:00.000Z'],
  [2, 1, 10, 2, 6, 'renew', 143520, 0, 0, '2025-12-20T04:00:00.000Z'],
  [2, 1, 10, 2, 1, 'renew', 29900, 0, 0, '2025-07-20T04:00:00.000Z'],
  [2, 1, 10, 3, 12, 'upgrade', 719280, 9966, 5, '2026-06-15T04:00:00.000Z'],
  [2, 1, 10, 3, 6, 'upgrade', 479520, 9966, 4, '2025-12-14T04:00:00.000Z'],
  [2, 1, 10, 3, 1, 'upgrade', 99900, 9966, 3, '2025-07-13T04:00:00.000Z'],
  [2, 1, 10, 4, 12, 'upgrade', 1799280, 9966, 2, '2026-06-12T04:00:00.000Z'],
  [2, 1, 10, 4, 6, 'upgrade', 1199520, 9966, 2, '2025-12-12T04:00:00.000Z'],
  [2, 1, 10, 4, 1, 'upgrade', 249900, 9966, 2, '2025-07-12T04:00:00.000Z'],
  [2, 1, 394, 2, 12, 'renew', 215280, 0, 0, '2027-07-09T04:00:00.000Z'],
  [2, 1, 394, 2, 6, 'renew', 143520, 0, 0, '2027-01-09T04:00:00.000Z'],
  [2, 1, 394, 2, 1, 'renew', 29900, 0, 0, '2026-08-09T04:00:00.000Z'],
  [2, 1, 394, 3, 12, 'upgrade', 719280, 392686, 197, '2026-12-24T04:00:00.000Z'],
  [2, 1, 394, 3, 6, 'upgrade', 479520, 392686, 148, '2026-05-07T04:00:00.000Z'],
  [2, 1, 394, 3, 1, 'upgrade', 99900, 392686, 118, '2025-11-05T04:00:00.000Z'],
  [2, 1, 394, 4, 12, 'upgrade', 1799280, 392686, 79, '2026-08-28T04:00:00.000Z'],
  [2, 1, 394, 4, 6, 'upgrade', 1199520, 392686, 59, '2026-02-07T04:00:00.000Z'],
  [2, 1, 394, 4, 1, 'upgrade', 249900, 392686, 48, '2025-08-27T04:00:00.000Z'],
  [3, 1, 10, 3, 12, 'renew', 719280, 0, 0, '2026-06-20T04:00:00.000Z'],
  [3, 1, 10, 3, 6, 'renew', 479520, 0, 0, '2025-12-20T04:00:00.000Z'],
  [3, 1, 10, 3, 1, 'renew', 99900, 0, 0, '2025-07-20T04:00:00.000Z'],
  [3, 1, 10, 4, 12, 'upgrade', 1799280, 33300, 7, '2026-06-17T04:00:00.000Z'],
  [3, 1, 10, 4, 6, 'upgrade', 1199520, 33300, 5, '2025-12-15T04:00:00.000Z'],
  [3, 1, 10, 4, 1, 'upgrade', 249900, 33300, 4, '2025-07-14T04:00:00.000Z'],
  [3, 1, 394, 3, 12, 'renew', 719280, 0, 0, '2027-07-09T04:00:00.000Z'],
  [3, 1, 394, 3, 6, 'renew', 479520, 0, 0, '2027-01-09T04:00:00.000Z'],
  [3, 1, 394, 3, 1, 'renew', 99900, 0, 0, '2026-08-09T04:00:00.000Z'],
  [3, 1, 394, 4, 12, 'upgrade', 1799280, 1312020, 263, '2027-02-28T04:00:00.000Z'],
  [3, 1, 394, 4, 6, 'upgrade', 1199520, 1312020, 197, '2026-06-25T04:00:00.000Z'],
  [3, 1, 394, 4, 1, 'upgrade', 249900, 1312020, 158, '2025-12-15T04:00:00.000Z'],
  [4, 1, 10, 4, 12, 'renew', 1799280, 0, 0, '2026-06-20T04:00:00.000Z'],
  [4, 1, 10, 4, 6, 'renew', 1199520, 0, 0, '2025-12-20T04:00:00.000Z'],
  [4, 1, 10, 4, 1, 'renew', 249900, 0, 0, '2025-07-20T04:00:00.000Z'],
  [4, 1, 394, 4, 12, 'renew', 1799280, 0, 0, '2027-07-09T04:00:00.000Z'],
  [4, 1, 394, 4, 6, 'renew', 1199520, 0, 0, '2027-01-09T04:00:00.000Z'],
  [4, 1, 394, 4, 1, 'renew', 249900, 0, 0, '2026-08-09T04:00:00.000Z'],
];

const LIST_FEN: Readonly<Record<number, Readonly<Record<number, number>>>> = {
  1: { 12: 71280, 6: 47520, 1: 9900 },
  2: { 12: 215280, 6: 143520, 1: 29900 },
  3: { 12: 719280, 6: 479520, 1: 99900 },
  4: { 12: 1799280, 6: 1199520, 1: 249900 },
};

describe('what an order gives: every tier × duration × remaining time', () => {
  it.each(TABLE)(
    'held %i (versionType %i, %s days left) buys %i for %i months → %s, pays %i, credit %i, +%i days, until %s',
    (held, versionType, daysLeft, level, monthNum, kind, amountFen, creditFen, bonusDays, end) => {
      const account = state({
        userType: held,
        versionType,
        maturityTime: daysLeft === null ? null : inDays(daysLeft),
        buyMonthNum: 1,
      });
      const priceFen = LIST_FEN[level]?.[monthNum] ?? 0;
      const basis = held > 0 ? { priceFen: LIST_FEN[held]?.[1] ?? 0, monthNum: 1 } : null;
      const plan = planGrant(account, { level, monthNum, priceFen, amountFen: priceFen }, basis, now);
      expect(priceFen).toBe(amountFen);
      expect(plan).toMatchObject({ kind, level, creditFen, bonusDays, buyMonthNum: monthNum });
      expect(plan.end.toISOString()).toBe(end);
    },
  );

  it.each([
    // 专业版 bought yearly (2152.80 / 360 days = 5.98 a day), 100 days left: credit 100 × 598 = 59800 fen
    [3, 12, 719280, 30, '2026-07-10T04:00:00.000Z'], // 59800 × 360 / 719280 = 29.93 → 30
    [3, 1, 99900, 18, '2025-07-28T04:00:00.000Z'], // 59800 × 30 / 99900 = 17.96 → 18
    [4, 12, 1799280, 12, '2026-06-22T04:00:00.000Z'], // 59800 × 360 / 1799280 = 11.96 → 12
    [4, 1, 249900, 8, '2025-07-18T04:00:00.000Z'], // 59800 × 30 / 249900 = 7.18 → 8
  ])(
    'measures the credit by the last order: 专业版 yearly, 100 days → level %i, %i months at %i fen: +%i days',
    (level, monthNum, priceFen, bonusDays, end) => {
      const account = state({ userType: 2, maturityTime: inDays(100), buyMonthNum: 12 });
      const plan = planGrant(
        account,
        { level, monthNum, priceFen, amountFen: priceFen },
        { priceFen: 215280, monthNum: 12 },
        now,
      );
      expect(plan).toMatchObject({ kind: 'upgrade', creditFen: 59800, bonusDays });
      expect(plan.end.toISOString()).toBe(end);
    },
  );

  it('never loses credit: the bonus days are worth at least the credit at the new price', () => {
    for (const [, , , level, monthNum, kind, amountFen, creditFen, bonusDays] of TABLE) {
      if (kind !== 'upgrade') continue;
      // bonusDays × price per day ≥ credit > (bonusDays − 1) × price per day
      expect(bonusDays * amountFen).toBeGreaterThanOrEqual(creditFen * monthNum * 30);
      expect((bonusDays - 1) * amountFen).toBeLessThan(creditFen * monthNum * 30);
      expect(level).toBeGreaterThan(1);
    }
  });

  it('refuses every level below a held paid one (no downgrades, spec §4)', () => {
    for (const [held, level] of [
      [2, 1],
      [3, 1],
      [3, 2],
      [4, 1],
      [4, 2],
      [4, 3],
    ] as const) {
      expect(purchaseKind(state({ userType: held, maturityTime: inDays(30) }), level, now)).toBe('lower');
    }
    // from a trial or an ended period any level can be bought
    expect(purchaseKind(state({ userType: 4, versionType: 2, maturityTime: inDays(30) }), 1, now)).toBe('new');
    expect(purchaseKind(state({ userType: 4, maturityTime: inDays(-1) }), 1, now)).toBe('new');
  });
});

describe('calendar', () => {
  it('adds months on the Shanghai calendar and clamps to the month end', () => {
    // 2025-01-31 10:00 Shanghai + 1 month → 2025-02-28 10:00 Shanghai
    expect(addMonths(new Date('2025-01-31T02:00:00Z'), 1).toISOString()).toBe('2025-02-28T02:00:00.000Z');
    // 2024-02-29 + 12 months → 2025-02-28
    expect(addMonths(new Date('2024-02-29T02:00:00Z'), 12).toISOString()).toBe('2025-02-28T02:00:00.000Z');
    // late evening UTC is the next day in Shanghai: 2025-01-31T20:00Z = Feb 1 04:00 Shanghai → Mar 1
    expect(addMonths(new Date('2025-01-31T20:00:00Z'), 1).toISOString()).toBe('2025-02-28T20:00:00.000Z');
    expect(addMonths(now, 6).toISOString()).toBe('2025-12-10T04:00:00.000Z');
  });

  it('names the Shanghai month', () => {
    expect(shanghaiMonthStart(new Date('2025-06-30T15:59:59Z'))).toBe('2025-06-01');
    expect(shanghaiMonthStart(new Date('2025-06-30T16:00:00Z'))).toBe('2025-07-01');
  });
});

describe('grant plan', () => {
  const order = { level: 2, monthNum: 12, priceFen: 215280, amountFen: 215280 };

  it('starts a new membership now', () => {
    const plan = planGrant(state({}), order, null, now);
    expect(plan).toMatchObject({ kind: 'new', level: 2, start: now, buyMonthNum: 12 });
    expect(plan.end).toEqual(addMonths(now, 12));
  });

  it('extends a renewal from the current maturity', () => {
    const maturity = inDays(40);
    const plan = planGrant(state({ userType: 2, maturityTime: maturity, buyMonthNum: 1 }), order, null, now);
    expect(plan).toMatchObject({ kind: 'renew', level: 2, start: maturity });
    expect(plan.end).toEqual(addMonths(maturity, 12));
  });

  it('upgrades from now (the old time becomes days) and replaces a trial from now', () => {
    const up = planGrant(state({ userType: 1, maturityTime: inDays(40) }), order, null, now);
    expect(up).toMatchObject({ kind: 'upgrade', level: 2, start: now, creditFen: 0, bonusDays: 0 });
    const fromTrial = planGrant(state({ userType: 3, versionType: 2, maturityTime: inDays(5) }), order, null, now);
    expect(fromTrial).toMatchObject({ kind: 'new', level: 2, start: now });
  });

  it('keeps a higher held level and adds the days the amount buys at its price', () => {
    const maturity = inDays(30);
    const held = state({ userType: 3, maturityTime: maturity, buyMonthNum: 12 });
    const plan = planGrant(
      held,
      { level: 2, monthNum: 1, priceFen: 29900, amountFen: 29900 },
      { priceFen: 99900, monthNum: 1 },
      now,
    );
    // 29900 / (99900 / 30) = 8.97 → rounded up to 9 days
    expect(plan).toMatchObject({ kind: 'lower', level: 3, start: maturity, buyMonthNum: 12 });
    expect(plan.end).toEqual(new Date(maturity.getTime() + 9 * DAY_MS));
  });
});
