/**
 * Creator collection (docs/pipeline.md): submitting a creator by UID or homepage link (submitCollectionKol),
 * the new-creator backfill, the recurring snapshot of every tracked creator, the live flag of creators with a
 * room, and the cadence classes. Every step writes through ingestion (idempotent upserts), so a retried or
 * repeated job rewrites the same rows.
 */
import { shanghaiDay, errorMessage } from '../../jobs/clock.js';
import { JOB_PRIORITY } from '../../jobs/names.js';
import { dayStartMs } from '../../db/seed/world/days.js';
import {
  BilibiliError,
  withCreatorStats,
  type CreatorRecord,
  type Lookup,
  type VideoRecord,
} from '../../providers/bilibili/index.js';
import { CommerceCollector } from '../commerce/commerce.collect.js';
import { ActivityCollector } from './activity-collector.js';
import { CollectorRepository, COMMENT_SAMPLE_AGE_MS, type CreatorRef } from './collector.repository.js';
import { parseCreatorInput } from './creator-input.js';
import { callOptions, requireClient, type CollectorDeps, type WorkContext } from './deps.js';

/** The synchronous card lookup of submitCollectionKol waits at most this long, then the job takes over. */
export const QUICK_LOOKUP_TIMEOUT_MS = 8000;
/** Videos per page of the video list (the platform allows up to 50). */
const SNAPSHOT_VIDEOS_PS = 30;
const BACKFILL_VIDEOS_PS = 50;
/** pg-boss priority of new-creator jobs (their own queue; above everything else in it). */
const NEW_CREATOR_PRIORITY = 50;

/** spec §4 "Creator collection result isExists": 0 not found / format error, 1 already collected, 2 submitted. */
export interface SubmitResult {
  isExists: 0 | 1 | 2;
  /** creators.official_type (0 none, 1 personal, 2 organisation) */
  isApprove: number;
  kolId: number | null;
  kolName: string;
  kolImg: string;
  kolUid: number | null;
}

const NOT_FOUND: SubmitResult = { isExists: 0, isApprove: 0, kolId: null, kolName: '', kolImg: '', kolUid: null };

function resultOf(isExists: 1 | 2, c: CreatorRef): SubmitResult {
  return { isExists, isApprove: c.officialType, kolId: c.id, kolName: c.name, kolImg: c.face, kolUid: c.mid };
}

function valueOrNull<T>(r: Lookup<T>): T | null {
  return r.found ? r.value : null;
}

export class CollectorService {
  readonly repo: CollectorRepository;
  private readonly activities: ActivityCollector;
  private readonly commerce: CommerceCollector;

  constructor(
    private readonly deps: CollectorDeps,
    private readonly options: { quickTimeoutMs?: number } = {},
  ) {
    this.repo = new CollectorRepository(deps.db);
    this.activities = new ActivityCollector(deps);
    this.commerce = new CommerceCollector(deps);
  }

  private now(): Date {
    return new Date(this.deps.clock.now());
  }

  // ---- submitCollectionKol ------------------------------------------------------------------------

  /**
   * A user asks for a creator to be collected. Unknown format → 0. Already collected → 1 with the creator.
   * Otherwise the card is fetched at once (high priority, bounded wait): the platform does not know the mid →
   * 0; found → the creator row exists now (searchable) and the backfill job is queued → 2. When the lookup
   * cannot be made now (no client, risk control, timeout) the request is queued → 2; the job does the quick
   * step within minutes.
   */
  async submit(rawInput: string, userId: string | null): Promise<SubmitResult> {
    const input = rawInput.trim();
    const mid = parseCreatorInput(input);
    if (mid === null) return NOT_FOUND;
    const existing = await this.repo.creatorByMid(mid);
    if (existing?.collected) return resultOf(1, existing);
    if (existing?.pending) return resultOf(2, existing);

    const card = await this.quickLookup(mid);
    if (card === 'not_found') {
      await this.repo.recordRequest(mid, userId, input, 'not_found');
      return { ...NOT_FOUND, kolUid: mid };
    }
    let creator: CreatorRef | null = existing;
    if (card) {
      await this.deps.ingestion.records.ingestCreators([card], shanghaiDay(this.deps.clock.now()));
      creator = await this.repo.creatorByMid(mid);
    }
    const request = await this.repo.openRequest(
      mid,
      userId,
      input,
      creator ? 'searchable' : 'queued',
      creator?.id ?? null,
    );
    if (creator && request.state === 'queued') {
      await this.repo.setRequestState(request.id, 'searchable', this.now(), { creatorId: creator.id });
    }
    await this.deps.jobs?.send(
      'collect.new-creator',
      { requestId: request.id, mid },
      { priority: NEW_CREATOR_PRIORITY },
    );
    if (creator) return resultOf(2, creator);
    return { isExists: 2, isApprove: 0, kolId: null, kolName: '', kolImg: '', kolUid: mid };
  }

  /** The card now, 'not_found', or null when the platform cannot be asked right now. */
  private async quickLookup(mid: number): Promise<CreatorRecord | 'not_found' | null> {
    const client = this.deps.client;
    if (!client) return null;
    try {
      const signal = AbortSignal.timeout(this.options.quickTimeoutMs ?? QUICK_LOOKUP_TIMEOUT_MS);
      const card = await client.userCard(mid, { priority: 'high', signal });
      return card.found ? card.value : 'not_found';
    } catch (e) {
      this.deps.log.warn(`[collector] quick lookup of mid ${mid} deferred to the job: ${errorMessage(e)}`);
      return null;
    }
  }

  // ---- collect.new-creator ------------------------------------------------------------------------

  /**
   * The new-creator job: the quick step when the request is still queued (card → creators row: searchable),
   * then the backfill — relation stat and upstat (today's creator_daily row) and the video list (videos and
   * today's video_daily rows). The platform has no history of past days, so a new creator's daily series
   * starts on the day it was collected.
   */
  async collectNewCreator(data: { requestId: number; mid: number }, ctx: WorkContext): Promise<object> {
    const request = await this.repo.request(data.requestId);
    if (!request || request.state === 'done' || request.state === 'not_found') return { skipped: request?.state };
    try {
      return await this.backfill(request.id, request.mid, request.state === 'queued', ctx);
    } catch (e) {
      if (ctx.lastAttempt && !ctx.signal.aborted) {
        await this.repo.setRequestState(request.id, 'failed', this.now(), { error: errorMessage(e) });
      }
      throw e;
    }
  }

  private async backfill(requestId: number, mid: number, quick: boolean, ctx: WorkContext): Promise<object> {
    const client = requireClient(this.deps);
    const card = await client.userCard(mid, callOptions(ctx, quick ? 'high' : 'normal'));
    if (!card.found) {
      await this.repo.setRequestState(requestId, 'not_found', this.now());
      return { notFound: true };
    }
    const day = shanghaiDay(this.deps.clock.now());
    await this.deps.ingestion.records.ingestCreators([card.value], day);
    const creator = await this.repo.creatorByMid(mid);
    if (!creator) throw new Error(`creator ${mid} missing after ingestion`);
    if (quick) await this.repo.setRequestState(requestId, 'searchable', this.now(), { creatorId: creator.id });

    const relation = valueOrNull(await client.relationStat(mid, callOptions(ctx, 'normal')));
    const upStat = valueOrNull(await client.upStat(mid, callOptions(ctx, 'normal')));
    await this.deps.ingestion.records.ingestCreators([withCreatorStats(card.value, { relation, upStat })], day);

    let videos = 0;
    for (let pn = 1; pn <= this.deps.settings.backfillPages; pn += 1) {
      const page = await client.creatorVideos(mid, { pn, ps: BACKFILL_VIDEOS_PS }, callOptions(ctx, 'low'));
      if (!page.found) break;
      await this.deps.ingestion.records.ingestVideos(page.value.videos, day);
      videos += page.value.videos.length;
      if (page.value.videos.length < BACKFILL_VIDEOS_PS || pn * BACKFILL_VIDEOS_PS >= page.value.page.count) break;
    }
    const at = this.now();
    await this.deps.ingestion.samples.markCollected(creator.id, at);
    await this.repo.setRequestState(requestId, 'done', at, { creatorId: creator.id });
    return { creatorId: creator.id, videos };
  }

  // ---- collect.creator-snapshot -------------------------------------------------------------------

  /**
   * One snapshot of a tracked creator: card + relation stat + upstat → creators and today's creator_daily
   * row (Asia/Shanghai day); the first page of its video list → new videos, their counters and today's
   * video_daily rows. Then its next slot, and comment sampling of its latest videos when due.
   */
  async snapshotCreator(creatorId: number, ctx: WorkContext): Promise<object> {
    const creator = await this.repo.creatorById(creatorId);
    if (!creator) return { skipped: 'unknown creator' };
    const client = requireClient(this.deps);
    const opts = callOptions(ctx);
    const card = await client.userCard(creator.mid, opts);
    if (!card.found) {
      // Closed or banned accounts keep their history; they are asked again at the next slot.
      await this.deps.ingestion.samples.markCollected(creator.id, this.now());
      return { gone: card.reason };
    }
    const relation = valueOrNull(await client.relationStat(creator.mid, opts));
    const upStat = valueOrNull(await client.upStat(creator.mid, opts));
    const videos = await client.creatorVideos(creator.mid, { pn: 1, ps: SNAPSHOT_VIDEOS_PS }, opts);
    const now = this.deps.clock.now();
    const day = shanghaiDay(now);
    await this.deps.ingestion.records.ingestCreators([withCreatorStats(card.value, { relation, upStat })], day);
    const list: VideoRecord[] = videos.found ? videos.value.videos : [];
    if (list.length) await this.deps.ingestion.records.ingestVideos(list, day);
    const next = await this.deps.ingestion.samples.markCollected(creator.id, new Date(now));
    const sampled = await this.sampleComments(creator.id, new Date(now));
    // mission ids, background music and activity pages of its newest videos (activity-collector.ts)
    const details = await this.activities.afterSnapshot(creator.id, ctx, new Date(now));
    // goods, brands and sponsorships of its videos (modules/commerce/commerce.collect.ts)
    const commerce = await this.commerce.afterSnapshot(creator.id, ctx, new Date(now));
    return {
      fans: card.value.fans,
      videos: list.length,
      next: next?.toISOString() ?? null,
      sampled,
      details,
      commerce,
    };
  }

  /** Queues comment collection for the creator's latest videos not sampled in the last 20 hours. */
  private async sampleComments(creatorId: number, now: Date): Promise<number> {
    const { jobs, settings } = this.deps;
    if (!jobs || settings.commentVideos <= 0) return 0;
    const ids = await this.repo.videosToSample(
      creatorId,
      settings.commentVideos,
      new Date(now.getTime() - COMMENT_SAMPLE_AGE_MS),
    );
    return jobs.sendMany(
      'opinion.collect-comments',
      ids.map((videoId) => ({ data: { videoId, maxPages: settings.commentPages } })),
    );
  }

  // ---- collect.live-status / collect.refresh-cadence ----------------------------------------------

  /** The live flag of every creator with a room, `liveStatusBatch` uids per request. */
  async refreshLiveStatus(ctx: WorkContext): Promise<object> {
    const client = requireClient(this.deps);
    const batch = this.deps.settings.liveStatusBatch;
    let afterId = 0;
    let asked = 0;
    let changed = 0;
    let live = 0;
    let failedBatches = 0;
    for (;;) {
      const creators = await this.repo.liveRoomCreators(afterId, batch);
      if (creators.length === 0) break;
      afterId = creators[creators.length - 1]?.id ?? afterId;
      try {
        const rooms = await client.liveStatusByUids(
          creators.map((c) => c.mid),
          callOptions(ctx),
        );
        asked += creators.length;
        live += rooms.filter((r) => r.isLive).length;
        changed += await this.deps.ingestion.samples.updateLiveStatus(rooms);
      } catch (e) {
        if (ctx.signal.aborted || !(e instanceof BilibiliError)) throw e;
        failedBatches += 1;
        this.deps.log.warn(`[collector] live status batch after creator ${afterId} failed: ${e.message}`);
      }
    }
    if (failedBatches > 0 && asked === 0) throw new Error(`every live-status batch failed (${failedBatches})`);
    return { asked, live, changed, failedBatches };
  }

  async refreshCadence(): Promise<object> {
    const now = this.deps.clock.now();
    const changed = await this.repo.refreshCadence(new Date(now), shanghaiDay(now), this.deps.settings);
    return { changed };
  }

  /** See CollectorRepository.markViewed (the detail / compare endpoints call it). */
  markViewed(creatorId: number): Promise<void> {
    return this.repo.markViewed(creatorId, this.now());
  }

  // ---- scheduler helpers --------------------------------------------------------------------------

  /** First slots for creators that have none; then claim and queue every due creator. Answers jobs queued. */
  async enqueueDueSnapshots(limit = 2000): Promise<number> {
    const now = this.deps.clock.now();
    const today = shanghaiDay(now);
    await this.repo.initNextCollect(new Date(now), today, new Date(dayStartMs(today)));
    const due = await this.repo.claimDue(new Date(now), limit);
    if (!this.deps.jobs || due.length === 0) return 0;
    return this.deps.jobs.sendMany(
      'collect.creator-snapshot',
      due.map((c) => ({ data: { creatorId: c.id }, priority: JOB_PRIORITY[c.cadence] })),
      { raiseFrom: JOB_PRIORITY.high },
    );
  }

  /** Re-queues pending collection requests untouched for two minutes (a lost job, or no job system). */
  async sweepRequests(): Promise<number> {
    const now = this.now();
    const stale = await this.repo.staleRequests(new Date(now.getTime() - 120_000));
    if (!this.deps.jobs || stale.length === 0) return 0;
    const sent = await this.deps.jobs.sendMany(
      'collect.new-creator',
      stale.map((r) => ({ data: { requestId: r.id, mid: r.mid }, priority: NEW_CREATOR_PRIORITY })),
    );
    await this.repo.touchRequests(
      stale.map((r) => r.id),
      now,
    );
    return sent;
  }
}
