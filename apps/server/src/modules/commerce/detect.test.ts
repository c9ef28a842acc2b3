import { describe, expect, it } from 'vitest';
import { BrandMatcher, type BrandAlias } from './detect-brands.js';
import { classifyUrl, lineAround, parseShopLinks } from './detect-links.js';
import { audienceItems, creatorSignals, detectSponsorship, scoreOf, type VideoTexts } from './detect-sponsor.js';
import { seedMatcher } from './testing/seed-dictionary.js';

const alias = (brandId: number, a: string, extra: Partial<BrandAlias> = {}): BrandAlias => ({
  brandId,
  brandName: `b${brandId}`,
  category: '数码',
  alias: a,
  ambiguous: false,
  contextWords: [],
  excludePhrases: [],
  ...extra,
});

const video = (v: Partial<VideoTexts>): VideoTexts => ({
  title: '',
  desc: '',
  tags: [],
  pinnedComment: null,
  comments: [],
  danmaku: [],
  label: null,
  goodsSources: [],
  ...v,
});

describe('shop links', () => {
  it('reads the item id of each platform', () => {
    expect(classifyUrl('https://item.taobao.com/item.htm?id=712345678901')).toMatchObject({
      platform: 'taobao',
      kind: 'item',
      itemId: '712345678901',
    });
    const items: [url: string, platform: string, itemId: string][] = [
      ['detail.tmall.com/item.htm?spm=a&id=623456789012', 'tmall', '623456789012'],
      ['https://item.jd.com/100012345678.html', 'jd', '100012345678'],
      ['https://item.m.jd.com/product/10087654321.html?x=1', 'jd', '10087654321'],
      ['https://mall.bilibili.com/detail.html?itemsId=1102345', 'bilibili', '1102345'],
      ['https://mobile.yangkeduo.com/goods.html?goods_id=456789012345', 'pdd', '456789012345'],
    ];
    for (const [url, platform, itemId] of items) expect(classifyUrl(url)).toMatchObject({ platform, itemId });
  });

  it('keeps short links as evidence without an item, and leaves video links alone', () => {
    expect(classifyUrl('https://b23.tv/Ab3dEf9')).toMatchObject({ platform: 'b23', kind: 'short', itemId: null });
    expect(classifyUrl('https://m.tb.cn/h.5XyZabc')).toMatchObject({ platform: 'taobao', kind: 'short' });
    expect(classifyUrl('https://u.jd.com/aBcDeF1')).toMatchObject({ platform: 'jd', kind: 'short' });
    expect(classifyUrl('https://b23.tv/BV1xx411c7mD')).toBeNull();
    expect(classifyUrl('https://www.bilibili.com/video/BV1xx411c7mD')).toBeNull();
    expect(classifyUrl('https://github.com/a/b')).toBeNull();
  });

  it('finds every link of a text once, in order, without trailing punctuation', () => {
    const text =
      '键盘：https://item.jd.com/1000555.html，鼠标 item.taobao.com/item.htm?id=7000001。\n再贴一次 https://item.jd.com/1000555.html';
    expect(parseShopLinks(text).map((l) => [l.platform, l.itemId, l.url])).toEqual([
      ['jd', '1000555', 'https://item.jd.com/1000555.html'],
      ['taobao', '7000001', 'item.taobao.com/item.htm?id=7000001'],
    ]);
  });

  it('reads a 淘口令 only beside a Taobao cue and only when it mixes letters and digits', () => {
    expect(parseShopLinks('复制￥AbCd1234Ef￥打开手机淘宝')).toMatchObject([{ platform: 'taobao', kind: 'token' }]);
    expect(parseShopLinks('编号(AbCd1234Ef)')).toEqual([]);
    expect(parseShopLinks('淘宝 (20240101)')).toEqual([]);
  });

  it('gives the line around a link as its evidence', () => {
    expect(lineAround('第一行\n鼠标 https://x.y/z 很好用\n第三行', 8)).toBe('鼠标 https://x.y/z 很好用');
  });
});

describe('brand aliases', () => {
  it('prefers the longest alias and never reuses a character', () => {
    const m = new BrandMatcher([alias(1, '小米'), alias(2, '小米汽车')]);
    expect(m.find('小米汽车和小米').map((h) => [h.brandId, h.alias])).toEqual([
      [2, '小米汽车'],
      [1, '小米'],
    ]);
  });

  it('matches Latin aliases on word boundaries, case-insensitively, model numbers allowed', () => {
    const m = new BrandMatcher([alias(1, 'MAC'), alias(2, 'iPhone'), alias(3, 'AMD')]);
    expect(m.find('MacBook 和 mac 口红').map((h) => h.alias)).toEqual(['mac']);
    expect(m.find('iPhone16 Pro').map((h) => h.brandId)).toEqual([2]);
    expect(m.find('AMDX 不是 AMD')).toHaveLength(1);
  });

  it('needs context for an ambiguous alias and drops it inside an exclude phrase', () => {
    const m = new BrandMatcher([
      alias(1, '小米', { ambiguous: true, contextWords: ['雷军'], excludePhrases: ['小米粥'] }),
    ]);
    expect(m.find('早上喝小米粥')).toEqual([]);
    expect(m.find('小米真好吃')).toEqual([]);
    expect(m.find('雷军说小米要做高端')).toHaveLength(1);
    expect(m.find('小米14 Ultra 体验')).toHaveLength(1); // a model number reads as the brand
    expect(m.find('小米10斤装')).toEqual([]); // a quantity does not
    expect(m.find('新款小米手机')).toHaveLength(1); // the category's words count too (手机)
  });

  it('on the seeded dictionary: false friends stay out', () => {
    const m = seedMatcher();
    const names = (t: string) => m.brands(t).map((h) => h.brandName);
    expect(names('吃了一个苹果，又喝了小米粥')).toEqual([]);
    expect(names('苹果发布会和小米发布会同一天')).toEqual(['苹果', '小米']);
    expect(names('在大众点评上找的店')).toEqual([]);
    expect(names('大众朗逸和丰田卡罗拉')).toEqual(['大众汽车', '丰田']);
    expect(names('王者荣耀和荣耀手机')).toEqual(['腾讯游戏', '荣耀']);
    expect(names('三只松鼠坚果礼包')).toEqual(['三只松鼠']);
    expect(names('树上有三只松鼠在跳')).toEqual([]);
    expect(names('这操作太NB了')).toEqual([]);
  });
});

describe('sponsorship signals', () => {
  const m = seedMatcher();

  it('reads the creator’s statements and names the sponsor', () => {
    const hits = creatorSignals('本视频由vivo赞助播出\n拍摄设备见简介', 'desc', m);
    expect(hits).toMatchObject([{ signal: 'sponsor_statement', location: 'desc', weight: 0.95 }]);
    expect(hits[0]?.brandId).toBeDefined();
    expect(creatorSignals('感谢Keep对本期视频的赞助', 'desc', m)[0]?.signal).toBe('sponsor_statement');
  });

  it('ignores contact lines, thanks to people and collaborators', () => {
    expect(creatorSignals('商务合作请联系：biz@qq.com', 'desc', m)).toEqual([]);
    expect(creatorSignals('感谢大家的支持！', 'desc', m)).toEqual([]);
    expect(creatorSignals('特别鸣谢：@阿明 提供的场地', 'desc', m)).toEqual([]);
    expect(creatorSignals('特别鸣谢：海底捞', 'desc', m)).toMatchObject([{ signal: 'sponsor_statement' }]);
    expect(creatorSignals('广告位招租', 'desc', m)).toEqual([]);
    expect(creatorSignals('和朋友去长沙恰饭', 'title', m)).toEqual([]);
  });

  it('keeps a denial as negative evidence', () => {
    expect(creatorSignals('自费购入，本视频无任何商业合作', 'desc', m).map((h) => h.signal)).toContain(
      'no_sponsor_statement',
    );
  });

  it('counts audience 恰饭 without negations and jokes', () => {
    expect(
      audienceItems(['恰饭了', '不是恰饭', '居然不是恰饭', '求恰饭', '金主爸爸', '还以为是广告', '广告太多']).map(
        (i) => i.text,
      ),
    ).toEqual(['恰饭了', '金主爸爸']);
  });

  it('decides: label alone yes, goods alone no, audience alone no, audience + brand title yes, denial scales', () => {
    expect(detectSponsorship(video({ label: '商业推广' }), m).sponsored).toBe(true);
    expect(detectSponsorship(video({ goodsSources: ['goods_area', 'desc'] }), m).sponsored).toBe(false);
    const crowd = ['恰饭', '恰饭了', '金主爸爸', '商单吧', '1', '2'];
    expect(detectSponsorship(video({ title: '日常', danmaku: crowd }), m).sponsored).toBe(false);
    const v = detectSponsorship(video({ title: '元气森林新品试喝', danmaku: crowd }), m);
    expect(v.sponsored).toBe(true);
    expect(v.signals.map((s) => s.signal).sort()).toEqual(['audience_qiafan', 'brand_in_title']);
    expect(v.brandId).not.toBeNull();
    const denied = detectSponsorship(video({ title: '元气森林新品试喝', desc: '非商单，自费', danmaku: crowd }), m);
    expect(denied.sponsored).toBe(false);
    expect(detectSponsorship(video({ label: '商业推广', desc: '本视频无任何商业合作' }), m).sponsored).toBe(true);
  });

  it('scores by noisy-or of the strongest weight of each kind', () => {
    const s = (signal: 'goods_link' | 'sponsor_statement', weight: number) =>
      ({ signal, location: 'desc', matched: '', snippet: '', weight }) as const;
    expect(scoreOf([s('goods_link', 0.3), s('goods_link', 0.4)])).toBe(0.4);
    expect(scoreOf([s('goods_link', 0.4), s('sponsor_statement', 0.5)])).toBe(0.7);
  });
});
