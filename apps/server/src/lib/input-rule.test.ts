import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue #14: one input rule for every text parameter. Parameter schemas live in packages/shared and in the
 * server's route files; every string there must be built with the shared `text()` / `requiredText()` /
 * `optionalText()` (packages/shared/src/validation.ts), which hold it to the rule. A bare `z.string()` in
 * those files fails here. (Schemas of provider answers and of the simulator parse what outside services
 * send, not requests, and are not covered.)
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function files(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(full, keep));
    else if (keep(full)) out.push(full);
  }
  return out;
}

describe('the one input rule', () => {
  it('no parameter schema uses a bare z.string()', () => {
    const shared = files(path.join(root, 'packages/shared/src'), (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const routes = files(path.join(root, 'apps/server/src/modules'), (f) => /\.routes\.ts$/.test(f));
    expect(shared.length).toBeGreaterThan(5);
    expect(routes.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (const file of [...shared, ...routes]) {
      if (file.endsWith(path.join('packages', 'shared', 'src', 'validation.ts'))) continue; // the rule itself
      const source = fs.readFileSync(file, 'utf8');
      source.split('\n').forEach((line, i) => {
        if (/\bz\s*\.\s*string\s*\(/.test(line) || /^\s*\.string\s*\(/.test(line))
          offenders.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
