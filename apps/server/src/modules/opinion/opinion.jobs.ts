import { OPINION_KEYWORD_VIDEOS, featureAllowed, opinionTierRule } from '@xg/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { errorMessage, type PipelineClock, type PipelineLogger } from '../../jobs/clock.js';
import { teamMember } from '../collect/team.js';
import type { OpinionService as CollectorOpinion } from '../collector/opinion.service.js';
import type { WorkContext } from '../collector/deps.js';
import { UserRepository } from '../user/user.repository.js';
import { OpinionFiguresRepository } from './opinion.figures.repository.js';
import { OpinionRepository, type NewWarning, type TaskRow } from './opinion.repository.js';
import { evaluateRules } from './opinion.rules.js';
import { resetOtherModels, scorePending, type Scorer } from './opinion.scoring.js';
import { opinionScorer } from './opinion.sentiment.js';
import { opinionWarningSink, type WarningSink } from './opinion.notify.js';

const HOUR_MS = 3600_000;
const MINUTE_MS = 60_000;
/** Pages of comments (20 each) the first run of a task reads per video: its recent history. */
export const FIRST_RUN_PAGES = 50;
/** The rules look back this far before the task's start (what happened just before it was created counts). */
export const RULES_LOOKBACK_HOURS = 24;
/** Tasks queued per scheduler tick at most. */
const DUE_PER_TICK = 50;

/**
 * One run of an opinion task (job opinion.task-run; docs/pipeline.md "Opinion tasks"): while its window is open,
 * the comments (newest first, until already stored ones) and, for a video task, the danmaku of its videos through
 * the real collector; then the sentiment of every new text; then its rules (teams with opinion.warn), each new
 * warning sent once to the task's owner (in-app, e-mail, the team's robot webhook). The next run is due after the
 * tier's cadence (OPINION_TIER_RULES).
 */
export class OpinionTaskRunner {
  private readonly repo: OpinionRepository;
  private readonly figures: OpinionFiguresRepository;
  private readonly users: UserRepository;
  private readonly scorer: Scorer;
  private readonly sink: WarningSink;

  constructor(
    ctx: AppContext,
    private readonly collector: CollectorOpinion,
    private readonly clock: PipelineClock,
    private readonly log: PipelineLogger,
    options: { scorer?: Scorer; sink?: WarningSink } = {},
  ) {
    this.repo = new OpinionRepository(ctx.db);
    this.figures = new OpinionFiguresRepository(ctx.db);
    this.users = new UserRepository(ctx.db);
    this.db = ctx.db;
    this.scorer = options.scorer ?? opinionScorer();
    this.sink = options.sink ?? opinionWarningSink(ctx);
  }

  private readonly db: Db;

  /** The tasks whose run is due (the scheduler's step). */
  static async due(db: Db, now: Date): Promise<number[]> {
    return new OpinionRepository(db).dueTasks(now, DUE_PER_TICK);
  }

  async run(taskId: number, ctx: WorkContext): Promise<object> {
    const task = await this.repo.taskById(taskId);
    if (!task) return { skipped: 'deleted' };
    const now = new Date(this.clock.now());
    const team = await teamMember(this.users, task.teamId);
    const tier = opinionTierRule(team.userType);
    const videoIds =
      task.kind === 'video'
        ? await this.repo.taskVideos(task.id)
        : await this.repo.refreshKeywordVideos(task, OPINION_KEYWORD_VIDEOS);

    let collected = 0;
    // The first run is what the owner waits for on the analysis screen: its requests go ahead of background
    // snapshots (high client priority, like monitor samples); later runs keep the job's own priority.
    const runCtx: WorkContext = task.lastRunAt === null ? { ...ctx, priority: 'high' } : ctx;
    if (now < task.eTime) {
      for (const videoId of videoIds) {
        if (runCtx.signal.aborted) break;
        try {
          await this.collector.collect(
            {
              videoId,
              danmaku: task.kind === 'video',
              ...(task.lastRunAt === null ? { maxPages: FIRST_RUN_PAGES } : {}),
            },
            runCtx,
          );
          collected += 1;
        } catch (e) {
          this.log.warn(`[opinion] task ${task.id}: video ${videoId} not collected: ${errorMessage(e)}`);
        }
      }
    }

    await resetOtherModels(this.db, videoIds, this.scorer.version);
    const scored = await scorePending(this.db, videoIds, this.scorer);
    const warned = featureAllowed(team.userType, 'opinion.warn') ? await this.evaluate(task, videoIds) : [];
    await this.repo.markRun(task.id, now, new Date(now.getTime() + tier.cadenceMinutes * MINUTE_MS));
    return { taskId: task.id, videos: videoIds.length, collected, scored, warnings: warned.length };
  }

  /** Evaluates the rules over the hours since the task's start (less the look-back) and sends the new warnings. */
  async evaluate(task: TaskRow, videoIds: readonly number[]): Promise<{ id: number; w: NewWarning }[]> {
    const since = new Date(task.sTime.getTime() - RULES_LOOKBACK_HOURS * HOUR_MS);
    // the spike rule's baseline needs the 24 hours before the first evaluated one
    const hours = await this.figures.hourly(
      {
        videoIds,
        taskKeyword: task.kind === 'keyword' ? task.keyword : null,
        from: new Date(since.getTime() - 24 * HOUR_MS),
        to: task.eTime,
      },
      task.watchWords,
    );
    const found = evaluateRules(hours, task, since, task.name);
    const fresh = await this.repo.insertWarnings(task, found);
    for (const { id, w } of fresh) {
      try {
        await this.sink.send(task, id, w);
      } catch (e) {
        this.log.warn(`[opinion] warning ${id} of task ${task.id} not sent: ${errorMessage(e)}`);
      }
    }
    return fresh;
  }
}
