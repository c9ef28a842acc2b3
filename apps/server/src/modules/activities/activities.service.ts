import {
  ActivityMsg,
  DETAIL_TOP_KOLS,
  FREE_RANKING_ROWS,
  featureAllowed,
  musicUrlOf,
  type ActivityDetailAnswer,
  type ActivityDetailParams,
  type ActivityInfo,
  type ActivitySort,
  type ActivityState,
  type ActivityTrendPoint,
  type AnswerBody,
  type HotActivityAnswer,
  type HotActivityParams,
  type HotActivityRow,
  type MaterialInfo,
  type MaterialSort,
  type RankingLimit,
  type VideoStuffAnswer,
  type VideoStuffDetailAnswer,
  type VideoStuffDetailParams,
  type VideoStuffParams,
  type VideoStuffRow,
} from '@xg/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { Cached, CachedMap, type CatalogService } from '../creators/catalog.service.js';
import type { FeatureGate } from '../creators/search.service.js';
import type { TierOf } from '../creators/sections.service.js';
import { readVideoItems } from '../videos/video-items.js';
import type {
  ActivitiesRepository,
  ActivityAggregate,
  ActivityRow,
  DayFigure,
  MaterialAggregate,
} from './activities.repository.js';

/** Window aggregates are recomputed at most this often (as hotTag / hotSpot). */
const CACHE_MS = 10 * 60_000;
/** The activity trend shows at most this many days (the latest publish days of its videos). */
export const ACTIVITY_TREND_DAYS = 180;

const round2 = (x: number): number => Math.round(x * 100) / 100;
const DAY_MS = 86_400_000;

/**
 * Activity hot score (docs/metrics.md "Activities and materials"):
 *   hotScore = Σ hotScore(v) over its window videos × (1 + log10(creators))
 * The breadth factor puts an activity many creators join above one carried by a single creator's series.
 */
export function activityHotScore(scoreSum: number, kolNum: number): number {
  return scoreSum * (1 + Math.log10(Math.max(1, kolNum)));
}

/** Material growth: (videos in the window − videos in the window before) / max(videos before, 1). */
export function growthRate(videoNum: number, prevVideoNum: number): number {
  return Math.round(((videoNum - prevVideoNum) / Math.max(prevVideoNum, 1)) * 10000) / 10000;
}

export function activityState(row: Pick<ActivityRow, 'startsAt' | 'endsAt'> | undefined, now: Date): ActivityState {
  if (!row?.startsAt || !row.endsAt) return 0;
  if (now < row.startsAt) return 0;
  return now <= row.endsAt ? 1 : 2;
}

/** The Shanghai days from `first` to `last` inclusive ('YYYY-MM-DD'). */
export function dayRange(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** The Shanghai day of an instant. */
export function shanghaiDayOf(t: Date): string {
  return new Date(t.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

function trendOf(days: readonly DayFigure[], first: string, last: string): ActivityTrendPoint[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  return dayRange(first, last).map((day) => ({
    dataDate: day,
    videoNum: byDay.get(day)?.videoNum ?? 0,
    playNum: byDay.get(day)?.playNum ?? 0,
  }));
}

const ACTIVITY_ORDER: Readonly<Record<ActivitySort, (r: Omit<HotActivityRow, 'rank'>) => number>> = {
  hot: (r) => r.hotScore,
  videos: (r) => r.videoNum,
  kols: (r) => r.kolNum,
  plays: (r) => r.playNum,
  likes: (r) => r.praiseNum,
  interact: (r) => r.interactNum,
};

const MATERIAL_ORDER: Readonly<Record<MaterialSort, (r: Omit<VideoStuffRow, 'rank'>) => number>> = {
  hot: (r) => r.hotScore,
  videos: (r) => r.videoNum,
  plays: (r) => r.playNum,
  // rising: growth first; among equal growth the larger use
  rising: (r) => r.growthRate * 1e6 + r.videoNum,
};

interface LimitWindow extends RankingLimit {
  offset: number;
  limit: number;
}

/**
 * Activities and materials (issue #6: hotActivity, activityDetail, videoStuff) computed from the collected
 * videos: mission ids, activity pages and bgm tags (docs/data-sources.md). The list windows end at the newest
 * publish time in the data (`asOf`), as the other hot lists. Whole-window aggregates are cached 10 minutes per
 * parameter set; the lists are ranked in memory (one row per activity / material).
 *
 * Gate `ranking.full` (userType ≥ 1), as the rankings: 免费版 reads the first FREE_RANKING_ROWS rows of a list.
 */
export class ActivitiesService {
  private readonly asOf: Cached<Date>;
  private readonly activityLists = new CachedMap<string, Omit<HotActivityRow, 'rank'>[]>(CACHE_MS);
  private readonly materialLists = new CachedMap<string, Omit<VideoStuffRow, 'rank'>[]>(CACHE_MS);

  constructor(
    private readonly db: Db,
    private readonly repo: ActivitiesRepository,
    private readonly catalog: CatalogService,
    private readonly gate: FeatureGate,
    private readonly tierOf: TierOf,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.asOf = new Cached(60_000, () => repo.asOf());
  }

  private async tids(tid: number | undefined): Promise<number[] | null> {
    return tid === undefined || tid === 0 ? null : this.catalog.expand(tid);
  }

  /** The rows of a page the account's tier may read (rankings' rule). */
  private async window(userId: string, pageNo: number, pageSize: number): Promise<LimitWindow> {
    const offset = (pageNo - 1) * pageSize;
    const { userType } = await this.tierOf(userId);
    if (featureAllowed(userType, 'ranking.full')) return { offset, limit: pageSize, limited: false, limitRows: null };
    if (offset >= FREE_RANKING_ROWS) await this.gate(userId, 'ranking.full'); // throws the gate's answer
    return {
      offset,
      limit: Math.min(pageSize, FREE_RANKING_ROWS - offset),
      limited: true,
      limitRows: FREE_RANKING_ROWS,
    };
  }

  private info(id: number, row: ActivityRow | undefined): ActivityInfo {
    return {
      activityId: id,
      activityName: row?.name ?? null,
      actUrl: row?.actUrl ?? '',
      cover: row?.cover ?? '',
      description: row?.description ?? '',
      startTime: row?.startsAt?.toISOString() ?? null,
      endTime: row?.endsAt?.toISOString() ?? null,
      state: activityState(row, this.now()),
    };
  }

  // ---- hotActivity ----------------------------------------------------------------------------------

  async hotActivity(userId: string, p: HotActivityParams): Promise<AnswerBody<HotActivityAnswer>> {
    const [asOf, tids] = await Promise.all([this.asOf.get(), this.tids(p.tid)]);
    const window = await this.window(userId, p.pageNo, p.pageSize);
    const rows = await this.activityLists.get(`${p.tid ?? 0}:${p.days}`, async () =>
      this.activityRows(await this.repo.activityAggregates(asOf, p.days, tids)),
    );
    const order = ACTIVITY_ORDER[p.sort];
    const sorted = [...rows].sort(
      (a, b) => order(b) - order(a) || b.hotScore - a.hotScore || a.activityId - b.activityId,
    );
    const page = sorted.slice(window.offset, window.offset + window.limit);
    return {
      days: p.days,
      asOf: asOf.toISOString(),
      activities: page.map((r, i) => ({ ...r, rank: window.offset + i + 1 })),
      total: sorted.length,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
      limited: window.limited,
      limitRows: window.limitRows,
    };
  }

  private async activityRows(aggs: ActivityAggregate[]): Promise<Omit<HotActivityRow, 'rank'>[]> {
    const [infos, partitions] = await Promise.all([
      this.repo.activities(aggs.map((a) => a.missionId)),
      this.catalog.names(),
    ]);
    return aggs.map((a) => ({
      ...this.info(a.missionId, infos.get(a.missionId)),
      videoNum: a.videoNum,
      kolNum: a.kolNum,
      playNum: a.playNum,
      praiseNum: a.praiseNum,
      interactNum: a.interactNum,
      hotScore: round2(activityHotScore(a.scoreSum, a.kolNum)),
      mainThemeName: a.mainTopTid === null ? null : (partitions.get(a.mainTopTid)?.name ?? null),
    }));
  }

  // ---- activityDetail -------------------------------------------------------------------------------

  async activityDetail(p: ActivityDetailParams): Promise<AnswerBody<ActivityDetailAnswer>> {
    const id = p.activityId;
    const infos = await this.repo.activities([id]);
    const row = infos.get(id);
    if (!row && !(await this.repo.missionSeen(id))) {
      throw AppError.fail(ActivityMsg.activityNotFound, { field: 'activityId' });
    }
    const offset = (p.pageNo - 1) * p.pageSize;
    const filter = this.repo.activityVideoFilter(id);
    const [figures, days, partitions, topKols, ids] = await Promise.all([
      this.repo.activityFigures(id),
      this.repo.activityDays(id),
      this.repo.activityPartitions(id),
      this.repo.topKols(filter.where, filter.from, DETAIL_TOP_KOLS),
      this.repo.activityVideoIds(id, p.sort, { limit: p.pageSize, offset }),
    ]);
    const last = days[days.length - 1]?.day;
    const first = days[0]?.day;
    const trend =
      first && last
        ? trendOf(
            days,
            first < shiftDay(last, 1 - ACTIVITY_TREND_DAYS) ? shiftDay(last, 1 - ACTIVITY_TREND_DAYS) : first,
            last,
          )
        : [];
    return {
      activity: this.info(id, row),
      overview: {
        ...figures,
        avgPlayNum: figures.videoNum === 0 ? 0 : Math.round(figures.playNum / figures.videoNum),
      },
      trend,
      partitions,
      topKols,
      videoInfos: await readVideoItems(this.db, ids),
      total: figures.videoNum,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }

  // ---- videoStuff ------------------------------------------------------------------------------------

  async videoStuff(userId: string, p: VideoStuffParams): Promise<AnswerBody<VideoStuffAnswer>> {
    const [asOf, tids] = await Promise.all([this.asOf.get(), this.tids(p.tid)]);
    const window = await this.window(userId, p.pageNo, p.pageSize);
    const rows = await this.materialLists.get(`${p.tid ?? 0}:${p.days}`, async () =>
      materialRows(await this.repo.materialAggregates(asOf, p.days, tids), asOf, p.days),
    );
    const order = MATERIAL_ORDER[p.sort];
    const sorted = [...rows].sort(
      (a, b) => order(b) - order(a) || b.hotScore - a.hotScore || a.materialId - b.materialId,
    );
    const page = sorted.slice(window.offset, window.offset + window.limit);
    return {
      days: p.days,
      asOf: asOf.toISOString(),
      materials: page.map((r, i) => ({ ...r, rank: window.offset + i + 1 })),
      total: sorted.length,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
      limited: window.limited,
      limitRows: window.limitRows,
    };
  }

  async videoStuffDetail(p: VideoStuffDetailParams): Promise<AnswerBody<VideoStuffDetailAnswer>> {
    const m = await this.repo.material(p.materialId);
    if (!m) throw AppError.fail(ActivityMsg.materialNotFound, { field: 'materialId' });
    const asOf = await this.asOf.get();
    const filter = this.repo.materialVideoFilter(m.id, asOf, p.days);
    const [figures, days, topKols, ids] = await Promise.all([
      this.repo.materialFigures(filter),
      this.repo.filteredDays(filter),
      this.repo.topKols(filter.where, filter.from, DETAIL_TOP_KOLS),
      this.repo.filteredVideoIds(filter, { limit: p.pageSize, offset: (p.pageNo - 1) * p.pageSize }),
    ]);
    const last = shanghaiDayOf(asOf);
    return {
      material: materialInfo(m),
      days: p.days,
      figures: {
        videoNum: figures.videoNum,
        kolNum: figures.kolNum,
        playNum: figures.playNum,
        allVideoNum: m.allVideoNum,
      },
      trend: trendOf(days, shiftDay(last, -p.days), last),
      topKols,
      videoInfos: await readVideoItems(this.db, ids),
      total: figures.videoNum,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function materialInfo(m: { id: number; kind: string; extId: string; name: string; tagName: string }): MaterialInfo {
  return {
    materialId: m.id,
    kind: 'bgm',
    name: m.name,
    tagName: m.tagName,
    musicId: m.extId,
    musicUrl: musicUrlOf(m.extId),
  };
}

/** Rows of the material list: hot score = Σ hot scores of its window videos; daily use over the window. */
export function materialRows(
  aggs: readonly MaterialAggregate[],
  asOf: Date,
  days: number,
): Omit<VideoStuffRow, 'rank'>[] {
  const last = shanghaiDayOf(asOf);
  const range = dayRange(shiftDay(last, -days), last);
  return aggs.map((a) => ({
    ...materialInfo({ id: a.materialId, kind: a.kind, extId: a.extId, name: a.name, tagName: a.tagName }),
    videoNum: a.videoNum,
    kolNum: a.kolNum,
    playNum: a.playNum,
    prevVideoNum: a.prevVideoNum,
    growthRate: growthRate(a.videoNum, a.prevVideoNum),
    hotScore: round2(a.scoreSum),
    trend: range.map((d) => a.perDay.get(d) ?? 0),
  }));
}
