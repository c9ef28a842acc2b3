import { Msg } from './messages.js';
import { GATE_DEFAULT_LEVEL, UserType } from './tiers.js';

/**
 * Membership and payment (spec §3, §4 payment flow, §5, §6, §7.2, §9): constants, the feature policy the
 * server enforces and the web mirrors, quota defaults, call parameters, answers and texts.
 */

// ---------------------------------------------------------------------------------------------------------
// Constants

/** versionType of a paid (or free) account; TRIAL_VERSION_TYPE (2) marks a trial. */
export const REGULAR_VERSION_TYPE = 1;
/** confirmPay `type`: 1 a new purchase, 2 renewal or upgrade (§7.2). The server decides which it really is. */
export const OrderType = { NEW: 1, RENEW_OR_UPGRADE: 2 } as const;
/** confirmPay `payType` (§7.2). */
/** 3: an offline bank transfer (对公转账), confirmed by finance in the console (issue #27). */
export const PayType = { ALIPAY: 1, WECHAT: 2, BANK: 3 } as const;
export type PayType = (typeof PayType)[keyof typeof PayType];
export const PAY_TYPE_LABELS: Readonly<Record<number, string>> = { 1: '支付宝', 2: '微信支付', 3: '对公转账' };
/** WeChat Pay takes at most this amount (yuan) per order (§5, §9). */
export const WECHAT_PAY_LIMIT_YUAN = 3000;
/** Month choices by option index when the server sends none (§9): index 0 is the yearly plan. */
export const FALLBACK_MONTH_NUMS = [12, 6, 1] as const;
/** Yearly plans are priced at 60% of twelve monthly prices (年付6折, §9). */
export const YEARLY_DISCOUNT = 0.6;
/** A trial granted by the free enterprise-tier promotion lasts this many days, at level 3 (企业版). */
export const FREE_VIP_TRIAL_DAYS = 7;
export const FREE_VIP_TRIAL_LEVEL = UserType.ENTERPRISE;
/** An unpaid order closes after this many minutes. */
export const ORDER_TTL_MINUTES = 120;
/** Order states: created → paid | closed | failed (a verified payment of a closed order still counts). */
export const ORDER_STATUSES = ['created', 'paid', 'closed', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Monitor durations of §9: 0 none, 1 = 24H, 2 = 48H, 3 = 72H, 7 = 7 days. */
export const MONITOR_DURATIONS = [0, 1, 2, 3, 7] as const;
export type MonitorDuration = (typeof MONITOR_DURATIONS)[number];
export const MONITOR_DURATION_LABELS: Readonly<Record<MonitorDuration, string>> = {
  0: '不监测',
  1: '24H',
  2: '48H',
  3: '72H',
  7: '7天',
};

/** The §4 comparison outcome flags. */
export const ContrastFlag = {
  /** allowed: one report counted */
  ALLOWED: 0,
  /** the free tier has no permission */
  NO_PERMISSION: 1,
  /** this month's quota is used up; a higher tier has more */
  UPGRADE: 2,
  /** the quota is used up at the top tier: contact an adviser */
  ADVISER: 3,
} as const;
export type ContrastFlag = (typeof ContrastFlag)[keyof typeof ContrastFlag];

// ---------------------------------------------------------------------------------------------------------
// Texts (ours unless marked with the spec section they quote)

export const MemberMsg = {
  levelInvalid: '请选择会员版本',
  lowerLevelBlocked: '不能购买低于当前等级的会员版本，如需调整请联系客服',
  priceIdInvalid: '请选择购买时长',
  priceNotFound: '所选套餐不存在或已下架，请刷新页面后重试',
  orderTypeInvalid: '购买类型不正确',
  payTypeInvalid: '请选择支付方式',
  premiumYearlyOnly: '高级企业版年付会员续费仅可选择年付套餐',
  wechatLimit: '微信支付单笔金额不能超过3000元，请使用支付宝支付；企业用户也可联系客服对公转账',
  payTypeUnavailable: '该支付方式暂未开通，请选择其他支付方式',
  payCreateFailed: '创建支付订单失败，请稍后重试',
  paySuccess: '支付成功',
  payPending: '支付尚未完成，请完成支付后再试',
  orderClosed: '订单已关闭，请重新发起支付',
  orderFailed: '支付未成功，请联系客服处理',
  orderNotFound: '未找到支付订单，请重新发起支付',
  /** §9 payment note */
  virtualProductNote: '会员服务为虚拟产品，购买后不支持退款，请确认后再支付',
  /** §9 offline bank transfer for companies */
  bankTransferNote: '企业用户可选择对公转账，请联系客服办理并开具发票',
  /** §8 comparison popover texts */
  contrastNoPermission: '免费版会员无添加权限，升级会员解锁该功能',
  contrastUpgrade: '次数已耗尽，升级更高版本会员，即可生成更多对比报告',
  exportQuotaUsed: '本月导出额度已用完，升级更高版本会员可获得更多导出额度',
  pdfEnterpriseOnly: '导出PDF需企业版及以上会员，升级会员即可使用',
  monitor48h: '48H监测需专业版及以上会员，升级会员即可使用',
  monitorLong: '72H及7天监测需企业版及以上会员，升级会员即可使用',
  // free enterprise-tier promotion
  freeVipCompanyRequired: '请填写公司名称',
  freeVipContactRequired: '请填写联系人姓名',
  freeVipPositionRequired: '请填写职位',
  freeVipTooLong: '填写内容过长',
  freeVipGranted: `申请成功，已为您开通${FREE_VIP_TRIAL_DAYS}天企业版试用`,
  freeVipPending: '申请已提交，工作人员将尽快与您联系',
  freeVipOnce: '您已提交过申请，每个账号仅可申请一次',
  // sandbox pay page
  sandboxTitle: '沙箱支付',
  sandboxNote: '这是演示环境的模拟支付页面，不会产生真实扣款。',
  sandboxConfirm: '确认支付',
  sandboxCancel: '取消',
  sandboxPaid: '支付成功，请返回原页面点击“已完成支付”。',
  sandboxCancelled: '已取消支付，订单已关闭。',
  /** ours: a sandbox pay link without its key, or with a wrong one (issue #14) */
  sandboxLinkInvalid: '支付链接无效，请回到支付弹窗重新扫码',
  returnTitle: '支付结果',
  returnText: '支付已提交。如会员状态尚未更新，请稍候在会员中心刷新查看。',
  returnLink: '返回会员中心',
} as const;

/** §8: 对比次数已耗尽，可联系顾问 ({phone} via WeChat) 升级成专属定制版 */
export function contrastAdviserMessage(phone: string): string {
  return `对比次数已耗尽，可联系顾问（${phone}，微信同号）升级成专属定制版`;
}

// ---------------------------------------------------------------------------------------------------------
// Feature policy: the one table of tier gates (§6). The server enforces it (requireFeature); the web reads
// it from GET /api/user/featurePolicy (or imports it) to draw gate overlays.

export interface FeatureRule {
  /** the lowest userType allowed: every higher tier has it too (a higher tier includes everything below) */
  level: number;
  /** what the web shows on the gate */
  label: string;
  /** the refusal text; Msg.upgradeTitle when absent */
  message?: string;
}

export const FEATURE_POLICY = {
  'contrast.create': { level: UserType.BASIC, label: '生成对比报告', message: MemberMsg.contrastNoPermission },
  'export.excel': { level: UserType.ENTERPRISE, label: '导出Excel', message: Msg.exportBlocked },
  // §2.7/§5 show PDF export for userType 3 only; issue #13: a higher tier includes everything below, so 4 too
  'export.pdf': { level: UserType.ENTERPRISE, label: '导出PDF', message: MemberMsg.pdfEnterpriseOnly },
  'monitor.duration.24h': { level: UserType.BASIC, label: '24H监测' },
  'monitor.duration.48h': { level: UserType.PRO, label: '48H监测', message: MemberMsg.monitor48h },
  'monitor.duration.72h': { level: UserType.ENTERPRISE, label: '72H监测', message: MemberMsg.monitorLong },
  'monitor.duration.7d': { level: UserType.ENTERPRISE, label: '7天监测', message: MemberMsg.monitorLong },
  'monitor.video': { level: GATE_DEFAULT_LEVEL, label: '视频监测' },
  'monitor.live': { level: GATE_DEFAULT_LEVEL, label: '直播监测' },
  'opinion.analyse': { level: GATE_DEFAULT_LEVEL, label: '舆情分析' },
  'opinion.warn': { level: UserType.ENTERPRISE, label: '舆情预警' },
  // §6 gives 24H monitoring (level 1) and a default duration of 0 below 2: placements start at 初级版 (issue #24)
  'placement.record': { level: UserType.BASIC, label: '投放记录' },
  'library.private': { level: GATE_DEFAULT_LEVEL, label: '私有达人库' },
  'video.report30d': { level: GATE_DEFAULT_LEVEL, label: '视频30天数据趋势' },
  'creator.portrait': { level: GATE_DEFAULT_LEVEL, label: '粉丝画像' },
  'creator.commercial': { level: GATE_DEFAULT_LEVEL, label: '商业价值评估' },
  'ranking.full': { level: UserType.BASIC, label: '完整榜单数据' },
  // the video libraries (issue #26 item 5): 免费版 reads the first page of 视频搜索; 短视频库 from 初级版
  'video.search': { level: UserType.BASIC, label: '视频搜索完整结果' },
  'video.short': { level: UserType.BASIC, label: '短视频库' },
  // issue #26 brands and sales (modules/brands, features/brand): brand exposure screens, then sales reports
  'commerce.brand': { level: UserType.PRO, label: '品牌曝光分析' },
  'commerce.sale': { level: UserType.ENTERPRISE, label: '带货销售报告' },
  // issue #26: goods overview, search, rank and detail from 初级版; the creators who sell (带货达人) from 专业版
  'commerce.goods': { level: UserType.BASIC, label: '带货商品分析' },
  'commerce.sellers': { level: UserType.PRO, label: '带货达人' },
} as const satisfies Record<string, FeatureRule>;
export type FeatureKey = keyof typeof FEATURE_POLICY;
export const FEATURE_KEYS = Object.keys(FEATURE_POLICY) as FeatureKey[];

export function isFeatureKey(value: string): value is FeatureKey {
  return Object.hasOwn(FEATURE_POLICY, value);
}

export function featureRule(feature: FeatureKey): FeatureRule {
  return FEATURE_POLICY[feature];
}

/** Whether a userType may use a feature. */
export function featureAllowed(userType: number, feature: FeatureKey): boolean {
  return userType >= FEATURE_POLICY[feature].level;
}

// ---------------------------------------------------------------------------------------------------------
// Which features' screens exist. Everything that advertises features (the comparison on /member, the upgrade
// popup, the level picker, the landing and about pages, the free-VIP poster) reads this: a 'planned' feature is
// shown as 即将上线, never as included. When a feature's screen ships, flip its line to 'built' — that is the
// whole change (the server's gate in FEATURE_POLICY is already in force).

export type FeatureStatus = 'built' | 'planned';
export const FEATURE_STATUS: Readonly<Record<FeatureKey, FeatureStatus>> = {
  'contrast.create': 'built', // comparison drawer and report (§2.7; issue #17: modules/contrast)
  'export.excel': 'built', // Excel export (issue #16: modules/export, features/export)
  'export.pdf': 'built', // comparison report PDF (#17: modules/contrast-pdf; 企业版 and 高级企业版)
  'monitor.duration.24h': 'built', // placement and video monitor windows (#24: modules/placements)
  'monitor.duration.48h': 'built',
  'monitor.duration.72h': 'built',
  'monitor.duration.7d': 'built',
  'monitor.video': 'built',
  'monitor.live': 'built', // livingMonitor (#24: modules/live, features/live)
  'opinion.analyse': 'built', // 舆情分析 (#25: modules/opinion, features/opinion)
  'opinion.warn': 'built', // 舆情预警 (#25: rules, warnings through modules/notify, notice export)
  'placement.record': 'built', // 投放记录 (#24: modules/placements, features/placement)
  'library.private': 'built', // 私有达人库 (#15: features/library, modules/library)
  'video.report30d': 'built', // video detail 数据趋势, 30 days (VideoTrendCard)
  'creator.portrait': 'built', // creator detail 粉丝画像
  'creator.commercial': 'built', // creator detail 商业价值评估
  'ranking.full': 'built', // rankings and activity lists beyond the sample rows
  'video.search': 'built', // 视频搜索 beyond its first page (#26: modules/video-library, features/video-library)
  'video.short': 'built', // 短视频库 (#26: the same search, short or vertical videos)
  'commerce.brand': 'built', // exposureRank, exposureSearch, brandDetail (#26: modules/brands, features/brand)
  'commerce.sale': 'built', // saleReport, saleContrast (#26: modules/brands, features/brand)
  'commerce.goods': 'built', // #26: modules/commerce, features/goods (goods, goodsSearch, goodsRank, goodsDetail)
  'commerce.sellers': 'built', // #26: sellGoodsKol
};

export const COMING_SOON = '即将上线';

export function featureBuilt(feature: FeatureKey): boolean {
  return FEATURE_STATUS[feature] === 'built';
}

/** One cell of the tier comparison: included (built and allowed), soon (allowed once built), none. */
export type FeatureCell = 'included' | 'soon' | 'none';
export function featureCell(feature: FeatureKey, userType: number): FeatureCell {
  if (!featureAllowed(userType, feature)) return 'none';
  return featureBuilt(feature) ? 'included' : 'soon';
}

export interface TierFeature {
  feature: FeatureKey;
  label: string;
  built: boolean;
}

/** The features a tier adds over the tier below it (from FEATURE_POLICY), built ones first. */
export function featuresAddedAt(userType: number): TierFeature[] {
  const added = FEATURE_KEYS.filter((f) => featureAllowed(userType, f) && !featureAllowed(userType - 1, f));
  return toTierFeatures(added);
}

/** The features `target` has and `userType` has not (what an upgrade adds), built ones first. */
export function featuresGained(userType: number, target: number): TierFeature[] {
  return toTierFeatures(FEATURE_KEYS.filter((f) => featureAllowed(target, f) && !featureAllowed(userType, f)));
}

function toTierFeatures(keys: readonly FeatureKey[]): TierFeature[] {
  const rows = keys.map((feature) => ({ feature, label: FEATURE_POLICY[feature].label, built: featureBuilt(feature) }));
  return [...rows.filter((r) => r.built), ...rows.filter((r) => !r.built)];
}

/** The refusal text of a feature. */
export function featureDeniedMessage(feature: FeatureKey): string {
  const rule: FeatureRule = FEATURE_POLICY[feature];
  return rule.message ?? Msg.upgradeTitle;
}

const DURATION_FEATURES: Readonly<Record<Exclude<MonitorDuration, 0>, FeatureKey>> = {
  1: 'monitor.duration.24h',
  2: 'monitor.duration.48h',
  3: 'monitor.duration.72h',
  7: 'monitor.duration.7d',
};

/** The feature key gating a monitor duration; null for 0 (no monitoring), which everyone may choose. */
export function monitorDurationFeature(duration: MonitorDuration): FeatureKey | null {
  return duration === 0 ? null : DURATION_FEATURES[duration];
}

/** Monitor durations a tier may choose (§6): 48H needs 2; 72H and 7 days need 3. */
export function allowedMonitorDurations(userType: number): MonitorDuration[] {
  return MONITOR_DURATIONS.filter((d) => {
    const feature = monitorDurationFeature(d);
    return feature === null || featureAllowed(userType, feature);
  });
}

/** The default monitor duration of a tier: 0 below 2 (§6), otherwise 24H. */
export function defaultMonitorDuration(userType: number): MonitorDuration {
  return userType < GATE_DEFAULT_LEVEL ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------------------
// Quotas: monthly allowances per tier (a month in Asia/Shanghai), seeded into `quota_rules`. A sub-account
// spends its team's (its parent's) allowance.

export const QUOTA_KINDS = ['contrast', 'export'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];

/**
 * Allowance per userType 0..4. contrast: comparison reports per month. export: rows (条) exported to Excel
 * per month; export needs 企业版 (export.excel), so the lower tiers have 0.
 */
export const QUOTA_DEFAULTS: Readonly<Record<QuotaKind, readonly [number, number, number, number, number]>> = {
  contrast: [0, 10, 30, 100, 300],
  export: [0, 0, 0, 5000, 20000],
};

/**
 * Sizes of a team's own lists per userType 0..4 (issue #15): saved creators per list (collect / delivery
 * list), saved videos per list, custom groups, monitored saved creators and private-library entries. The
 * server enforces them (a refusal carries the upgrade popup's target); a sub-account uses its parent's.
 */
export const LIST_LIMIT_KINDS = ['linkKol', 'linkVideo', 'group', 'monitor', 'library'] as const;
export type ListLimitKind = (typeof LIST_LIMIT_KINDS)[number];
export const LIST_LIMITS: Readonly<Record<ListLimitKind, readonly [number, number, number, number, number]>> = {
  linkKol: [20, 100, 500, 2000, 5000],
  linkVideo: [20, 100, 500, 2000, 5000],
  group: [2, 5, 20, 50, 100],
  monitor: [3, 10, 50, 200, 500],
  library: [0, 0, 1000, 10000, 20000],
};
export function listLimit(kind: ListLimitKind, userType: number): number {
  const row = LIST_LIMITS[kind];
  return row[Math.min(Math.max(userType, 0), 4)] ?? row[0];
}
