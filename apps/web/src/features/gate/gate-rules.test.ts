import { describe, expect, it } from 'vitest';
import { FEATURE_POLICY, UserType } from '@xg/shared';
import type { FeaturePolicy } from './api/get-feature-policy';
import { popupTarget, ruleOf } from './gate-rules';

describe('gate rules', () => {
  it('offers upgradeTarget (2 from 免费版, else the next tier), at least the required level', () => {
    expect(popupTarget(UserType.FREE, 2)).toBe(2);
    expect(popupTarget(UserType.FREE, 1)).toBe(2);
    expect(popupTarget(UserType.BASIC, 2)).toBe(2);
    expect(popupTarget(UserType.PRO, 2)).toBe(3);
    expect(popupTarget(UserType.FREE, 3)).toBe(3);
    expect(popupTarget(UserType.PREMIUM, 3)).toBe(4);
  });

  it("uses the server's rule and falls back to the shared table", () => {
    const data: FeaturePolicy = {
      policy: { 'export.excel': { level: 4, label: '导出Excel' } },
      userType: 0,
      allowed: [],
      monitorDurations: [0],
      gateDefaultLevel: 2,
    };
    expect(ruleOf(data, 'export.excel').level).toBe(4);
    expect(ruleOf(data, 'creator.portrait')).toBe(FEATURE_POLICY['creator.portrait']);
    expect(ruleOf(undefined, 'export.pdf')).toBe(FEATURE_POLICY['export.pdf']);
  });
});
