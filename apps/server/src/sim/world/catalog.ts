/**
 * The whole-world views: popular (热门), ranking (排行榜) and search need every video, so this index
 * expands all creators once (≈1 s for scale 1, in the background in slices that keep the event loop free)
 * and then appends each world day's new videos as time reaches it. Rankings are cached per world hour.
 */
import { DAY_MS } from '../../db/seed/world/days.js';
import { isVisible, playsAt, type SimVideo } from './video-model.js';
import type { SimWorld } from './world.js';

const HOUR_MS = 3600_000;
const SLICE = 100;
export const POPULAR_SIZE = 400;
export const RANKING_SIZE = 100;
/** Ranking candidates: videos published within this many days before t. */
const RANKING_WINDOW_DAYS = 14;
/** "rookie" ranking: creators below this many fans. */
const ROOKIE_FANS = 100_000;

export type RankingType = 'all' | 'rookie' | 'origin';

export interface Ranked {
  video: SimVideo;
  score: number;
}

export class Catalog {
  private readonly videos: SimVideo[] = [];
  private readonly lowerTitles: string[] = [];
  private readonly lowerNames: string[];
  private daysAppended = 0;
  private built = false;
  private building: Promise<void> | null = null;
  private readonly cache = new Map<string, Ranked[]>();

  constructor(private readonly world: SimWorld) {
    this.lowerNames = world.plan.creators.map((c) => c.name.toLowerCase());
  }

  get isReady(): boolean {
    return this.built;
  }

  /** Starts (or joins) the background build of the seeded videos. */
  ready(): Promise<void> {
    this.building ??= this.build();
    return this.building;
  }

  private async build(): Promise<void> {
    const n = this.world.creatorCount;
    for (let start = 0; start < n; start += SLICE) {
      for (let i = start; i < Math.min(n, start + SLICE); i++) {
        for (const v of this.world.model(i).videos) this.add(v);
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    this.built = true;
  }

  private add(v: SimVideo): void {
    this.videos.push(v);
    this.lowerTitles.push(v.title.toLowerCase());
  }

  /** Appends the new videos of every world day up to t's day. */
  private catchUp(t: number): void {
    const lastDay = this.world.dayIndex(t);
    for (let d = this.daysAppended; d <= lastDay; d++) {
      for (let i = 0; i < this.world.creatorCount; i++) for (const v of this.world.newVideosOn(i, d)) this.add(v);
      this.daysAppended = d + 1;
    }
  }

  private cached(key: string, t: number, compute: () => Ranked[]): Ranked[] {
    const full = `${key}|${Math.floor(t / HOUR_MS)}`;
    const hit = this.cache.get(full);
    if (hit) return hit;
    const value = compute();
    this.cache.set(full, value);
    if (this.cache.size > 64) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    return value;
  }

  /** 热门: visible videos by their last-24-hour growth (plays + 8 × likes gained), best first. */
  async popular(t: number): Promise<Ranked[]> {
    await this.ready();
    this.catchUp(t);
    const bucket = Math.floor(t / HOUR_MS) * HOUR_MS;
    return this.cached('popular', t, () => {
      const since = bucket - DAY_MS;
      const scored: Ranked[] = [];
      for (const v of this.videos) {
        if (!isVisible(v, bucket)) continue;
        const gain = playsAt(v, bucket) - playsAt(v, since);
        const score = gain * (1 + 8 * v.ratios.like);
        if (score > 0) scored.push({ video: v, score: Math.round(score) });
      }
      return top(scored, POPULAR_SIZE);
    });
  }

  /** 排行榜: videos of the last 14 days by a 3-day score, per top-level partition (rid 0 = all) and type. */
  async ranking(t: number, rid: number, type: RankingType): Promise<Ranked[]> {
    await this.ready();
    this.catchUp(t);
    const bucket = Math.floor(t / HOUR_MS) * HOUR_MS;
    return this.cached(`ranking|${rid}|${type}`, t, () => {
      const since = bucket - 3 * DAY_MS;
      const oldest = bucket - RANKING_WINDOW_DAYS * DAY_MS;
      const scored: Ranked[] = [];
      for (const v of this.videos) {
        if (v.pubMs < oldest || !isVisible(v, bucket)) continue;
        if (rid !== 0 && v.topTid !== rid) continue;
        if (type === 'origin' && v.copyright !== 1) continue;
        if (type === 'rookie' && this.world.spec(v.creatorIndex).fans >= ROOKIE_FANS) continue;
        const gain = playsAt(v, bucket) - playsAt(v, since);
        const r = v.ratios;
        const score = gain * (1 + 10 * r.like + 20 * r.coin + 10 * r.favorite);
        if (score > 0) scored.push({ video: v, score: Math.round(score) });
      }
      return top(scored, RANKING_SIZE);
    });
  }

  /** Visible videos whose title contains the keyword (case-insensitive). */
  async searchVideos(keyword: string, t: number): Promise<SimVideo[]> {
    await this.ready();
    this.catchUp(t);
    const kw = keyword.toLowerCase();
    const out: SimVideo[] = [];
    this.lowerTitles.forEach((title, i) => {
      const v = this.videos[i];
      if (v && title.includes(kw) && isVisible(v, t)) out.push(v);
    });
    return out;
  }

  /** Creator indices whose name contains the keyword (case-insensitive). */
  searchCreators(keyword: string): number[] {
    const kw = keyword.toLowerCase();
    const out: number[] = [];
    this.lowerNames.forEach((name, i) => {
      if (name.includes(kw)) out.push(i);
    });
    return out;
  }

  /** How many videos exist and are visible at t (for the debug endpoint and tests). */
  async size(t: number): Promise<{ videos: number; visible: number }> {
    await this.ready();
    this.catchUp(t);
    let visible = 0;
    for (const v of this.videos) if (isVisible(v, t)) visible += 1;
    return { videos: this.videos.length, visible };
  }
}

function top(items: Ranked[], n: number): Ranked[] {
  return items.sort((a, b) => b.score - a.score || a.video.aid - b.video.aid).slice(0, n);
}
