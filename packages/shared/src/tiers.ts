/** Membership tiers of spec §3 and §6. */
export const UserType = { FREE: 0, BASIC: 1, PRO: 2, ENTERPRISE: 3, PREMIUM: 4 } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

/** Tier label by userType (§3). */
export const USER_TYPE_LABELS: Readonly<Record<number, string>> = {
  0: '免费版',
  1: '初级版',
  2: '专业版',
  3: '企业版',
  4: '高级企业版',
};

/** Level options of the purchase screen (§3): id 0..3; the level sent to the server is id + 1. */
export const LEVEL_OPTIONS = [
  { id: 0, label: '初级版' },
  { id: 1, label: '专业版' },
  { id: 2, label: '企业版' },
  { id: 3, label: '高级企业版' },
] as const;

/** versionType 2 marks a trial account. */
export const TRIAL_VERSION_TYPE = 2;
/** Default level a gated feature requires (§6). */
export const GATE_DEFAULT_LEVEL = 2;

export function userTypeLabel(userType: number): string {
  return USER_TYPE_LABELS[userType] ?? USER_TYPE_LABELS[0] ?? '免费版';
}

/** The tier an upgrade prompt offers: 2 from the free tier, otherwise the next one (§4). */
export function upgradeTarget(userType: number): number {
  return userType === 0 ? 2 : Math.min(userType + 1, 4);
}

/** Identity choices of the register form (§5): 3 brand, 4 ad media, 2 UP主, 5 MCN, 6 student. */
export const IDENTITY_TYPES = [
  { value: 3, label: '品牌方' },
  { value: 4, label: '广告媒介' },
  { value: 2, label: 'UP主' },
  { value: 5, label: 'MCN机构' },
  { value: 6, label: '学生', desktopOnly: true },
] as const;
