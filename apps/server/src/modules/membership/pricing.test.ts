import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  addMonths,
  fenToYuan,
  payAmountFen,
  paidLevel,
  planGrant,
  premiumYearlyOnly,
  purchaseKind,
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

  it('charges the price less the credit, never below 0.01 yuan', () => {
    expect(payAmountFen(29900, 10000)).toBe(19900);
    expect(payAmountFen(29900, 29900)).toBe(1);
    expect(payAmountFen(29900, 99999)).toBe(1);
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

  it('is whole remaining days × the daily price of the last order', () => {
    // 100 days left of a 2152.80 / 360-day plan: floor(100 × 215280 / 360) = 59800 fen
    expect(upgradeCreditFen(state({ userType: 2, maturityTime: inDays(100) }), basis, now)).toBe(59800);
    // a partial day is not counted: 100.9 days → 100
    expect(upgradeCreditFen(state({ userType: 2, maturityTime: inDays(100.9) }), basis, now)).toBe(59800);
    // monthly basis: 29900 / 30 per day × 10 days = 9966.66 → 9966
    expect(
      upgradeCreditFen(state({ userType: 2, maturityTime: inDays(10) }), { priceFen: 29900, monthNum: 1 }, now),
    ).toBe(9966);
  });

  it('is 0 without paid time: free, trial, expired, under a day, or no basis', () => {
    expect(upgradeCreditFen(state({}), basis, now)).toBe(0);
    expect(upgradeCreditFen(state({ userType: 3, versionType: 2, maturityTime: inDays(5) }), basis, now)).toBe(0);
    expect(upgradeCreditFen(state({ userType: 2, maturityTime: inDays(-3) }), basis, now)).toBe(0);
    expect(upgradeCreditFen(state({ userType: 2, maturityTime: inDays(0.5) }), basis, now)).toBe(0);
    expect(upgradeCreditFen(state({ userType: 2, maturityTime: inDays(50) }), null, now)).toBe(0);
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
  const order = { level: 2, monthNum: 12, amountFen: 215280 };

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

  it('upgrades from now (the old time was credited) and replaces a trial from now', () => {
    const up = planGrant(state({ userType: 1, maturityTime: inDays(40) }), order, null, now);
    expect(up).toMatchObject({ kind: 'upgrade', level: 2, start: now });
    const fromTrial = planGrant(state({ userType: 3, versionType: 2, maturityTime: inDays(5) }), order, null, now);
    expect(fromTrial).toMatchObject({ kind: 'new', level: 2, start: now });
  });

  it('keeps a higher held level and adds the days the amount buys at its price', () => {
    const maturity = inDays(30);
    const held = state({ userType: 3, maturityTime: maturity, buyMonthNum: 12 });
    const plan = planGrant(held, { level: 2, monthNum: 1, amountFen: 29900 }, { priceFen: 99900, monthNum: 1 }, now);
    // 29900 / (99900 / 30) = 8.97 → 8 days
    expect(plan).toMatchObject({ kind: 'lower', level: 3, start: maturity, buyMonthNum: 12 });
    expect(plan.end).toEqual(new Date(maturity.getTime() + 8 * DAY_MS));
  });
});
