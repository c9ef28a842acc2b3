/**
 * Reading saved Bilibili responses: files in the platform's own response format — one response per file,
 * a JSON array of responses, or JSON Lines (one response per line, as a crawler appends them). Each
 * response is parsed with the provider's parsers into domain records; the type is given or detected from
 * the shape. Responses with a non-zero code (a saved "deleted" answer, a risk-control page) are skipped and
 * counted, not failed. A view/detail response also carries the video's activity (mission id) and background
 * music: those go through the activity ingestor (`ActivityIngestor.ingestVideoDetails`), as the collector's.
 */
import fs from 'node:fs/promises';
import { Envelope, envelopeMessage } from '../providers/bilibili/parsers/common.js';
import { parseUserCard } from '../providers/bilibili/parsers/creator.js';
import { parsePopular, parseRanking, parseWeekly } from '../providers/bilibili/parsers/ranking.js';
import { parseVideoView, parseVideoViewDetail } from '../providers/bilibili/parsers/video.js';
import {
  emptyRecords,
  type BgmRecord,
  type CreatorRecord,
  type DomainRecords,
  type RankingRecord,
  type VideoRecord,
} from '../providers/bilibili/records.js';
import { dayEndMs, shanghaiToday } from '../db/seed/world/days.js';
import type { Ingestor, IngestResult, VideoIngestResult } from '../modules/ingestion/ingestor.js';
import type { DetailWriter, DetailWriteResult } from './detail-writer.js';

export const IMPORT_TYPES = ['popular', 'ranking', 'weekly', 'card', 'view', 'detail'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

export class ImportError extends Error {
  override name = 'ImportError';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The type of a response's `data`, from its shape; null when it is none of the importable ones. */
export function detectType(data: unknown): ImportType | null {
  if (!isObject(data)) return null;
  if (isObject(data.card) && ('follower' in data || 'archive_count' in data)) return 'card';
  if (isObject(data.View)) return 'detail';
  if (isObject(data.config) && Array.isArray(data.list)) return 'weekly';
  if (Array.isArray(data.list)) {
    if ('note' in data) return 'ranking';
    if ('no_more' in data) return 'popular';
    const first: unknown = data.list[0];
    if (isObject(first) && 'score' in first) return 'ranking';
    if (isObject(first) && 'rcmd_reason' in first) return 'popular';
    return null;
  }
  if ('aid' in data && isObject(data.owner) && isObject(data.stat)) return 'view';
  return null;
}

/** The responses held by one file's text. */
export function splitResponses(text: string, file: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  try {
    const whole: unknown = JSON.parse(trimmed);
    return Array.isArray(whole) ? whole : [whole];
  } catch {
    // not one JSON document: JSON Lines
  }
  return trimmed
    .split(/\r?\n/)
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter((l) => l.line !== '')
    .map(({ line, n }) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new ImportError(`${file}:${n}: not JSON (expected a response, an array of responses or JSON Lines)`);
      }
    });
}

/** What a view/detail says beyond the video record: its activity and its background music. */
export interface ImportedDetail {
  aid: number;
  missionId: number | null;
  bgms: BgmRecord[];
}

/** The domain records of the responses, and the view/detail extras. */
export interface ImportedRecords extends DomainRecords {
  details: ImportedDetail[];
}

/** A response as read, for the raw store (its type and the whole body). */
export interface RawResponse {
  kind: ImportType;
  body: unknown;
}

export interface FileSummary {
  file: string;
  responses: number;
  byType: Partial<Record<ImportType, number>>;
  /** responses with a non-zero code, e.g. "-404 啥都木有" */
  skipped: { index: number; code: number; message: string }[];
}

const LIST_PARSERS = { popular: parsePopular, ranking: parseRanking, weekly: parseWeekly } as const;

/** What a response's data holds, for a message: its keys (at most 8). */
function shapeOf(data: unknown): string {
  if (Array.isArray(data)) return `an array of ${data.length}`;
  if (!isObject(data)) return data === undefined ? 'no data' : typeof data;
  const keys = Object.keys(data);
  return keys.length === 0 ? 'an empty object' : `keys ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`;
}

/**
 * The items of a list response; a list answer with 0 items of the list's shape (an empty list, or a user card or nav
 * answer forced as a list) is an error that says what was found: importing it would write nothing and report success.
 */
function parseList(type: 'popular' | 'ranking' | 'weekly', data: unknown): RankingRecord[] {
  let items: RankingRecord[] = [];
  try {
    items = LIST_PARSERS[type](data).items;
  } catch {
    // not the list's shape: reported below with what the data holds
  }
  if (items.length === 0) {
    throw new ImportError(
      `0 items of the expected shape (a ${type} list: data.list[] of videos); found ${shapeOf(data)} ` +
        `(${type} 列表中没有可导入的视频)`,
    );
  }
  return items;
}

/** Parses one response body into `into`; answers its type, or a skip when its code is not 0. */
export function parseResponse(
  body: unknown,
  type: ImportType | 'auto',
  into: ImportedRecords,
): { type: ImportType } | { skipped: { code: number; message: string } } {
  let data: unknown;
  const env = Envelope.safeParse(body);
  if (env.success) {
    if (env.data.code !== 0) return { skipped: { code: env.data.code, message: envelopeMessage(env.data) } };
    data = env.data.data;
  } else if (isObject(body) && Array.isArray(body.list)) {
    // the data part saved without its envelope, as many collectors store a list: {"number": …, "list": [ … ]}
    data = body;
  } else {
    throw new ImportError('not a Bilibili response (no {code, data} envelope, nor a saved {list: [ … ]})');
  }
  const detected = type === 'auto' ? detectType(data) : type;
  if (!detected) throw new ImportError('cannot tell the response type from its shape; pass --type');
  switch (detected) {
    case 'popular':
    case 'ranking':
    case 'weekly': {
      const items = parseList(detected, data);
      into.rankings.push(...items);
      into.videos.push(...items.map((i) => i.video));
      break;
    }
    case 'card':
      into.creators.push(parseUserCard(data));
      break;
    case 'view':
      into.videos.push(parseVideoView(data).video);
      break;
    case 'detail': {
      const d = parseVideoViewDetail(data);
      into.videos.push(d.video);
      if (d.owner) into.creators.push(d.owner);
      into.details.push({ aid: d.video.aid, missionId: d.video.missionId, bgms: d.bgms });
      break;
    }
  }
  return { type: detected };
}

/** Reads and parses files; throws ImportError naming the file (and response) on the first bad one. */
export async function readFiles(
  files: readonly string[],
  type: ImportType | 'auto',
): Promise<{ records: ImportedRecords; files: FileSummary[]; raw: RawResponse[] }> {
  const records: ImportedRecords = { ...emptyRecords(), details: [] };
  const summaries: FileSummary[] = [];
  const raw: RawResponse[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (e) {
      throw new ImportError(`${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const responses = splitResponses(text, file);
    const summary: FileSummary = { file, responses: responses.length, byType: {}, skipped: [] };
    responses.forEach((body, index) => {
      try {
        const r = parseResponse(body, type, records);
        if ('skipped' in r) summary.skipped.push({ index, ...r.skipped });
        else {
          summary.byType[r.type] = (summary.byType[r.type] ?? 0) + 1;
          raw.push({ kind: r.type, body });
        }
      } catch (e) {
        const where = responses.length > 1 ? `${file} (response ${index + 1})` : file;
        throw new ImportError(`${where}: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
    summaries.push(summary);
  }
  return { records: { ...dedupe(records), details: latestDetails(records.details) }, files: summaries, raw };
}

/** Each of `keys` of the later record `b`, or of `a` where `b` does not know it (null or undefined). */
function known<T extends object, K extends keyof T>(a: T, b: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, b[k] ?? a[k]])) as Pick<T, K>;
}

/** `b` is the later record; `a` fills what `b` does not know. */
function mergeCreator(a: CreatorRecord, b: CreatorRecord): CreatorRecord {
  return {
    ...b,
    ...known(a, b, ['level', 'fans', 'following', 'likes', 'plays', 'videoCount', 'liveRoomId', 'isLive']),
  };
}

function mergeVideo(a: VideoRecord, b: VideoRecord): VideoRecord {
  return {
    ...b,
    owner: {
      mid: b.owner.mid,
      name: b.owner.name || a.owner.name,
      face: b.owner.face ?? a.owner.face,
      ...(b.owner.fans != null || a.owner.fans != null ? { fans: b.owner.fans ?? a.owner.fans } : {}),
    },
    ...known(a, b, ['tid', 'tname', 'copyright', 'isActivity', 'state', 'cid']),
    ...((b.listStats ?? a.listStats) ? { listStats: b.listStats ?? a.listStats } : {}),
    stats: known(a.stats, b.stats, ['view', 'danmaku', 'reply', 'favorite', 'coin', 'share', 'like']),
  };
}

/**
 * One record per creator and per video: a video in both the popular and the ranking list of the same day
 * is merged, later files winning where they have a value.
 */
export function dedupe(records: DomainRecords): DomainRecords {
  const creators = new Map<number, CreatorRecord>();
  for (const c of records.creators) {
    const prev = creators.get(c.mid);
    creators.set(c.mid, prev ? mergeCreator(prev, c) : c);
  }
  const videos = new Map<number, VideoRecord>();
  for (const v of records.videos) {
    const prev = videos.get(v.aid);
    videos.set(v.aid, prev ? mergeVideo(prev, v) : v);
  }
  return { creators: [...creators.values()], videos: [...videos.values()], rankings: records.rankings };
}

/** One detail per video, the later response winning. */
function latestDetails(details: readonly ImportedDetail[]): ImportedDetail[] {
  return [...new Map(details.map((d) => [d.aid, d])).values()];
}

/**
 * Videos whose view (x/web-interface/view) names an activity without a view/detail in the import: a view has
 * no tags, so writing its mission id as a detail would drop the video's music and mark its details read.
 */
function viewOnlyMissions(records: ImportedRecords): number {
  const detailed = new Set(records.details.map((d) => d.aid));
  return records.videos.filter((v) => v.missionId !== null && !detailed.has(v.aid)).length;
}

export interface ImportSummary {
  day: string;
  files: FileSummary[];
  creators: IngestResult;
  videos: VideoIngestResult;
  /** view/detail extras: mission ids, new activities to read, background music */
  details: DetailWriteResult;
  /** videos whose activity is known from a view only (not written; see viewOnlyMissions) */
  viewOnlyMissions: number;
  /** ranking positions read (kept in the records; no table stores the platform's lists yet) */
  rankingPositions: number;
  /** responses added to the raw store (raw_responses; 0 for bodies already kept) */
  rawKept: number;
}

/**
 * The day against the clock and the data, before anything is written: a day after today (Asia/Shanghai) is refused,
 * and so is a set of responses holding videos published after the day (the file was taken later than the date says:
 * its rows would predate their videos). Throws ImportError with the count.
 */
export function checkDay(records: DomainRecords, day: string, now: Date = new Date()): void {
  const today = shanghaiToday(now);
  if (day > today) {
    throw new ImportError(
      `--date ${day} is after today (${today}, Asia/Shanghai): a future day cannot have been collected ` +
        `(日期 ${day} 晚于今天 ${today}，不能导入未来的日期)`,
    );
  }
  const end = dayEndMs(day) / 1000;
  const later = records.videos.filter((v) => v.pubdate >= end);
  if (later.length > 0) {
    const first = later[0] as VideoRecord;
    throw new ImportError(
      `${later.length} video(s) were published after ${day} (e.g. av${first.aid} on ` +
        `${shanghaiToday(new Date(first.pubdate * 1000))}): the responses were taken later than --date says ` +
        `(${later.length} 个视频的发布时间晚于 ${day}，整批拒绝导入)`,
    );
  }
}

/**
 * Reads the files and writes their records for `day` through the ingestor (creators first, then videos), then
 * the view/detail extras of the videos now stored.
 */
export async function importFiles(
  files: readonly string[],
  options: { day: string; type: ImportType | 'auto'; now?: Date },
  ingestor: Ingestor,
  details: DetailWriter,
  rawStore?: (raw: readonly RawResponse[], day: string) => Promise<number>,
): Promise<ImportSummary> {
  const { records, files: summaries, raw } = await readFiles(files, options.type);
  checkDay(records, options.day, options.now);
  const rawKept = rawStore ? await rawStore(raw, options.day) : 0;
  const creators = await ingestor.ingestCreators(records.creators, options.day);
  const videos = await ingestor.ingestVideos(records.videos, options.day);
  const written = await details.write(records.details, options.day);
  return {
    day: options.day,
    files: summaries,
    creators,
    videos,
    details: written,
    viewOnlyMissions: viewOnlyMissions(records),
    rankingPositions: records.rankings.length,
    rawKept,
  };
}
