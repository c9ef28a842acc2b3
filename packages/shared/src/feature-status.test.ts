import { describe, expect, it } from 'vitest';
import {
  FEATURE_KEYS,
  FEATURE_POLICY,
  FEATURE_STATUS,
  featureAllowed,
  featureCell,
  featuresAddedAt,
  featuresGained,
} from './membership.js';

const TIERS = [0, 1, 2, 3, 4] as const;

describe('the gate policy and the built-features registry', () => {
  it('has a status for every gated feature and no other', () => {
    expect(Object.keys(FEATURE_STATUS).sort()).toEqual([...FEATURE_KEYS].sort());
  });

  it('gives each higher tier everything of the tier below (every feature × tier)', () => {
    for (const feature of FEATURE_KEYS) {
      for (const tier of TIERS.slice(0, -1)) {
        if (featureAllowed(tier, feature))
          expect(featureAllowed(tier + 1, feature), `${feature} at ${tier + 1}`).toBe(true);
      }
      expect(featureAllowed(4, feature), `${feature} at 高级企业版`).toBe(true);
      expect(featureAllowed(0, feature), `${feature} at 免费版`).toBe(false);
    }
    // issue #13: 高级企业版 has PDF export as 企业版 does
    expect(featureAllowed(4, 'export.pdf')).toBe(true);
  });

  it('never shows a feature without a screen as included (issue #13 list, written out by hand)', () => {
    // issue #24 built placements, video and live monitoring and the monitor durations, issue #25 the opinion
    // screens: every gated feature has its screen now, so none is 'soon'
    const notBuilt = FEATURE_KEYS.filter((f) => FEATURE_STATUS[f] !== 'built');
    expect(notBuilt).toEqual([]);
    for (const feature of FEATURE_KEYS) {
      expect(
        TIERS.map((tier) => featureCell(feature, tier)),
        feature,
      ).not.toContain('soon');
    }
    expect(TIERS.map((tier) => featureCell('monitor.live', tier))).toEqual([
      'none',
      'none',
      'included',
      'included',
      'included',
    ]);
    expect(TIERS.map((tier) => featureCell('creator.portrait', tier))).toEqual([
      'none',
      'none',
      'included',
      'included',
      'included',
    ]);
    expect(TIERS.map((tier) => featureCell('ranking.full', tier))).toEqual([
      'none',
      'included',
      'included',
      'included',
      'included',
    ]);
  });

  it('lists what each tier adds, built first, each feature at exactly one tier', () => {
    expect(featuresAddedAt(1).map((f) => [f.feature, f.built])).toEqual([
      ['contrast.create', true], // issue #17
      ['monitor.duration.24h', true], // issue #24
      ['placement.record', true],
      ['ranking.full', true],
      ['video.search', true], // issue #26
      ['video.short', true],
      ['commerce.goods', true], // issue #26
    ]);
    expect(
      featuresAddedAt(3)
        .filter((f) => f.built)
        .map((f) => f.feature),
    ).toEqual([
      'export.excel',
      'export.pdf',
      'monitor.duration.72h',
      'monitor.duration.7d',
      'opinion.warn',
      'commerce.sale', // issue #26
    ]);
    expect(featuresAddedAt(4)).toEqual([]);
    const all = [1, 2, 3, 4].flatMap((tier) => featuresAddedAt(tier).map((f) => f.feature));
    expect(all.sort()).toEqual([...FEATURE_KEYS].sort());
    expect(featuresGained(0, 2).map((f) => f.label)).toEqual([
      FEATURE_POLICY['contrast.create'].label,
      FEATURE_POLICY['monitor.duration.24h'].label,
      FEATURE_POLICY['monitor.duration.48h'].label,
      FEATURE_POLICY['monitor.video'].label,
      FEATURE_POLICY['monitor.live'].label,
      FEATURE_POLICY['opinion.analyse'].label,
      FEATURE_POLICY['placement.record'].label,
      FEATURE_POLICY['library.private'].label,
      FEATURE_POLICY['video.report30d'].label,
      FEATURE_POLICY['creator.portrait'].label,
      FEATURE_POLICY['creator.commercial'].label,
      FEATURE_POLICY['ranking.full'].label,
      FEATURE_POLICY['video.search'].label,
      FEATURE_POLICY['video.short'].label,
      FEATURE_POLICY['commerce.brand'].label, // issue #26
      FEATURE_POLICY['commerce.goods'].label,
      FEATURE_POLICY['commerce.sellers'].label,
      ...featuresGained(0, 2)
        .filter((f) => !f.built)
        .map((f) => f.label),
    ]);
  });
});
