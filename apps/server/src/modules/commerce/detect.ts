/**
 * Everything the commerce detectors find on one video page (pure): goods from the goods area and from shop
 * links, every shop link as evidence, brand mentions per place, and the sponsorship verdict with its signals.
 * The collector (commerce.collect.ts) feeds it what it read; the repository stores the answer.
 */
import type { GoodsCardRecord } from '../../providers/bilibili/index.js';
import type { BrandMatcher } from './detect-brands.js';
import { classifyUrl, lineAround, parseShopLinks, type LinkKind, type LinkPlatform } from './detect-links.js';
import { detectSponsorship, type SignalHit, type TextLocation } from './detect-sponsor.js';

export type GoodsPlatform = 'taobao' | 'tmall' | 'jd' | 'bilibili' | 'pdd';
export type GoodsSource = 'desc' | 'pinned_comment' | 'goods_area';

export interface PageTexts {
  title: string;
  desc: string;
  tags: readonly string[];
  label: string | null;
  pinnedComment: string | null;
  comments: readonly string[];
  danmaku: readonly string[];
  goodsCards: readonly GoodsCardRecord[];
}

export interface FoundGoods {
  platform: GoodsPlatform;
  itemId: string;
  /** the card's title, or the text of the line that held the link */
  title: string;
  price: number | null;
  shop: string;
  cover: string;
  url: string;
  /** the card's own category word, when it names one */
  category: string | null;
  brandId: number | null;
  source: GoodsSource;
  /** the URL as written */
  link: string;
  evidence: string;
}

export interface FoundLink {
  url: string;
  source: GoodsSource;
  platform: LinkPlatform;
  kind: LinkKind;
  itemId: string | null;
  evidence: string;
}

/** where a brand is named (video_brand_mentions.location): a text of the page, or a goods card */
export type MentionLocation = Exclude<TextLocation, 'goods_area'> | 'goods';

export interface FoundMention {
  brandId: number;
  location: MentionLocation;
  alias: string;
  evidence: string;
  hits: number;
}

export interface PageDetection {
  goods: FoundGoods[];
  links: FoundLink[];
  mentions: FoundMention[];
  sponsored: boolean;
  selling: boolean;
  score: number;
  brandId: number | null;
  signals: SignalHit[];
}

const GOODS_PLATFORMS = new Set<string>(['taobao', 'tmall', 'jd', 'bilibili', 'pdd']);
const isGoodsPlatform = (p: string): p is GoodsPlatform => GOODS_PLATFORMS.has(p);

/** The name of an item from the line that links it: the line without the URL and a 【平台】 prefix. */
export function titleFromLine(line: string, url: string): string {
  return line
    .replace(url, ' ')
    .replace(/^\s*(?:【[^】]{1,8}】|\[[^\]]{1,8}\])/, '')
    .replace(/[👇👉➡→:：]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
}

function linksOf(text: string, source: GoodsSource): FoundLink[] {
  return parseShopLinks(text).map((l) => ({
    url: l.url,
    source,
    platform: l.platform,
    kind: l.kind,
    itemId: l.itemId,
    evidence: lineAround(text, l.index),
  }));
}

function mentionsOf(
  matcher: BrandMatcher,
  texts: readonly string[],
  location: MentionLocation,
  out: Map<string, FoundMention>,
): void {
  for (const text of texts) {
    const seen = new Set<number>();
    for (const hit of matcher.find(text)) {
      if (seen.has(hit.brandId)) continue; // one text counts once per brand
      seen.add(hit.brandId);
      const key = `${hit.brandId}|${location}`;
      const prev = out.get(key);
      if (prev) prev.hits += 1;
      else
        out.set(key, {
          brandId: hit.brandId,
          location,
          alias: hit.alias,
          evidence: hit.evidence.slice(0, 80),
          hits: 1,
        });
    }
  }
}

export function detectPage(page: PageTexts, matcher: BrandMatcher): PageDetection {
  const links = [
    ...linksOf(page.desc, 'desc'),
    ...(page.pinnedComment ? linksOf(page.pinnedComment, 'pinned_comment') : []),
  ];
  const goods: FoundGoods[] = [];
  const brandOf = (text: string) => matcher.brands(text)[0]?.brandId ?? null;
  for (const card of page.goodsCards) {
    const fromUrl = classifyUrl(card.url);
    const platform = isGoodsPlatform(card.source) ? card.source : fromUrl?.platform;
    const itemId = /^[0-9A-Za-z_-]{1,40}$/.test(card.itemId) ? card.itemId : fromUrl?.itemId;
    if (!platform || !isGoodsPlatform(platform) || !itemId) continue;
    goods.push({
      platform,
      itemId,
      title: card.title.slice(0, 120),
      price: card.price,
      shop: card.shop,
      cover: card.cover,
      url: card.url,
      category: card.category,
      brandId: brandOf(`${card.title} ${card.shop}`),
      source: 'goods_area',
      link: card.url,
      evidence: `商品橱窗：${card.title}`.slice(0, 120),
    });
    links.push({
      url: card.url,
      source: 'goods_area',
      platform,
      kind: 'item',
      itemId,
      evidence: card.title.slice(0, 120),
    });
  }
  for (const l of links) {
    if (l.source === 'goods_area' || l.kind !== 'item' || !l.itemId || !isGoodsPlatform(l.platform)) continue;
    const title = titleFromLine(l.evidence, l.url);
    goods.push({
      platform: l.platform,
      itemId: l.itemId,
      title,
      price: null,
      shop: '',
      cover: '',
      url: l.url.startsWith('http') ? l.url : `https://${l.url}`,
      category: null,
      brandId: brandOf(title),
      source: l.source,
      link: l.url,
      evidence: l.evidence,
    });
  }
  const mentions = new Map<string, FoundMention>();
  mentionsOf(matcher, [page.title], 'title', mentions);
  mentionsOf(matcher, page.tags, 'tag', mentions);
  mentionsOf(matcher, [page.desc], 'desc', mentions);
  if (page.pinnedComment) mentionsOf(matcher, [page.pinnedComment], 'pinned_comment', mentions);
  mentionsOf(matcher, page.comments, 'comment', mentions);
  mentionsOf(matcher, page.danmaku, 'danmaku', mentions);
  mentionsOf(
    matcher,
    page.goodsCards.map((c) => `${c.title} ${c.shop}`),
    'goods',
    mentions,
  );
  if (page.label) mentionsOf(matcher, [page.label], 'label', mentions);

  const goodsSources = [
    ...new Set([...goods.map((g) => g.source), ...links.filter((l) => l.kind !== 'shop').map((l) => l.source)]),
  ];
  const verdict = detectSponsorship(
    {
      title: page.title,
      desc: page.desc,
      tags: page.tags,
      pinnedComment: page.pinnedComment,
      comments: page.comments,
      danmaku: page.danmaku,
      label: page.label,
      goodsSources,
    },
    matcher,
  );
  return {
    goods,
    links,
    mentions: [...mentions.values()],
    sponsored: verdict.sponsored,
    selling: goods.length > 0,
    score: verdict.score,
    brandId: verdict.brandId,
    signals: verdict.signals,
  };
}
