import {
  OPINION_CLOUD_WORDS,
  OPINION_HOT_COMMENTS,
  OPINION_RULE_DEFAULTS,
  OpinionMsg,
  featureAllowed,
  opinionRangeError,
  opinionTierRule,
  opinionWindowHours,
  parseVideoRef,
  upgradeTarget,
  type OpinionBasicAnswer,
  type OpinionBasicParams,
  type OpinionItem,
  type OpinionListAnswer,
  type OpinionListParams,
  type OpinionStatisticsAnswer,
  type OpinionStatisticsParams,
  type OpinionTask,
  type OpinionTaskListAnswer,
  type OpinionVideoCheck,
  type OpinionWarnListAnswer,
  type OpinionWarnListParams,
  type SaveOpinionMonitorParams,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import { teamMember, type TeamMember } from '../collect/team.js';
import { requireFeature } from '../membership/gates.js';
import type { UserRepository } from '../user/user.repository.js';
import { labelOf, type OpinionFiguresRepository, type TextRow, type TextScope } from './opinion.figures.repository.js';
import { percent } from './opinion.rules.js';
import type { OpinionRepository, TaskRow } from './opinion.repository.js';
import { countWords } from './opinion.words.js';

type Envelope<T> = Omit<T, 'code' | 'message'>;
const HOUR_MS = 3600_000;
/** A keyword task's word cloud is counted from its newest texts. */
const KEYWORD_CLOUD_TEXTS = 3000;
/** A statistics answer holds at most this many buckets (an hour grain over 7 days is 168). */
const MAX_BUCKETS = 24 * 31;

export interface OpinionServiceOptions {
  now?: () => Date;
  /** called after a task is created or changed (queues its run) */
  onSaved?: (taskId: number) => void;
}

export function toItem(r: TextRow): OpinionItem {
  return {
    source: r.source,
    id: r.id,
    text: r.text,
    time: r.time.toISOString(),
    likes: r.likes,
    uname: r.uname,
    level: r.level,
    gender: r.gender,
    ipLocation: r.ipLocation,
    root: r.root,
    sentiment: labelOf(r.label),
    score: r.score === null ? null : Math.round(r.score * 1000) / 1000,
    videoTitle: r.videoTitle,
    bvid: r.bvid,
  };
}

/**
 * Opinion tasks and their analysis (issue #25; docs/api/opinion.md). A task belongs to a team (the parent account
 * and its sub-accounts) and is read only under that team's id; the tier's gates, limits and windows are checked
 * here on every call.
 */
export class OpinionService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: OpinionRepository,
    private readonly figures: OpinionFiguresRepository,
    private readonly users: UserRepository,
    private readonly options: OpinionServiceOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  private async member(userId: string, feature: 'opinion.analyse' | 'opinion.warn'): Promise<TeamMember> {
    const member = await teamMember(this.users, userId);
    requireFeature(member, feature);
    return member;
  }

  private async ownTask(member: TeamMember, id: number): Promise<TaskRow> {
    const task = await this.repo.task(member.teamId, id);
    if (!task) throw AppError.fail(OpinionMsg.taskMissing);
    return task;
  }

  /** GET /api/opinion/checkOpinionVideoUrl */
  async checkVideo(userId: string, videoUrl: string): Promise<OpinionVideoCheck> {
    const member = await this.member(userId, 'opinion.analyse');
    const ref = parseVideoRef(videoUrl);
    if (!ref) throw AppError.fail(OpinionMsg.urlInvalid);
    const v = await this.repo.videoByRef(ref);
    if (!v) {
      return {
        flag: 0,
        videoId: null,
        bvid: 'bvid' in ref ? ref.bvid : null,
        coverImg: '',
        kolName: '',
        kolImg: '',
        publishTime: null,
        title: OpinionMsg.collecting,
      };
    }
    if (v.status === -1) throw AppError.fail(OpinionMsg.videoDeleted);
    if (await this.repo.hasVideoTask(member.teamId, v.id)) throw AppError.fail(OpinionMsg.alreadyAdded);
    return {
      flag: 1,
      videoId: v.id,
      bvid: v.bvid,
      coverImg: v.cover,
      kolName: v.kolName,
      kolImg: v.kolImg,
      publishTime: v.pubdate.toISOString(),
      title: v.title,
    };
  }

  /** POST /api/opinion/saveOpinionMonitor: create (no id) or update (id). Answers the task's id. */
  async save(userId: string, p: SaveOpinionMonitorParams): Promise<{ id: number; created: boolean }> {
    const member = await this.member(userId, 'opinion.analyse');
    const tier = opinionTierRule(member.userType);
    const now = this.now();
    const duration = p.monitorDuration ?? tier.durations[0] ?? 1;
    if (!tier.durations.includes(duration)) {
      throw AppError.fail(OpinionMsg.durationNotAllowed, { upgradeTarget: upgradeTarget(member.userType) });
    }
    const rulesGiven =
      p.negThreshold !== undefined ||
      p.minVolume !== undefined ||
      p.spikeFactor !== undefined ||
      (p.watchWords !== undefined && p.watchWords.length > 0);
    if (rulesGiven) requireRules(member);

    if (p.id !== undefined) {
      const task = await this.ownTask(member, p.id);
      if (p.videoUrl !== undefined || p.keyword !== undefined || p.scope !== undefined || p.tid !== undefined) {
        throw AppError.fail(OpinionMsg.targetFixed);
      }
      if (task.eTime <= now) throw AppError.fail(OpinionMsg.ended);
      await this.repo.update(member.teamId, task.id, {
        name: p.name ?? task.name,
        duration,
        eTime: new Date(task.sTime.getTime() + opinionWindowHours(duration) * HOUR_MS),
        negThreshold: p.negThreshold ?? task.negThreshold,
        minVolume: p.minVolume ?? task.minVolume,
        spikeFactor: p.spikeFactor ?? task.spikeFactor,
        watchWords: p.watchWords ?? task.watchWords,
      });
      this.options.onSaved?.(task.id);
      return { id: task.id, created: false };
    }

    const used = await this.repo.liveCount(member.teamId, now);
    if (used >= tier.tasks) {
      throw AppError.fail(OpinionMsg.limitReached(tier.tasks), {
        limit: tier.tasks,
        upgradeTarget: upgradeTarget(member.userType),
      });
    }
    const target = await this.target(member, p);
    const id = await this.repo.insert({
      teamId: member.teamId,
      createdBy: member.userId,
      ...target,
      duration,
      sTime: now,
      eTime: new Date(now.getTime() + opinionWindowHours(duration) * HOUR_MS),
      negThreshold: p.negThreshold ?? OPINION_RULE_DEFAULTS.negThreshold,
      minVolume: p.minVolume ?? OPINION_RULE_DEFAULTS.minVolume,
      spikeFactor: p.spikeFactor ?? OPINION_RULE_DEFAULTS.spikeFactor,
      watchWords: p.watchWords ?? [],
    });
    if (id === null) throw AppError.fail(OpinionMsg.alreadyAdded);
    this.options.onSaved?.(id);
    return { id, created: true };
  }

  private async target(member: TeamMember, p: SaveOpinionMonitorParams) {
    if (p.kind === 'video') {
      const ref = p.videoUrl ? parseVideoRef(p.videoUrl) : null;
      if (!ref) throw AppError.fail(OpinionMsg.urlInvalid);
      const v = await this.repo.videoByRef(ref);
      if (!v) throw AppError.fail(OpinionMsg.collecting);
      if (v.status === -1) throw AppError.fail(OpinionMsg.videoDeleted);
      if (await this.repo.hasVideoTask(member.teamId, v.id)) throw AppError.fail(OpinionMsg.alreadyAdded);
      return {
        kind: 'video' as const,
        videoId: v.id,
        keyword: null,
        scope: null,
        tid: null,
        name: p.name ?? v.title.slice(0, 40),
      };
    }
    if (!opinionTierRule(member.userType).keywordTasks) {
      throw AppError.fail(OpinionMsg.keywordNotAllowed, { upgradeTarget: upgradeTarget(member.userType) });
    }
    if (!p.keyword) throw AppError.fail(OpinionMsg.keywordRequired);
    if (!p.scope) throw AppError.fail(OpinionMsg.scopeInvalid);
    if (p.scope === 'partition') {
      if (p.tid === undefined) throw AppError.fail(OpinionMsg.tidRequired);
      if (!(await this.repo.partitionExists(p.tid))) throw AppError.fail(OpinionMsg.tidUnknown);
    }
    return {
      kind: 'keyword' as const,
      videoId: null,
      keyword: p.keyword,
      scope: p.scope,
      tid: p.scope === 'partition' ? (p.tid ?? null) : null,
      name: p.name ?? p.keyword,
    };
  }

  /** GET /api/opinion/getOpinionTaskInfo */
  async taskInfo(userId: string, id: number): Promise<OpinionTask> {
    const member = await this.member(userId, 'opinion.analyse');
    return this.toTask(await this.ownTask(member, id));
  }

  /** GET /api/opinion/opinionTaskList (ours) */
  async taskList(userId: string, pageNo: number, pageSize: number): Promise<Envelope<OpinionTaskListAnswer>> {
    const member = await this.member(userId, 'opinion.analyse');
    const tier = opinionTierRule(member.userType);
    const [{ rows, total }, used] = await Promise.all([
      this.repo.list(member.teamId, (pageNo - 1) * pageSize, pageSize),
      this.repo.liveCount(member.teamId, this.now()),
    ]);
    return {
      tasks: rows.map((r) => this.toTask(r)),
      total,
      pageNo,
      pageSize,
      limit: tier.tasks,
      used,
      durations: [...tier.durations],
      keywordTasks: tier.keywordTasks ? 1 : 0,
      canWarn: canWarn(member) ? 1 : 0,
    };
  }

  /** GET /api/opinion/delOpinionTask */
  async remove(userId: string, id: number): Promise<void> {
    const member = await this.member(userId, 'opinion.analyse');
    if (!(await this.repo.remove(member.teamId, id))) throw AppError.fail(OpinionMsg.taskMissing);
  }

  private toTask(r: TaskRow): OpinionTask {
    return {
      id: r.id,
      kind: r.kind,
      name: r.name,
      videoId: r.videoId,
      bvid: r.bvid,
      title: r.title,
      coverImg: r.cover,
      kolName: r.kolName,
      keyword: r.keyword,
      scope: r.scope,
      tid: r.tid,
      themeName: r.themeName,
      monitorDuration: r.duration,
      sTime: r.sTime.toISOString(),
      eTime: r.eTime.toISOString(),
      status: r.eTime > this.now() ? 1 : 2,
      lastRunAt: r.lastRunAt?.toISOString() ?? null,
      rules: {
        negThreshold: r.negThreshold,
        minVolume: r.minVolume,
        spikeFactor: Math.round(r.spikeFactor * 10) / 10,
        watchWords: r.watchWords,
      },
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
      newWarnings: r.newWarnings,
    };
  }

  /** The texts a task reads, with the caller's filters (checked against the team). */
  async scopeOf(
    userId: string,
    p: { id: number } & Partial<Pick<TextScope, 'source' | 'sentiment' | 'keyword'>> & {
        startTime?: Date;
        endTime?: Date;
      },
  ): Promise<{ task: TaskRow; scope: TextScope }> {
    const member = await this.member(userId, 'opinion.analyse');
    const task = await this.ownTask(member, p.id);
    const rangeError = opinionRangeError(p.startTime, p.endTime);
    if (rangeError) throw AppError.fail(rangeError);
    const scope: TextScope = {
      videoIds: await this.repo.taskVideos(task.id),
      taskKeyword: task.kind === 'keyword' ? task.keyword : null,
      ...(p.source ? { source: p.source } : {}),
      ...(p.sentiment ? { sentiment: p.sentiment } : {}),
      ...(p.keyword ? { keyword: p.keyword } : {}),
      ...(p.startTime ? { from: p.startTime } : {}),
      ...(p.endTime ? { to: p.endTime } : {}),
    };
    return { task, scope };
  }

  /** GET /api/opinion/getOpinionBasic */
  async basic(userId: string, p: OpinionBasicParams): Promise<Envelope<OpinionBasicAnswer>> {
    const { task, scope } = await this.scopeOf(userId, p);
    const [bySource, hot, locations, words] = await Promise.all([
      this.figures.figures(scope),
      this.figures.hotComments(scope, OPINION_HOT_COMMENTS),
      this.figures.locations(scope, 10),
      task.kind === 'video'
        ? this.figures.storedWords(scope, OPINION_CLOUD_WORDS)
        : this.figures.recentTexts(scope, KEYWORD_CLOUD_TEXTS).then((t) => countWords(t, OPINION_CLOUD_WORDS)),
    ]);
    const sum = (f: (s: (typeof bySource)[number]) => number) => bySource.reduce((a, s) => a + f(s), 0);
    const positive = sum((s) => s.positive);
    const neutral = sum((s) => s.neutral);
    const negative = sum((s) => s.negative);
    const scored = positive + neutral + negative;
    const times = bySource.flatMap((s) => [s.first, s.last]).filter((t): t is Date => t !== null);
    return {
      total: sum((s) => s.total),
      comments: bySource.find((s) => s.source === 'comment')?.total ?? 0,
      danmaku: bySource.find((s) => s.source === 'danmaku')?.total ?? 0,
      commenters: sum((s) => s.commenters),
      likes: sum((s) => s.likes),
      counts: { positive, neutral, negative, pending: sum((s) => s.pending) },
      positiveShare: scored > 0 ? percent(positive, scored) : null,
      negativeShare: scored > 0 ? percent(negative, scored) : null,
      neutralShare: scored > 0 ? percent(neutral, scored) : null,
      meanScore: scored > 0 ? Math.round((sum((s) => s.scoreSum) / scored) * 1000) / 1000 : null,
      firstTime: times.length ? new Date(Math.min(...times.map((t) => t.getTime()))).toISOString() : null,
      lastTime: times.length ? new Date(Math.max(...times.map((t) => t.getTime()))).toISOString() : null,
      words,
      hotComments: hot.map(toItem),
      locations,
      model: null,
    };
  }

  /** GET /api/opinion/getOpinionStatistics: buckets from the first to the last text (zeros between). */
  async statistics(userId: string, p: OpinionStatisticsParams): Promise<Envelope<OpinionStatisticsAnswer>> {
    const { scope } = await this.scopeOf(userId, p);
    const rows = await this.figures.buckets(scope, p.grain);
    const byTime = new Map(rows.map((r) => [r.bucket.getTime(), r]));
    const points: OpinionStatisticsAnswer['points'] = [];
    const first = rows[0]?.bucket.getTime();
    const last = rows.at(-1)?.bucket.getTime();
    if (first !== undefined && last !== undefined) {
      const step = p.grain === 'hour' ? HOUR_MS : 24 * HOUR_MS;
      const start = Math.max(first, last - (MAX_BUCKETS - 1) * step);
      for (let t = start; t <= last; t += step) {
        const r = byTime.get(t);
        points.push({
          time: new Date(t).toISOString(),
          total: r?.total ?? 0,
          positive: r?.positive ?? 0,
          neutral: r?.neutral ?? 0,
          negative: r?.negative ?? 0,
          pending: r?.pending ?? 0,
        });
      }
    }
    return { grain: p.grain, points };
  }

  /** GET /api/opinion/opinionList */
  async list(userId: string, p: OpinionListParams): Promise<Envelope<OpinionListAnswer>> {
    const { scope } = await this.scopeOf(userId, p);
    const { rows, total } = await this.figures.list(scope, (p.pageNo - 1) * p.pageSize, p.pageSize);
    return { list: rows.map(toItem), total, pageNo: p.pageNo, pageSize: p.pageSize };
  }

  /** GET /api/opinion/opinionWarnList (ours) */
  async warnings(userId: string, p: OpinionWarnListParams): Promise<Envelope<OpinionWarnListAnswer>> {
    const member = await this.member(userId, 'opinion.warn');
    const filter = {
      ...(p.taskId !== undefined ? { taskId: p.taskId } : {}),
      ...(p.state !== undefined ? { state: p.state } : {}),
    };
    const { rows, total, unread } = await this.repo.warnings(
      member.teamId,
      filter,
      (p.pageNo - 1) * p.pageSize,
      p.pageSize,
    );
    return {
      warnings: rows.map((w) => ({
        id: w.id,
        taskId: w.taskId,
        taskName: w.taskName,
        rule: w.rule,
        title: w.title,
        detail: w.detail,
        bucket: w.bucket.toISOString(),
        state: w.state,
        createdAt: w.createdAt.toISOString(),
        handledAt: w.handledAt?.toISOString() ?? null,
        handledBy: w.handledBy,
      })),
      total,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
      unread,
    };
  }

  /** POST /api/opinion/setWarnState (ours) */
  async setWarnState(userId: string, ids: readonly number[], state: 1 | 2): Promise<number> {
    const member = await this.member(userId, 'opinion.warn');
    return this.repo.setWarnState(member.teamId, member.userId, ids, state);
  }
}

function canWarn(member: TeamMember): boolean {
  return featureAllowed(member.userType, 'opinion.warn');
}

function requireRules(member: TeamMember): void {
  if (!canWarn(member)) {
    throw AppError.fail(OpinionMsg.rulesNotAllowed, { upgradeTarget: upgradeTarget(member.userType) });
  }
}
