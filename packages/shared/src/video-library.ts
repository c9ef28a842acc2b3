import { z } from 'zod';
import type { ApiEnvelope } from './codes.js';
import { CONTENT_KEYWORD_MAX_LENGTH, DiscoveryMsg, pageSizeField, type VideoItem } from './discovery.js';
import { decodeKeyword } from './schemas.js';
import { blank, intIn, optionalDay, text } from './validation.js';

/**
 * The video libraries (issue #26 item 5; spec §2.5 keys `video` and `videoShort`, §7.6 export path
 * `searchVideo`): every collected video searched by keyword, partition, duration, plays, likes and publish
 * time, sorted and paged, with the team's collect / delivery-list flags. `videoShort` is the same search
 * restricted to short or vertical videos (docs/metrics.md "Short and vertical videos").
 * API: docs/api/video-library.md.
 */

/** A video counts as short when its duration is at most this many seconds (docs/metrics.md). */
export const SHORT_VIDEO_MAX_SECONDS = 60;
/** The most rows a video search pages through (and counts): bounded paging, as the creator search's 1,000. */
export const VIDEO_SEARCH_MAX_ROWS = 1_000;
/** 免费版 reads the first page of a video search (feature `video.search`, FREE_VIDEO_ROWS rows at most). */
export const FREE_VIDEO_ROWS = 20;
export const VIDEO_SEARCH_PAGE_SIZE_DEFAULT = 20;
export const VIDEO_SEARCH_PAGE_SIZE_MAX = 50;
/** Counter filters take values up to this (10 billion: above any real video's plays). */
export const VIDEO_COUNT_MAX = 10_000_000_000;
/** Duration filters take seconds up to this (100 hours). */
export const VIDEO_DURATION_MAX = 360_000;

/** Orders of a video search: newest first (an index walk), most plays, most likes. */
export const VIDEO_SEARCH_SORTS = ['time', 'play', 'like'] as const;
export type VideoSearchSort = (typeof VIDEO_SEARCH_SORTS)[number];
export const VIDEO_SEARCH_SORT_LABELS: Readonly<Record<VideoSearchSort, string>> = {
  time: '最新发布',
  play: '播放最多',
  like: '点赞最多',
};

/** `shape` of a short-video search: vertical (竖屏) or horizontal (横屏) among the short / vertical ones. */
export const VIDEO_SHAPES = ['vertical', 'horizontal'] as const;
export type VideoShape = (typeof VIDEO_SHAPES)[number];
export const VIDEO_SHAPE_LABELS: Readonly<Record<VideoShape, string>> = { vertical: '竖屏', horizontal: '横屏' };

/** Duration presets of the screens (seconds; max null = no upper bound). */
export const VIDEO_DURATION_PRESETS: readonly { label: string; min: number | null; max: number | null }[] = [
  { label: '1分钟以内', min: null, max: 60 },
  { label: '1-5分钟', min: 61, max: 300 },
  { label: '5-20分钟', min: 301, max: 1200 },
  { label: '20-60分钟', min: 1201, max: 3600 },
  { label: '60分钟以上', min: 3601, max: null },
];
/** Duration presets of the short-video screen (every one inside SHORT_VIDEO_MAX_SECONDS or vertical). */
export const SHORT_DURATION_PRESETS: readonly { label: string; min: number | null; max: number | null }[] = [
  { label: '15秒以内', min: null, max: 15 },
  { label: '16-30秒', min: 16, max: 30 },
  { label: '31-60秒', min: 31, max: 60 },
  { label: '60秒以上（竖屏）', min: 61, max: null },
];
/** Play-count presets (min, max) of the screens. */
export const VIDEO_PLAY_PRESETS: readonly { label: string; min: number | null; max: number | null }[] = [
  { label: '1万以下', min: null, max: 9_999 },
  { label: '1万-10万', min: 10_000, max: 99_999 },
  { label: '10万-100万', min: 100_000, max: 999_999 },
  { label: '100万以上', min: 1_000_000, max: null },
];
export const VIDEO_LIKE_PRESETS: readonly { label: string; min: number | null; max: number | null }[] = [
  { label: '1千以下', min: null, max: 999 },
  { label: '1千-1万', min: 1_000, max: 9_999 },
  { label: '1万-10万', min: 10_000, max: 99_999 },
  { label: '10万以上', min: 100_000, max: null },
];

export const VideoLibraryMsg = {
  durationInvalid: '视频时长范围有误',
  playRangeInvalid: '播放数范围有误',
  likeRangeInvalid: '点赞数范围有误',
  pubRangeInvalid: '发布时间范围有误',
  pageTooDeep: `最多可查看前${VIDEO_SEARCH_MAX_ROWS}条结果，请缩小筛选范围`,
  shortInvalid: '短视频参数有误',
  shapeInvalid: '画面方向参数有误',
  sponsoredInvalid: '商单筛选参数有误',
  freeFirstPage: `免费版可查看前${FREE_VIDEO_ROWS}条结果，升级会员查看全部`,
} as const;

function optWhole(message: string, max: number) {
  return z.preprocess(blank, intIn(message, 0, max).optional());
}

function optFlag(message: string) {
  return z.preprocess(
    blank,
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .refine((n) => n === 0 || n === 1, { error: message })
      .optional(),
  );
}

const optDate = optionalDay(VideoLibraryMsg.pubRangeInvalid);

const range = (min: number | undefined, max: number | undefined) =>
  min === undefined || max === undefined || min <= max;

/**
 * GET /api/searchVideo (and /api/export/searchVideo): every filter optional. `keyword` is a title substring
 * (double URL-encoded as every search keyword, §5; shorter than 30 characters). Durations in seconds,
 * publish days in Asia/Shanghai (both ends included). `short=1` restricts to short or vertical videos (the
 * videoShort screen); `shape` then picks vertical or horizontal ones. `sponsored` 1: videos the commerce detection
 * judged sponsored; 0: videos it read and judged not sponsored (docs/api/video-library.md "Sponsored filter").
 */
export const VideoSearchParams = z
  .object({
    keyword: z.preprocess(
      (v) => (typeof v === 'string' ? decodeKeyword(v).trim() : v),
      z.preprocess(
        blank,
        text()
          .refine((s) => Array.from(s).length < CONTENT_KEYWORD_MAX_LENGTH, {
            error: DiscoveryMsg.contentKeywordTooLong,
          })
          .optional(),
      ),
    ),
    tid: optWhole(DiscoveryMsg.tidInvalid, 100000).refine((v) => v === undefined || v >= 1, {
      error: DiscoveryMsg.tidInvalid,
    }),
    durationMin: optWhole(VideoLibraryMsg.durationInvalid, VIDEO_DURATION_MAX),
    durationMax: optWhole(VideoLibraryMsg.durationInvalid, VIDEO_DURATION_MAX),
    playMin: optWhole(VideoLibraryMsg.playRangeInvalid, VIDEO_COUNT_MAX),
    playMax: optWhole(VideoLibraryMsg.playRangeInvalid, VIDEO_COUNT_MAX),
    likeMin: optWhole(VideoLibraryMsg.likeRangeInvalid, VIDEO_COUNT_MAX),
    likeMax: optWhole(VideoLibraryMsg.likeRangeInvalid, VIDEO_COUNT_MAX),
    pubFrom: optDate,
    pubTo: optDate,
    short: optFlag(VideoLibraryMsg.shortInvalid),
    shape: z.preprocess(blank, z.enum(VIDEO_SHAPES, { error: VideoLibraryMsg.shapeInvalid }).optional()),
    sponsored: optFlag(VideoLibraryMsg.sponsoredInvalid),
    sort: z.preprocess(blank, z.enum(VIDEO_SEARCH_SORTS, { error: DiscoveryMsg.sortInvalid }).default('time')),
    pageNo: z.preprocess(blank, intIn(DiscoveryMsg.pageNoInvalid, 1, VIDEO_SEARCH_MAX_ROWS).default(1)),
    pageSize: pageSizeField(VIDEO_SEARCH_PAGE_SIZE_MAX, VIDEO_SEARCH_PAGE_SIZE_DEFAULT),
  })
  .refine((p) => range(p.durationMin, p.durationMax), { error: VideoLibraryMsg.durationInvalid, path: ['durationMin'] })
  .refine((p) => range(p.playMin, p.playMax), { error: VideoLibraryMsg.playRangeInvalid, path: ['playMin'] })
  .refine((p) => range(p.likeMin, p.likeMax), { error: VideoLibraryMsg.likeRangeInvalid, path: ['likeMin'] })
  .refine((p) => p.pubFrom === undefined || p.pubTo === undefined || p.pubFrom <= p.pubTo, {
    error: VideoLibraryMsg.pubRangeInvalid,
    path: ['pubFrom'],
  })
  .refine((p) => p.shape === undefined || p.short === 1, { error: VideoLibraryMsg.shapeInvalid, path: ['shape'] })
  .refine((p) => (p.pageNo - 1) * p.pageSize < VIDEO_SEARCH_MAX_ROWS, {
    error: VideoLibraryMsg.pageTooDeep,
    path: ['pageNo'],
  });
export type VideoSearchParams = z.infer<typeof VideoSearchParams>;

/** A row of a video search: the list row of every video list, the team's flags and the vertical mark. */
export interface VideoSearchItem extends VideoItem {
  /** 1: the platform's `dimension` says the picture is taller than wide (rotate 1 swaps); 0 wide; null unknown */
  isVertical: number | null;
  /** the caller's team has it in 收藏 (type 1) / 投放清单 (type 4) */
  isCollect: number;
  isPut: number;
}

export interface VideoSearchAnswer extends ApiEnvelope {
  videoInfos: VideoSearchItem[];
  /** matches, counted up to VIDEO_SEARCH_MAX_ROWS */
  total: number;
  /** more matches than `total` */
  totalCapped: boolean;
  pageNo: number;
  pageSize: number;
  /** 免费版: only the first FREE_VIDEO_ROWS rows are readable (the rest needs 初级版, `video.search`) */
  limited: boolean;
}

/** Whether the platform's `dimension` ({width, height, rotate}) is vertical; null when it does not say. */
export function isVerticalDimension(d: { width: number; height: number; rotate: number } | null): boolean | null {
  if (!d || !(d.width > 0) || !(d.height > 0)) return null;
  return d.rotate === 1 ? d.width > d.height : d.height > d.width;
}
