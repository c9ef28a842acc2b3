import type {
  HotAnalyseAnswer,
  HotAnalyseParams,
  HotSpotParams,
  HotTag,
  HotTagParams,
  HotTopic,
  HotVideoAnswer,
  HotVideoParams,
  RecommendVideoAnswer,
  RecommendVideoParams,
  TopicDetailAnswer,
  TopicDetailParams,
} from '@xg/shared';
import type { Db } from '../../db/client.js';
import { Cached, CachedMap, type CatalogService } from '../creators/catalog.service.js';
import { readVideoItems } from '../videos/video-items.js';
import type { HotRepository, PartitionStats, TitleRow } from './hot.repository.js';

type Answer<T> = Omit<T, 'code' | 'message'>;

/** Window of hot topics (hotSpot, topicDetail). */
export const TOPIC_DAYS = 7;
export const TOPIC_LIMIT = 30;
export const TAG_LIMIT = 50;
/** A topic needs this many videos from at least TOPIC_MIN_KOLS creators. */
export const TOPIC_MIN_VIDEOS = 3;
export const TOPIC_MIN_KOLS = 2;
/** Topic keywords are runs of 2..TOPIC_MAX_LEN characters. */
export const TOPIC_MAX_LEN = 6;
/** A shorter keyword is dropped when a longer one containing it covers this share of its videos. */
export const TOPIC_COVER = 0.8;
/** Tags, topics and partition figures are recomputed at most this often. */
const CACHE_MS = 10 * 60_000;

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Tags that authors put in titles: 【游戏名】 and #话题#. */
const TAG_PATTERN = /【([^【】]{1,20})】|#([^#\s]{1,20})#/g;

export function titleTags(title: string): string[] {
  const out = new Set<string>();
  for (const m of title.matchAll(TAG_PATTERN)) {
    const tag = (m[1] ?? m[2] ?? '').trim();
    if (tag) out.add(tag);
  }
  return [...out];
}

/** Tag figures over a window's titles: videos, plays, and the sum of their hot scores; at least 2 videos. */
export function aggregateTags(rows: readonly TitleRow[], limit: number): HotTag[] {
  const tags = new Map<string, HotTag>();
  for (const r of rows) {
    for (const tag of titleTags(r.title)) {
      const t = tags.get(tag) ?? { tag, videoNum: 0, playNum: 0, hotScore: 0 };
      t.videoNum += 1;
      t.playNum += r.play;
      t.hotScore += r.hotScore;
      tags.set(tag, t);
    }
  }
  return [...tags.values()]
    .filter((t) => t.videoNum >= 2)
    .sort((a, b) => b.hotScore - a.hotScore || a.tag.localeCompare(b.tag))
    .slice(0, limit)
    .map((t) => ({ ...t, hotScore: round2(t.hotScore) }));
}

/** The keyword candidates of a title: character n-grams (2..max) of its runs of letters (digits split runs). */
export function titleGrams(title: string, max = TOPIC_MAX_LEN): Set<string> {
  const grams = new Set<string>();
  for (const run of title.toLowerCase().split(/[^\p{L}]+/u)) {
    const chars = Array.from(run);
    for (let i = 0; i < chars.length; i++) {
      for (let n = 2; n <= max && i + n <= chars.length; n++) grams.add(chars.slice(i, i + n).join(''));
    }
  }
  return grams;
}

/**
 * Hot topics (docs/metrics.md "Hot content"): frequent title keywords of the window. Every n-gram counted
 * once per video; kept with ≥ TOPIC_MIN_VIDEOS videos from ≥ TOPIC_MIN_KOLS creators; a keyword is dropped
 * when a longer kept keyword containing it covers ≥ TOPIC_COVER of its videos (so 原神 gives way to
 * 【原神】's longer phrase only when they are really the same thing); ranked by the sum of hot scores.
 */
export function aggregateTopics(rows: readonly TitleRow[], limit: number): HotTopic[] {
  const counts = new Map<string, number>();
  const gramsOf = rows.map((r) => titleGrams(r.title));
  for (const grams of gramsOf) for (const g of grams) counts.set(g, (counts.get(g) ?? 0) + 1);
  const frequent = new Map<string, { videos: number; kols: Set<string>; plays: number; score: number }>();
  for (const [g, n] of counts)
    if (n >= TOPIC_MIN_VIDEOS) frequent.set(g, { videos: n, kols: new Set(), plays: 0, score: 0 });
  rows.forEach((r, i) => {
    for (const g of gramsOf[i] ?? []) {
      const f = frequent.get(g);
      if (!f) continue;
      f.kols.add(r.creatorId);
      f.plays += r.play;
      f.score += r.hotScore;
    }
  });
  const kept = [...frequent.entries()].filter(([, f]) => f.kols.size >= TOPIC_MIN_KOLS);
  // longest first, so a keyword is compared with the longer keywords already kept
  kept.sort((a, b) => Array.from(b[0]).length - Array.from(a[0]).length);
  const chosen: [string, { videos: number; kols: Set<string>; plays: number; score: number }][] = [];
  for (const [g, f] of kept) {
    const covered = chosen.some(([h, hf]) => h.includes(g) && hf.videos >= TOPIC_COVER * f.videos);
    if (!covered) chosen.push([g, f]);
  }
  return chosen
    .sort((a, b) => b[1].score - a[1].score || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([topic, f]) => ({
      topic,
      videoNum: f.videos,
      kolNum: f.kols.size,
      playNum: f.plays,
      hotScore: round2(f.score),
    }));
}

/**
 * Hot content (issue #6 item 5) computed from the collected videos. The windows end at the newest publish
 * time in the data (`asOf`). Aggregates over whole windows (tags, topics, partitions) are cached 10 minutes.
 */
export class HotService {
  private readonly asOf: Cached<Date>;
  private readonly tags = new CachedMap<string, HotTag[]>(CACHE_MS);
  private readonly topics = new CachedMap<number, HotTopic[]>(CACHE_MS);
  private readonly partitions = new CachedMap<number, PartitionStats[]>(CACHE_MS);

  constructor(
    private readonly db: Db,
    private readonly hot: HotRepository,
    private readonly catalog: CatalogService,
  ) {
    this.asOf = new Cached(60_000, () => hot.asOf());
  }

  private async tids(tid: number | undefined): Promise<number[] | null> {
    return tid === undefined || tid === 0 ? null : this.catalog.expand(tid);
  }

  async hotVideo(p: HotVideoParams): Promise<Answer<HotVideoAnswer>> {
    const [asOf, tids] = await Promise.all([this.asOf.get(), this.tids(p.tid)]);
    const offset = (p.pageNo - 1) * p.pageSize;
    const page = await this.hot.hotVideoIds(asOf, p.days, tids, { limit: p.pageSize, offset });
    const items = await readVideoItems(
      this.db,
      page.rows.map((r) => r.id),
    );
    return {
      videoInfos: items.map((v, i) => ({ ...v, rank: offset + i + 1, hotScore: round2(page.rows[i]?.score ?? 0) })),
      total: page.total,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }

  async hotTag(p: HotTagParams): Promise<HotTag[]> {
    const tids = await this.tids(p.tid);
    return this.tags.get(`${p.tid ?? 0}:${p.days}`, async () =>
      aggregateTags(await this.hot.windowTitles(await this.asOf.get(), p.days, tids), TAG_LIMIT),
    );
  }

  async hotSpot(p: HotSpotParams): Promise<HotTopic[]> {
    const tids = await this.tids(p.tid);
    return this.topics.get(p.tid ?? 0, async () =>
      aggregateTopics(await this.hot.windowTitles(await this.asOf.get(), TOPIC_DAYS, tids), TOPIC_LIMIT),
    );
  }

  async topicDetail(p: TopicDetailParams): Promise<Answer<TopicDetailAnswer>> {
    const asOf = await this.asOf.get();
    const r = await this.hot.topicVideos(asOf, TOPIC_DAYS, p.topic, {
      limit: p.pageSize,
      offset: (p.pageNo - 1) * p.pageSize,
    });
    return {
      topic: p.topic,
      videoNum: r.videoNum,
      playNum: r.playNum,
      kolNum: r.kolNum,
      videoInfos: await readVideoItems(this.db, r.ids),
      total: r.videoNum,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }

  async hotAnalyse(p: HotAnalyseParams): Promise<Answer<HotAnalyseAnswer>> {
    const partitions = await this.partitions.get(p.days, async () =>
      this.hot.partitionStats(await this.asOf.get(), p.days),
    );
    return {
      days: p.days,
      partitions: partitions.map((s) => ({
        tid: s.tid,
        name: s.name,
        videoNum: s.videoNum,
        playNum: s.playNum,
        avgPlayNum: s.videoNum === 0 ? 0 : Math.round(s.playNum / s.videoNum),
        hotVideoNum: s.hotVideoNum,
        interactRate: s.playNum === 0 ? 0 : Math.round((s.interactions / s.playNum) * 10000) / 10000,
      })),
    };
  }

  async recommend(p: RecommendVideoParams): Promise<Answer<RecommendVideoAnswer>> {
    const [asOf, tids] = await Promise.all([this.asOf.get(), this.tids(p.tid)]);
    const page = await this.hot.recommendIds(asOf, tids, {
      limit: p.pageSize,
      offset: (p.pageNo - 1) * p.pageSize,
    });
    const items = await readVideoItems(
      this.db,
      page.rows.map((r) => r.id),
    );
    return {
      videoInfos: items.map((v, i) => ({ ...v, interactRate: Math.round((page.rows[i]?.rate ?? 0) * 10000) / 10000 })),
      total: page.total,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }
}
