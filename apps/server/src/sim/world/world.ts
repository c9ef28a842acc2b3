/**
 * The simulated Bilibili world: the product's demo world (db/seed/world, same seed and scale) taken as the
 * state at its epoch — the end of the generator's last history day — and evolved from there as a pure
 * function of (seed, entity, world time). Nothing is stateful: every creator is expanded lazily from the
 * generator (one creator's videos take ~0.2 ms) and kept in a bounded cache, and every later value is a
 * hash of (seed, salt, entity, day/hour) — see docs/simulator.md for the model.
 *
 * World time = epoch + (wall clock − epoch) × speed (never before the epoch), so with speed 1 the world runs
 * on the wall clock and a restarted simulator continues where it was.
 */
import { aidToBvid } from '../../db/seed/world/bvid.js';
import { DAY_MS, dayStartMs, shanghaiToday } from '../../db/seed/world/days.js';
import {
  creatorContent,
  planWorld,
  playCurve,
  VIDEO_WINDOW_DAYS,
  type CreatorSpec,
  type VideoRow,
  type WorldPlan,
} from '../../db/seed/world/generate.js';
import { hexOf, intIn, normal, pickBy, poisson, Salt, unit, weightedPick } from './hash.js';
import {
  bvidToAid,
  keyOfCid,
  MAX_NEW_PER_DAY,
  NEW_KEY_BASE,
  newAidBase,
  newVideoAid,
  refOfAid,
  videoKey,
} from './ids.js';
import { hashDraw, NEW_VIDEO_DESCRIPTIONS, newVideoText, partitionOf } from './texts.js';
import { engagementRatios } from '../../db/seed/world/engagement.js';
import { POST_HOURS } from '../../db/seed/world/generate.js';
import { countersAt, isVisible, playsAt, TAIL_PER_DAY, type SimVideo, type VideoCounters } from './video-model.js';

export interface SimWorldOptions {
  seed: number;
  scale: number;
  /** world-time multiplier (1 = real time) */
  speed: number;
  /** the demo world's load day in Asia/Shanghai ('YYYY-MM-DD'); default: today at construction */
  today?: string;
  /** the wall clock (ms); injectable for tests */
  now?: () => number;
  /** creators kept expanded at once (default 20,000) */
  cacheSize?: number;
}

export interface CreatorModel {
  index: number;
  spec: CreatorSpec;
  /** the generator's videos (seeded), in generator order */
  videos: SimVideo[];
  legacyPlays: number;
  legacyLikes: number;
  /** fans per day at the epoch (the last 30 history days' average change) */
  trend: number;
  /** videos per day (the creator's rate over the generator's 180-day window) */
  postRate: number;
  fansPrefix: number[];
  followPrefix: number[];
  newByDay: Map<number, SimVideo[]>;
}

export interface CreatorState {
  fans: number;
  following: number;
  /** plays of all visible videos plus older, unmodelled videos */
  plays: number;
  likes: number;
  videoCount: number;
}

/** Videos deleted after the epoch: this share of videos, each at a hash-chosen instant within 30 days. */
export const DELETE_SHARE = 0.01;
const DELETE_WINDOW_DAYS = 30;
/** Share of videos with several pages (分P). */
const MULTI_PAGE_SHARE = 0.06;
const HOUR_MS = 3600_000;
/** Fan arrivals by hour of day (Asia/Shanghai): quiet nights, busy evenings. */
const DIURNAL = [
  0.5, 0.3, 0.2, 0.15, 0.15, 0.2, 0.35, 0.6, 0.8, 0.9, 1, 1.05, 1.2, 1.1, 1, 1, 1.05, 1.15, 1.35, 1.5, 1.6, 1.55, 1.3,
  0.9,
];

export class SimWorld {
  readonly seed: number;
  readonly scale: number;
  readonly speed: number;
  readonly plan: WorldPlan;
  /** the instant the simulated evolution starts (UTC ms) */
  readonly epochMs: number;
  readonly now: () => number;
  private readonly byMid = new Map<number, number>();
  private readonly byRoom = new Map<number, number>();
  private readonly cache = new Map<number, CreatorModel>();
  private readonly cacheSize: number;

  constructor(options: SimWorldOptions) {
    this.seed = options.seed;
    this.scale = options.scale;
    this.speed = options.speed;
    this.now = options.now ?? (() => Date.now());
    const today = options.today ?? shanghaiToday(new Date(this.now()));
    this.plan = planWorld({ seed: options.seed, scale: options.scale, today });
    this.epochMs = dayStartMs(today);
    this.cacheSize = options.cacheSize ?? 20_000;
    this.plan.creators.forEach((c, i) => {
      this.byMid.set(c.mid, i);
      if (c.liveRoomId !== null) this.byRoom.set(c.liveRoomId, i);
    });
  }

  get creatorCount(): number {
    return this.plan.creators.length;
  }

  /** World time (UTC ms) at a wall-clock instant (default: now). */
  worldTime(wallMs: number = this.now()): number {
    return this.epochMs + Math.max(0, wallMs - this.epochMs) * this.speed;
  }

  /** The world day index of an instant: 0 = the load day (the first simulated day). */
  dayIndex(t: number): number {
    return Math.floor((t - this.epochMs) / DAY_MS);
  }

  creatorIndexByMid(mid: number): number | undefined {
    return this.byMid.get(mid);
  }

  creatorIndexByRoom(roomId: number): number | undefined {
    return this.byRoom.get(roomId);
  }

  spec(index: number): CreatorSpec {
    const c = this.plan.creators[index];
    if (!c) throw new Error(`no creator #${index}`);
    return c;
  }

  /** The expanded creator (generator output + evolution parameters), cached. */
  model(index: number): CreatorModel {
    const hit = this.cache.get(index);
    if (hit) {
      this.cache.delete(index);
      this.cache.set(index, hit);
      return hit;
    }
    const model = this.expand(index);
    this.cache.set(index, model);
    if (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    return model;
  }

  private expand(index: number): CreatorModel {
    const spec = this.spec(index);
    const content = creatorContent(this.plan, spec);
    const videos = content.videos.map((v) => this.seededVideo(index, v));
    let visiblePlays = 0;
    let visibleLikes = 0;
    for (const v of content.videos) {
      if (v.status !== 0) continue;
      visiblePlays += v.play;
      visibleLikes += v.likes;
    }
    const daily = content.daily;
    const last = daily[daily.length - 1];
    const monthAgo = daily[Math.max(0, daily.length - 31)];
    const span = Math.max(1, Math.min(30, daily.length - 1));
    const rawTrend = last && monthAgo ? (last.fans - monthAgo.fans) / span : 0;
    const trend = rawTrend >= 0 ? Math.max(rawTrend, spec.fans * 0.0003) : rawTrend;
    return {
      index,
      spec,
      videos,
      legacyPlays: Math.max(0, content.plays - visiblePlays),
      legacyLikes: Math.max(0, content.likes - visibleLikes),
      trend,
      postRate: spec.videoTotal / VIDEO_WINDOW_DAYS,
      fansPrefix: [0],
      followPrefix: [0],
      newByDay: new Map(),
    };
  }

  private seededVideo(creatorIndex: number, v: VideoRow): SimVideo {
    const pubMs = v.pubdate.getTime();
    const share = playCurve((this.epochMs - pubMs) / DAY_MS);
    const play0 = Math.max(1, v.play);
    const key = v.id - 1;
    return {
      key,
      aid: v.aid,
      bvid: v.bvid,
      creatorIndex,
      title: v.title,
      tags: v.tags,
      cover: v.cover,
      description: v.description,
      duration: v.duration,
      pubMs,
      tid: v.tid,
      topTid: this.spec(creatorIndex).topTid,
      copyright: v.copyright,
      isActivity: v.isActivity === 1,
      pages: this.pageCount(v.aid, v.duration),
      deletedAtMs: v.status !== 0 ? -Infinity : this.deletionTime(v.aid, this.epochMs),
      seeded: true,
      full: share > 0 ? play0 / share : play0,
      tailStartMs: this.epochMs,
      tailPerDay: play0 * TAIL_PER_DAY,
      ratios: {
        like: v.likes / play0,
        coin: v.coin / play0,
        favorite: v.favorite / play0,
        share: v.share / play0,
        reply: v.reply / play0,
        danmaku: v.danmaku / play0,
      },
    };
  }

  private pageCount(aid: number, duration: number): number {
    if (duration < 120 || unit(this.seed, Salt.pages, aid) >= MULTI_PAGE_SHARE) return 1;
    return intIn(2, 4, this.seed, Salt.pages, aid, 1);
  }

  /** A share of videos is deleted at a hash-chosen instant after max(epoch, publication). */
  private deletionTime(aid: number, fromMs: number): number {
    if (unit(this.seed, Salt.deletion, aid) >= DELETE_SHARE) return Infinity;
    const days = 0.05 + unit(this.seed, Salt.deletion, aid, 1) * (DELETE_WINDOW_DAYS - 0.05);
    return Math.max(this.epochMs, fromMs) + Math.round(days * DAY_MS);
  }

  // ----------------------------------------------------------------------------------------------
  // Creators over time

  /** Fans at world time t: the epoch count plus hash-noised daily increments spread over the day's hours. */
  fansAt(m: CreatorModel, t: number): number {
    if (t <= this.epochMs) return m.spec.fans;
    const x = (t - this.epochMs) / DAY_MS;
    const d = Math.floor(x);
    this.extendPrefix(m, d);
    const inc = (m.fansPrefix[d] ?? 0) + this.fansIncrement(m, d) * this.hourShare(m, d, x - d);
    return Math.max(1, Math.round(m.spec.fans + inc));
  }

  followingAt(m: CreatorModel, t: number): number {
    if (t <= this.epochMs) return m.spec.following;
    const d = this.dayIndex(t);
    this.extendPrefix(m, d);
    return m.spec.following + (m.followPrefix[d] ?? 0);
  }

  private extendPrefix(m: CreatorModel, d: number): void {
    for (let k = m.fansPrefix.length; k <= d; k++) {
      m.fansPrefix.push((m.fansPrefix[k - 1] ?? 0) + this.fansIncrement(m, k - 1));
      m.followPrefix.push(
        (m.followPrefix[k - 1] ?? 0) + (unit(this.seed, Salt.follow, m.spec.mid, k - 1) < 0.08 ? 1 : 0),
      );
    }
  }

  /** The fan change of world day d (≥ 0): the trend × log-normal noise, weekend bump, rare viral days. */
  fansIncrement(m: CreatorModel, d: number): number {
    const mid = m.spec.mid;
    let factor = Math.exp(0.35 * normal(this.seed, Salt.fansDay, mid, d));
    const weekday = new Date(this.epochMs + (d + 0.5) * DAY_MS + 8 * HOUR_MS).getUTCDay();
    if (weekday === 0 || weekday === 6) factor *= 1.15;
    if (m.trend > 0 && unit(this.seed, Salt.fansSpike, mid, d) < 0.015)
      factor *= 4 + 8 * unit(this.seed, Salt.fansSpike, mid, d, 1);
    return m.trend * factor;
  }

  /** Share of day d's fan change reached at `frac` of the day: hourly weights × the diurnal curve. */
  private hourShare(m: CreatorModel, d: number, frac: number): number {
    const pos = frac * 24;
    const h = Math.floor(pos);
    let total = 0;
    let before = 0;
    for (let k = 0; k < 24; k++) {
      const w = (DIURNAL[k] ?? 1) * (0.5 + unit(this.seed, Salt.fansHour, m.spec.mid, d, k));
      if (k < h) before += w;
      else if (k === h) before += w * (pos - h);
      total += w;
    }
    return total > 0 ? before / total : frac;
  }

  creatorState(index: number, t: number): CreatorState {
    const m = this.model(index);
    const videos = this.videosOf(index, t);
    const days = Math.max(0, (t - this.epochMs) / DAY_MS);
    let plays = m.legacyPlays * (1 + 0.0012 * days);
    let likes = m.legacyLikes * (1 + 0.0008 * days);
    for (const v of videos) {
      const p = playsAt(v, t);
      plays += p;
      likes += p * v.ratios.like;
    }
    return {
      fans: this.fansAt(m, t),
      following: this.followingAt(m, t),
      plays: Math.round(plays),
      likes: Math.round(likes),
      videoCount: videos.length,
    };
  }

  // ----------------------------------------------------------------------------------------------
  // Videos

  /** The creator's visible videos at t (seeded and new), newest first. */
  videosOf(index: number, t: number): SimVideo[] {
    const m = this.model(index);
    const out = m.videos.filter((v) => isVisible(v, t));
    const lastDay = this.dayIndex(t);
    for (let d = 0; d <= lastDay; d++) for (const v of this.newVideosOn(index, d)) if (isVisible(v, t)) out.push(v);
    return out.sort((a, b) => b.pubMs - a.pubMs || b.aid - a.aid);
  }

  /** Videos the creator publishes on world day d (≥ 0): a Poisson count at the creator's posting rate. */
  newVideosOn(index: number, d: number): SimVideo[] {
    if (d < 0) return [];
    const m = this.model(index);
    const cached = m.newByDay.get(d);
    if (cached) return cached;
    const mid = m.spec.mid;
    const count = poisson(m.postRate, unit(this.seed, Salt.posts, mid, d), MAX_NEW_PER_DAY);
    const times: number[] = [];
    for (let j = 0; j < count; j++) {
      const hour = weightedPick(POST_HOURS, unit(this.seed, Salt.postTime, mid, d, j));
      times.push(
        this.epochMs + d * DAY_MS + hour * HOUR_MS + intIn(0, 3599, this.seed, Salt.postTime, mid, d, j, 1) * 1000,
      );
    }
    times.sort((a, b) => a - b);
    const videos = times.map((pubMs, j) => this.newVideo(m, d, j, pubMs));
    m.newByDay.set(d, videos);
    return videos;
  }

  private newVideo(m: CreatorModel, d: number, ordinal: number, pubMs: number): SimVideo {
    const spec = m.spec;
    const aid = newVideoAid(this.plan.videoCount, this.creatorCount, d, m.index, ordinal);
    const ref = refOfAid(aid, this.plan.videoCount, this.creatorCount);
    if (!ref) throw new Error('new aid out of range');
    const s = this.seed;
    const top = partitionOf(spec.topTid);
    const hit =
      unit(s, Salt.newVideo, aid, 1) < 0.04
        ? Math.min(40, Math.max(3, 8 * Math.exp(0.6 * normal(s, Salt.newVideo, aid, 2))))
        : 1;
    const full =
      spec.fans * 0.12 * Math.exp(0.9 * normal(s, Salt.newVideo, aid, 3)) * hit +
      intIn(30, 600, s, Salt.newVideo, aid, 4);
    const duration = Math.round(
      Math.min(4 * 3600, Math.max(15, 420 * Math.exp(0.7 * normal(s, Salt.newVideo, aid, 5)))),
    );
    const tid =
      unit(s, Salt.newVideo, aid, 9) < 0.85 ? spec.partitionTid : pickBy(top.children, s, Salt.newVideo, aid, 10)[0];
    const text = newVideoText(tid, spec.topTid, pubMs, s, Salt.newVideo, aid, 20);
    const draw = hashDraw(s, Salt.newVideo, aid, 13);
    return {
      key: videoKey(ref),
      aid,
      bvid: aidToBvid(aid),
      creatorIndex: m.index,
      title: text.title,
      tags: text.tags,
      cover: `https://i${intIn(0, 2, s, Salt.newVideo, aid, 6)}.hdslb.com/bfs/archive/${hexOf(40, s, Salt.newVideo, aid, 7)}.jpg`,
      description: pickBy(NEW_VIDEO_DESCRIPTIONS, s, Salt.newVideo, aid, 8),
      duration,
      pubMs,
      tid,
      topTid: spec.topTid,
      copyright: unit(s, Salt.newVideo, aid, 11) < 0.92 ? 1 : 2,
      isActivity: unit(s, Salt.newVideo, aid, 12) < 0.05,
      pages: this.pageCount(aid, duration),
      deletedAtMs: this.deletionTime(aid, pubMs),
      seeded: false,
      full,
      tailStartMs: pubMs,
      tailPerDay: full * TAIL_PER_DAY,
      ratios: engagementRatios(() => draw.normal()),
    };
  }

  /** The video with this aid if it exists by world time t (visible or deleted), else null. */
  videoByAid(aid: number, t: number): SimVideo | null {
    const ref = refOfAid(aid, this.plan.videoCount, this.creatorCount);
    if (!ref) return null;
    if (ref.kind === 'seeded') {
      if (ref.slot >= this.plan.videoCount) return null;
      const index = this.creatorOfSlot(ref.slot);
      const spec = this.spec(index);
      const v = this.model(index).videos[ref.slot - spec.videoSlot];
      return v && v.aid === aid ? v : null;
    }
    if (ref.day > this.dayIndex(t)) return null;
    const v = this.newVideosOn(ref.creatorIndex, ref.day)[ref.ordinal];
    return v && v.aid === aid && v.pubMs <= t ? v : null;
  }

  videoByBvid(bvid: string, t: number): SimVideo | null {
    const aid = bvidToAid(bvid);
    return aid === null ? null : this.videoByAid(aid, t);
  }

  /** cid → video and page index (0-based). */
  videoByCid(cid: number, t: number): { video: SimVideo; page: number } | null {
    const k = keyOfCid(cid);
    if (!k) return null;
    const video = this.videoByKey(k.key, t);
    return video && k.page < video.pages ? { video, page: k.page } : null;
  }

  videoByKey(key: number, t: number): SimVideo | null {
    if (key < NEW_KEY_BASE) {
      if (key >= this.plan.videoCount) return null;
      const index = this.creatorOfSlot(key);
      return this.model(index).videos[key - this.spec(index).videoSlot] ?? null;
    }
    return this.videoByAid(newAidBase(this.plan.videoCount) + (key - NEW_KEY_BASE), t);
  }

  private creatorOfSlot(slot: number): number {
    const cs = this.plan.creators;
    let lo = 0;
    let hi = cs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((cs[mid]?.videoSlot ?? 0) <= slot) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  counters(v: SimVideo, t: number): VideoCounters {
    return countersAt(v, t);
  }
}
