import { describe, expect, it } from 'vitest';
import { FALLBACK_MONTH_NUMS, OrderType, TRIAL_VERSION_TYPE, UserType, type PriceOptionInfo } from '@xg/shared';
import {
  bonusDaysText,
  defaultChoice,
  defaultLevel,
  formatExpiryDay,
  formatYuan,
  heldPaidLevel,
  isLevelBlocked,
  levelOfOption,
  orderTypeOf,
  priceChoices,
  wechatAllowed,
} from './purchase-rules';

const NOW = Date.parse('2026-06-10T04:00:00Z');
const LATER = '2027-06-10T04:00:00.000Z';
const EARLIER = '2026-06-01T04:00:00.000Z';

function option(id: number, monthNum: number, extra: Partial<PriceOptionInfo> = {}): PriceOptionInfo {
  return {
    id,
    title: `${monthNum}个月`,
    monthNum,
    price: 100 * monthNum,
    originalPrice: 120 * monthNum,
    saveMoney: 20 * monthNum,
    unitPrice: 100,
    isDefault: false,
    payAmount: 100 * monthNum,
    bonusDays: 0,
    newMaturityTime: null,
    selectable: true,
    ...extra,
  };
}

describe('purchase rules', () => {
  it('sends the level option id + 1', () => {
    expect([0, 1, 2, 3].map(levelOfOption)).toEqual([1, 2, 3, 4]);
  });

  it('counts only a paid, unexpired level as held (a trial is not paid)', () => {
    expect(heldPaidLevel({ userType: 2, versionType: 1, maturityTime: LATER }, NOW)).toBe(2);
    expect(heldPaidLevel({ userType: 2, versionType: 1, maturityTime: EARLIER }, NOW)).toBe(0);
    expect(heldPaidLevel({ userType: 3, versionType: TRIAL_VERSION_TYPE, maturityTime: LATER }, NOW)).toBe(0);
    expect(heldPaidLevel({ userType: 0, versionType: 1, maturityTime: null }, NOW)).toBe(0);
    expect(heldPaidLevel({ userType: 4, versionType: 1, maturityTime: null }, NOW)).toBe(4);
  });

  it('blocks the levels below the held one only', () => {
    expect(isLevelBlocked(1, 2)).toBe(true);
    expect(isLevelBlocked(2, 2)).toBe(false);
    expect(isLevelBlocked(3, 2)).toBe(false);
    expect(isLevelBlocked(1, 0)).toBe(false);
  });

  it('preselects ?level= when it can be bought, else the held level, else 专业版', () => {
    expect(defaultLevel(0, null)).toBe(UserType.PRO);
    expect(defaultLevel(0, 4)).toBe(4);
    expect(defaultLevel(3, 1)).toBe(3);
    expect(defaultLevel(3, null)).toBe(3);
    expect(defaultLevel(0, 9)).toBe(UserType.PRO);
  });

  it('falls back to the month list [12, 6, 1] with nothing to buy when the server sends no options', () => {
    const choices = priceChoices([], 0, 0);
    expect(choices.map((c) => c.monthNum)).toEqual([...FALLBACK_MONTH_NUMS]);
    expect(choices.every((c) => !c.selectable && c.option === null)).toBe(true);
    expect(defaultChoice(choices)).toBeNull();
  });

  it('lets a premium member on a 12-month plan take option index 0 only', () => {
    const options = [option(1, 12, { isDefault: true }), option(2, 6), option(3, 1)];
    expect(priceChoices(options, UserType.PREMIUM, 12).map((c) => c.selectable)).toEqual([true, false, false]);
    expect(priceChoices(options, UserType.PREMIUM, 1).map((c) => c.selectable)).toEqual([true, true, true]);
    expect(priceChoices(options, UserType.ENTERPRISE, 12).map((c) => c.selectable)).toEqual([true, true, true]);
  });

  it('honours the server flag and preselects its default, else the first selectable option', () => {
    const options = [option(1, 12, { selectable: false }), option(2, 6, { isDefault: true }), option(3, 1)];
    expect(defaultChoice(priceChoices(options, 0, 0))?.key).toBe('2');
    const noDefault = [option(1, 12, { selectable: false }), option(2, 6), option(3, 1)];
    expect(defaultChoice(priceChoices(noDefault, 0, 0))?.key).toBe('2');
  });

  it('maps the order kind to confirmPay type and limits WeChat Pay to 3000 yuan', () => {
    expect(orderTypeOf('new')).toBe(OrderType.NEW);
    expect(orderTypeOf('renew')).toBe(OrderType.RENEW_OR_UPGRADE);
    expect(orderTypeOf('upgrade')).toBe(OrderType.RENEW_OR_UPGRADE);
    expect(wechatAllowed(3000)).toBe(true);
    expect(wechatAllowed(3000.01)).toBe(false);
  });

  it('formats yuan with cents only when there are some', () => {
    expect(formatYuan(299)).toBe('¥299');
    expect(formatYuan(2152.8)).toBe('¥2152.80');
    expect(formatYuan(0.01)).toBe('¥0.01');
  });

  it('shows the expiry day and the days an upgrade adds', () => {
    // 2027-01-14 12:00 Shanghai = 04:00 UTC: the same day in UTC and in Shanghai
    expect(formatExpiryDay('2027-01-14T04:00:00.000Z')).toBe('2027-01-14');
    expect(formatExpiryDay(null)).toBeNull();
    expect(formatExpiryDay('not a date')).toBeNull();
    expect(bonusDaysText(131)).toBe('+131天');
    expect(bonusDaysText(0)).toBeNull();
  });
});
