/**
 * Search answers: `x/web-interface/wbi/search/type` (one result type per call: `video` or `bili_user`
 * here) and `x/web-interface/wbi/search/all/v2` (every type; the video and user blocks are read).
 * Titles carry `<em class="keyword">` highlights (removed); pictures are protocol-relative (made https).
 */
import { z } from 'zod';
import type { SearchUserRecord, VideoRecord } from '../records.js';
import { absoluteUrl, num, numOr, officialTypeOf, optNum, sexFromGender, str, stripHighlight } from './common.js';
import { listedVideo } from './video.js';

const SearchVideo = z.object({
  aid: num,
  bvid: z.string(),
  mid: num,
  author: str,
  title: z.string(),
  description: str,
  pic: str,
  play: optNum.catch(null),
  video_review: optNum.catch(null),
  favorites: optNum.catch(null),
  review: optNum.catch(null),
  pubdate: num,
  duration: z.union([z.string(), z.number()]).nullish(),
  typeid: optNum,
  typename: z.string().nullish(),
});

function searchVideo(v: z.infer<typeof SearchVideo>): VideoRecord {
  return listedVideo(v, {
    duration: v.duration,
    pubdate: v.pubdate,
    tname: v.typename ?? null,
    copyright: null,
    reply: v.review,
    favorite: v.favorites,
  });
}

const SearchUser = z.object({
  mid: num,
  uname: z.string(),
  usign: str,
  upic: str,
  fans: numOr(0),
  videos: numOr(0),
  level: numOr(0),
  gender: numOr(3),
  is_live: numOr(0),
  room_id: optNum,
  official_verify: z.object({ type: optNum, desc: str }).nullish(),
});

function searchUser(u: z.infer<typeof SearchUser>): SearchUserRecord {
  return {
    mid: u.mid,
    name: stripHighlight(u.uname),
    face: absoluteUrl(u.upic),
    sign: u.usign,
    fans: u.fans,
    videos: u.videos,
    level: u.level,
    sex: sexFromGender(u.gender),
    officialType: officialTypeOf(u.official_verify?.type ?? null, null),
    officialTitle: u.official_verify?.desc ?? '',
    isLive: u.is_live === 1,
    liveRoomId: u.room_id !== null && u.room_id > 0 ? u.room_id : null,
  };
}

export type SearchType = 'video' | 'bili_user';

export interface SearchPage<T> {
  page: number;
  pageSize: number;
  numResults: number;
  numPages: number;
  items: T[];
}

const SearchTypeData = z.object({
  page: numOr(1),
  pagesize: numOr(20),
  numResults: numOr(0),
  numPages: numOr(0),
  result: z.array(z.unknown()).nullish(),
});

function page<T>(data: unknown, item: (raw: unknown) => T): SearchPage<T> {
  const d = SearchTypeData.parse(data);
  return {
    page: d.page,
    pageSize: d.pagesize,
    numResults: d.numResults,
    numPages: d.numPages,
    items: (d.result ?? []).map(item),
  };
}

/** `wbi/search/type?search_type=video` */
export function parseSearchVideos(data: unknown): SearchPage<VideoRecord> {
  return page(data, (raw) => searchVideo(SearchVideo.parse(raw)));
}

/** `wbi/search/type?search_type=bili_user` */
export function parseSearchUsers(data: unknown): SearchPage<SearchUserRecord> {
  return page(data, (raw) => searchUser(SearchUser.parse(raw)));
}

const SearchAllData = z.object({
  result: z.array(z.object({ result_type: z.string(), data: z.array(z.unknown()).nullish() })).nullish(),
});

/** `wbi/search/all/v2`: the video and user blocks of the combined answer. */
export function parseSearchAll(data: unknown): { videos: VideoRecord[]; users: SearchUserRecord[] } {
  const d = SearchAllData.parse(data);
  const block = (type: string) => (d.result ?? []).find((r) => r.result_type === type)?.data ?? [];
  return {
    videos: block('video').map((raw) => searchVideo(SearchVideo.parse(raw))),
    users: block('bili_user').map((raw) => searchUser(SearchUser.parse(raw))),
  };
}
