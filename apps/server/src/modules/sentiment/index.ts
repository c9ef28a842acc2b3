/**
 * Sentiment of a comment or danmaku: positive / neutral / negative with P(positive).
 *
 * The public interface of the module; it stays stable whatever model sits behind it. Scoring is synchronous
 * and pure: the only I/O is reading the bundled model file (model.json) once, on first use. The model is a
 * logistic regression trained by scripts/sentiment/train.mjs on character n-grams, emotes and the lexicon's
 * numbers (see docs/metrics.md, 评论情感); the lexicon alone (lexicon.ts) is its feature source, not a fallback.
 */
import { bundledModel, probabilities } from './model.js';

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

export interface SentimentResult {
  label: SentimentLabel;
  /** P(positive), 0..1. */
  score: number;
}

/** Scores one text (a comment or a danmaku, emotes written as `[name]`). */
export function scoreSentiment(text: string): SentimentResult {
  const [negative, neutral, positive] = probabilities(bundledModel(), text);
  const label = positive > neutral && positive >= negative ? 'positive' : negative > neutral ? 'negative' : 'neutral';
  return { label, score: positive };
}

/** Scores many texts, in order. */
export function scoreMany(texts: readonly string[]): SentimentResult[] {
  return texts.map(scoreSentiment);
}
