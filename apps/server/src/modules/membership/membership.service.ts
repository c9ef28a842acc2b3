import {
  ApiCode,
  FEATURE_KEYS,
  FEATURE_POLICY,
  GATE_DEFAULT_LEVEL,
  MemberMsg,
  Msg,
  REGULAR_VERSION_TYPE,
  TRIAL_VERSION_TYPE,
  allowedMonitorDurations,
  featureAllowed,
  type ApiEnvelope,
  type BuyPriceAnswer,
  type FeatureKey,
  type FeaturePolicyAnswer,
  type OrderKind,
  type PriceOptionRow,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import type { EffectiveTier, UserService } from '../user/user.service.js';
import { requireFeature } from './gates.js';
import type { AccountMembership, MembershipRepository } from './membership.repository.js';
import type { MemberTrx } from './membership.tables.js';
import {
  DAY_MS,
  fenToYuan,
  planGrant,
  premiumYearlyOnly,
  purchaseKind,
  upgradeCreditFen,
  yuanToFen,
  type CreditBasis,
  type GrantPlan,
} from './pricing.js';

/** GET /api/buyPrice's answer without its envelope. */
export type BuyPrice = Omit<BuyPriceAnswer, keyof ApiEnvelope>;

/** What an order for a price option costs this account now (confirmPay). */
export interface PurchaseQuote {
  option: PriceOptionRow;
  kind: OrderKind;
  priceFen: number;
  /** the upgrade credit now (recorded on the order; the grant converts the credit at payment time) */
  creditFen: number;
  /** always the list price: the credit becomes days of the new level */
  amountFen: number;
  /** what paying now gives (the expiry the price screen shows) */
  plan: GrantPlan;
}

/** The terms of a paid order the grant needs. */
export interface PaidOrder {
  id: string;
  userId: string;
  level: number;
  monthNum: number;
  /** the option's list price (an upgrade's credit is converted at its price per day) */
  priceFen: number;
  amountFen: number;
}

/**
 * Tiers, prices and grants (spec §3, §4, §6). Purchase rules read the account's own fields; gates read the
 * effective tier (a sub-account's is its parent's, an ended period counts as 免费版) from UserService.
 */
export class MembershipService {
  constructor(
    private readonly repo: MembershipRepository,
    private readonly users: UserService,
  ) {}

  /** The tier an account uses now (UserService.getEffectiveTier). */
  async tierOf(userId: string): Promise<EffectiveTier> {
    return this.users.getEffectiveTier(userId);
  }

  /** Gate helper for routes: throws −1 with the policy's message, else answers the tier. */
  async requireFeature(userId: string, feature: FeatureKey): Promise<EffectiveTier> {
    const tier = await this.tierOf(userId);
    requireFeature(tier, feature);
    return tier;
  }

  async featurePolicy(userId: string): Promise<Omit<FeaturePolicyAnswer, 'code' | 'message'>> {
    const tier = await this.tierOf(userId);
    return {
      policy: FEATURE_POLICY,
      userType: tier.userType,
      allowed: FEATURE_KEYS.filter((f) => featureAllowed(tier.userType, f)),
      monitorDurations: allowedMonitorDurations(tier.userType),
      gateDefaultLevel: GATE_DEFAULT_LEVEL,
    };
  }

  /**
   * GET /api/buy/buyPrice: the options of `level` for this account, each with what paying now gives (the
   * expiry, and the days an upgrade's credit adds), the credit and the rules.
   */
  async buyPrice(userId: string, level: number, now: Date = new Date()): Promise<BuyPrice> {
    const account = await this.account(userId);
    const tier = await this.tierOf(userId);
    const subAccount = account.parentId !== null;
    const kind = subAccount ? 'new' : purchaseKind(account, level, now);
    if (kind === 'lower') throw AppError.fail(MemberMsg.lowerLevelBlocked);
    const options = await this.repo.listPriceOptions(level);
    const basis = kind === 'upgrade' ? await this.creditBasis(this.repo, account) : null;
    const creditFen = kind === 'upgrade' ? upgradeCreditFen(account, basis, now) : 0;
    const yearlyOnly = !subAccount && premiumYearlyOnly(account, now);
    return {
      monthlyPriceInfos: options.map((o, index) => {
        const priceFen = yuanToFen(o.price);
        const plan = planGrant(account, { level, monthNum: o.monthNum, priceFen, amountFen: priceFen }, basis, now);
        return {
          id: o.id,
          title: o.title,
          monthNum: o.monthNum,
          price: Number(o.price),
          originalPrice: Number(o.originalPrice),
          saveMoney: Number(o.saveMoney),
          unitPrice: Number(o.unitPrice),
          isDefault: yearlyOnly ? index === 0 : o.isDefault,
          payAmount: fenToYuan(priceFen),
          bonusDays: subAccount ? 0 : plan.bonusDays,
          newMaturityTime: subAccount ? null : plan.end.toISOString(),
          selectable: !yearlyOnly || index === 0,
        };
      }),
      userType: tier.userType,
      versionType: tier.versionType,
      surplusPrice: fenToYuan(creditFen),
      maturityTime: tier.maturityTime ? tier.maturityTime.toISOString() : null,
      buyMonthNum: account.buyMonthNum,
      orderKind: kind,
    };
  }

  /**
   * The rules of confirmPay (§4, §6): a sub-account is blocked; the option must exist; a level below the
   * held one is refused; a premium member on a 12-month plan may choose only index 0. The amount is the
   * list price; an upgrade's credit for the unused time becomes days of the new level (planGrant).
   */
  async quote(userId: string, priceId: number, now: Date = new Date()): Promise<PurchaseQuote> {
    const account = await this.account(userId);
    if (account.parentId !== null) throw AppError.fail(Msg.subAccountBlocked);
    const option = await this.repo.findPriceOption(priceId);
    if (!option) throw AppError.fail(MemberMsg.priceNotFound);
    const kind = purchaseKind(account, option.level, now);
    if (kind === 'lower') throw AppError.fail(MemberMsg.lowerLevelBlocked);
    if (premiumYearlyOnly(account, now)) {
      const options = await this.repo.listPriceOptions(option.level);
      if (options[0]?.id !== option.id) throw AppError.fail(MemberMsg.premiumYearlyOnly);
    }
    const priceFen = yuanToFen(option.price);
    const basis = kind === 'upgrade' ? await this.creditBasis(this.repo, account) : null;
    const plan = planGrant(
      account,
      { level: option.level, monthNum: option.monthNum, priceFen, amountFen: priceFen },
      basis,
      now,
    );
    return { option, kind, priceFen, creditFen: plan.creditFen, amountFen: priceFen, plan };
  }

  /**
   * Grants a paid order inside the caller's transaction (the order row is already locked and checked):
   * locks the account, computes the period from its state now (an upgrade's credit is measured now, so a
   * renewal paid in between is credited too), writes the tier (versionType 1) and one membership_periods row
   * (order_id is UNIQUE, so an order can never grant twice).
   */
  async grantOrder(trx: MemberTrx, order: PaidOrder, now: Date = new Date()): Promise<GrantPlan> {
    const repo = this.repo.with(trx);
    const account = await repo.lockAccount(order.userId);
    if (!account) throw new Error(`grantOrder: account ${order.userId} not found`);
    const kind = purchaseKind(account, order.level, now);
    const basis = kind === 'lower' || kind === 'upgrade' ? await this.creditBasis(repo, account) : null;
    const plan = planGrant(account, order, basis, now);
    await repo.setTier(
      order.userId,
      {
        userType: plan.level,
        versionType: REGULAR_VERSION_TYPE,
        maturityTime: plan.end,
        buyMonthNum: plan.buyMonthNum,
      },
      now,
    );
    await repo.insertPeriod({
      userId: order.userId,
      level: plan.level,
      versionType: REGULAR_VERSION_TYPE,
      start: plan.start,
      end: plan.end,
      source: 'order',
      orderId: order.id,
    });
    return plan;
  }

  /** A trial of `level` for `days` from now (free enterprise-tier promotion), inside the caller's transaction. */
  async grantTrial(trx: MemberTrx, userId: string, level: number, days: number, now: Date = new Date()): Promise<Date> {
    const repo = this.repo.with(trx);
    const account = await repo.lockAccount(userId);
    if (!account) throw new Error(`grantTrial: account ${userId} not found`);
    const end = new Date(now.getTime() + days * DAY_MS);
    await repo.setTier(
      userId,
      { userType: level, versionType: TRIAL_VERSION_TYPE, maturityTime: end, buyMonthNum: account.buyMonthNum },
      now,
    );
    await repo.insertPeriod({
      userId,
      level,
      versionType: TRIAL_VERSION_TYPE,
      start: now,
      end,
      source: 'trial',
      orderId: null,
    });
    return end;
  }

  async account(userId: string): Promise<AccountMembership> {
    const account = await this.repo.findAccount(userId);
    if (!account) throw new AppError(ApiCode.LOGOUT, Msg.sessionExpired);
    return account;
  }

  /** The credit basis of the held level: its last paid order, else its 1-month list price. */
  private async creditBasis(repo: MembershipRepository, account: AccountMembership): Promise<CreditBasis | null> {
    const last = await repo.lastPaidOrderAt(account.id, account.userType);
    if (last) return last;
    const options = await repo.listPriceOptions(account.userType);
    const shortest = options.reduce<PriceOptionRow | null>(
      (a, o) => (a === null || o.monthNum < a.monthNum ? o : a),
      null,
    );
    return shortest ? { priceFen: yuanToFen(shortest.price), monthNum: shortest.monthNum } : null;
  }
}
