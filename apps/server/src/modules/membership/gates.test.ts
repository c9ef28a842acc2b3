import { describe, expect, it } from 'vitest';
import {
  ApiCode,
  FEATURE_KEYS,
  MemberMsg,
  Msg,
  allowedMonitorDurations,
  defaultMonitorDuration,
  type FeatureKey,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import { requireFeature, requireMonitorDuration } from './gates.js';

/** Written out by hand from spec §2.7, §5, §6 and docs/api/membership.md, not derived from the policy table. */
const ALLOWED: Record<FeatureKey, readonly number[]> = {
  'contrast.create': [1, 2, 3, 4],
  'export.excel': [3, 4],
  'export.pdf': [3, 4], // spec §5 says 3 only; issue #13: a higher tier includes everything below
  'monitor.duration.24h': [1, 2, 3, 4],
  'monitor.duration.48h': [2, 3, 4],
  'monitor.duration.72h': [3, 4],
  'monitor.duration.7d': [3, 4],
  'monitor.video': [2, 3, 4],
  'monitor.live': [2, 3, 4],
  'opinion.analyse': [2, 3, 4],
  'opinion.warn': [3, 4],
  'placement.record': [1, 2, 3, 4],
  'library.private': [2, 3, 4],
  'video.report30d': [2, 3, 4],
  'creator.portrait': [2, 3, 4],
  'creator.commercial': [2, 3, 4],
  'ranking.full': [1, 2, 3, 4],
  'video.search': [1, 2, 3, 4], // issue #26: 免费版 reads the first page of 视频搜索
  'video.short': [1, 2, 3, 4], // issue #26: 短视频库 from 初级版
  'commerce.brand': [2, 3, 4],
  'commerce.sale': [3, 4],
  'commerce.goods': [1, 2, 3, 4], // issue #26
  'commerce.sellers': [2, 3, 4],
};

const MESSAGES: Partial<Record<FeatureKey, string>> = {
  'contrast.create': MemberMsg.contrastNoPermission,
  'export.excel': Msg.exportBlocked,
  'export.pdf': MemberMsg.pdfEnterpriseOnly,
  'monitor.duration.48h': MemberMsg.monitor48h,
  'monitor.duration.72h': MemberMsg.monitorLong,
  'monitor.duration.7d': MemberMsg.monitorLong,
};

function refusal(fn: () => void): AppError | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

describe('requireFeature: every gate of FEATURE_POLICY for every tier', () => {
  it('has a row here for every feature of the policy', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual([...FEATURE_KEYS].sort());
  });

  const cases = FEATURE_KEYS.flatMap((feature) => [0, 1, 2, 3, 4].map((userType) => [feature, userType] as const));
  it.each(cases)('%s for userType %i', (feature, userType) => {
    const error = refusal(() => requireFeature({ userType }, feature));
    if (ALLOWED[feature].includes(userType)) {
      expect(error).toBeNull();
      return;
    }
    expect(error).not.toBeNull();
    expect(error?.code).toBe(ApiCode.FAIL);
    expect(error?.httpStatus).toBe(200);
    expect(error?.message).toBe(MESSAGES[feature] ?? Msg.upgradeTitle);
    expect(error?.extra).toMatchObject({ feature });
    const target = error?.extra.upgradeTarget as number;
    expect(target).toBeGreaterThan(userType === 4 ? 3 : userType);
  });

  it('offers 专业版 to a free user and the next tier otherwise (§4)', () => {
    expect(refusal(() => requireFeature({ userType: 0 }, 'monitor.video'))?.extra.upgradeTarget).toBe(2);
    expect(refusal(() => requireFeature({ userType: 1 }, 'monitor.video'))?.extra.upgradeTarget).toBe(2);
    expect(refusal(() => requireFeature({ userType: 2 }, 'export.excel'))?.extra.upgradeTarget).toBe(3);
  });
});

describe('monitor durations (§6, §9)', () => {
  it('allows 48H from 专业版 and 72H / 7 days from 企业版', () => {
    expect(allowedMonitorDurations(0)).toEqual([0]);
    expect(allowedMonitorDurations(1)).toEqual([0, 1]);
    expect(allowedMonitorDurations(2)).toEqual([0, 1, 2]);
    expect(allowedMonitorDurations(3)).toEqual([0, 1, 2, 3, 7]);
    expect(allowedMonitorDurations(4)).toEqual([0, 1, 2, 3, 7]);
    expect(defaultMonitorDuration(1)).toBe(0);
    expect(defaultMonitorDuration(2)).toBe(1);
  });

  it.each([
    [0, 0, null],
    [1, 2, MemberMsg.monitor48h],
    [2, 3, MemberMsg.monitorLong],
    [2, 7, MemberMsg.monitorLong],
    [3, 7, null],
  ] as const)('userType %i choosing %i', (userType, duration, message) => {
    const error = refusal(() => requireMonitorDuration({ userType }, duration));
    expect(error?.message ?? null).toBe(message);
  });
});
