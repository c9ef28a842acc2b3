import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_KEYS, featureBuilt } from '@xg/shared';

/**
 * FEATURE_STATUS says which gated features have a screen. Keep it true: a feature marked built must be gated
 * by a real screen (useFeature('<key>'), or a ScreenGate of that feature, outside features/gate, whose previews are
 * sample data), and a screen
 * that gates a feature still marked planned means the registry line should be flipped to 'built'.
 */
const SRC = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full.endsWith(path.join('features', 'gate')) ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });
}

describe('FEATURE_STATUS matches the screens', () => {
  const used = new Set<string>();
  for (const file of sources(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const gates = [
      /useFeature\('([a-z0-9.]+)'\)/g,
      // a ScreenGate with its feature as a prop, or its info in a typed constant
      /<ScreenGate\s+feature="([a-z0-9.]+)"/g,
      /: ScreenGateInfo = \{\s*feature: '([a-z0-9.]+)'/g,
    ];
    for (const gate of gates) {
      for (const match of text.matchAll(gate)) if (match[1]) used.add(match[1]);
    }
  }

  it.each(FEATURE_KEYS)('%s', (feature) => {
    expect(
      used.has(feature),
      featureBuilt(feature) ? 'marked built but no screen gates it' : 'a screen gates it: flip it to built',
    ).toBe(featureBuilt(feature));
  });
});
