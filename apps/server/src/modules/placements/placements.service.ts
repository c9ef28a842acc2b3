import {
  MONITOR_DURATION_HOURS,
  MONITOR_TAIL_HOURS,
  MONITOR_VIDEO_INTERVAL_S,
  PutMsg,
  WorkLinkFlag,
  costCents,
  defaultMonitorDuration,
  formatCost,
  listLimit,
  parseWorkLink,
  type AddMonitorParams,
  type AddPutRecordParams,
  type CheckPutUrlParams,
  type MonitorDuration,
  type MonitorPoint,
  type MonitorItem,
  type MonitorState,
  type PutRecord,
  type ReportFigures,
  type UpdatePutRecordParams,
  type WorkPreview,
  type WorkRef,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import type { UserRepository } from '../user/user.repository.js';
import { teamMember, enforceLimit, type TeamMember } from '../collect/team.js';
import { requireFeature, requireMonitorDuration } from '../membership/gates.js';
import { openPlacementTargets } from './attach.js';
import { expectedBand, reportFigures, slotsDue } from './placements.figures.js';
import type { MonitorRow, PlacementsRepository, RecordRow, WorkRow } from './placements.repository.js';

const HOUR_MS = 3600_000;
/** A window may start this long before the request arrives (the form's "now" was filled a moment ago). */
export const WINDOW_PAST_GRACE_MS = 5 * 60_000;

/** How a link unknown to the database is looked up (the pipeline's MonitorService when it runs here). */
export type WorkLookup = (ref: WorkRef) => Promise<'found' | 'not_found' | 'deferred'>;

export interface WindowView {
  sTime: string | null;
  eTime: string | null;
  monitorState: MonitorState;
}

export interface PlacementReport {
  record: PutRecord;
  points: MonitorPoint[];
  figures: ReportFigures | null;
  intervalSeconds: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function monitorState(start: Date | null, end: Date | null, tail: Date | null, now: Date): MonitorState {
  if (!start || !end) return 'none';
  if (now < start) return 'waiting';
  if (now <= end) return 'monitoring';
  if (tail && now <= tail) return 'after';
  return 'ended';
}

/**
 * Placements (addPutRecord, checkPutUrl, update, delete, the list and the report) and the team's video
 * monitors (user/addMonitor, monitorHistory, monitorVideoReport / 2). Rules of spec §4, §5, §6, §8, §9.
 */
export class PlacementsService {
  constructor(
    private readonly repo: PlacementsRepository,
    private readonly users: UserRepository,
    private readonly lookup: () => WorkLookup | null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The caller's team and tier; placements need 初级版 (placement.record), video monitors 专业版. */
  member(userId: string): Promise<TeamMember> {
    return teamMember(this.users, userId);
  }

  // ---- checkPutUrl -------------------------------------------------------------------------------------

  async checkPutUrl(userId: string, p: CheckPutUrlParams): Promise<{ preview: WorkPreview; message: string }> {
    const member = await this.member(userId);
    requireFeature(member, 'placement.record');
    if (p.type === 2) throw AppError.fail(PutMsg.albumSoon);
    const empty = { coverImg: null, kolName: null, kolImg: null, kolId: null, publishTime: null, title: null };
    const none = { ...empty, videoId: null, bvid: null };
    if (!p.videoUrl) return { preview: { flag: WorkLinkFlag.NOT_QUERIED, ...none }, message: PutMsg.linkNotQueried };
    const ref = parseWorkLink(p.videoUrl);
    if (!ref) return { preview: { flag: WorkLinkFlag.BAD_FORMAT, ...none }, message: PutMsg.linkBadFormat };
    const resolved = await this.resolveWork(ref);
    const videoId = resolved === 'not_found' || resolved === 'deferred' ? null : resolved.videoId;
    if (await this.repo.teamHasWork(member.teamId, videoId, ref)) {
      const preview = typeof resolved === 'object' ? previewOf(WorkLinkFlag.ALREADY_ADDED, resolved) : null;
      return {
        preview: preview ?? { flag: WorkLinkFlag.ALREADY_ADDED, ...none, bvid: ref.bvid },
        message: PutMsg.linkAlreadyAdded,
      };
    }
    if (resolved === 'not_found') {
      return { preview: { flag: WorkLinkFlag.BAD_FORMAT, ...none }, message: PutMsg.linkBadFormat };
    }
    if (resolved === 'deferred') {
      return { preview: { flag: WorkLinkFlag.COLLECTING, ...none, bvid: ref.bvid }, message: PutMsg.linkCollecting };
    }
    return { preview: previewOf(WorkLinkFlag.FOUND, resolved), message: PutMsg.linkFound };
  }

  /** The stored work, else the platform's answer (found → stored now; deferred → a fetch is queued). */
  private async resolveWork(ref: WorkRef): Promise<WorkRow | 'not_found' | 'deferred'> {
    const stored = await this.repo.workByRef(ref);
    if (stored) return stored;
    const lookup = this.lookup();
    if (!lookup) return 'deferred';
    const answer = await lookup(ref);
    if (answer !== 'found') return answer;
    return (await this.repo.workByRef(ref)) ?? 'deferred';
  }

  // ---- add / update / delete ---------------------------------------------------------------------------

  /** The window of a duration from `sTime` (default now): §5 not in the past; §9 hours; 0 → none. */
  private windowOf(duration: MonitorDuration, sTime: number | undefined): { start: Date; end: Date } | null {
    if (duration === 0) return null;
    const now = this.now().getTime();
    const start = sTime ?? now;
    if (start < now - WINDOW_PAST_GRACE_MS) throw AppError.fail(PutMsg.windowInPast);
    return { start: new Date(start), end: new Date(start + MONITOR_DURATION_HOURS[duration] * HOUR_MS) };
  }

  async add(userId: string, p: AddPutRecordParams): Promise<{ recordId: number; collecting: boolean }> {
    const member = await this.member(userId);
    requireFeature(member, 'placement.record');
    if (p.type === 2) throw AppError.fail(PutMsg.albumSoon);
    if (p.tId !== undefined && !(await this.repo.groupOfTeam(member.teamId, p.tId))) {
      throw AppError.fail(PutMsg.groupInvalid);
    }
    const duration = p.monitorDuration ?? defaultMonitorDuration(member.userType);
    requireMonitorDuration(member, duration);
    const window = this.windowOf(duration, p.sTime);

    let ref: WorkRef | null = null;
    let work: WorkRow | null = null;
    let creatorId: number | null = null;
    if (p.addType === 1) {
      if (!p.videoUrl) throw AppError.fail(PutMsg.linkRequired);
      ref = parseWorkLink(p.videoUrl);
      if (!ref) throw AppError.fail(PutMsg.linkBadFormat, { flag: WorkLinkFlag.BAD_FORMAT });
      const resolved = await this.resolveWork(ref);
      if (resolved === 'not_found') throw AppError.fail(PutMsg.linkBadFormat, { flag: WorkLinkFlag.BAD_FORMAT });
      work = typeof resolved === 'object' ? resolved : null;
      if (await this.repo.teamHasWork(member.teamId, work?.videoId ?? null, ref)) {
        throw AppError.fail(PutMsg.linkAlreadyAdded, { flag: WorkLinkFlag.ALREADY_ADDED });
      }
      creatorId = work?.creatorId ?? null;
    } else {
      if (p.kolToken === undefined) throw AppError.fail(PutMsg.creatorRequired);
      const creator = await this.repo.creator(p.kolToken);
      if (!creator) throw AppError.fail(PutMsg.creatorMissing);
      creatorId = creator.id;
    }
    let id: string;
    try {
      id = await this.repo.insert({
        teamId: member.teamId,
        groupId: p.tId ?? null,
        addType: p.addType,
        workType: 1,
        videoUrl: p.videoUrl ?? null,
        ref: work ? { bvid: work.bvid, aid: work.aid } : ref,
        videoId: work?.videoId ?? null,
        creatorId,
        promotionCost: p.promotionCost,
        monitorDuration: duration,
        sTime: window?.start ?? null,
        eTime: window?.end ?? null,
        createdBy: member.userId,
      });
    } catch (e) {
      // two adds of one work at once: the unique index answers the second (flag 3)
      if (e instanceof Error && 'code' in e && e.code === '23505') {
        throw AppError.fail(PutMsg.linkAlreadyAdded, { flag: WorkLinkFlag.ALREADY_ADDED });
      }
      throw e;
    }
    if (work) await openPlacementTargets(this.repo.db, [id], MONITOR_TAIL_HOURS);
    return { recordId: Number(id), collecting: p.addType === 1 && !work };
  }

  private async record(member: TeamMember, id: number | undefined): Promise<RecordRow> {
    const row = id === undefined ? null : await this.repo.get(member.teamId, id);
    if (!row) throw AppError.fail(PutMsg.recordMissing);
    return row;
  }

  async update(userId: string, p: UpdatePutRecordParams): Promise<void> {
    const member = await this.member(userId);
    requireFeature(member, 'placement.record');
    const row = await this.record(member, p.recordId ?? p.id);
    const duration = (p.monitorDuration ?? row.monitorDuration) as MonitorDuration;
    requireMonitorDuration(member, duration);
    const sameWindow =
      duration === row.monitorDuration &&
      (p.sTime === undefined || (row.sTime !== null && p.sTime === row.sTime.getTime()));
    const window = sameWindow
      ? row.sTime && row.eTime
        ? { start: row.sTime, end: row.eTime }
        : null
      : this.windowOf(duration, p.sTime);
    await this.repo.update(member.teamId, row.id, {
      promotionCost: p.promotionCost ?? row.promotionCost,
      monitorDuration: duration,
      sTime: window?.start ?? null,
      eTime: window?.end ?? null,
    });
    if (sameWindow) return;
    if (row.targetId !== null) {
      if (window) {
        await this.repo.moveTarget(
          row.targetId,
          window.start,
          window.end,
          new Date(window.end.getTime() + MONITOR_TAIL_HOURS * HOUR_MS),
        );
      } else {
        await this.repo.deleteTarget(member.teamId, row.targetId);
      }
    } else if (window && row.videoId !== null) {
      await openPlacementTargets(this.repo.db, [String(row.id)], MONITOR_TAIL_HOURS);
    }
  }

  async remove(userId: string, id: number | undefined): Promise<void> {
    const member = await this.member(userId);
    const gone = id === undefined ? null : await this.repo.deleteRecord(member.teamId, id);
    if (!gone) throw AppError.fail(PutMsg.recordMissing);
  }

  /** addType 2: attach the creator's new work the system matched (the user confirms it). */
  async confirmMatch(userId: string, id: number | undefined): Promise<void> {
    const member = await this.member(userId);
    const row = await this.record(member, id);
    if (row.addType !== 2 || row.videoId !== null || row.creatorId === null) throw AppError.fail(PutMsg.noMatch);
    const work = await this.repo.candidate(member.teamId, row.creatorId, row.createdAt);
    if (!work) throw AppError.fail(PutMsg.noMatch);
    await this.repo.setWork(member.teamId, row.id, work);
    // the window starts when the work is confirmed if the reserved one has passed (§5: never in the past)
    const duration = row.monitorDuration as MonitorDuration;
    if (duration > 0 && row.sTime && row.sTime.getTime() < this.now().getTime()) {
      const window = this.windowOf(duration, undefined);
      await this.repo.update(member.teamId, row.id, {
        promotionCost: row.promotionCost,
        monitorDuration: duration,
        sTime: window?.start ?? null,
        eTime: window?.end ?? null,
      });
    }
    await openPlacementTargets(this.repo.db, [String(row.id)], MONITOR_TAIL_HOURS);
  }

  // ---- lists and reports -------------------------------------------------------------------------------

  async list(
    userId: string,
    p: { tId?: number | undefined; pageNo: number; pageSize: number },
  ): Promise<{ records: PutRecord[]; total: number; pageNo: number; pageSize: number }> {
    const member = await this.member(userId);
    const { rows, total } = await this.repo.list(member.teamId, p.tId ?? null, p.pageSize, (p.pageNo - 1) * p.pageSize);
    const records: PutRecord[] = [];
    for (const row of rows) records.push(await this.toPutRecord(member, row));
    return { records, total, pageNo: p.pageNo, pageSize: p.pageSize };
  }

  private async toPutRecord(member: TeamMember, row: RecordRow): Promise<PutRecord> {
    const tail = row.eTime && new Date(row.eTime.getTime() + MONITOR_TAIL_HOURS * HOUR_MS);
    const candidate =
      row.addType === 2 && row.videoId === null && row.creatorId !== null
        ? await this.repo.candidate(member.teamId, row.creatorId, row.createdAt)
        : null;
    return {
      recordId: row.id,
      addType: row.addType,
      tId: row.groupId,
      groupName: row.groupName,
      type: row.workType,
      videoUrl: row.videoUrl,
      promotionCost: row.promotionCost,
      monitorDuration: row.monitorDuration as MonitorDuration,
      kolToken: row.creatorId,
      kolName: row.kolName,
      kolImg: row.kolImg,
      sTime: iso(row.sTime),
      eTime: iso(row.eTime),
      workState: row.videoId !== null ? 'ready' : row.addType === 1 ? 'collecting' : 'awaiting',
      monitorState: row.videoId === null ? 'none' : monitorState(row.sTime, row.eTime, tail, this.now()),
      videoId: row.videoId,
      bvid: row.bvid,
      title: row.title,
      coverImg: row.cover,
      publishTime: iso(row.pubdate),
      playNum: row.play,
      candidate: candidate && {
        videoId: candidate.videoId,
        title: candidate.title,
        publishTime: candidate.pubdate.toISOString(),
        coverImg: candidate.cover,
      },
      createTime: row.createdAt.toISOString(),
    };
  }

  /** videoRecordReportDetail: the placement, its curve (window and hourly tail) and its figures. */
  async report(userId: string, id: number | undefined): Promise<PlacementReport> {
    const member = await this.member(userId);
    const row = await this.record(member, id);
    const record = await this.toPutRecord(member, row);
    if (row.videoId === null || !row.sTime || !row.eTime) {
      return { record, points: [], figures: null, intervalSeconds: MONITOR_VIDEO_INTERVAL_S };
    }
    const { points, figures } = await this.curve(
      row.videoId,
      row.creatorId,
      row.pubdate,
      row.sTime,
      row.eTime,
      costCents(row.promotionCost),
    );
    return { record, points, figures, intervalSeconds: MONITOR_VIDEO_INTERVAL_S };
  }

  /** A group's placements side by side (tId; absent: every placement of the team), with the campaign's totals. */
  async groupReport(
    userId: string,
    tId: number | undefined,
  ): Promise<{
    items: { record: PutRecord; figures: ReportFigures | null }[];
    totals: { promotionCost: string; playNum: number; engagements: number; cpm: string | null };
  }> {
    const member = await this.member(userId);
    if (tId !== undefined && !(await this.repo.groupOfTeam(member.teamId, tId))) {
      throw AppError.fail(PutMsg.groupInvalid);
    }
    const { rows } = await this.repo.list(member.teamId, tId ?? null, 200, 0);
    const items: { record: PutRecord; figures: ReportFigures | null }[] = [];
    let cents = 0;
    let plays = 0;
    let engagements = 0;
    for (const row of rows) {
      const record = await this.toPutRecord(member, row);
      let figures: ReportFigures | null = null;
      if (row.videoId !== null && row.sTime && row.eTime) {
        figures = (
          await this.curve(row.videoId, row.creatorId, row.pubdate, row.sTime, row.eTime, costCents(row.promotionCost))
        ).figures;
      }
      cents += costCents(row.promotionCost);
      plays += figures?.last?.playNum ?? 0;
      engagements += figures?.engagements ?? 0;
      items.push({ record, figures });
    }
    const cpm = plays > 0 ? formatCost(Math.floor((2 * cents * 1000 + plays) / (2 * plays))) : null;
    return { items, totals: { promotionCost: formatCost(cents), playNum: plays, engagements, cpm } };
  }

  private async curve(
    videoId: number,
    creatorId: number | null,
    pubdate: Date | null,
    start: Date,
    end: Date,
    cents: number | null,
  ): Promise<{ points: MonitorPoint[]; figures: ReportFigures }> {
    const now = this.now();
    const tailEnd = new Date(end.getTime() + MONITOR_TAIL_HOURS * HOUR_MS);
    const points = await this.repo.samples(videoId, start, tailEnd);
    const windowSamples = points.filter((x) => Date.parse(x.ts) <= end.getTime()).length;
    const last = points.at(-1);
    let expected: ReportFigures['expected'] = null;
    if (last && creatorId !== null && pubdate) {
      const ageHours = Math.max(1, Math.round((Date.parse(last.ts) - pubdate.getTime()) / HOUR_MS));
      const ageDays = Math.max(1, Math.round(ageHours / 24));
      expected = expectedBand(await this.repo.usualPlaysAtAge(creatorId, videoId, pubdate, ageDays), ageHours);
    }
    return {
      points,
      figures: reportFigures({
        points,
        windowSamples,
        slotsDue: slotsDue(start, end, now, MONITOR_VIDEO_INTERVAL_S),
        costCents: cents,
        expected,
      }),
    };
  }

  // ---- video monitoring (user/addMonitor …) --------------------------------------------------------------

  async addMonitor(userId: string, p: AddMonitorParams): Promise<{ id: number }> {
    const member = await this.member(userId);
    requireFeature(member, 'monitor.video');
    const duration = p.monitorDuration ?? 1;
    if (duration === 0) throw AppError.fail(PutMsg.durationInvalid);
    requireMonitorDuration(member, duration);
    const window = this.windowOf(duration, p.sTime);
    if (!window) throw AppError.fail(PutMsg.durationInvalid);
    let work: WorkRow | null = null;
    if (p.videoId !== undefined) {
      work = await this.repo.workById(p.videoId);
      if (!work) throw AppError.fail(PutMsg.linkBadFormat, { flag: WorkLinkFlag.BAD_FORMAT });
    } else {
      if (!p.videoUrl) throw AppError.fail(PutMsg.linkRequired);
      const ref = parseWorkLink(p.videoUrl);
      if (!ref) throw AppError.fail(PutMsg.linkBadFormat, { flag: WorkLinkFlag.BAD_FORMAT });
      const resolved = await this.resolveWork(ref);
      if (resolved === 'not_found') throw AppError.fail(PutMsg.linkBadFormat, { flag: WorkLinkFlag.BAD_FORMAT });
      if (resolved === 'deferred') throw AppError.warn(PutMsg.linkCollecting);
      work = resolved;
    }
    enforceLimit(member, 'monitor', await this.repo.activeMonitors(member.teamId, this.now()), (max) =>
      PutMsg.monitorLimit(max),
    );
    const id = await this.repo.insertMonitor(
      member.teamId,
      work.videoId,
      window.start,
      window.end,
      new Date(window.end.getTime() + MONITOR_TAIL_HOURS * HOUR_MS),
      member.userId,
    );
    return { id };
  }

  async monitorHistory(
    userId: string,
    p: { pageNo: number; pageSize: number },
  ): Promise<{ monitors: MonitorItem[]; total: number; pageNo: number; pageSize: number; limit: number }> {
    const member = await this.member(userId);
    requireFeature(member, 'monitor.video');
    const { rows, total } = await this.repo.monitors(member.teamId, p.pageSize, (p.pageNo - 1) * p.pageSize);
    return {
      monitors: rows.map((r) => this.toMonitorItem(r)),
      total,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
      limit: listLimit('monitor', member.userType),
    };
  }

  private toMonitorItem(r: MonitorRow): MonitorItem {
    const now = this.now();
    return {
      id: r.id,
      videoId: r.videoId,
      bvid: r.bvid,
      title: r.title,
      coverImg: r.cover,
      kolId: r.creatorId,
      kolName: r.kolName,
      kolImg: r.kolImg,
      status: r.status,
      publishTime: r.pubdate.toISOString(),
      playNum: r.play,
      source: r.source,
      sTime: r.windowStart.toISOString(),
      eTime: r.windowEnd.toISOString(),
      tailUntil: iso(r.tailUntil),
      monitorState: monitorState(r.windowStart, r.windowEnd, r.tailUntil, now),
      samples: r.samples,
      slotsDue: slotsDue(r.windowStart, r.windowEnd, now, MONITOR_VIDEO_INTERVAL_S),
      createTime: r.createdAt.toISOString(),
    };
  }

  private async monitor(member: TeamMember, id: number): Promise<MonitorRow> {
    requireFeature(member, 'monitor.video');
    const row = (await this.repo.monitors(member.teamId, 1, 0, id)).rows[0];
    if (!row) throw AppError.fail(PutMsg.monitorMissing);
    return row;
  }

  /** monitorVideoReport: the monitor and its curve (every sample of the window and the hourly tail). */
  async monitorCurve(userId: string, id: number): Promise<{ monitor: MonitorItem; points: MonitorPoint[] }> {
    const member = await this.member(userId);
    const row = await this.monitor(member, id);
    const tailEnd = row.tailUntil ?? row.windowEnd;
    return { monitor: this.toMonitorItem(row), points: await this.repo.samples(row.videoId, row.windowStart, tailEnd) };
  }

  /** monitorVideoReport2: the monitor's figures (totals, increments, sample count, expected band). */
  async monitorFigures(userId: string, id: number): Promise<{ monitor: MonitorItem; figures: ReportFigures }> {
    const member = await this.member(userId);
    const row = await this.monitor(member, id);
    const { figures } = await this.curve(row.videoId, row.creatorId, row.pubdate, row.windowStart, row.windowEnd, null);
    return { monitor: this.toMonitorItem(row), figures };
  }

  async deleteMonitor(userId: string, id: number): Promise<void> {
    const member = await this.member(userId);
    const row = await this.monitor(member, id);
    // a placement's window is changed or removed from the placement itself
    if (row.source !== 'monitor') throw AppError.fail(PutMsg.monitorOfPlacement);
    await this.repo.deleteTarget(member.teamId, row.id);
  }
}

function previewOf(flag: WorkLinkFlag, w: WorkRow): WorkPreview {
  return {
    flag,
    coverImg: w.cover,
    kolName: w.kolName,
    kolImg: w.kolImg,
    kolId: w.creatorId,
    publishTime: w.pubdate.toISOString(),
    title: w.title,
    videoId: w.videoId,
    bvid: w.bvid,
  };
}
