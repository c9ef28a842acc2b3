import type {
  AnswerBody,
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
import { readVideoItems, toVideoItem } from '../videos/video-items.js';
import type { HotRepository, PartitionStats, TitleRow } from './hot.repository.js';
import { addDictionaryWords, STOP_WORDS, titleKeywords } from './keywords.js';

/** Window of hot topics (hotSpot, topicDetail). */
export const TOPIC_DAYS = 7;
export const TOPIC_LIMIT = 30;
export const TAG_LIMIT = 50;
/** A topic needs this many videos from at least TOPIC_MIN_KOLS creators. */
export const TOPIC_MIN_VIDEOS = 3;
export const TOPIC_MIN_KOLS = 2;
/** Tags, topics and partition figures are recomputed at most this often. */
const CACHE_MS = 10 * 60_000;
/** How many rows of each hot-video window's order are cached (hotVideo): 40 pages of the largest page size (50). */
export const HOT_TOP_ROWS = 2_000;

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

/** Tag figures over a window's videos (platform tags and title tags): videos, plays, and the sum of their hot scores; at least 2 videos. */
export function aggregateTags(rows: readonly TitleRow[], limit: number): HotTag[] {
  const tags = new Map<string, HotTag>();
  for (const r of rows) {
    for (const tag of new Set([...r.tags, ...titleTags(r.title)])) {
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

/**
 * The topics of one video (docs/metrics.md "Hot content"): the platform's tags it carries (videos.tags), the
 * #话题# and 【…】 tags of its title, and the content words of its title cut by the Chinese word segmenter
 * (keywords.ts) — lower-cased, each once. Partition names are categories, not topics, and are left out.
 */
export function videoTopics(r: Pick<TitleRow, 'title' | 'tags'>, categories: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const t of [...r.tags, ...titleTags(r.title)]) {
    const w = t.trim().toLowerCase();
    if (w && !STOP_WORDS.has(w)) out.add(w);
  }
  for (const w of titleKeywords(r.title)) out.add(w);
  for (const c of categories) out.delete(c);
  return [...out];
}

export interface TopicIndex {
  /** the ranked topics (top `limit`) */
  topics: HotTopic[];
  /** every kept topic's videos, most played first */
  videosOf: Map<string, TitleRow[]>;
}

/**
 * Hot topics over a window's videos: a topic is kept with ≥ TOPIC_MIN_VIDEOS videos from ≥ TOPIC_MIN_KOLS
 * creators, ranked by the sum of its videos' hot scores (ties: more videos, then the topic's text).
 */
export function buildTopicIndex(rows: readonly TitleRow[], categories: ReadonlySet<string>, limit: number): TopicIndex {
  addDictionaryWords(rows.flatMap((r) => r.tags));
  const byTopic = new Map<string, TitleRow[]>();
  for (const r of rows) {
    for (const t of videoTopics(r, categories)) {
      const list = byTopic.get(t);
      if (list) list.push(r);
      else byTopic.set(t, [r]);
    }
  }
  const videosOf = new Map<string, TitleRow[]>();
  const topics: HotTopic[] = [];
  for (const [topic, videos] of byTopic) {
    if (videos.length < TOPIC_MIN_VIDEOS) continue;
    const kols = new Set(videos.map((v) => v.creatorId));
    if (kols.size < TOPIC_MIN_KOLS) continue;
    videosOf.set(
      topic,
      [...videos].sort((a, b) => b.play - a.play || Number(a.id) - Number(b.id)),
    );
    topics.push({
      topic,
      videoNum: videos.length,
      kolNum: kols.size,
      playNum: videos.reduce((s, v) => s + v.play, 0),
      hotScore: videos.reduce((s, v) => s + v.hotScore, 0),
    });
  }
  topics.sort((a, b) => b.hotScore - a.hotScore || b.videoNum - a.videoNum || a.topic.localeCompare(b.topic));
  return { topics: topics.slice(0, limit).map((t) => ({ ...t, hotScore: round2(t.hotScore) })), videosOf };
}

/** The ranked topics of a window's videos (see buildTopicIndex). */
export function aggregateTopics(
  rows: readonly TitleRow[],
  limit: number,
  categories: ReadonlySet<string> = new Set(),
): HotTopic[] {
  return buildTopicIndex(rows, categories, limit).topics;
}

/**
 * Hot content (issue #6 item 5) computed from the collected videos. The windows end at the newest publish
 * time in the data (`asOf`). Aggregates over whole windows (tags, topics, partitions) are cached 10 minutes.
 */
export class HotService {
  private readonly asOf: Cached<Date>;
  private readonly tags = new CachedMap<string, HotTag[]>(CACHE_MS);
  private readonly topics = new CachedMap<number, TopicIndex>(CACHE_MS);
  private readonly categories: Cached<Set<string>>;
  private readonly partitions = new CachedMap<number, PartitionStats[]>(CACHE_MS);
  /** The first HOT_TOP_ROWS of each window's order with its total (hotVideo's pages within them). */
  private readonly hotTop = new CachedMap<string, { rows: { id: string; score: number }[]; total: number }>(
    CACHE_MS,
    200,
  );

  constructor(
    private readonly db: Db,
    private readonly hot: HotRepository,
    private readonly catalog: CatalogService,
    /** rows of each window's order kept by hotVideo (tests pass a small one) */
    private readonly topRows = HOT_TOP_ROWS,
  ) {
    this.asOf = new Cached(60_000, () => hot.asOf());
    this.categories = new Cached(CACHE_MS, () => hot.partitionNames());
  }

  private async tids(tid: number | undefined): Promise<number[] | null> {
    return tid === undefined || tid === 0 ? null : this.catalog.expand(tid);
  }

  async hotVideo(p: HotVideoParams): Promise<AnswerBody<HotVideoAnswer>> {
    const [asOf, tids] = await Promise.all([this.asOf.get(), this.tids(p.tid)]);
    const offset = (p.pageNo - 1) * p.pageSize;
    // Scoring a window means scoring every video in it (≈ 70k in 3 days at 1M creators: seconds), so the first
    // HOT_TOP_ROWS of its order are kept per window and the pages within them are slices; deeper pages are scored
    // on their own. The key holds asOf, so newly collected videos make a new list within a minute.
    const page =
      offset + p.pageSize <= this.topRows
        ? await this.hotTop
            .get(`${asOf.toISOString()}|${p.days}|${tids?.join(',') ?? ''}`, () =>
              this.hot.hotVideoIds(asOf, p.days, tids, { limit: this.topRows, offset: 0 }),
            )
            .then((top) => ({ rows: top.rows.slice(offset, offset + p.pageSize), total: top.total }))
        : await this.hot.hotVideoIds(asOf, p.days, tids, { limit: p.pageSize, offset });
    const items = await readVideoItems(
      this.db,
      page.rows.map((r) => r.id),
    );
    return {
      // the items are this call's own: extended in place (a spread with new keys is slow on Node 20: kol-items.ts)
      videoInfos: items.map((v, i) =>
        Object.assign(v, { rank: offset + i + 1, hotScore: round2(page.rows[i]?.score ?? 0) }),
      ),
      total: page.total,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }

  /** hotVideo's total for the same filters (counted once for an export of all results). */
  async hotVideoCount(p: HotVideoParams): Promise<number> {
    const [asOf, tids] = await Promise.all([this.asOf.get(), this.tids(p.tid)]);
    return this.hot.hotVideoCount(asOf, p.days, tids);
  }

  /**
   * The first `limit` rows of hotVideo for the same filters (ranks from 1), in `chunk`-row pages handed to
   * `onPage`: the screen's rows in the screen's order, scored and sorted once (HotRepository.eachHotVideo).
   */
  async eachHotVideo(
    p: HotVideoParams,
    limit: number,
    chunk: number,
    onPage: (rows: HotVideoAnswer['videoInfos']) => Promise<void>,
  ): Promise<void> {
    const [asOf, tids] = await Promise.all([this.asOf.get(), this.tids(p.tid)]);
    let offset = 0;
    await this.hot.eachHotVideo(asOf, p.days, tids, limit, chunk, async (rows) => {
      const base = offset;
      offset += rows.length;
      // onto the fresh item, not a spread with new keys (slow on Node 20, ≈ 100,000 rows an export: kol-items.ts)
      await onPage(
        rows.map((r, i) => Object.assign(toVideoItem(r), { rank: base + i + 1, hotScore: round2(r.score) })),
      );
    });
  }

  async hotTag(p: HotTagParams): Promise<HotTag[]> {
    const tids = await this.tids(p.tid);
    return this.tags.get(`${p.tid ?? 0}:${p.days}`, async () =>
      aggregateTags(await this.hot.windowTitles(await this.asOf.get(), p.days, tids), TAG_LIMIT),
    );
  }

  private async topicIndex(tid: number | undefined): Promise<TopicIndex> {
    const tids = await this.tids(tid);
    return this.topics.get(tid ?? 0, async () => {
      const [rows, categories] = await Promise.all([
        this.hot.windowTitles(await this.asOf.get(), TOPIC_DAYS, tids),
        this.categories.get(),
      ]);
      return buildTopicIndex(rows, categories, TOPIC_LIMIT);
    });
  }

  async hotSpot(p: HotSpotParams): Promise<HotTopic[]> {
    return (await this.topicIndex(p.tid)).topics;
  }

  /** A topic's videos: the same videos hotSpot counted for it (all partitions), most played first. */
  async topicDetail(p: TopicDetailParams): Promise<AnswerBody<TopicDetailAnswer>> {
    const index = await this.topicIndex(undefined);
    const videos = index.videosOf.get(p.topic.trim().toLowerCase()) ?? [];
    const offset = (p.pageNo - 1) * p.pageSize;
    return {
      topic: p.topic,
      videoNum: videos.length,
      playNum: videos.reduce((s, v) => s + v.play, 0),
      kolNum: new Set(videos.map((v) => v.creatorId)).size,
      videoInfos: await readVideoItems(
        this.db,
        videos.slice(offset, offset + p.pageSize).map((v) => v.id),
      ),
      total: videos.length,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }

  async hotAnalyse(p: HotAnalyseParams): Promise<AnswerBody<HotAnalyseAnswer>> {
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

  async recommend(p: RecommendVideoParams): Promise<AnswerBody<RecommendVideoAnswer>> {
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
      videoInfos: items.map((v, i) =>
        Object.assign(v, { interactRate: Math.round((page.rows[i]?.rate ?? 0) * 10000) / 10000 }),
      ),
      total: page.total,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }
}
