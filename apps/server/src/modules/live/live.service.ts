/**
 * Live monitoring (livingMonitor): spec §7.3 getLiveBasic, §7.4 live/addMonitor, live/monitorHistory,
 * live/sortData; ours live/messages and live/delMonitor. Gate `monitor.live` (专业版), durations as for video
 * monitors (§6: 48H 专业版, 72H / 7 days 企业版), LIST_LIMITS.monitor live windows at a time. Figures are
 * computed from the window's minute samples and messages (docs/metrics.md § Live monitoring).
 */
import {
  LIVE_INTERVAL_S,
  LIVE_SESSION_GAP_S,
  LiveMsg,
  MONITOR_DURATION_HOURS,
  PutMsg,
  listLimit,
  parseLiveRoomLink,
  type AddLiveMonitorParams,
  type LiveBasic,
  type LiveFigures,
  type LiveMessageItem,
  type LiveMonitorItem,
  type LiveMonitorReport,
  type LivePoint,
  type LiveSessionSummary,
  type LiveSortItem,
  type MonitorDuration,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import type { LiveRoomRecord } from '../../providers/bilibili/index.js';
import { enforceLimit, teamMember, type TeamMember } from '../collect/team.js';
import { requireFeature, requireMonitorDuration } from '../membership/gates.js';
import { monitorState, WINDOW_PAST_GRACE_MS } from '../placements/placements.service.js';
import type { UserRepository } from '../user/user.repository.js';
import type { LiveMonitorRow, LiveRepository, LiveSampleRow, RoomRow } from './live.repository.js';

const HOUR_MS = 3600_000;

/** How a room unknown to the database is asked of the platform (the pipeline's client when one runs here). */
export interface RoomLookup {
  byRoom(roomId: number): Promise<LiveRoomRecord | null>;
  byUid(mid: number): Promise<LiveRoomRecord | null>;
}

export const roomUrlOf = (roomId: number) => `https://live.bilibili.com/${roomId}`;

/** The sessions (开播场次) of a window: runs of samples no further apart than LIVE_SESSION_GAP_S. */
export function sessionsOf(points: readonly LiveSampleRow[]): LiveSessionSummary[] {
  const out: LiveSessionSummary[] = [];
  let run: LiveSampleRow[] = [];
  const close = () => {
    const first = run[0];
    const last = run.at(-1);
    if (!first || !last) return;
    const online = run.map((p) => p.online);
    out.push({
      start: first.ts.toISOString(),
      end: last.ts.toISOString(),
      minutes: run.length,
      peakOnline: Math.max(...online),
      avgOnline: Math.round(online.reduce((a, b) => a + b, 0) / online.length),
    });
  };
  for (const p of points) {
    const prev = run.at(-1);
    if (prev && p.ts.getTime() - prev.ts.getTime() > LIVE_SESSION_GAP_S * 1000) {
      close();
      run = [];
    }
    run.push(p);
  }
  close();
  return out;
}

/** The window's figures from its samples and message totals (docs/metrics.md § Live monitoring). */
export function liveFigures(
  points: readonly LiveSampleRow[],
  totals: Awaited<ReturnType<LiveRepository['messageTotals']>>,
): LiveFigures {
  let peak: LiveSampleRow | null = null;
  let sum = 0;
  let covered = 0;
  let coveredDanmaku = 0;
  for (const p of points) {
    if (!peak || p.online > peak.online) peak = p;
    sum += p.online;
    if (p.danmaku !== null) {
      covered += 1;
      coveredDanmaku += p.danmaku;
    }
  }
  const cents = (v: string) => Math.round(Number(v) * 100);
  const paid = cents(totals.giftValue) + cents(totals.superchatValue) + cents(totals.guardValue);
  return {
    samples: points.length,
    liveMinutes: points.length,
    peakOnline: peak?.online ?? null,
    peakAt: peak ? peak.ts.toISOString() : null,
    avgOnline: points.length > 0 ? Math.round(sum / points.length) : null,
    danmakuTotal: totals.danmaku,
    danmakuPerMinute: covered > 0 ? Math.round((coveredDanmaku / covered) * 10) / 10 : null,
    paidValue: (paid / 100).toFixed(2),
    giftValue: totals.giftValue,
    giftCount: totals.giftCount,
    superchatCount: totals.superchatCount,
    superchatValue: totals.superchatValue,
    guardCount: totals.guardCount,
    guardValue: totals.guardValue,
    senders: totals.senders,
  };
}

function durationOf(start: Date, end: Date): MonitorDuration {
  const hours = Math.round((end.getTime() - start.getTime()) / HOUR_MS);
  const hit = Object.entries(MONITOR_DURATION_HOURS).find(([, h]) => h === hours);
  return (hit ? Number(hit[0]) : 1) as MonitorDuration;
}

export class LiveService {
  constructor(
    private readonly repo: LiveRepository,
    private readonly users: UserRepository,
    private readonly lookup: () => RoomLookup | null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async member(userId: string): Promise<TeamMember> {
    const member = await teamMember(this.users, userId);
    requireFeature(member, 'monitor.live');
    return member;
  }

  private basic(room: RoomRow): LiveBasic {
    return {
      roomId: room.roomId,
      kolId: room.creatorId,
      kolName: room.kolName,
      kolImg: room.kolImg,
      fansNum: room.fansNum,
      isLive: room.isLive ? 1 : 0,
      online: room.online,
      lastSampleTime: room.lastSampleTime ? room.lastSampleTime.toISOString() : null,
      roomUrl: roomUrlOf(room.roomId),
    };
  }

  /** getLiveBasic: a room of ours by room id or creator; a room we do not know is asked of the platform. */
  async liveBasic(userId: string, p: { roomId?: number; kolId?: number }): Promise<LiveBasic> {
    await teamMember(this.users, userId);
    if (p.roomId === undefined && p.kolId === undefined) throw AppError.fail(LiveMsg.roomRequired);
    const room = await this.resolve(p.kolId !== undefined ? { creatorId: p.kolId } : { roomId: p.roomId ?? 0 });
    return this.basic(room);
  }

  /**
   * A room by reference: our creators first (room id, creator id, UID), then the platform (room info, or the
   * live status of a UID). Throws the add form's messages.
   */
  private async resolve(ref: { roomId?: number; creatorId?: number; mid?: number }): Promise<RoomRow> {
    const known = await this.repo.room(ref);
    if (known) return known;
    if (ref.creatorId !== undefined) {
      throw AppError.fail((await this.repo.creatorExists(ref)) ? LiveMsg.creatorNoRoom : LiveMsg.roomMissing);
    }
    const lookup = this.lookup();
    const record = lookup
      ? ref.roomId !== undefined
        ? await lookup.byRoom(ref.roomId).catch(() => null)
        : await lookup.byUid(ref.mid ?? 0).catch(() => null)
      : null;
    if (!record) {
      if (ref.mid !== undefined && (await this.repo.creatorExists({ mid: ref.mid }))) {
        throw AppError.fail(LiveMsg.creatorNoRoom);
      }
      throw AppError.fail(LiveMsg.roomMissing);
    }
    const owner = await this.repo.room({ roomId: record.roomId });
    if (owner) return owner;
    const last = await this.repo.lastSample(record.roomId);
    return {
      roomId: record.roomId,
      creatorId: null,
      mid: record.uid,
      kolName: record.uname,
      kolImg: null,
      fansNum: record.attention,
      isLive: record.isLive,
      online: last?.online ?? (record.isLive ? record.online : null),
      lastSampleTime: last?.ts ?? null,
    };
  }

  async addMonitor(userId: string, p: AddLiveMonitorParams): Promise<{ id: number; roomId: number }> {
    const member = await this.member(userId);
    const duration = p.monitorDuration ?? 1;
    if (duration === 0) throw AppError.fail(PutMsg.durationInvalid);
    requireMonitorDuration(member, duration);
    const now = this.now().getTime();
    const start = p.sTime ?? now;
    if (start < now - WINDOW_PAST_GRACE_MS) throw AppError.fail(PutMsg.windowInPast);
    const end = start + MONITOR_DURATION_HOURS[duration] * HOUR_MS;

    let room: RoomRow;
    if (p.kolId !== undefined) room = await this.resolve({ creatorId: p.kolId });
    else {
      if (!p.roomUrl) throw AppError.fail(LiveMsg.roomRequired);
      const ref = parseLiveRoomLink(p.roomUrl);
      if (!ref) throw AppError.fail(LiveMsg.roomBadFormat);
      room = await this.resolve(ref);
    }
    if (await this.repo.openWindowOn(member.teamId, room.roomId, this.now())) {
      throw AppError.fail(LiveMsg.alreadyMonitored);
    }
    enforceLimit(member, 'monitor', await this.repo.activeCount(member.teamId, this.now()), (max) =>
      LiveMsg.limit(max),
    );
    const id = await this.repo.insert(
      member.teamId,
      room.roomId,
      room.creatorId,
      new Date(start),
      new Date(end),
      member.userId,
    );
    return { id, roomId: room.roomId };
  }

  private item(r: LiveMonitorRow): LiveMonitorItem {
    return {
      ...this.basic(r),
      id: r.id,
      monitorDuration: durationOf(r.windowStart, r.windowEnd),
      sTime: r.windowStart.toISOString(),
      eTime: r.windowEnd.toISOString(),
      monitorState: monitorState(r.windowStart, r.windowEnd, null, this.now()),
      samples: r.samples,
      peakOnline: r.peakOnline,
      createTime: r.createdAt.toISOString(),
    };
  }

  async history(
    userId: string,
    p: { pageNo: number; pageSize: number },
  ): Promise<{
    monitors: LiveMonitorItem[];
    total: number;
    pageNo: number;
    pageSize: number;
    limit: number;
    intervalSeconds: number;
  }> {
    const member = await this.member(userId);
    const { rows, total } = await this.repo.monitors(member.teamId, p.pageSize, (p.pageNo - 1) * p.pageSize);
    return {
      monitors: rows.map((r) => this.item(r)),
      total,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
      limit: listLimit('monitor', member.userType),
      intervalSeconds: LIVE_INTERVAL_S,
    };
  }

  private async window(member: TeamMember, id: number): Promise<LiveMonitorRow> {
    const row = (await this.repo.monitors(member.teamId, 1, 0, id)).rows[0];
    if (!row) throw AppError.fail(LiveMsg.monitorMissing);
    return row;
  }

  /** monitorHistory with id: the window's minute curve, its sessions and figures. */
  async report(userId: string, id: number): Promise<LiveMonitorReport> {
    const member = await this.member(userId);
    const row = await this.window(member, id);
    const samples = await this.repo.samples(row.roomId, row.windowStart, row.windowEnd);
    const totals = await this.repo.messageTotals(row.roomId, row.windowStart, row.windowEnd);
    const points: LivePoint[] = samples.map((s) => ({
      ts: s.ts.toISOString(),
      online: s.online,
      danmaku: s.danmaku,
      giftValue: s.giftValue,
    }));
    return { monitor: this.item(row), points, sessions: sessionsOf(samples), figures: liveFigures(samples, totals) };
  }

  async messages(
    userId: string,
    p: { id: number; kind?: LiveMessageItem['kind'] | 'paid' | undefined; before?: number | undefined; size: number },
  ): Promise<{ messages: LiveMessageItem[]; next: string | null }> {
    const member = await this.member(userId);
    const row = await this.window(member, p.id);
    const rows = await this.repo.messages(
      row.roomId,
      row.windowStart,
      row.windowEnd,
      p.kind,
      p.before !== undefined ? new Date(p.before) : null,
      p.size,
    );
    const last = rows.at(-1);
    return {
      messages: rows.map((m) => ({ ...m, ts: m.ts.toISOString() })),
      next: rows.length === p.size && last ? last.ts.toISOString() : null,
    };
  }

  /** live/sortData: senders of the window ranked by paid value (type 1) or danmaku (type 2). */
  async sortData(
    userId: string,
    p: { id: number; type: 1 | 2; size: number },
  ): Promise<{ type: 1 | 2; items: LiveSortItem[] }> {
    const member = await this.member(userId);
    const row = await this.window(member, p.id);
    const rows = await this.repo.ranking(row.roomId, row.windowStart, row.windowEnd, p.type, p.size);
    return { type: p.type, items: rows.map((r, i) => ({ rank: i + 1, ...r })) };
  }

  async remove(userId: string, id: number): Promise<void> {
    const member = await this.member(userId);
    if (!(await this.repo.delete(member.teamId, id))) throw AppError.fail(LiveMsg.monitorMissing);
  }
}
