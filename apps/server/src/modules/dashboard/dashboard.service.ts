import {
  MONITOR_CARD_DAYS,
  MONITOR_CARD_ROWS,
  featureBuilt,
  listLimit,
  type AnswerBody,
  type BoardDataAnswer,
  type DashboardAnswer,
  type FlowmeterAnswer,
  type MonitorChangeItem,
  type MonitorChangesAnswer,
  type PlatformTotals,
} from '@xg/shared';
import type { Db } from '../../db/client.js';
import { Cached, CachedMap, type CatalogService } from '../creators/catalog.service.js';
import { num, readKolItems } from '../creators/kol-items.js';
import { toAttentionChanges } from '../collect/attention-items.js';
import type { TeamMember } from '../collect/team.js';
import type { LimitsService } from '../membership/limits.service.js';
import { readVideoItems } from '../videos/video-items.js';
import type {
  DailyGainRow,
  DashboardRepository,
  PartitionTotalsRow,
  MonitorChangeRow,
  PlatformTotalsRow,
} from './dashboard.repository.js';

/** Platform figures change with the nightly collection; they are recomputed at most every 10 minutes. */
const CACHE_MS = 10 * 60_000;
/** boardData's growth window (days). */
export const BOARD_DAYS = 30;
/** dashboard: the latest fan event of each of the TOP_CREATORS largest creators, RECENT_LIMIT of them. */
export const TOP_CREATORS = 100;
export const RECENT_LIMIT = 10;

/** Signed-in home, platform board and traffic trends (docs/api/discovery.md §6). */
export class DashboardService {
  private readonly totals: Cached<PlatformTotalsRow>;
  private readonly partitions: Cached<PartitionTotalsRow[]>;
  private readonly gains = new CachedMap<number, DailyGainRow[]>(CACHE_MS);

  constructor(
    private readonly db: Db,
    private readonly repo: DashboardRepository,
    private readonly catalog: CatalogService,
    private readonly limits: LimitsService,
    /** the caller's team (collect/team.ts): the lists and monitored creators are the team's */
    private readonly teamOf: (userId: string) => Promise<TeamMember>,
  ) {
    this.totals = new Cached(CACHE_MS, () => repo.totals());
    this.partitions = new Cached(CACHE_MS, () => repo.partitionTotals());
  }

  private dailyGains(days: number): Promise<DailyGainRow[]> {
    return this.gains.get(days, () => this.repo.dailyGains(days));
  }

  async dashboard(userId: string): Promise<AnswerBody<DashboardAnswer>> {
    // the team's monitor windows once a monitoring screen exists (issue #24); before, no count that looks real
    const monitorsBuilt = featureBuilt('monitor.video') || featureBuilt('monitor.live');
    const team = await this.teamOf(userId);
    const [limits, monitorNum, totals, changes, lists] = await Promise.all([
      this.limits.operateLimits(userId),
      monitorsBuilt ? this.repo.activeMonitors(team.teamId) : null,
      this.totals.get(),
      this.repo.recentChanges(TOP_CREATORS, RECENT_LIMIT),
      this.repo.teamListCounts(team.teamId),
    ]);
    const [kols, videos] = await Promise.all([
      readKolItems(
        this.db,
        changes.map((c) => c.creatorId),
      ),
      readVideoItems(
        this.db,
        changes.flatMap((c) => (c.causeVideoId === null ? [] : [c.causeVideoId])),
      ),
    ]);
    const kolById = new Map(kols.map((k) => [String(k.kolId), k]));
    const videoById = new Map(videos.map((v) => [String(v.videoId), v]));
    return {
      userType: limits.userType,
      quotas: limits.quotas,
      myLists: {
        collectKolNum: lists.collectKols,
        putKolNum: lists.putKols,
        collectVideoNum: lists.collectVideos,
        kolLimit: listLimit('linkKol', team.userType),
        videoLimit: listLimit('linkVideo', team.userType),
        monitorKolNum: lists.monitors,
        monitorLimit: listLimit('monitor', team.userType),
      },
      monitorNum,
      recentChanges: changes.flatMap((c) => {
        const k = kolById.get(c.creatorId);
        if (!k) return [];
        return [
          {
            kolId: k.kolId,
            kolName: k.kolName,
            kolImg: k.kolImg,
            fansNum: k.fansNum,
            eventDate: c.day,
            fansChange: c.delta,
            causeVideo: c.causeVideoId === null ? null : (videoById.get(c.causeVideoId) ?? null),
          },
        ];
      }),
      platform: platformOf(totals),
    };
  }

  /**
   * The dashboard card of the team's monitored creators (issue #15 item 1): fans change since the previous
   * snapshot and over 7 days by the gap rules (docs/metrics.md), new videos and fan events of the window.
   */
  async monitorChanges(userId: string): Promise<AnswerBody<MonitorChangesAnswer>> {
    const team = await this.teamOf(userId);
    const [rows, counts] = await Promise.all([
      this.repo.monitorChanges(team.teamId, MONITOR_CARD_ROWS),
      this.repo.teamListCounts(team.teamId),
    ]);
    return {
      monitors: rows.map(toMonitorChange),
      monitorCount: counts.monitors,
      monitorLimit: listLimit('monitor', team.userType),
      days: MONITOR_CARD_DAYS,
    };
  }

  async boardData(): Promise<AnswerBody<BoardDataAnswer>> {
    const [totals, partitions, gains] = await Promise.all([
      this.totals.get(),
      this.partitions.get(),
      this.dailyGains(BOARD_DAYS),
    ]);
    const byDay = new Map<string, { fansIncrease: number; playIncrease: number; videoIncrease: number }>();
    for (const g of gains) {
      const d = byDay.get(g.day) ?? { fansIncrease: 0, playIncrease: 0, videoIncrease: 0 };
      d.fansIncrease += g.fansInc;
      d.playIncrease += g.playsInc;
      d.videoIncrease += g.videoInc;
      byDay.set(g.day, d);
    }
    return {
      totals: {
        kolNum: totals.kolNum,
        videoNum: totals.videoNum,
        liveNum: totals.liveNum,
        mcnNum: totals.mcnNum,
        approveNum: totals.approveNum,
        totalFansNum: totals.totalFansNum,
        totalPlayNum: totals.totalPlayNum,
      },
      partitions,
      dailyGrowth: [...byDay.entries()].map(([dataDate, d]) => ({ dataDate, ...d })),
      dataDate: gains.at(-1)?.day ?? totals.dataDate,
    };
  }

  async flowmeter(days: number): Promise<AnswerBody<FlowmeterAnswer>> {
    const [tree, gains] = await Promise.all([this.catalog.tree(), this.dailyGains(days)]);
    const dates = [...new Set(gains.map((g) => g.day))];
    return {
      days,
      partitions: tree.map((top) => {
        const mine = new Map(gains.filter((g) => g.tid === top.tid).map((g) => [g.day, g.playsInc]));
        return {
          tid: top.tid,
          name: top.name,
          series: dates.map((dataDate) => ({ dataDate, playIncrease: mine.get(dataDate) ?? 0 })),
        };
      }),
    };
  }
}

function platformOf(t: PlatformTotalsRow): PlatformTotals {
  return {
    kolNum: t.kolNum,
    videoNum: t.videoNum,
    totalFansNum: t.totalFansNum,
    totalPlayNum: t.totalPlayNum,
    dataDate: t.dataDate,
  };
}

const DAY_MS = 86_400_000;

function toMonitorChange(r: MonitorChangeRow): MonitorChangeItem {
  const weekDays =
    r.week_base_day && r.latest_day
      ? Math.round((Date.parse(r.latest_day) - Date.parse(r.week_base_day)) / DAY_MS)
      : null;
  return {
    kolId: num(r.id),
    kolName: r.name,
    kolUid: num(r.mid),
    kolImg: r.face,
    fansNum: num(r.fans),
    latestDay: r.latest_day,
    prevDay: r.prev_day,
    dayChange: r.day_change === null ? null : num(r.day_change),
    weekChange: r.week_change === null ? null : num(r.week_change),
    weekBaseDay: r.week_base_day,
    weekDays,
    newVideoNum: num(r.new_video_num),
    ...toAttentionChanges(r.new_videos, r.fan_events),
    updateTime: r.last_collected_at ? r.last_collected_at.toISOString() : null,
  };
}
