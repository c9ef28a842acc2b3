/**
 * Every Bilibili endpoint the client calls, once: its host, path, signing (WBI, buvid3 cookie), answer format, the
 * codes that mean "gone" or are still parsed, and its parser. The client (bilibili-client.ts) sends every one of them
 * through the same request path (`BilibiliClient.call`); a method of the client only names the endpoint and its
 * parameters. A path may hold `<name>` parts, filled from the parameter of that name (which then stays out of the
 * query): `comment.bilibili.com/<cid>.xml`.
 */
import { LIVE_GONE_CODES, type GoneReason } from './errors.js';
import type { BilibiliHosts } from './hosts.js';
import { buvidFromSetCookie } from './cookies.js';
import { parseActivityInfo } from './parsers/activity.js';
import { parseReplyCount, parseReplyMain, parseReplyPage, parseReplyReplies } from './parsers/comment.js';
import { parseNavNum, parseRelationStat, parseSpaceInfo, parseUpStat, parseUserCard } from './parsers/creator.js';
import { parseDanmakuXml } from './parsers/danmaku.js';
import { parseDanmuInfo, parseLiveRoomInfo, parseLiveRoomInit, parseLiveStatusByUids } from './parsers/live.js';
import { parseNavWbiKeys, parseSpiBuvid } from './parsers/nav.js';
import { parsePopular, parseRanking, parseWeekly } from './parsers/ranking.js';
import { parseSearchUsers, parseSearchVideos } from './parsers/search.js';
import { parseArcSearch, parsePageList, parseVideoView, parseVideoViewDetail } from './parsers/video.js';

export interface Endpoint<T> {
  /** the name the client reports (AttemptEvent.endpoint, errors); default: the path without its leading '/' */
  name?: string;
  host: keyof BilibiliHosts;
  /** path after the host, starting with '/'; `<param>` parts are filled from the parameters */
  path: string;
  /** WBI-sign the query */
  wbi?: boolean;
  /** make sure a buvid3 cookie is known before sending */
  buvid?: boolean;
  /** 'json' (envelope; `parse` gets `data`) or 'text' (`parse` gets the body) */
  format?: 'json' | 'text';
  /** non-zero codes whose `data` is still parsed (nav answers −101 when logged out) */
  acceptCodes?: readonly number[];
  goneCodes?: ReadonlyMap<number, GoneReason>;
  /** HTTP 404 means the object is gone (the danmaku XML host) */
  http404IsGone?: boolean;
  /** attempts per call, when not the client's */
  maxAttempts?: number;
  parse: (data: unknown, headers: Headers) => T;
}

const text = (body: unknown) => parseDanmakuXml(String(body));

export const ENDPOINTS = {
  // creators
  userCard: { host: 'api', path: '/x/web-interface/card', parse: parseUserCard },
  relationStat: { host: 'api', path: '/x/relation/stat', parse: parseRelationStat },
  spaceInfo: { host: 'api', path: '/x/space/wbi/acc/info', wbi: true, buvid: true, parse: parseSpaceInfo },
  upStat: { host: 'api', path: '/x/space/upstat', parse: parseUpStat },
  navNum: { host: 'api', path: '/x/space/navnum', parse: parseNavNum },
  creatorVideos: { host: 'api', path: '/x/space/wbi/arc/search', wbi: true, buvid: true, parse: parseArcSearch },
  // videos
  videoView: { host: 'api', path: '/x/web-interface/view', parse: parseVideoView },
  videoViewDetail: { host: 'api', path: '/x/web-interface/view/detail', parse: parseVideoViewDetail },
  activityInfo: { host: 'api', path: '/x/activity/subject/info', parse: parseActivityInfo },
  pageList: { host: 'api', path: '/x/player/pagelist', parse: parsePageList },
  // comments and danmaku
  comments: { host: 'api', path: '/x/v2/reply', parse: parseReplyPage },
  commentsCursor: { host: 'api', path: '/x/v2/reply/wbi/main', wbi: true, buvid: true, parse: parseReplyMain },
  commentReplies: { host: 'api', path: '/x/v2/reply/reply', parse: parseReplyReplies },
  replyCount: { host: 'api', path: '/x/v2/reply/count', parse: parseReplyCount },
  danmakuApi: { host: 'api', path: '/x/v1/dm/list.so', format: 'text', http404IsGone: true, parse: text },
  danmakuXml: {
    name: 'comment/<cid>.xml',
    host: 'comment',
    path: '/<cid>.xml',
    format: 'text',
    http404IsGone: true,
    parse: text,
  },
  // lists
  popular: { host: 'api', path: '/x/web-interface/popular', parse: (d: unknown) => parsePopular(d) },
  popularWeekly: { host: 'api', path: '/x/web-interface/popular/series/one', parse: parseWeekly },
  ranking: { host: 'api', path: '/x/web-interface/ranking/v2', parse: parseRanking },
  // live
  liveRoomInfo: { host: 'live', path: '/room/v1/Room/get_info', goneCodes: LIVE_GONE_CODES, parse: parseLiveRoomInfo },
  liveRoomInit: { host: 'live', path: '/room/v1/Room/room_init', goneCodes: LIVE_GONE_CODES, parse: parseLiveRoomInit },
  liveStatusByUids: { host: 'live', path: '/room/v1/Room/get_status_info_by_uids', parse: parseLiveStatusByUids },
  liveDanmuInfo: {
    host: 'live',
    path: '/xlive/web-room/v1/index/getDanmuInfo',
    goneCodes: LIVE_GONE_CODES,
    parse: parseDanmuInfo,
  },
  // search (WBI + buvid3)
  searchVideos: {
    host: 'api',
    path: '/x/web-interface/wbi/search/type',
    wbi: true,
    buvid: true,
    parse: parseSearchVideos,
  },
  searchUsers: {
    host: 'api',
    path: '/x/web-interface/wbi/search/type',
    wbi: true,
    buvid: true,
    parse: parseSearchUsers,
  },
  // cookies and keys
  spi: { host: 'api', path: '/x/frontend/finger/spi', maxAttempts: 1, parse: parseSpiBuvid },
  home: {
    name: 'www/',
    host: 'www',
    path: '/',
    format: 'text',
    maxAttempts: 1,
    parse: (_body: unknown, headers: Headers) => buvidFromSetCookie(headers.getSetCookie()),
  },
  nav: { host: 'api', path: '/x/web-interface/nav', acceptCodes: [-101], parse: parseNavWbiKeys },
} as const satisfies Record<string, Endpoint<unknown>>;

export type EndpointKey = keyof typeof ENDPOINTS;
/** What an endpoint's parser answers. */
export type EndpointValue<K extends EndpointKey> = ReturnType<(typeof ENDPOINTS)[K]['parse']>;

/** The name an endpoint is reported by. */
export function endpointName(e: Endpoint<unknown>): string {
  return e.name ?? e.path.slice(1);
}
