import { TRIAL_VERSION_TYPE, UserType, type OrderKind } from '@xg/shared';

/**
 * The arithmetic of buying a membership, kept free of I/O so it is tested on its own. Money is counted in
 * fen (integers); the wire carries yuan. Formulas are documented in docs/metrics.md ("Membership: upgrade
 * credit").
 */
export const DAY_MS = 24 * 3600 * 1000;
/** For the credit, a month counts 30 days. */
export const CREDIT_DAYS_PER_MONTH = 30;
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

export function yuanToFen(yuan: string | number): number {
  return Math.round(Number(yuan) * 100);
}
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}
/** '2152.80' style text for provider requests. */
export function fenToYuanText(fen: number): string {
  return (Math.round(fen) / 100).toFixed(2);
}

/** The membership fields of an account (its own, never its parent's). */
export interface MembershipState {
  userType: number;
  versionType: number;
  maturityTime: Date | null;
  buyMonthNum: number;
}

/**
 * The level the account has paid for and still holds: 0 for free, expired or trial accounts (a trial is
 * not paid: buying from a trial is a new purchase). A paid level without an end date counts as held.
 */
export function paidLevel(state: MembershipState, now: Date): number {
  if (state.userType <= UserType.FREE || state.versionType === TRIAL_VERSION_TYPE) return 0;
  if (state.maturityTime !== null && state.maturityTime.getTime() <= now.getTime()) return 0;
  return state.userType;
}

/** What buying `level` means now; 'lower' is refused (§4: levels below the current one cannot be chosen). */
export function purchaseKind(state: MembershipState, level: number, now: Date): OrderKind | 'lower' {
  const held = paidLevel(state, now);
  if (held === 0) return 'new';
  if (level === held) return 'renew';
  return level > held ? 'upgrade' : 'lower';
}

/** §4: a premium-enterprise member on a 12-month plan may only choose option index 0 (the yearly plan). */
export function premiumYearlyOnly(state: MembershipState, now: Date): boolean {
  return paidLevel(state, now) === UserType.PREMIUM && state.buyMonthNum === 12;
}

/** The price the credit is measured by: the last paid order of the held level (list price and months). */
export interface CreditBasis {
  priceFen: number;
  monthNum: number;
}

/**
 * Whole days of paid time left: a started day counts as a whole day (in the member's favour), so the
 * credit only changes at the maturity's time of day, not every minute between the price screen and the
 * payment. 0 when nothing is left.
 */
export function remainingPaidDays(state: MembershipState, now: Date): number {
  if (state.maturityTime === null) return 0;
  const ms = state.maturityTime.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / DAY_MS) : 0;
}

/**
 * Credit for the unused paid time when upgrading (surplusPrice, spec §3):
 *   credit = floor( remainingDays × basis.priceFen / (basis.monthNum × 30) )   (fen)
 * remainingDays = remainingPaidDays (a started day counts); the basis is the last paid order at the held
 * level, or that level's 1-month list price when it was not bought through an order. Only an upgrade earns
 * a credit; a renewal extends the period instead; a trial is not paid time (paidLevel 0).
 */
export function upgradeCreditFen(state: MembershipState, basis: CreditBasis | null, now: Date): number {
  if (basis === null || paidLevel(state, now) === 0 || basis.monthNum <= 0) return 0;
  const remainingDays = remainingPaidDays(state, now);
  if (remainingDays <= 0) return 0;
  return Math.floor((remainingDays * basis.priceFen) / (basis.monthNum * CREDIT_DAYS_PER_MONTH));
}

/**
 * The credit turned into days of the new level, at the chosen option's price per day
 * (priceFen / (monthNum × 30)), rounded **up** to a whole day so no credit is ever lost:
 *   bonusDays = ceil( creditFen × monthNum × 30 / priceFen )
 */
export function creditDays(creditFen: number, priceFen: number, monthNum: number): number {
  if (creditFen <= 0 || priceFen <= 0 || monthNum <= 0) return 0;
  return Math.ceil((creditFen * monthNum * CREDIT_DAYS_PER_MONTH) / priceFen);
}

/**
 * `date` plus `months` calendar months, counted on the Asia/Shanghai calendar; a day that does not exist
 * in the target month becomes its last day (Jan 31 + 1 month = Feb 28/29).
 */
export function addMonths(date: Date, months: number): Date {
  const local = new Date(date.getTime() + SHANGHAI_OFFSET_MS);
  const day = local.getUTCDate();
  const target = new Date(local.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return new Date(target.getTime() - SHANGHAI_OFFSET_MS);
}

export interface PaidOrderTerms {
  level: number;
  monthNum: number;
  /** the option's list price */
  priceFen: number;
  /** what was paid (the list price: an upgrade's credit becomes days, it does not lower the amount) */
  amountFen: number;
}

export interface GrantPlan {
  /** the account's level after the grant */
  level: number;
  start: Date;
  end: Date;
  kind: OrderKind | 'lower';
  buyMonthNum: number;
  /** the upgrade credit (surplusPrice) of the old level's unused time, 0 unless an upgrade */
  creditFen: number;
  /** the days the credit adds at the new level (creditDays), 0 unless an upgrade */
  bonusDays: number;
}

/**
 * What an order gives, from the account's state at `now` — the price screen shows it before paying
 * (buyPrice, with the option's terms) and the paid notify grants exactly this (grantOrder, at payment):
 * - new (free, expired or trial — a trial is not paid time): `level` from now for monthNum months;
 * - renew (same level): the period is extended from max(now, maturity) by monthNum months;
 * - upgrade (higher level): the new level from now for monthNum months **plus bonusDays**, the old level's
 *   unused time converted at the new option's price per day (upgradeCreditFen → creditDays);
 * - lower (the account moved above the order's level after ordering): the held level is kept and extended
 *   by the days the amount buys at the held level's price per day (`heldBasis`), rounded up.
 * `heldBasis` is the credit basis of the held level (needed for upgrade and lower).
 */
export function planGrant(
  state: MembershipState,
  order: PaidOrderTerms,
  heldBasis: CreditBasis | null,
  now: Date,
): GrantPlan {
  const kind = purchaseKind(state, order.level, now);
  const from = state.maturityTime && state.maturityTime > now ? state.maturityTime : now;
  const plain = { creditFen: 0, bonusDays: 0 };
  switch (kind) {
    case 'new':
      return {
        level: order.level,
        start: now,
        end: addMonths(now, order.monthNum),
        kind,
        buyMonthNum: order.monthNum,
        ...plain,
      };
    case 'upgrade': {
      const creditFen = upgradeCreditFen(state, heldBasis, now);
      const bonusDays = creditDays(creditFen, order.priceFen, order.monthNum);
      return {
        level: order.level,
        start: now,
        end: new Date(addMonths(now, order.monthNum).getTime() + bonusDays * DAY_MS),
        kind,
        buyMonthNum: order.monthNum,
        creditFen,
        bonusDays,
      };
    }
    case 'renew':
      return {
        level: order.level,
        start: from,
        end: addMonths(from, order.monthNum),
        kind,
        buyMonthNum: order.monthNum,
        ...plain,
      };
    case 'lower': {
      const days =
        heldBasis && heldBasis.priceFen > 0 && heldBasis.monthNum > 0
          ? Math.max(1, creditDays(order.amountFen, heldBasis.priceFen, heldBasis.monthNum))
          : order.monthNum * CREDIT_DAYS_PER_MONTH;
      return {
        level: state.userType,
        start: from,
        end: new Date(from.getTime() + days * DAY_MS),
        kind,
        buyMonthNum: state.buyMonthNum,
        ...plain,
      };
    }
  }
}

/** The first day of the Asia/Shanghai month holding `now`, as 'YYYY-MM-01'. */
export function shanghaiMonthStart(now: Date): string {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}-01`;
}
