/**
 * x/web-interface/wbi/search/type answers for search_type=video and bili_user. The envelope and the video
 * item follow search_type.json; the bili_user item follows the bili_user block of search_all_v2.json.
 */
import { hexOf, Salt } from '../../world/hash.js';
import { pageDescription } from '../../world/commerce.js';
import { liveState } from '../../world/live.js';
import type { SimVideo } from '../../world/video-model.js';
import type { SimWorld } from '../../world/world.js';
import { minSec, officialOf, unixSeconds } from './common.js';
import { tnameOf } from './video.js';

export const SEARCH_PAGE_SIZE = 20;
/** The site never reports more than this many results. */
export const SEARCH_MAX_RESULTS = 1000;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Wraps every (case-insensitive) occurrence in `<em class="keyword">…</em>`, like the site. */
export function highlight(text: string, keyword: string): string {
  if (!keyword) return text;
  return text.replace(new RegExp(escapeRegExp(keyword), 'gi'), (m) => `<em class="keyword">${m}</em>`);
}

/** Protocol-relative image URL, as search results give them. */
function relative(url: string): string {
  return url.replace(/^https?:/, '');
}

export function searchEnvelope(seed: number, keyword: string, page: number, numResults: number, result: unknown[]) {
  const shown = Math.min(numResults, SEARCH_MAX_RESULTS);
  return {
    seid: String(BigInt(`0x${hexOf(15, seed, Salt.seid, ...[...keyword].map((c) => c.charCodeAt(0)), page)}`)),
    page,
    pagesize: SEARCH_PAGE_SIZE,
    numResults: shown,
    numPages: Math.ceil(shown / SEARCH_PAGE_SIZE),
    suggest_keyword: '',
    rqt_type: 'search',
    cost_time: {
      params_check: '0.000300',
      illegal_handler: '0.000077',
      as_response_format: '0.003071',
      as_request: '0.012525',
      save_cache: '0.001115',
      deserialize_response: '0.000310',
      as_request_format: '0.000319',
      total: '0.017996',
      main_handler: '0.016419',
    },
    exp_list: { '5520': true },
    egg_hit: 0,
    result,
    show_column: 0,
  };
}

export function videoResult(world: SimWorld, v: SimVideo, t: number, keyword: string) {
  const c = world.counters(v, t);
  const spec = world.spec(v.creatorIndex);
  return {
    type: 'video',
    id: v.aid,
    author: spec.name,
    mid: spec.mid,
    typeid: String(v.tid),
    typename: tnameOf(v.tid),
    arcurl: `http://www.bilibili.com/video/av${v.aid}`,
    aid: v.aid,
    bvid: v.bvid,
    title: highlight(v.title, keyword),
    description: pageDescription(world.seed, v) || '-',
    arcrank: '0',
    pic: relative(v.cover),
    play: c.view,
    video_review: c.danmaku,
    favorites: c.favorite,
    tag: tnameOf(v.tid),
    review: c.reply,
    pubdate: unixSeconds(v.pubMs),
    senddate: unixSeconds(v.pubMs) + 1,
    duration: minSec(v.duration),
    badgepay: false,
    hit_columns: ['title'],
    view_type: '',
    is_pay: 0,
    is_union_video: 0,
    rec_tags: null,
    new_rec_tags: [] as unknown[],
    rank_score: c.view * 10 + c.like,
  };
}

export function userResult(world: SimWorld, index: number, t: number) {
  const spec = world.spec(index);
  const state = world.creatorState(index, t);
  const videos = world.videosOf(index, t).slice(0, 3);
  const official = officialOf(spec);
  return {
    type: 'bili_user',
    mid: spec.mid,
    uname: spec.name,
    usign: spec.sign,
    fans: state.fans,
    videos: state.videoCount,
    upic: relative(spec.face),
    verify_info: official.title,
    level: spec.level,
    gender: [2, 1, 3][spec.sex] ?? 3,
    is_upuser: state.videoCount > 0 ? 1 : 0,
    is_live: liveState(world, index, t)?.liveStatus === 1 ? 1 : 0,
    room_id: spec.liveRoomId ?? 0,
    res: videos.map((v) => {
      const c = world.counters(v, t);
      return {
        aid: v.aid,
        bvid: v.bvid,
        title: v.title,
        pubdate: unixSeconds(v.pubMs),
        arcurl: `http://www.bilibili.com/video/av${v.aid}`,
        pic: relative(v.cover),
        play: String(c.view),
        dm: c.danmaku,
        coin: c.coin,
        fav: c.favorite,
        desc: pageDescription(world.seed, v),
        duration: minSec(v.duration),
        is_pay: 0,
        is_union_video: 0,
      };
    }),
    official_verify: { type: official.type === -1 ? 127 : official.type, desc: official.title },
    hit_columns: ['uname'],
  };
}
