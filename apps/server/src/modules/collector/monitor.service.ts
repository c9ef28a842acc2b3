/**
 * Monitoring samples (docs/pipeline.md § Monitoring): monitored videos every `interval_seconds` (default 5
 * minutes) inside their target's window, and monitored live rooms every minute while they are live. The
 * monitoring feature inserts monitor_targets rows; the scheduler queues the due slots; these handlers fetch
 * at the budget's high priority and write one sample per slot (keyed by the slot instant).
 */
import { MONITOR_TAIL_INTERVAL_S, MONITOR_VIDEO_INTERVAL_S } from '@xg/shared';
import { errorMessage, shanghaiDay } from '../../jobs/clock.js';
import type { LiveRoomRecord } from '../../providers/bilibili/index.js';
import type { LiveSampleRow } from '../ingestion/index.js';
import { callOptions, requireClient, type CollectorDeps, type WorkContext } from './deps.js';
import { checkMonitorAlerts } from '../placements/alerts.js';
import { attachCollectedWorks, collectingWorks, type CollectingWork } from '../placements/attach.js';
import { LiveStreamHub } from './live-stream-hub.js';
import { MonitorRepository, type DueVideoSample } from './monitor.repository.js';

/** How long a placement's link check waits for the platform before answering flag 2 (collecting). */
export const WORK_LOOKUP_TIMEOUT_MS = 8000;

/** A `Gone` reason that means the video itself is gone (not merely its comments closed). */
export const VIDEO_GONE_REASONS: ReadonlySet<string> = new Set(['not_found', 'invisible']);

export class MonitorService {
  readonly repo: MonitorRepository;
  /** the message streams of the monitored rooms that are live (live-stream-hub.ts) */
  readonly streams: LiveStreamHub;

  constructor(private readonly deps: CollectorDeps) {
    this.repo = new MonitorRepository(deps.db);
    this.streams = new LiveStreamHub(deps);
  }

  /** Closes the live message streams (the pipeline's stop). */
  close(): Promise<void> {
    return this.streams.close();
  }

  /**
   * The scheduler: link works the collector has stored to the placements waiting for them (and queue a fetch of
   * those still missing), then queue the current slot of every video target that has no sample for it yet.
   */
  async enqueueDueVideoSamples(): Promise<number> {
    await attachCollectedWorks(this.deps.db);
    const waiting = await collectingWorks(this.deps.db);
    if (this.deps.jobs && waiting.length > 0) {
      await this.deps.jobs.sendMany(
        'monitor.fetch-work',
        waiting.map((w) => ({ data: w })),
      );
    }
    const due: DueVideoSample[] = await this.repo.dueVideoSamples(new Date(this.deps.clock.now()));
    if (!this.deps.jobs || due.length === 0) return 0;
    return this.deps.jobs.sendMany(
      'monitor.video-sample',
      due.map((d) => ({ data: { targetId: d.targetId, videoId: d.videoId, ts: d.ts.toISOString() } })),
    );
  }

  /** monitor.video-sample: one view of the video → video_samples at the slot, and its current counters. */
  async sampleVideo(data: { targetId: number; videoId: number; ts: string }, ctx: WorkContext): Promise<object> {
    const ts = new Date(data.ts);
    const target = await this.repo.target(data.targetId);
    if (!target || target.videoId !== data.videoId || ts < target.windowStart || ts > target.lastSlot) {
      return { skipped: 'outside the window or the target is gone' };
    }
    // a job that waited past its slot is not worked: the next slot's job samples; the missed one stays a gap
    const slotSeconds = ts <= target.windowEnd ? MONITOR_VIDEO_INTERVAL_S : MONITOR_TAIL_INTERVAL_S;
    if (this.deps.clock.now() >= ts.getTime() + slotSeconds * 1000) return { skipped: 'slot passed' };
    const video = await this.repo.video(data.videoId);
    if (!video || video.status === -1) return { skipped: 'deleted video' };
    const view = await requireClient(this.deps).videoView({ aid: video.aid }, callOptions(ctx));
    if (!view.found) {
      if (VIDEO_GONE_REASONS.has(view.reason)) {
        await this.deps.ingestion.samples.markVideosDeleted([video.id]);
        return { deleted: true };
      }
      return { gone: view.reason };
    }
    await this.deps.ingestion.samples.ingestVideoSamples([{ videoId: video.id, ts, stats: view.value.video.stats }]);
    await this.deps.ingestion.records.ingestVideos([view.value.video], shanghaiDay(this.deps.clock.now()));
    return { play: view.value.video.stats.view };
  }

  /**
   * A placement names a work by link that the database lacks: ask the platform now (high priority, bounded
   * wait). 'found' → the video (and its owner) are stored; 'not_found' → the platform has no such work;
   * 'deferred' → no client, risk control or a timeout: a monitor.fetch-work job is queued (the scheduler also
   * re-queues it every tick while a placement waits).
   */
  async lookupWork(ref: CollectingWork): Promise<'found' | 'not_found' | 'deferred'> {
    const client = this.deps.client;
    if (client) {
      try {
        const signal = AbortSignal.timeout(WORK_LOOKUP_TIMEOUT_MS);
        const view = await client.videoView(ref.bvid ? { bvid: ref.bvid } : { aid: ref.aid ?? 0 }, {
          priority: 'high',
          signal,
        });
        if (!view.found) return 'not_found';
        await this.deps.ingestion.records.ingestVideos([view.value.video], shanghaiDay(this.deps.clock.now()));
        await attachCollectedWorks(this.deps.db);
        return 'found';
      } catch (e) {
        this.deps.log.warn(`[monitor] quick lookup of a work deferred to the job: ${errorMessage(e)}`);
      }
    }
    await this.deps.jobs?.send('monitor.fetch-work', ref);
    return 'deferred';
  }

  /** monitor.fetch-work: the work's view → videos (and its owner), then the waiting placements get it. */
  async fetchWork(ref: CollectingWork, ctx: WorkContext): Promise<object> {
    if (!ref.bvid && !ref.aid) return { gone: 'no id' };
    const view = await requireClient(this.deps).videoView(
      ref.bvid ? { bvid: ref.bvid } : { aid: ref.aid ?? 0 },
      callOptions(ctx),
    );
    if (!view.found) return { gone: view.reason };
    await this.deps.ingestion.records.ingestVideos([view.value.video], shanghaiDay(this.deps.clock.now()));
    return { linked: await attachCollectedWorks(this.deps.db) };
  }

  /** The scheduler: monitoring alerts of the teams' targets (once per event; none without an alert sink). */
  async checkAlerts(): Promise<number> {
    if (!this.deps.alerts) return 0;
    return checkMonitorAlerts(this.deps.db, this.deps.alerts, new Date(this.deps.clock.now()));
  }

  /** The scheduler: whether a live sample of minute `ts` is worth queueing (some live target is active). */
  anyLiveTarget(ts: Date): Promise<boolean> {
    return this.repo.anyLiveTarget(ts);
  }

  /**
   * monitor.live-sample: the live status of every monitored room at minute `ts` (by uid, in batches; rooms
   * of unknown owners one by one), a live_samples row for each room that is live, and the creators' live flag.
   * A target with a longer interval is sampled on the minutes its interval divides.
   */
  async sampleLive(data: { ts: string }, ctx: WorkContext): Promise<object> {
    const ts = new Date(data.ts);
    const client = requireClient(this.deps);
    const targets = (await this.repo.liveTargets(ts)).filter((t) => {
      const sinceStart = Math.floor((ts.getTime() - t.windowStart.getTime()) / 1000);
      return sinceStart % t.intervalSeconds < 60;
    });
    if (targets.length === 0) {
      await this.streams.sync([]);
      return { rooms: 0, live: 0 };
    }
    const byUid = new Map<number, LiveRoomRecord>();
    const byRoom = new Map<number, LiveRoomRecord>();
    const mids = [...new Set(targets.map((t) => t.mid).filter((m): m is number => m !== null))];
    const batch = this.deps.settings.liveStatusBatch;
    const statuses: LiveRoomRecord[] = [];
    for (let i = 0; i < mids.length; i += batch) {
      statuses.push(...(await client.liveStatusByUids(mids.slice(i, i + batch), callOptions(ctx))));
    }
    for (const t of targets) {
      if (t.mid !== null || t.roomId === null) continue;
      const info = await client.liveRoomInfo(t.roomId, callOptions(ctx));
      if (info.found) byRoom.set(info.value.roomId, info.value);
    }
    for (const r of statuses) {
      byUid.set(r.uid, r);
      byRoom.set(r.roomId, r);
    }
    const rows: LiveSampleRow[] = [];
    const until = new Map<number, number>();
    for (const t of targets) {
      const room =
        (t.mid !== null ? byUid.get(t.mid) : undefined) ?? (t.roomId !== null ? byRoom.get(t.roomId) : undefined);
      if (!room || room.liveStatus !== 1) continue;
      until.set(room.roomId, Math.max(until.get(room.roomId) ?? 0, t.windowEnd.getTime()));
      rows.push({
        roomId: room.roomId,
        creatorId: t.creatorId,
        ts,
        liveStatus: room.liveStatus,
        online: room.online,
        danmakuRate: null,
        giftValue: null,
      });
    }
    await this.deps.ingestion.samples.ingestLiveSamples(rows);
    await this.deps.ingestion.samples.updateLiveStatus(statuses);
    // the message streams of the rooms that are live now; the finished minutes get their danmaku and value
    const streams = await this.streams.sync([...until].map(([roomId, end]) => ({ roomId, until: end })));
    const filled = await this.streams.fillSamples(ts);
    return { rooms: targets.length, live: rows.length, streams, filled };
  }
}
