/**
 * Features of the trained sentiment model, shared by the training script (scripts/sentiment/train.mjs) and the
 * scorer so that both see exactly the same thing:
 * - character 1- to 3-grams of the normalised text with `^` / `$` marking its ends (a whole short danmaku such as
 *   `^典$` becomes one feature of its own), runs of one character cut to three (哈哈哈哈哈 = 哈哈哈);
 * - each emote as a token of its own (`[doge]`), removed from the character stream;
 * - a few numeric features from the hand-written lexicon (polarity words with negation, emote polarity, irony
 *   markers, laughter, question) so that what the lexicon knows reaches texts whose n-grams were never seen.
 * No segmenter is needed: character n-grams carry the words.
 */
import { emotesOf, lexiconHitsOf, normalizeText } from './lexicon.js';

/** Numeric feature names, in the order of `numericFeatures`. */
export const NUMERIC_FEATURES = [
  'lex_pos',
  'lex_neg',
  'irony',
  'emote_pos',
  'emote_neg',
  'emote_ironic',
  'emote_only',
  'laughter',
  'question',
  'exclaim',
  'short_pos',
  'short_neg',
  'short_zero',
  'empty',
  'tail_pos',
  'tail_neg',
] as const;

const EMOTE_RE = /\[[^[\]\s]{1,12}\]/g;

/** Normalised text without emotes, with runs of one character cut to three and spaces squeezed. */
export function gramText(normalized: string): string {
  return normalized
    .replace(EMOTE_RE, ' ')
    .replace(/(.)\1{3,}/gu, '$1$1$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Calls `visit` with each sparse (string) feature of a normalised text: its emotes, then its character 1–3-grams
 * (a gram may come more than once; `sparseFeatures` and the scorer count each once).
 */
export function forEachFeature(normalized: string, visit: (feature: string) => void): void {
  for (const e of emotesOf(normalized)) visit(e);
  const chars = ['^'];
  for (const c of gramText(normalized)) chars.push(c);
  chars.push('$');
  const n = chars.length;
  for (let i = 0; i < n; i++) {
    const c1 = chars[i] ?? '';
    if (i > 0 && i < n - 1 && c1 !== ' ') visit(c1);
    const c2 = chars[i + 1];
    if (c2 === undefined) continue;
    const bi = c1 + c2;
    visit(bi);
    const c3 = chars[i + 2];
    if (c3 !== undefined) visit(bi + c3);
  }
}

/** The sparse features of a text, each once. */
export function sparseFeatures(raw: string): string[] {
  const out = new Set<string>();
  forEachFeature(normalizeText(raw), (f) => out.add(f));
  return [...out];
}

const cap = (x: number, max: number) => (x > max ? max : x);

/** The numeric features of a text, in NUMERIC_FEATURES order, each roughly in 0..1. */
export function numericFeatures(raw: string): number[] {
  return numericFeaturesOf(normalizeText(raw));
}

/** numericFeatures of an already normalised text. */
export function numericFeaturesOf(normalized: string): number[] {
  const h = lexiconHitsOf(normalized);
  const empty = normalized.length === 0;
  return [
    cap(h.positive / 3, 2),
    cap(h.negative / 3, 2),
    cap(h.irony, 2),
    cap(h.emotePositive / 2, 2),
    cap(h.emoteNegative / 2, 2),
    cap(h.emoteIronic, 2),
    h.emoteOnly ? 1 : 0,
    h.laughter ? 1 : 0,
    h.question ? 1 : 0,
    h.exclaim ? 1 : 0,
    h.short !== null && h.short > 0 ? 1 : 0,
    h.short !== null && h.short < 0 ? 1 : 0,
    h.short === 0 ? 1 : 0,
    empty ? 1 : 0,
    cap(h.tailPositive / 3, 2),
    cap(h.tailNegative / 3, 2),
  ];
}
