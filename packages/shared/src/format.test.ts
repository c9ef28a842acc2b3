import { describe, expect, it } from 'vitest';
import { formatAxis, formatCount, truncateTitle } from './format.js';
import { upgradeTarget, userTypeLabel } from './tiers.js';
import { isPublicPath, referrerPolicyFor } from './routes.js';

describe('formatCount (§9: 万 from 10,000)', () => {
  it.each([
    [0, '0'],
    [9999, '9,999'],
    [10_000, '1万'],
    [12_345, '1.2万'],
    [14_313_000, '1431.3万'],
    [463_000_000, '4.63亿'],
    [-25_000, '-2.5万'],
  ])('%d → %s', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });
  it('shows a dash for missing values', () => {
    expect(formatCount(null)).toBe('-');
    expect(formatCount(Number.NaN)).toBe('-');
  });
});

describe('formatAxis (§9: 万 or 千万)', () => {
  it('uses 千万 from ten million and 万 from ten thousand', () => {
    expect(formatAxis(30_000_000)).toBe('3千万');
    expect(formatAxis(25_000)).toBe('2.5万');
    expect(formatAxis(900)).toBe('900');
  });
  it('uses 亿 from a hundred million, never 15千万 (issue #23)', () => {
    expect(formatAxis(150_000_000)).toBe('1.5亿');
    expect(formatAxis(99_000_000)).toBe('9.9千万');
    expect(formatAxis(-200_000_000)).toBe('-2亿');
    expect(formatAxis(1_234_000_000)).toBe('12.34亿');
  });
});

describe('truncateTitle', () => {
  it('cuts at 50 or 60 characters, counting Chinese characters as one', () => {
    const title = '测'.repeat(61);
    expect(truncateTitle(title)).toBe(`${'测'.repeat(50)}…`);
    expect(truncateTitle(title, 60)).toBe(`${'测'.repeat(60)}…`);
    expect(truncateTitle('短标题')).toBe('短标题');
  });

  it('never splits an emoji sequence: a family, a skin tone or a flag counts as one character', () => {
    const family = '👨‍👩‍👧';
    const title = `${'测'.repeat(49)}${family}后面还有`;
    // code points would cut inside the family (👨 + joiner); characters keep it whole
    expect(truncateTitle(title)).toBe(`${'测'.repeat(49)}${family}…`);
    expect(truncateTitle(`${'测'.repeat(50)}👍🏻`)).toBe(`${'测'.repeat(50)}…`);
    const flags = `${'测'.repeat(49)}🇨🇳🇯🇵`;
    expect(truncateTitle(flags)).toBe(`${'测'.repeat(49)}🇨🇳…`);
    expect(truncateTitle(`${'测'.repeat(48)}👍🏻🇨🇳`)).toBe(`${'测'.repeat(48)}👍🏻🇨🇳`);
  });
});

describe('tiers and routes', () => {
  it('upgrade target is 2 from the free tier, otherwise the next tier (§4)', () => {
    expect(upgradeTarget(0)).toBe(2);
    expect(upgradeTarget(1)).toBe(2);
    expect(upgradeTarget(2)).toBe(3);
    expect(upgradeTarget(4)).toBe(4);
    expect(userTypeLabel(3)).toBe('企业版');
  });
  it('knows the public paths and the referrer rule (§2.1, §2.5)', () => {
    expect(isPublicPath('/index')).toBe(true);
    expect(isPublicPath('/search/upSearch')).toBe(false);
    expect(referrerPolicyFor('/customPage')).toBe('always');
    expect(referrerPolicyFor('/search/upSearch')).toBe('never');
  });
});
