/**
 * Shop links in a video's texts (description, pinned comment, goods-area cards): which platform, which item.
 * Pure; docs/metrics.md "Commerce detection".
 *
 * Recognised (as creators write them on Bilibili):
 * - 淘宝 item.taobao.com/item.htm?id=N, m.taobao.com / h5.m.taobao.com …?id=N, a.m.taobao.com/iN.htm;
 *   天猫 detail.tmall.com/item.htm?id=N (also detail.m.tmall.com, chaoshi.detail.tmall.com);
 *   short links m.tb.cn/h.X, s.click.taobao.com/X, uland.taobao.com/… (coupon pages: no item id);
 *   淘口令 tokens (￥AbC123xyz￥, $AbC123xyz$, (AbC123xyz) beside 淘宝 / 复制) — kept as evidence, no item.
 * - 京东 item.jd.com/N.html, item.m.jd.com/product/N.html, npcitem.jd.hk/N.html; short u.jd.com/X, 3.cn/X.
 * - 会员购 mall.bilibili.com/…?itemsId=N (also itemId=N / id=N on the detail pages), b23.tv/X short links.
 * - 拼多多 mobile.yangkeduo.com/goods.html?goods_id=N (also goods2.html), p.pinduoduo.com/X short.
 * - Shop pages (shop123.taobao.com, mall.jd.com/index-N.html): a shop, not an item.
 * A short link's target is unknown without following it (the collector does not): it is kept as written, with
 * the platform its host implies (b23.tv: 'b23', it may lead anywhere).
 */

export type LinkPlatform = 'taobao' | 'tmall' | 'jd' | 'bilibili' | 'pdd' | 'b23' | 'unknown';
export type LinkKind = 'item' | 'short' | 'token' | 'shop';

export interface ShopLink {
  platform: LinkPlatform;
  kind: LinkKind;
  /** the item's id on its platform (kind 'item' only) */
  itemId: string | null;
  /** the URL or token as written (trailing punctuation removed) */
  url: string;
  /** offset of the match in the text */
  index: number;
}

/** URL-ish runs: scheme optional (creators often drop it), stops at whitespace, CJK and closing brackets. */
const URL_RE =
  /(?:https?:\/\/)?(?:[a-z0-9-]+\.)+(?:com|cn|tv|hk|net)(?::\d+)?(?:\/[^\s\u3000-\u303f\u4e00-\u9fff\uff00-\uffef<>"'）)\]】]*)?/gi;

/** 淘口令: 8–13 alphanumerics between paired symbols, the shapes the Taobao app produces. */
const TOKEN_RE = /([￥$€₤¢₳]|\(|（)([A-Za-z0-9]{8,13})(\1|\)|）)/g;

function paramOf(url: string, names: string[]): string | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  for (const part of url.slice(q + 1).split(/[&#]/)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (names.includes(key) && /^\d{3,20}$/.test(value)) return value;
  }
  return null;
}

function hostOf(url: string): string {
  const bare = url.replace(/^https?:\/\//i, '');
  return (bare.split(/[/?#:]/)[0] ?? '').toLowerCase();
}

function pathOf(url: string): string {
  const bare = url.replace(/^https?:\/\//i, '');
  const slash = bare.indexOf('/');
  return slash < 0 ? '' : (bare.slice(slash).split(/[?#]/)[0] ?? '');
}

/** One URL → a shop link, or null when it is no shop link (a bilibili video, any other site). */
export function classifyUrl(raw: string, index = 0): ShopLink | null {
  const url = raw.replace(/[.,;:!?，。；：！？、]+$/u, '');
  const host = hostOf(url);
  const path = pathOf(url);
  const make = (platform: LinkPlatform, kind: LinkKind, itemId: string | null): ShopLink => ({
    platform,
    kind,
    itemId,
    url,
    index,
  });

  if (/(^|\.)tmall\.com$/.test(host)) {
    const id = paramOf(url, ['id']);
    if (id) return make('tmall', 'item', id);
    return make('tmall', 'shop', null);
  }
  if (host === 'm.tb.cn' || host === 's.click.taobao.com' || host === 'tb.cn') {
    return path.length > 1 ? make('taobao', 'short', null) : null;
  }
  if (/(^|\.)taobao\.com$/.test(host)) {
    const id = paramOf(url, ['id', 'itemId', 'item_id']) ?? /^\/i(\d{6,20})\.htm/.exec(path)?.[1] ?? null;
    if (id) return make('taobao', 'item', id);
    if (host.startsWith('uland.') || host.startsWith('s.click.')) return make('taobao', 'short', null);
    if (/^shop\d+\./.test(host) || /\.taobao\.com$/.test(host)) return make('taobao', 'shop', null);
    return null;
  }
  if (host === 'u.jd.com' || host === '3.cn') return path.length > 1 ? make('jd', 'short', null) : null;
  if (/(^|\.)jd\.(com|hk)$/.test(host)) {
    const id =
      /^\/(\d{4,20})\.html/.exec(path)?.[1] ??
      /^\/product\/(\d{4,20})\.html/.exec(path)?.[1] ??
      paramOf(url, ['sku', 'wareId']);
    if (id) return make('jd', 'item', id);
    if (host === 'mall.jd.com' || host.startsWith('shop.')) return make('jd', 'shop', null);
    return null;
  }
  if (host === 'mall.bilibili.com' || host === 'show.bilibili.com') {
    const id = paramOf(url, ['itemsId', 'itemId', 'id']);
    return id ? make('bilibili', 'item', id) : make('bilibili', 'shop', null);
  }
  if (host === 'b23.tv') {
    // b23.tv/BV… and b23.tv/av… are video links, not shop links
    if (/^\/(BV[0-9A-Za-z]{10}|av\d+)/i.test(path) || path.length <= 1) return null;
    return make('b23', 'short', null);
  }
  if (/(^|\.)yangkeduo\.com$/.test(host) || /(^|\.)pinduoduo\.com$/.test(host)) {
    const id = paramOf(url, ['goods_id', 'goodsId']);
    if (id) return make('pdd', 'item', id);
    if (host === 'p.pinduoduo.com' && path.length > 1) return make('pdd', 'short', null);
    return null;
  }
  return null;
}

/** Every shop link and 淘口令 in a text, in order, each once. */
export function parseShopLinks(text: string): ShopLink[] {
  const out: ShopLink[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(URL_RE)) {
    const link = classifyUrl(m[0], m.index);
    if (link && !seen.has(link.url)) {
      seen.add(link.url);
      out.push(link);
    }
  }
  for (const m of text.matchAll(TOKEN_RE)) {
    const token = m[2] ?? '';
    // a token needs letters and digits mixed and a Taobao cue in the text (else "(20240101)" would count)
    if (!/[A-Za-z]/.test(token) || !/\d/.test(token)) continue;
    if (!/淘宝|手机淘|淘口令|复制|tb|天猫/i.test(text)) continue;
    const key = `token:${token}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ platform: 'taobao', kind: 'token', itemId: null, url: m[0], index: m.index });
  }
  return out.sort((a, b) => a.index - b.index);
}

/** The line of `text` around `index`, trimmed to at most `max` characters: a link's evidence. */
export function lineAround(text: string, index: number, max = 120): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const endNl = text.indexOf('\n', index);
  const line = text.slice(start, endNl < 0 ? text.length : endNl).trim();
  if (line.length <= max) return line;
  const at = Math.max(0, index - start - Math.floor(max / 3));
  return line.slice(at, at + max);
}
