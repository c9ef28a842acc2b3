import { z } from 'zod';
import type { ApiEnvelope } from './codes.js';
import { DiscoveryMsg, pagingShape, type PageInfo, type RankingLimit, type VideoItem } from './discovery.js';
import { blank, choiceField, intIn } from './validation.js';

/**
 * Activities (热门活动 / 活动详情) and video materials (视频素材: background music) — issue #6, spec §2.5
 * component keys hotActivity, activityDetail, videoStuff. Parameter schemas, answer types and messages shared by
 * the server's validation and the web (docs/api/discovery.md §7, scores in docs/metrics.md).
 */

export const ActivityMsg = {
  activityIdInvalid: '活动ID有误',
  activityNotFound: '活动不存在',
  materialIdInvalid: '素材ID有误',
  materialNotFound: '素材不存在',
} as const;

/** Windows (days) of the activity and material lists; the default first. */
export const ACTIVITY_DAYS = [30, 7, 90] as const;
export type ActivityDays = (typeof ACTIVITY_DAYS)[number];
export const MATERIAL_DAYS = [7, 30, 90] as const;
export type MaterialDays = (typeof MATERIAL_DAYS)[number];

export const ACTIVITY_SORTS = ['hot', 'videos', 'kols', 'plays', 'likes', 'interact'] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number];
export const ACTIVITY_SORT_LABELS: Readonly<Record<ActivitySort, string>> = {
  hot: '热度',
  videos: '参与视频',
  kols: '参与UP主',
  plays: '总播放',
  likes: '总点赞',
  interact: '总互动',
};

export const MATERIAL_SORTS = ['hot', 'videos', 'plays', 'rising'] as const;
export type MaterialSort = (typeof MATERIAL_SORTS)[number];
export const MATERIAL_SORT_LABELS: Readonly<Record<MaterialSort, string>> = {
  hot: '热度',
  videos: '使用视频',
  plays: '总播放',
  rising: '飙升',
};

/** Material kinds that the collector reads (view/detail `Tags` with `tag_type: 'bgm'`). */
export const MATERIAL_KINDS = ['bgm'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];
export const MATERIAL_KIND_LABELS: Readonly<Record<MaterialKind, string>> = { bgm: '背景音乐' };

/** Top videos / creators shown on a detail page. */
export const DETAIL_TOP_KOLS = 10;

function daysOf<const T extends readonly number[]>(choices: T) {
  return choiceField(choices, DiscoveryMsg.daysInvalid, choices[0] ?? 30);
}

const tidField = z.preprocess(blank, intIn(DiscoveryMsg.tidInvalid, 0, 100000).optional());

function sortOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(blank, z.enum(values, { error: DiscoveryMsg.sortInvalid }).default(values[0]));
}

function idField(message: string) {
  return z.preprocess((v) => (blank(v) === undefined ? '' : v), intIn(message, 1, Number.MAX_SAFE_INTEGER));
}

/** A window's list (`hotActivity`, `videoStuff`): a partition (or all), the window's days, a sort and a page. */
function windowListParams<const D extends readonly number[], const S extends readonly [string, ...string[]]>(
  days: D,
  sorts: S,
) {
  return z.object({ tid: tidField, days: daysOf(days), sort: sortOf(sorts), ...pagingShape });
}

/** `GET /api/hotActivity` */
export const HotActivityParams = windowListParams(ACTIVITY_DAYS, ACTIVITY_SORTS);
export type HotActivityParams = z.infer<typeof HotActivityParams>;

/** `GET /api/activityDetail`: the activity's overview, trend, partitions, top creators and a page of its videos. */
export const ActivityDetailParams = z.object({
  activityId: idField(ActivityMsg.activityIdInvalid),
  sort: sortOf(['play', 'time'] as const),
  ...pagingShape,
});
export type ActivityDetailParams = z.infer<typeof ActivityDetailParams>;

/** `GET /api/videoStuff` */
export const VideoStuffParams = windowListParams(MATERIAL_DAYS, MATERIAL_SORTS);
export type VideoStuffParams = z.infer<typeof VideoStuffParams>;

/** `GET /api/videoStuffDetail` */
export const VideoStuffDetailParams = z.object({
  materialId: idField(ActivityMsg.materialIdInvalid),
  days: daysOf(MATERIAL_DAYS),
  ...pagingShape,
});
export type VideoStuffDetailParams = z.infer<typeof VideoStuffDetailParams>;

// Answers ------------------------------------------------------------------------------------------

/** 1 running, 2 ended, 0 not started or unknown (no dates collected yet). */
export type ActivityState = 0 | 1 | 2;

export interface ActivityInfo {
  activityId: number;
  /** null until the activity's page (x/activity/subject/info) was read */
  activityName: string | null;
  actUrl: string;
  cover: string;
  description: string;
  /** ISO-8601 UTC, null when unknown */
  startTime: string | null;
  endTime: string | null;
  state: ActivityState;
}

export interface ActivityFigures {
  videoNum: number;
  kolNum: number;
  playNum: number;
  praiseNum: number;
  /** likes + coins + favourites + shares + replies + danmaku */
  interactNum: number;
}

export interface HotActivityRow extends ActivityInfo, ActivityFigures {
  rank: number;
  hotScore: number;
  /** the top-level partition with the most participating videos in the window */
  mainThemeName: string | null;
}
export interface HotActivityAnswer extends ApiEnvelope, PageInfo, RankingLimit {
  days: number;
  /** end of the window (the newest publish time in the data), ISO */
  asOf: string;
  activities: HotActivityRow[];
}

export interface ActivityTrendPoint {
  dataDate: string;
  /** participating videos published that day */
  videoNum: number;
  /** current plays of those videos */
  playNum: number;
}
export interface PartitionShare {
  tid: number;
  name: string;
  videoNum: number;
  playNum: number;
}
export interface TopKol {
  kolId: number;
  kolName: string;
  kolImg: string;
  fansNum: number;
  videoNum: number;
  playNum: number;
}
export interface ActivityDetailAnswer extends ApiEnvelope, PageInfo {
  activity: ActivityInfo;
  /** all the activity's collected videos */
  overview: ActivityFigures & { avgPlayNum: number };
  trend: ActivityTrendPoint[];
  partitions: PartitionShare[];
  topKols: TopKol[];
  videoInfos: VideoItem[];
}

export interface MaterialInfo {
  materialId: number;
  kind: MaterialKind;
  /** the music title (曲名) */
  name: string;
  /** the tag as the platform shows it, e.g. 发现《Hop》 */
  tagName: string;
  /** the platform's music id (MA…) */
  musicId: string;
  /** the music page on the platform */
  musicUrl: string;
}
export interface VideoStuffRow extends MaterialInfo {
  rank: number;
  videoNum: number;
  kolNum: number;
  playNum: number;
  /** videos using it in the window before (same length) */
  prevVideoNum: number;
  /** (videoNum − prevVideoNum) / max(prevVideoNum, 1) */
  growthRate: number;
  hotScore: number;
  /** videos using it per day of the window, oldest first */
  trend: number[];
}
export interface VideoStuffAnswer extends ApiEnvelope, PageInfo, RankingLimit {
  days: number;
  asOf: string;
  materials: VideoStuffRow[];
}
export interface VideoStuffDetailAnswer extends ApiEnvelope, PageInfo {
  material: MaterialInfo;
  days: number;
  figures: { videoNum: number; kolNum: number; playNum: number; allVideoNum: number };
  trend: ActivityTrendPoint[];
  topKols: TopKol[];
  videoInfos: VideoItem[];
}

/** The platform's page of a music id. */
export function musicUrlOf(musicId: string): string {
  return `https://music.bilibili.com/h5/music-detail?music_id=${encodeURIComponent(musicId)}`;
}
