import { describe, expect, it } from 'vitest';
import { ownText, textWords } from './opinion.words.js';

describe('a sub-reply answering another one', () => {
  it('is read without its "回复 @name :" prefix', () => {
    expect(ownText('回复 @翻车鱼小王 :这期广告太多了')).toBe('这期广告太多了');
    expect(ownText('回复 @bili_12345678901：说得对[doge]')).toBe('说得对[doge]');
    // only a leading prefix is one
    expect(ownText('我想回复 @某人 :好')).toBe('我想回复 @某人 :好');
    expect(ownText('这期广告太多了')).toBe('这期广告太多了');
  });

  it('gives no word of the answered name to the word cloud', () => {
    const words = textWords('回复 @标题党研究员 :质量很高');
    expect(words.some((w) => w.includes('标题党') || w.includes('研究员'))).toBe(false);
    expect(words).toContain('质量');
  });
});
