/**
 * The brand dictionary as migration 0061 seeds it, read from the migration file (tests only): the detectors'
 * unit tests and the labelled-set measurement run on the real seed without a database. The integration tests
 * read the same rows from PostgreSQL through CommerceRepository.dictionary().
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../../db/migrate.js';
import { BrandMatcher, type BrandAlias } from '../detect-brands.js';

function textArray(sql: string): string[] {
  if (sql.startsWith("'{}'")) return [];
  const inner = /^ARRAY\[(.*)\]::text\[\]$/.exec(sql)?.[1] ?? '';
  return [...inner.matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] ?? '').replace(/''/g, "'"));
}

export function seedAliases(): BrandAlias[] {
  const sql = readFileSync(path.join(MIGRATIONS_DIR, '0061_commerce.sql'), 'utf8');
  const [brandPart, aliasPart] = sql.split('INSERT INTO brand_aliases');
  const categories = new Map<string, string>();
  const ids = new Map<string, number>();
  for (const m of (brandPart ?? '').matchAll(/^ {2}\('((?:[^']|'')*)', '([^']*)'\),?$/gm)) {
    const name = (m[1] ?? '').replace(/''/g, "'");
    categories.set(name, m[2] ?? '');
    ids.set(name, ids.size + 1);
  }
  const out: BrandAlias[] = [];
  const row =
    /^ {2}\('((?:[^']|'')*)', '((?:[^']|'')*)', (true|false), ('\{\}'::text\[\]|ARRAY\[.*?\]::text\[\]), ('\{\}'::text\[\]|ARRAY\[.*?\]::text\[\])\),?$/gm;
  for (const m of (aliasPart ?? '').matchAll(row)) {
    const brandName = (m[1] ?? '').replace(/''/g, "'");
    out.push({
      brandId: ids.get(brandName) ?? 0,
      brandName,
      category: categories.get(brandName) ?? '其他',
      alias: (m[2] ?? '').replace(/''/g, "'"),
      ambiguous: m[3] === 'true',
      contextWords: textArray(m[4] ?? ''),
      excludePhrases: textArray(m[5] ?? ''),
    });
  }
  return out;
}

let cached: BrandMatcher | null = null;
export function seedMatcher(): BrandMatcher {
  cached ??= new BrandMatcher(seedAliases());
  return cached;
}
