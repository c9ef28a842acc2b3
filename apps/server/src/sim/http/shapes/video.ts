/**
 * Video answers: x/web-interface/view and view/detail, x/player/pagelist, the archive items of popular,
 * ranking and related lists, and the space video list (x/space/wbi/arc/search). Field sets follow the
 * real samples; each list has its own variant of the archive object (as the real API does).
 */
import { hash32, hexOf, intIn, Salt } from '../../world/hash.js';
import { cidOf } from '../../world/ids.js';
import { commentAt, hotOrder } from '../../world/comments.js';
import { goodsPrice, pageDescription, videoCommerce } from '../../world/commerce.js';
import { PARTITION_NAMES, partitionOf } from '../../world/texts.js';
import { isVisible, type SimVideo, type VideoCounters } from '../../world/video-model.js';
import type { SimWorld } from '../../world/world.js';
import { dimensionOf, firstFrameOf, homeProvince, mmSs, unixSeconds } from './common.js';
import { materialsOf } from './activity.js';
import { detailCard } from './user.js';

const MIN_MS = 60_000;

export function tnameOf(tid: number): string {
  return PARTITION_NAMES.get(tid)?.[0] ?? '';
}

/** The newer partition ids (tid_v2 / pid_v2) are the simulator's own mapping of the classic ones. */
function v2Of(v: SimVideo) {
  const top = partitionOf(v.topTid);
  return { tidV2: 2000 + v.tid, tnameV2: tnameOf(v.tid), pidV2: 1000 + v.topTid, pidNameV2: top.name };
}

function ctimeOf(world: SimWorld, v: SimVideo): number {
  return unixSeconds(v.pubMs - intIn(1, 120, world.seed, Salt.newVideo, v.aid, 40) * MIN_MS);
}

function descOf(world: SimWorld, v: SimVideo): string {
  const desc = pageDescription(world.seed, v);
  return desc === '' ? '-' : desc;
}

export interface PageInfo {
  cid: number;
  page: number;
  part: string;
  duration: number;
}

export function pagesOf(v: SimVideo): PageInfo[] {
  const each = Math.max(1, Math.round(v.duration / v.pages));
  return Array.from({ length: v.pages }, (_, p) => ({
    cid: cidOf(v.key, p),
    page: p + 1,
    part: v.pages === 1 ? v.title : `第${p + 1}部分`,
    duration: p === v.pages - 1 ? Math.max(1, v.duration - each * (v.pages - 1)) : each,
  }));
}

function owner(world: SimWorld, v: SimVideo) {
  const spec = world.spec(v.creatorIndex);
  return { mid: spec.mid, name: spec.name, face: spec.face };
}

/** The rights both video shapes open with (view/detail lets the web player download, the archive lists do not). */
function rightsHead(v: SimVideo, download: 0 | 1) {
  return {
    bp: 0,
    elec: 0,
    download,
    movie: 0,
    pay: 0,
    hd5: v.duration > 60 ? 1 : 0,
    no_reprint: v.copyright === 1 ? 1 : 0,
    autoplay: 1,
    ugc_pay: 0,
    is_cooperation: 0,
    ugc_pay_preview: 0,
    no_background: 0,
  };
}

function viewRights(v: SimVideo) {
  return {
    ...rightsHead(v, 1),
    clean_mode: 0,
    is_stein_gate: 0,
    is_360: 0,
    no_share: 0,
    arc_pay: 0,
    free_watch: 0,
  };
}

function archiveRights(v: SimVideo) {
  return { ...rightsHead(v, 0), arc_pay: 0, pay_free_watch: 0 };
}

/** The activity id of an activity video (the demo world's catalogue, db/seed/world/materials.ts). */
function missionOf(world: SimWorld, v: SimVideo) {
  const missionId = v.isActivity ? materialsOf(world, v).missionId : null;
  return missionId !== null ? { mission_id: missionId } : {};
}

/** The background-music tag, as the real view/detail puts it first: tag_id 0, tag_type 'bgm', a music_id. */
function bgmTags(world: SimWorld, v: SimVideo) {
  const song = materialsOf(world, v).song;
  if (!song) return [];
  const cid = cidOf(v.key, 0);
  return [
    {
      tag_id: 0,
      tag_name: song.tagName,
      music_id: song.musicId,
      tag_type: 'bgm',
      jump_url: `https://music.bilibili.com/h5/music-detail?music_id=${song.musicId}&cid=${cid}&aid=${v.aid}&na_close_hide=1`,
    },
  ];
}

/** x/web-interface/view → data */
export function viewData(world: SimWorld, v: SimVideo, t: number) {
  const c = world.counters(v, t);
  const pages = pagesOf(v);
  const dimension = dimensionOf(world.seed, v.aid);
  const ctime = ctimeOf(world, v);
  const v2 = v2Of(v);
  const desc = descOf(world, v);
  return {
    bvid: v.bvid,
    aid: v.aid,
    videos: v.pages,
    tid: v.tid,
    tid_v2: v2.tidV2,
    tname: tnameOf(v.tid),
    tname_v2: v2.tnameV2,
    copyright: v.copyright,
    pic: v.cover,
    title: v.title,
    pubdate: unixSeconds(v.pubMs),
    ctime,
    desc,
    desc_v2: [{ raw_text: desc, type: 1, biz_id: 0 }],
    state: 0,
    duration: v.duration,
    ...missionOf(world, v),
    rights: viewRights(v),
    owner: owner(world, v),
    stat: { ...statOf(v, c), evaluation: '', vt: 0 },
    argue_info: { argue_msg: '', argue_type: 0, argue_link: '' },
    dynamic: '',
    cid: pages[0]?.cid ?? cidOf(v.key, 0),
    dimension,
    premiere: null,
    teenage_mode: 0,
    is_chargeable_season: false,
    is_story: dimension.height > dimension.width,
    is_upower_exclusive: false,
    is_upower_play: false,
    is_upower_preview: false,
    enable_vt: 0,
    vt_display: '',
    is_upower_exclusive_with_qa: false,
    no_cache: false,
    pages: pages.map((p) => ({ ...pageItem(p, dimension), ctime })),
    subtitle: { allow_submit: false, list: [] as unknown[] },
    is_season_display: false,
    user_garb: { url_image_ani_cut: '' },
    honor_reply: c.view >= 1_000_000 ? { honor: [{ aid: v.aid, type: 4, desc: '热门', weekly_recommend_num: 0 }] } : {},
    // the commercial-partnership label of a sponsored video (docs/simulator.md "Commerce"); absent otherwise
    ...commerceLabel(world, v),
    like_icon: '',
    need_jump_bv: false,
    disable_show_up_info: false,
    is_story_play: dimension.height > dimension.width ? 1 : 0,
    is_view_self: false,
  };
}

function pageItem(p: PageInfo, dimension: { width: number; height: number; rotate: number }) {
  return {
    cid: p.cid,
    page: p.page,
    from: 'vupload',
    part: p.part,
    duration: p.duration,
    vid: '',
    weblink: '',
    dimension,
  };
}

/** x/player/pagelist → data */
export function pagelist(world: SimWorld, v: SimVideo) {
  const dimension = dimensionOf(world.seed, v.aid);
  return pagesOf(v).map((p) => pageItem(p, dimension));
}

/** `label` of a labelled sponsored video: `{ type: 1, text: '商业推广' }` (the simulator's shape, see docs/simulator.md). */
function commerceLabel(world: SimWorld, v: SimVideo): { label?: { type: number; text: string } } {
  const c = videoCommerce(world.seed, v);
  return c?.label ? { label: { type: 1, text: c.label } } : {};
}

/**
 * The page's goods area (商品橱窗, "UP主推荐"): the cards of the goods shown beside the player, at today's price.
 * The real page loads it from the ad system, whose answer is not among the saved samples; the simulator serves it
 * inside view/detail as `Goods` (docs/simulator.md "Commerce"), and the parser reads it only when present.
 */
function goodsArea(world: SimWorld, v: SimVideo, t: number) {
  const c = videoCommerce(world.seed, v);
  const cards = (c?.goods ?? []).filter((g) => g.source === 'goods_area');
  if (cards.length === 0) return {};
  const Goods = {
    title: 'UP主推荐',
    list: cards.map(({ goods: g }) => ({
      item_id: g.itemId,
      source: g.platform,
      title: g.title,
      price: goodsPrice(world.seed, g, t).toFixed(2),
      shop_name: g.shop,
      category: g.category,
      jump_url: g.url,
      cover: `https://i0.hdslb.com/bfs/mall/goods/${hexOf(16, world.seed, Salt.commerce, g.index)}.png`,
    })),
  };
  return { Goods };
}

/** view/detail → data */
export function viewDetail(world: SimWorld, v: SimVideo, t: number) {
  const view = viewData(world, v, t);
  // the partition's name first, as the site lists it, then the video's own tags (db/seed/world/titles.ts)
  const words = new Set([tnameOf(v.tid), ...v.tags]);
  const channelTags = [...words].map((name, i) => ({
    tag_id: 10_000 + (hash32(world.seed, 0x7a9, ...[...name].map((ch) => ch.charCodeAt(0))) % 9_000_000) + i,
    tag_name: name,
    music_id: '',
    tag_type: 'old_channel',
    jump_url: '',
  }));
  const hot = hotOrder(world, v, t).slice(0, 3);
  return {
    View: view,
    Card: detailCard(world, v.creatorIndex, t),
    Tags: [...bgmTags(world, v), ...channelTags],
    Reply: {
      page: null,
      replies: hot.map((i) => {
        const c = commentAt(world, v, i, t);
        return {
          rpid: c.rpid,
          oid: 0,
          type: 0,
          mid: 0,
          root: 0,
          parent: 0,
          dialog: 0,
          count: 0,
          rcount: 0,
          state: 0,
          fansgrade: 0,
          attr: 0,
          ctime: 0,
          like: 0,
          action: 0,
          content: null,
          replies: null,
          assist: 0,
          show_follow: false,
        };
      }),
    },
    Related: related(world, v, t).map((r) => relatedItem(world, r, t)),
    // only on pages with a goods area (docs/simulator.md "Commerce")
    ...goodsArea(world, v, t),
    Spec: null,
    hot_share: { show: false, list: [] as unknown[] },
    elec: null,
    emergency: { no_like: false, no_coin: false, no_fav: false, no_share: false },
    view_addit: { '63': false, '64': false, '69': false, '71': false, '72': false },
    guide: null,
    query_tags: null,
    participle: v.title
      .split(/[\s【】「」《》（）()，,。.！!？?｜|：:~～…\-—]+/)
      .filter((w) => w.length >= 2)
      .slice(0, 3),
    module_ctrl: null,
    replace_recommend: false,
  };
}

/** Up to 40 related videos: the creator's own recent ones, then hash-chosen videos of the world. */
function related(world: SimWorld, v: SimVideo, t: number): SimVideo[] {
  const out: SimVideo[] = [];
  const seen = new Set([v.aid]);
  for (const other of world.videosOf(v.creatorIndex, t).slice(0, 6)) {
    if (!seen.has(other.aid)) {
      seen.add(other.aid);
      out.push(other);
    }
  }
  for (let k = 0; out.length < 40 && k < 120; k++) {
    const key = hash32(world.seed, Salt.related, v.aid, k) % world.plan.videoCount;
    const other = world.videoByKey(key, t);
    if (other && !seen.has(other.aid) && isVisible(other, t)) {
      seen.add(other.aid);
      out.push(other);
    }
  }
  return out;
}

function archiveBase(world: SimWorld, v: SimVideo, stat: Record<string, number>) {
  return {
    aid: v.aid,
    videos: v.pages,
    tid: v.tid,
    tname: tnameOf(v.tid),
    copyright: v.copyright,
    pic: v.cover,
    title: v.title,
    pubdate: unixSeconds(v.pubMs),
    ctime: ctimeOf(world, v),
    desc: descOf(world, v),
    state: 0,
    duration: v.duration,
    ...missionOf(world, v),
    rights: archiveRights(v),
    owner: owner(world, v),
    stat,
    dynamic: '',
    cid: cidOf(v.key, 0),
    dimension: dimensionOf(world.seed, v.aid),
  };
}

function statOf(v: SimVideo, c: VideoCounters) {
  return {
    aid: v.aid,
    view: c.view,
    danmaku: c.danmaku,
    reply: c.reply,
    favorite: c.favorite,
    coin: c.coin,
    share: c.share,
    now_rank: 0,
    his_rank: 0,
    like: c.like,
    dislike: 0,
  };
}

/** The 热门 reason label: 百万播放 / N万点赞 / empty. */
function rcmdReason(c: VideoCounters): string {
  if (c.view >= 1_000_000) return '百万播放';
  if (c.like >= 10_000) return `${Math.floor(c.like / 10_000)}万点赞`;
  return '';
}

/** x/web-interface/popular → data.list[] */
export function popularItem(world: SimWorld, v: SimVideo, t: number) {
  const c = world.counters(v, t);
  const spec = world.spec(v.creatorIndex);
  return {
    ...archiveBase(world, v, { ...statOf(v, c), vt: 0, vv: c.view }),
    short_link_v2: `https://b23.tv/${v.bvid}`,
    first_frame: firstFrameOf(world.seed, v.aid),
    pub_location: homeProvince(world.seed, spec.mid),
    cover43: '',
    bvid: v.bvid,
    season_type: 0,
    is_ogv: false,
    ogv_info: null,
    enable_vt: 0,
    ai_rcmd: null,
    rcmd_reason: { content: rcmdReason(c), corner_mark: 0 },
  };
}

/** x/web-interface/ranking/v2 → data.list[] */
export function rankingItem(world: SimWorld, v: SimVideo, t: number, score: number) {
  const c = world.counters(v, t);
  const spec = world.spec(v.creatorIndex);
  return {
    ...archiveBase(world, v, statOf(v, c)),
    short_link: `https://b23.tv/${v.bvid}`,
    short_link_v2: `https://b23.tv/${v.bvid}`,
    first_frame: firstFrameOf(world.seed, v.aid),
    pub_location: homeProvince(world.seed, spec.mid),
    bvid: v.bvid,
    score,
  };
}

/** view/detail → Related[] */
export function relatedItem(world: SimWorld, v: SimVideo, t: number) {
  const c = world.counters(v, t);
  const spec = world.spec(v.creatorIndex);
  const v2 = v2Of(v);
  return {
    ...archiveBase(world, v, { ...statOf(v, c), vt: 0, vv: c.view, fav_g: 0, like_g: 0 }),
    short_link_v2: `https://b23.tv/${v.bvid}`,
    first_frame: firstFrameOf(world.seed, v.aid),
    pub_location: homeProvince(world.seed, spec.mid),
    cover43: '',
    tidv2: v2.tidV2,
    tnamev2: v2.tnameV2,
    pid_v2: v2.pidV2,
    pid_name_v2: v2.pidNameV2,
    bvid: v.bvid,
    season_type: 0,
    is_ogv: false,
    ogv_info: null,
    rcmd_reason: '',
    enable_vt: 0,
    ai_rcmd: {
      id: v.aid,
      goto: 'av',
      trackid: `web_related_0.router-related-sim.${hexOf(12, world.seed, v.aid)}`,
      uniq_id: '',
    },
  };
}

/** x/space/wbi/arc/search → data.list.vlist[] (not in a season: `meta` null, `season_id` 0). */
export function spaceVideoItem(world: SimWorld, v: SimVideo, t: number) {
  const c = world.counters(v, t);
  const spec = world.spec(v.creatorIndex);
  return {
    comment: c.reply,
    typeid: v.tid,
    play: c.view,
    pic: v.cover,
    subtitle: '',
    description: pageDescription(world.seed, v),
    copyright: String(v.copyright),
    title: v.title,
    review: 0,
    author: spec.name,
    mid: spec.mid,
    created: unixSeconds(v.pubMs),
    length: mmSs(v.duration),
    video_review: c.danmaku,
    aid: v.aid,
    bvid: v.bvid,
    hide_click: false,
    is_pay: 0,
    is_union_video: 0,
    is_steins_gate: 0,
    is_live_playback: 0,
    is_lesson_video: 0,
    is_lesson_finished: 0,
    lesson_update_info: '',
    jump_url: '',
    meta: null,
    is_avoided: 0,
    season_id: 0,
    attribute: 16793984,
    is_charging_arc: false,
    elec_arc_type: 0,
    vt: 0,
    enable_vt: 0,
    vt_display: '',
    playback_position: 0,
    is_self_view: false,
  };
}
