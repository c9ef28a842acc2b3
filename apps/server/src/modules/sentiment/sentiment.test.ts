import { describe, expect, it } from 'vitest';
import { scoreMany, scoreSentiment, type SentimentLabel } from './index.js';

/** Fixed cases written for this test (not the simulator's texts): each must keep its label. */
const CASES: readonly (readonly [string, SentimentLabel])[] = [
  ['太好看了吧！UP主yyds', 'positive'],
  ['讲得好清楚，终于看懂了，三连支持', 'positive'],
  ['这期有点水了，希望下次认真点', 'negative'],
  ['又恰饭，取关了', 'negative'],
  ['请问BGM叫什么名字？', 'neutral'],
  ['打卡', 'neutral'],
  // emotes
  ['[打call][打call]', 'positive'],
  ['[生气]', 'negative'],
  ['[吃瓜]', 'neutral'],
  // irony: praise under a cold smile, sarcasm markers
  ['做得真好呢[微笑]', 'negative'],
  ['真是好样的，又是广告', 'negative'],
  // very short danmaku
  ['哈哈哈哈哈', 'positive'],
  ['666', 'positive'],
  ['awsl', 'positive'],
  ['绷不住了', 'positive'],
  ['典', 'negative'],
  ['急了', 'negative'],
  ['不好看', 'negative'],
];

describe('scoreSentiment', () => {
  it.each(CASES)('%s → %s', (text, label) => {
    expect(scoreSentiment(text).label).toBe(label);
  });

  it('gives P(positive) in 0..1, high for praise and low for abuse', () => {
    const praise = scoreSentiment('太精彩了，UP主辛苦了');
    const abuse = scoreSentiment('垃圾视频，恶心');
    expect(praise.score).toBeGreaterThan(0.5);
    expect(abuse.score).toBeLessThan(0.2);
    for (const r of [praise, abuse, scoreSentiment(''), scoreSentiment('   ')]) {
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(1);
    }
  });

  it('calls an empty text neutral', () => {
    expect(scoreSentiment('').label).toBe('neutral');
  });
});

describe('scoreMany', () => {
  it('scores in order, the same as one by one', () => {
    const texts = CASES.map(([t]) => t);
    expect(scoreMany(texts)).toEqual(texts.map((t) => scoreSentiment(t)));
  });
});

describe('parseModel', () => {
  it('refuses a model file of another shape', async () => {
    const { parseModel } = await import('./model.js');
    expect(() => parseModel(null)).toThrow();
    expect(() => parseModel({ version: 2 })).toThrow();
    expect(() =>
      parseModel({
        version: 1,
        labels: ['negative', 'neutral', 'positive'],
        temperature: 1,
        bias: [0, 0],
        numeric: {},
        grams: {},
      }),
    ).toThrow();
  });
});
