import crypto from 'node:crypto';
import * as sentiment from '../sentiment/index.js';
import type { Scorer } from './opinion.scoring.js';

/**
 * Fixed texts whose scores fingerprint the model: when modules/sentiment changes its model, the fingerprint
 * changes, and every text scored by the older model is scored again (opinion.scoring.ts resetOtherModels).
 */
const PROBES = [
  '太好看了吧！yyds',
  '这期有点水了，希望下次认真点',
  '可以，这很B站[doge]',
  '[微笑]',
  '打卡',
  '标题党，取关了',
  '请问BGM叫什么名字？',
  '哈哈哈哈哈',
  '我谢谢你啊',
  '宝藏UP主，相见恨晚[打call]',
];

let cached: Scorer | null = null;

/** The sentiment model of modules/sentiment with its version (its MODEL_VERSION when it names one). */
export function opinionScorer(): Scorer {
  if (cached) return cached;
  const named = (sentiment as Record<string, unknown>).MODEL_VERSION;
  const fingerprint = crypto
    .createHash('sha1')
    .update(JSON.stringify(sentiment.scoreMany(PROBES).map((r) => [r.label, Math.round(r.score * 1e6)])))
    .digest('hex')
    .slice(0, 12);
  cached = {
    version: typeof named === 'string' && named !== '' ? `${named}#${fingerprint}` : `fp-${fingerprint}`,
    scoreMany: (texts) => sentiment.scoreMany(texts),
  };
  return cached;
}
