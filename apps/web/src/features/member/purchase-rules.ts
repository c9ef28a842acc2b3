import dayjs from 'dayjs';
import {
  FALLBACK_MONTH_NUMS,
  LEVEL_OPTIONS,
  OrderType,
  TRIAL_VERSION_TYPE,
  UserType,
  WECHAT_PAY_LIMIT_YUAN,
  type OrderKind,
  type PriceOptionInfo,
} from '@xg/shared';

/**
 * The purchase rules of spec §4 and §9 as the screens apply them (the server checks them again on every
 * confirmPay): which levels can be chosen, which price options, what is sent.
 */

/** The membership fields the rules read (from GET /api/operateLimitList or user info). */
export interface HeldState {
  userType: number;
  versionType: number;
  maturityTime: string | null;
}

/** The userType bought with a level option: id + 1 (§3). */
export function levelOfOption(optionId: number): number {
  return optionId + 1;
}

/**
 * The level the account has paid for and still holds, as the server counts it: 0 for free, expired and
 * trial accounts (a trial is not paid, so any level can be bought from it).
 */
export function heldPaidLevel(state: HeldState, now: number = Date.now()): number {
  if (state.userType <= UserType.FREE || state.versionType === TRIAL_VERSION_TYPE) return 0;
  if (state.maturityTime !== null && Date.parse(state.maturityTime) <= now) return 0;
  return state.userType;
}

/** §4: levels below the user's current (paid) level cannot be selected. */
export function isLevelBlocked(level: number, held: number): boolean {
  return held > 0 && level < held;
}

/** The level preselected: ?level= when it can be bought, else the held level (renewal), else 专业版. */
export function defaultLevel(held: number, wanted: number | null): number {
  const levels = LEVEL_OPTIONS.map((option) => levelOfOption(option.id));
  if (wanted !== null && levels.includes(wanted) && !isLevelBlocked(wanted, held)) return wanted;
  return held > 0 ? held : UserType.PRO;
}

/** One duration the screen offers: a server price option, or a month count of the fallback list. */
export interface PriceChoice {
  key: string;
  monthNum: number;
  title: string;
  /** null when the server sent no options (fallback list): shown, but nothing can be bought */
  option: PriceOptionInfo | null;
  selectable: boolean;
}

const MONTH_TITLES: Readonly<Record<number, string>> = { 12: '年度会员', 6: '半年会员', 3: '季度会员', 1: '月度会员' };

export function monthTitle(monthNum: number): string {
  return MONTH_TITLES[monthNum] ?? `${monthNum}个月`;
}

/**
 * The choices of a level. A premium-enterprise member on a 12-month plan may only take option index 0
 * (§4); the server flags the others `selectable: false` and the screen mirrors the rule. With no options
 * from the server the fallback month list [12, 6, 1] (§9) is shown.
 */
export function priceChoices(options: readonly PriceOptionInfo[], held: number, buyMonthNum: number): PriceChoice[] {
  if (options.length === 0) {
    return FALLBACK_MONTH_NUMS.map((monthNum) => ({
      key: `fallback-${monthNum}`,
      monthNum,
      title: monthTitle(monthNum),
      option: null,
      selectable: false,
    }));
  }
  const premiumYearlyOnly = held === UserType.PREMIUM && buyMonthNum === 12;
  return options.map((option, index) => ({
    key: String(option.id),
    monthNum: option.monthNum,
    title: option.title || monthTitle(option.monthNum),
    option,
    selectable: option.selectable && !(premiumYearlyOnly && index !== 0),
  }));
}

/** The preselected choice: the server's default when it can be chosen, else the first that can. */
export function defaultChoice(choices: readonly PriceChoice[]): PriceChoice | null {
  return (
    choices.find((choice) => choice.selectable && choice.option?.isDefault === true) ??
    choices.find((choice) => choice.selectable) ??
    null
  );
}

/** confirmPay `type`: 1 a new purchase, 2 renewal or upgrade (§7.2). */
export function orderTypeOf(kind: OrderKind): number {
  return kind === 'new' ? OrderType.NEW : OrderType.RENEW_OR_UPGRADE;
}

/** WeChat Pay takes at most 3000 yuan an order (§5, §9). */
export function wechatAllowed(amount: number): boolean {
  return amount <= WECHAT_PAY_LIMIT_YUAN;
}

/** 年付6折: the yearly plan's badge. */
export function isYearly(monthNum: number): boolean {
  return monthNum === 12;
}

/** An expiry on screen: the calendar day in the browser's time zone (as the current plan shows it). */
export function formatExpiryDay(iso: string | null): string | null {
  if (!iso) return null;
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
}

/** What an upgrade's credit adds on a price card: '+131天' (nothing for 0). */
export function bonusDaysText(days: number): string | null {
  return days > 0 ? `+${days}天` : null;
}

/** Money on screen: ¥ with two decimals only when there are cents. */
export function formatYuan(value: number): string {
  const fixed = value.toFixed(2);
  return `¥${fixed.endsWith('.00') ? fixed.slice(0, -3) : fixed}`;
}
