/**
 * Sponsorship (商业推广 / 商单 / 恰饭) signals in a video's texts, and the verdict. Pure; docs/metrics.md
 * "Commerce detection" gives the weights and the measured precision / recall.
 *
 * A video is SPONSORED when a brand paid for it (商业合作): the platform's commercial-partnership label, or the
 * creator saying so (本视频由 X 赞助, 感谢 X 对本视频的支持, 本视频含商业推广, #商单#, 恰个饭), or the audience
 * saying so (恰饭 / 商单 / 金主 danmaku and comments, jokes and negations left out) together with a brand in the
 * title. Carrying goods (带货) is SELLING, reported apart: a goods link alone never makes a video sponsored.
 *
 * Each signal has a weight in (0, 1]; the score is their noisy-or 1 − Π(1 − w) over the strongest signal of
 * each kind; sponsored = score ≥ SPONSORED_THRESHOLD. The creator's own "no sponsor" disclosure (本视频无任何商业
 * 合作, 自费购买, 非商单) scales the score by NO_SPONSOR_FACTOR unless the label or the creator's own disclosure
 * says otherwise.
 */
import type { BrandHit, BrandMatcher } from './detect-brands.js';

export type SponsorSignal =
  | 'commercial_label'
  | 'sponsor_statement'
  | 'ad_disclosure'
  | 'no_sponsor_statement'
  | 'goods_link'
  | 'audience_qiafan'
  | 'brand_in_title';

export type TextLocation = 'title' | 'tag' | 'desc' | 'pinned_comment' | 'comment' | 'danmaku' | 'goods_area' | 'label';

export interface SignalHit {
  signal: SponsorSignal;
  location: TextLocation;
  /** the words that matched */
  matched: string;
  /** the sentence around them (≤ 100 characters) */
  snippet: string;
  weight: number;
  /** the sponsor the signal names, when it names one */
  brandId?: number;
}

export const SPONSORED_THRESHOLD = 0.8;
export const NO_SPONSOR_FACTOR = 0.4;

export const WEIGHTS = {
  commercial_label: 1,
  sponsor_statement: 0.95,
  thanks_statement: 0.9,
  special_thanks_brand: 0.85,
  ad_disclosure: 0.95,
  creator_qiafan: 0.85,
  goods_area: 0.4,
  goods_link: 0.3,
  audience_many: 0.7,
  audience_some: 0.6,
  brand_in_title: 0.5,
} as const;

/** Audience signals: at least this many items, and at least this share of the items read. */
export const AUDIENCE_MIN_ITEMS = 3;
export const AUDIENCE_MANY_ITEMS = 8;
export const AUDIENCE_MIN_SHARE = 0.01;

const SENTENCE_END = /[。！!？?\n；;]/;

function sentenceAround(text: string, index: number, length: number, max = 100): string {
  let start = index;
  while (start > 0 && !SENTENCE_END.test(text[start - 1] ?? '')) start -= 1;
  let end = index + length;
  while (end < text.length && !SENTENCE_END.test(text[end] ?? '')) end += 1;
  const s = text.slice(start, end).trim();
  return s.length <= max ? s : text.slice(Math.max(0, index - 40), index + length + 40).trim();
}

/** A contact line (商务合作请联系 …@qq.com) is an offer, not a disclosure. */
const CONTACT_LINE = /联系|邮箱|e-?mail|@|私信|vx|v信|微信|wx|qq|商务|合作请|请联|对接/i;
/** "广告位招租", "没有广告": a joke or a denial, not an ad. */
const NOT_AN_AD =
  /广告位招租|招租|无广告|没有广告|不是广告|非广告|没广告|拒绝广告|不接广告|跳过广告|广告拦截|去广告|广告太多|片头广告|贴片广告|广告学|广告设计|广告片|广告公司|广告牌/;

const SPONSOR_PATTERNS: readonly { re: RegExp; signal: SponsorSignal; weight: number; brandGroup: boolean }[] = [
  {
    // 本视频由 X 赞助 / 本期视频由 X 独家冠名 / 本视频得到了 X 的支持
    re: /本(?:期|条|集)?视频(?:由|获得了?|得到了?)\s*([^，。,.!！？?\n]{1,24}?)\s*(?:的)?(?:独家|倾情|大力)?(?:赞助|冠名|特约|支持播出|支持)/,
    signal: 'sponsor_statement',
    weight: WEIGHTS.sponsor_statement,
    brandGroup: true,
  },
  {
    // 感谢 X 对本视频的支持 / 感谢 X 赞助本期视频 / 感谢金主爸爸 X
    re: /感谢\s*(?:金主(?:爸爸)?)?\s*([^，。,.!！？?\n]{1,24}?)\s*(?:对本(?:期|条)?视频的?(?:支持|赞助)|(?:的)?(?:赞助|冠名)|爸爸(?:的支持)?)/,
    signal: 'sponsor_statement',
    weight: WEIGHTS.thanks_statement,
    brandGroup: true,
  },
  {
    // 本视频含商业推广 / 本期为商业合作 / 本视频包含广告 / 本视频为 X 推广
    re: /本(?:期|条)?(?:视频|节目|内容)?(?:为|是|含有?|包含|有)\s*(?:[^，。,.!！？?\n]{0,16}?)(?:商业推广|商业合作|品牌合作|广告|推广|植入)/,
    signal: 'ad_disclosure',
    weight: WEIGHTS.ad_disclosure,
    brandGroup: false,
  },
  {
    re: /#商单#|【商单】|\[商单\]|【广告】|【推广】|【品牌合作】|【商业合作】|#恰饭#|【恰饭】/,
    signal: 'ad_disclosure',
    weight: WEIGHTS.ad_disclosure,
    brandGroup: false,
  },
  {
    // the creator's own 恰饭: 恰个饭 / 本期恰饭 / 恰饭视频 / 这期是恰饭
    // (恰饭 alone also means "to eat" in southern speech: 和朋友去恰饭 is not a disclosure)
    re: /恰(?:个|了个|一下|口|波|点)饭|(?:本期|这期|本视频|这次|小小|今天)恰饭|恰饭(?:视频|啦|一波)|(?:本期|这期|本视频|这是|这次)(?:是|为)?(?:个|一个|一条)?商单/,
    signal: 'ad_disclosure',
    weight: WEIGHTS.creator_qiafan,
    brandGroup: false,
  },
];

/** Who thanks or support come from when it is not a sponsor. */
const PEOPLE = /大家|各位|粉丝|观众|朋友|家人|小伙伴|老师|up主|UP主|你们|我们|充电|三连|投币|@|同学|网友|弹幕|评论/i;
/** A sponsor that is not in the dictionary still reads as a company. */
const BRANDISH = /官方|品牌|APP|app|公司|集团|旗舰店|科技|游戏|[A-Za-z]{3,}/;

/** The creator says there is no sponsor. */
const NO_SPONSOR_RE =
  /(?:本(?:期|条)?视频)?(?:无|没有|不含|非)(?:任何)?(?:商业合作|商业推广|赞助|广告|推广|商单|恰饭)|不是(?:商单|恰饭|广告|推广)|(?:纯|全程)?自费(?:购买|购入|买的)?|没(?:有)?收(?:任何)?钱|零恰饭|并非(?:商单|恰饭|广告)/;

/** Negations and jokes in front of 恰饭 / 商单 / 广告 (audience or creator). */
const NEGATED_BEFORE =
  /(?:不是|没有?|没在|非|不算|哪里|居然不是|竟然不是|以为是|还以为|怎么不|什么时候|啥时候|何时|求|快去?|赶紧|终于能|希望|想|等|能不能|不接|拒绝|不要|别)\s*(?:个|点)?$/;

/** Audience words that a video is sponsored. */
const AUDIENCE_RE =
  /恰饭|恰烂钱|商单|金主|广告(?!位)|丝滑(?:的)?(?:转折|过渡|广告)|猝不及防的(?:广告|推广)|打钱|爸爸(?:打钱|赞助)|这是推广/;

function isNegated(text: string, index: number): boolean {
  return NEGATED_BEFORE.test(text.slice(Math.max(0, index - 8), index));
}

/** Sponsor statements / disclosures / denials in one of the creator's own texts. */
export function creatorSignals(text: string, location: TextLocation, brands: BrandMatcher): SignalHit[] {
  const out: SignalHit[] = [];
  if (!text) return out;
  for (const line of text.split(/\n+/)) {
    if (!line.trim()) continue;
    const contact = CONTACT_LINE.test(line) && /合作|商务|推广/.test(line);
    for (const p of SPONSOR_PATTERNS) {
      const m = p.re.exec(line);
      if (!m) continue;
      if (isNegated(line, m.index)) continue;
      if (p.signal === 'ad_disclosure' && (contact || NOT_AN_AD.test(line))) continue;
      let brandId: number | undefined;
      if (p.brandGroup) {
        const who = m[1] ?? '';
        const named = brands.brands(who)[0];
        brandId = named?.brandId;
        // 感谢大家的支持 / 本视频得到了粉丝的支持: people, not a sponsor
        if (!named && (PEOPLE.test(who) || (/支持/.test(m[0]) && !BRANDISH.test(who)))) continue;
      }
      out.push({
        signal: p.signal,
        location,
        matched: m[0],
        snippet: sentenceAround(line, m.index, m[0].length),
        weight: p.weight,
        ...(brandId !== undefined ? { brandId } : {}),
      });
    }
    // 特别鸣谢 names collaborators as often as sponsors: it counts only when it names a brand of the dictionary
    const thanks = /特别鸣谢[：:\s]*([^\n]{1,30})/.exec(line);
    if (thanks) {
      const named = brands.brands(thanks[1] ?? '')[0];
      if (named) {
        out.push({
          signal: 'sponsor_statement',
          location,
          matched: thanks[0].trim(),
          snippet: sentenceAround(line, thanks.index, thanks[0].length),
          weight: WEIGHTS.special_thanks_brand,
          brandId: named.brandId,
        });
      }
    }
    const denial = NO_SPONSOR_RE.exec(line);
    if (denial) {
      out.push({
        signal: 'no_sponsor_statement',
        location,
        matched: denial[0],
        snippet: sentenceAround(line, denial.index, denial[0].length),
        weight: -1,
      });
    }
  }
  // the strongest of each kind per location (a line repeated twice is one signal)
  return strongestPerKey(out);
}

function strongestPerKey(hits: SignalHit[]): SignalHit[] {
  const best = new Map<string, SignalHit>();
  for (const h of hits) {
    const key = `${h.signal}|${h.location}|${h.matched}`;
    const prev = best.get(key);
    if (!prev || Math.abs(h.weight) > Math.abs(prev.weight)) best.set(key, h);
  }
  return [...best.values()];
}

/** Audience 恰饭 / 商单 / 金主 items among danmaku or comments (negations and jokes left out). */
export function audienceItems(items: readonly string[]): { text: string; matched: string }[] {
  const out: { text: string; matched: string }[] = [];
  for (const text of items) {
    const m = AUDIENCE_RE.exec(text);
    if (!m) continue;
    if (isNegated(text, m.index)) continue;
    if (m[0].startsWith('广告') && NOT_AN_AD.test(text)) continue;
    out.push({ text, matched: m[0] });
  }
  return out;
}

export interface VideoTexts {
  title: string;
  desc: string;
  tags: readonly string[];
  pinnedComment: string | null;
  comments: readonly string[];
  danmaku: readonly string[];
  /** the platform's commercial-partnership label text (商业推广 …), null when the page has none */
  label: string | null;
  /** goods links found (detect-links) per source */
  goodsSources: readonly ('desc' | 'pinned_comment' | 'goods_area')[];
}

export interface SponsorVerdict {
  sponsored: boolean;
  score: number;
  brandId: number | null;
  signals: SignalHit[];
}

function audienceSignal(items: readonly string[], location: 'danmaku' | 'comment'): SignalHit | null {
  const hits = audienceItems(items);
  if (hits.length < AUDIENCE_MIN_ITEMS || hits.length < items.length * AUDIENCE_MIN_SHARE) return null;
  const first = hits[0];
  if (!first) return null;
  return {
    signal: 'audience_qiafan',
    location,
    // the words (stable across re-reads: the evidence row is updated, not multiplied); the count in the snippet
    matched: [...new Set(hits.map((h) => h.matched))].sort().slice(0, 4).join('/'),
    snippet: `${hits.length} 条：${hits
      .slice(0, 3)
      .map((h) => h.text)
      .join(' / ')}`.slice(0, 100),
    weight: hits.length >= AUDIENCE_MANY_ITEMS ? WEIGHTS.audience_many : WEIGHTS.audience_some,
  };
}

/** The sponsorship verdict of one video and every signal behind it. */
export function detectSponsorship(v: VideoTexts, brands: BrandMatcher): SponsorVerdict {
  const signals: SignalHit[] = [];
  if (v.label && v.label.trim()) {
    const named = brands.brands(v.label)[0];
    signals.push({
      signal: 'commercial_label',
      location: 'label',
      matched: v.label.trim(),
      snippet: v.label.trim().slice(0, 100),
      weight: WEIGHTS.commercial_label,
      ...(named ? { brandId: named.brandId } : {}),
    });
  }
  signals.push(...creatorSignals(v.title, 'title', brands));
  signals.push(...creatorSignals(v.desc, 'desc', brands));
  if (v.pinnedComment) signals.push(...creatorSignals(v.pinnedComment, 'pinned_comment', brands));
  const sources = new Set(v.goodsSources);
  for (const s of sources) {
    signals.push({
      signal: 'goods_link',
      location: s,
      matched: s === 'goods_area' ? '视频商品橱窗' : '商品链接',
      snippet: s === 'goods_area' ? '页面商品区展示商品' : s === 'desc' ? '简介含商品链接' : '置顶评论含商品链接',
      weight: s === 'goods_area' ? WEIGHTS.goods_area : WEIGHTS.goods_link,
    });
  }
  const audience = [audienceSignal(v.danmaku, 'danmaku'), audienceSignal(v.comments, 'comment')].filter(
    (s): s is SignalHit => s !== null,
  );
  signals.push(...audience);
  const titleBrands: BrandHit[] = brands.brands(v.title);
  const firstTitleBrand = titleBrands[0];
  if (firstTitleBrand) {
    signals.push({
      signal: 'brand_in_title',
      location: 'title',
      matched: firstTitleBrand.alias,
      snippet: v.title.slice(0, 100),
      weight: WEIGHTS.brand_in_title,
      brandId: firstTitleBrand.brandId,
    });
  }
  const score = scoreOf(signals);
  return { sponsored: score >= SPONSORED_THRESHOLD, score, brandId: sponsorBrand(signals, v, brands), signals };
}

/**
 * Noisy-or of the strongest weight of each signal kind. brand_in_title counts only beside an audience signal
 * (a review names its product's brand without being paid). A denial scales the score unless the label is there.
 */
export function scoreOf(signals: readonly SignalHit[]): number {
  const best = new Map<SponsorSignal, number>();
  for (const s of signals) if (s.weight > 0) best.set(s.signal, Math.max(best.get(s.signal) ?? 0, s.weight));
  if (!best.has('audience_qiafan')) best.delete('brand_in_title');
  let miss = 1;
  for (const w of best.values()) miss *= 1 - w;
  let score = 1 - miss;
  // a denial beside the creator's own disclosure is partial (本视频含广告推广，其余都是自费): the disclosure stands
  const denied = signals.some((s) => s.signal === 'no_sponsor_statement');
  const disclosed = best.has('commercial_label') || best.has('sponsor_statement') || best.has('ad_disclosure');
  if (denied && !disclosed) score *= NO_SPONSOR_FACTOR;
  return Math.round(score * 1000) / 1000;
}

function sponsorBrand(signals: readonly SignalHit[], v: VideoTexts, brands: BrandMatcher): number | null {
  const order: SponsorSignal[] = ['commercial_label', 'sponsor_statement', 'brand_in_title'];
  for (const kind of order) {
    const named = signals.find((s) => s.signal === kind && s.brandId !== undefined);
    if (named?.brandId !== undefined) return named.brandId;
  }
  const all = brands.brands(`${v.title}\n${v.desc}`);
  return all.length === 1 && all[0] ? all[0].brandId : null;
}
