/**
 * Sentiment of a comment or danmaku: positive / neutral / negative with P(positive).
 *
 * The public interface of the module; it stays stable whatever model sits behind it. Scoring is synchronous
 * and pure: nothing is read or fetched at call time.
 */
import { lexiconPolarity } from './lexicon.js';

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

export interface SentimentResult {
  label: SentimentLabel;
  /** P(positive), 0..1. */
  score: number;
}

/** Distance of a polarity from zero at which the neutral class stops winning. */
const NEUTRAL_MARGIN = 0.75;

function fromPolarity(s: number): SentimentResult {
  const pos = Math.exp(s - NEUTRAL_MARGIN);
  const neg = Math.exp(-s - NEUTRAL_MARGIN);
  const total = pos + neg + 1;
  const label: SentimentLabel = pos > 1 && pos >= neg ? 'positive' : neg > 1 ? 'negative' : 'neutral';
  return { label, score: pos / total };
}

/** Scores one text (a comment or a danmaku, emotes written as `[name]`). */
export function scoreSentiment(text: string): SentimentResult {
  return fromPolarity(lexiconPolarity(text));
}

/** Scores many texts, in order. */
export function scoreMany(texts: readonly string[]): SentimentResult[] {
  return texts.map(scoreSentiment);
}
