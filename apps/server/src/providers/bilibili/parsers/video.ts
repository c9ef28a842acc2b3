/**
 * Video answers → VideoRecord: the archive object shared by view, popular, ranking and the weekly list;
 * view/detail (adds the owner's card and tags); pagelist; a creator's video list (`x/space/wbi/arc/search`,
 * fewer counters); the dead archive/stat endpoints (shape reference only).
 */
import { z } from 'zod';
import { isVerticalDimension } from '@xg/shared';
import type { BgmRecord, CreatorRecord, PageRecord, VideoRecord, VideoStats } from '../records.js';
import { absoluteUrl, durationSeconds, num, numOr, optNum, str, stripHighlight } from './common.js';
import { UserCardData, parseUserCard } from './creator.js';

const Stat = z.object({
  view: optNum,
  danmaku: optNum,
  reply: optNum,
  favorite: optNum,
  coin: optNum,
  share: optNum,
  like: optNum,
  // list items (popular, ranking/v2, weekly) also carry these
  vv: optNum,
  now_rank: optNum,
  his_rank: optNum,
});

function stats(s: z.infer<typeof Stat> | null | undefined): VideoStats {
  return {
    view: s?.view ?? null,
    danmaku: s?.danmaku ?? null,
    reply: s?.reply ?? null,
    favorite: s?.favorite ?? null,
    coin: s?.coin ?? null,
    share: s?.share ?? null,
    like: s?.like ?? null,
  };
}

function copyrightOf(value: number | null): 1 | 2 {
  return value === 2 ? 2 : 1;
}

/** Archive state → videos.status: a negative state (−100 deleted by the owner, locked, under review…) is −1. */
export function statusOfState(state: number | null): 0 | -1 {
  return state !== null && state < 0 ? -1 : 0;
}

/** The archive object of view / popular / ranking / weekly lists. */
export const Archive = z.object({
  aid: num,
  bvid: z.string(),
  tid: optNum,
  tname: z.string().nullish(),
  copyright: optNum,
  pic: str,
  title: z.string(),
  pubdate: num,
  desc: str,
  state: optNum,
  duration: numOr(0),
  mission_id: optNum,
  // `follower`: the owner's fans at fetch time, carried by popular / ranking items in saved responses
  owner: z.object({ mid: num, name: str, face: z.string().nullish(), follower: optNum }),
  stat: Stat.nullish(),
  cid: optNum,
  // the picture's size; absent from some list items
  dimension: z.object({ width: numOr(0), height: numOr(0), rotate: numOr(0) }).nullish(),
});
export type Archive = z.infer<typeof Archive>;

export function archiveToVideo(a: Archive): VideoRecord {
  return {
    aid: a.aid,
    bvid: a.bvid,
    owner: {
      mid: a.owner.mid,
      name: a.owner.name,
      face: a.owner.face ?? null,
      ...(a.owner.follower !== null ? { fans: a.owner.follower } : {}),
    },
    title: a.title,
    cover: absoluteUrl(a.pic),
    desc: a.desc,
    duration: a.duration,
    pubdate: a.pubdate,
    tid: a.tid,
    tname: a.tname ?? null,
    copyright: copyrightOf(a.copyright),
    // In a full archive object a missing mission_id means "no activity".
    isActivity: a.mission_id !== null && a.mission_id > 0,
    missionId: a.mission_id !== null && a.mission_id > 0 ? a.mission_id : null,
    state: a.state,
    status: statusOfState(a.state),
    cid: a.cid,
    vertical: isVerticalDimension(a.dimension ?? null),
    stats: stats(a.stat),
    ...(a.stat && (a.stat.vv !== null || a.stat.now_rank !== null || a.stat.his_rank !== null)
      ? { listStats: { vv: a.stat.vv, nowRank: a.stat.now_rank, hisRank: a.stat.his_rank } }
      : {}),
  };
}

const Page = z.object({ cid: num, page: numOr(1), part: str, duration: numOr(0) });

function toPage(p: z.infer<typeof Page>): PageRecord {
  return { cid: p.cid, page: p.page, part: p.part, duration: p.duration };
}

const ViewData = Archive.extend({ pages: z.array(Page).nullish() });

export interface VideoView {
  video: VideoRecord;
  pages: PageRecord[];
}

/** `x/web-interface/view` (`data` is the archive with `pages`). */
export function parseVideoView(data: unknown): VideoView {
  const d = ViewData.parse(data);
  return { video: archiveToVideo(d), pages: (d.pages ?? []).map(toPage) };
}

const Tag = z.object({
  tag_name: z.string(),
  tag_type: z.string().nullish(),
  music_id: z.string().nullish(),
  jump_url: z.string().nullish(),
});

/** A card of the page's goods area (docs/simulator.md "Commerce"; absent on most pages). */
const GoodsCard = z.object({
  item_id: z.union([z.string(), z.number()]).transform(String),
  source: z.string(),
  title: str,
  price: z.union([z.string(), z.number()]).nullish(),
  shop_name: str,
  category: z.string().nullish(),
  jump_url: str,
  cover: str,
});

const ViewDetailData = z.object({
  View: ViewData.extend({ label: z.object({ text: z.string().nullish() }).nullish() }),
  Card: UserCardData.nullish(),
  Tags: z.array(Tag).nullish(),
  Goods: z.object({ list: z.array(GoodsCard.nullable().catch(null)).nullish() }).nullish(),
});

/** A goods card of the page's goods area, as read (the commerce module maps the platform and category). */
export interface GoodsCardRecord {
  itemId: string;
  /** the card's platform word (taobao, tmall, jd, bilibili, pdd …) */
  source: string;
  title: string;
  /** yuan; null when the card shows none or an unreadable one */
  price: number | null;
  shop: string;
  category: string | null;
  url: string;
  cover: string;
}

function toGoodsCard(g: z.infer<typeof GoodsCard>): GoodsCardRecord {
  const price = g.price === null || g.price === undefined ? NaN : Number(g.price);
  return {
    itemId: g.item_id,
    source: g.source,
    title: g.title,
    price: Number.isFinite(price) && price >= 0 ? price : null,
    shop: g.shop_name,
    category: g.category ?? null,
    url: g.jump_url,
    cover: g.cover,
  };
}

export interface VideoViewDetail extends VideoView {
  /** the owner's card (fans, likes, video count), null when absent */
  owner: CreatorRecord | null;
  /** the channel and topic tags (not the background-music ones) */
  tags: string[];
  /** background music (tags of type `bgm` with a music id) */
  bgms: BgmRecord[];
  /** the description as the page shows it */
  desc: string;
  /** the commercial-partnership label (商业推广 …), null when the page shows none */
  label: string | null;
  /** the cards of the page's goods area (empty when none) */
  goods: GoodsCardRecord[];
}

const BGM_TITLE = /^发现《(.+)》$/u;

/** A `bgm` tag (`发现《Hop》`, music_id `MA…`) → its music; other tags and bgm tags without an id → null. */
export function bgmOfTag(t: z.infer<typeof Tag>): BgmRecord | null {
  const musicId = t.music_id?.trim() ?? '';
  if (t.tag_type !== 'bgm' || musicId === '') return null;
  const name = BGM_TITLE.exec(t.tag_name.trim())?.[1]?.trim() ?? t.tag_name.trim();
  return { musicId, name: name || musicId, tagName: t.tag_name, jumpUrl: t.jump_url ?? '' };
}

/** `x/web-interface/view/detail`: the view plus the owner's card and the tags. */
export function parseVideoViewDetail(data: unknown): VideoViewDetail {
  const d = ViewDetailData.parse(data);
  return {
    video: archiveToVideo(d.View),
    pages: (d.View.pages ?? []).map(toPage),
    owner: d.Card ? parseUserCard(d.Card) : null,
    tags: (d.Tags ?? []).filter((t) => t.tag_type !== 'bgm').map((t) => t.tag_name.trim()),
    bgms: (d.Tags ?? []).map(bgmOfTag).filter((b): b is BgmRecord => b !== null),
    desc: d.View.desc,
    label: d.View.label?.text?.trim() || null,
    goods: (d.Goods?.list ?? []).filter((g): g is z.infer<typeof GoodsCard> => g !== null).map(toGoodsCard),
  };
}

/** `x/player/pagelist` */
export function parsePageList(data: unknown): PageRecord[] {
  return z
    .array(Page)
    .parse(data ?? [])
    .map(toPage);
}

const ArcItem = z.object({
  aid: num,
  bvid: z.string(),
  mid: num,
  author: str,
  title: z.string(),
  pic: str,
  description: str,
  created: num,
  length: z.union([z.string(), z.number()]).nullish(),
  play: optNum.catch(null), // "--" when the owner hides the count
  comment: optNum.catch(null),
  video_review: optNum.catch(null),
  typeid: optNum,
  copyright: optNum,
});

const ArcSearchData = z.object({
  list: z.object({ vlist: z.array(ArcItem).nullish() }),
  page: z.object({ pn: numOr(1), ps: numOr(0), count: numOr(0) }),
});

export interface CreatorVideoPage {
  videos: VideoRecord[];
  page: { pn: number; ps: number; count: number };
}

/** What a list shows of a video the same way in a search hit and in a creator's space list. */
interface ListedItem {
  aid: number;
  bvid: string;
  mid: number;
  author: string;
  title: string;
  pic: string;
  description: string;
  typeid: number | null;
  play: number | null;
  video_review: number | null;
}

/** A video as a list shows it: no likes, coins or shares, no mission, state or cid; the rest named by the list. */
export function listedVideo(
  v: ListedItem,
  o: {
    duration: string | number | null | undefined;
    pubdate: number;
    tname: string | null;
    copyright: 1 | 2 | null;
    reply: number | null;
    favorite: number | null;
  },
): VideoRecord {
  return {
    aid: v.aid,
    bvid: v.bvid,
    owner: { mid: v.mid, name: v.author, face: null },
    title: stripHighlight(v.title),
    cover: absoluteUrl(v.pic),
    desc: v.description,
    duration: o.duration === null || o.duration === undefined ? 0 : durationSeconds(o.duration),
    pubdate: o.pubdate,
    tid: v.typeid,
    tname: o.tname,
    copyright: o.copyright,
    isActivity: null,
    missionId: null,
    state: null,
    status: 0,
    cid: null,
    stats: {
      view: v.play,
      danmaku: v.video_review,
      reply: o.reply,
      favorite: o.favorite,
      coin: null,
      share: null,
      like: null,
    },
  };
}

/** `x/space/wbi/arc/search`: a creator's videos, newest first; likes/coins/favourites/shares are absent. */
export function parseArcSearch(data: unknown): CreatorVideoPage {
  const d = ArcSearchData.parse(data);
  const videos = (d.list.vlist ?? []).map((v) =>
    listedVideo(v, {
      duration: v.length,
      pubdate: v.created,
      tname: null,
      copyright: copyrightOf(v.copyright),
      reply: v.comment,
      favorite: null,
    }),
  );
  return { videos, page: d.page };
}

const ArchiveStatData = Stat.extend({ aid: num, bvid: z.string().nullish() });

/** `x/web-interface/archive/stat` and `archive_stat/stat` — both dead upstream; kept for saved files. */
export function parseArchiveStat(data: unknown): { aid: number; bvid: string | null; stats: VideoStats } {
  const d = ArchiveStatData.parse(data);
  return { aid: d.aid, bvid: d.bvid ?? null, stats: stats(d) };
}
