/**
 * Commerce collection (docs/pipeline.md "Commerce"): after a creator's snapshot, up to READS_PER_SNAPSHOT of its
 * videos are read for commerce — never-read videos first (newest first), then videos younger than 30 days whose
 * last read is over 20 hours old (goods prices by day, new danmaku). A read is three requests through the real
 * client: view/detail (title, tags, description, commercial label, goods area), the first page of
 * reply/wbi/main (the creator's pinned comment and the hot comments) and the danmaku pool of the first page.
 * The detections (detect.ts) are stored with their evidence (collect.repository.ts). A platform refusal leaves
 * the rest for the next snapshot instead of failing the snapshot.
 */
import { errorMessage, shanghaiDay } from '../../jobs/clock.js';
import { BilibiliError } from '../../providers/bilibili/index.js';
import { callOptions, type CollectorDeps, type WorkContext } from '../collector/deps.js';
import { CommerceCollectRepository } from './collect.repository.js';
import { BrandMatcher } from './detect-brands.js';
import { detectPage } from './detect.js';

export const READS_PER_SNAPSHOT = 3;
/** The dictionary is reloaded at most this often (operators' edits reach the collector within minutes). */
const DICTIONARY_TTL_MS = 5 * 60_000;
/** Danmaku and comments read per video for the audience signal. */
const MAX_DANMAKU = 1000;

export interface CommerceReadResult {
  read: number;
  goods: number;
  sponsored: number;
  deferred: boolean;
}

interface Dictionary {
  matcher: BrandMatcher;
  byName: Map<string, number>;
  ofBrand: Map<number, number>;
  loadedAt: number;
}

export class CommerceCollector {
  private readonly repo: CommerceCollectRepository;
  private dictionary: Dictionary | null = null;

  constructor(private readonly deps: Pick<CollectorDeps, 'db' | 'client' | 'clock' | 'log'>) {
    this.repo = new CommerceCollectRepository(deps.db);
  }

  private async loadDictionary(): Promise<Dictionary> {
    const now = this.deps.clock.now();
    if (this.dictionary && now - this.dictionary.loadedAt < DICTIONARY_TTL_MS) return this.dictionary;
    const [aliases, byName, ofBrand] = await Promise.all([
      this.repo.dictionary(),
      this.repo.categoryIds(),
      this.repo.brandCategories(),
    ]);
    this.dictionary = { matcher: new BrandMatcher(aliases), byName, ofBrand, loadedAt: now };
    return this.dictionary;
  }

  async afterSnapshot(
    creatorId: number,
    ctx: WorkContext,
    now: Date,
    limit = READS_PER_SNAPSHOT,
  ): Promise<CommerceReadResult> {
    const out: CommerceReadResult = { read: 0, goods: 0, sponsored: 0, deferred: false };
    const videos = await this.repo.videosToRead(creatorId, now, limit);
    if (videos.length === 0) return out;
    const client = this.deps.client;
    if (!client) throw new Error('no Bilibili client: BILIBILI_SOURCE is off or the simulator is not running');
    const dict = await this.loadDictionary();
    const opts = callOptions(ctx, 'low');
    try {
      for (const v of videos) {
        const detail = await client.videoViewDetail({ aid: v.aid }, opts);
        if (!detail.found) {
          await this.repo.markGone(v.id, now);
          continue;
        }
        const d = detail.value;
        const ownerMid = d.video.owner.mid;
        const replies = await client.commentsCursor(v.aid, { mode: 3 }, opts);
        const pinned = replies.found ? (replies.value.top.find((c) => c.mid === ownerMid) ?? null) : null;
        const comments = replies.found ? replies.value.comments.filter((c) => c.rpid !== pinned?.rpid) : [];
        const cid = d.video.cid ?? d.pages[0]?.cid ?? null;
        const pool = cid !== null ? await client.danmaku(cid, 'comment', opts) : null;
        const danmaku = pool?.found ? pool.value.slice(-MAX_DANMAKU).map((x) => x.text) : [];
        const detection = detectPage(
          {
            title: d.video.title,
            desc: d.desc,
            tags: d.tags,
            label: d.label,
            pinnedComment: pinned?.message ?? null,
            comments: comments.map((c) => c.message),
            danmaku,
            goodsCards: d.goods,
          },
          dict.matcher,
        );
        const saved = await this.repo.saveRead(
          v,
          detection,
          { at: now, day: shanghaiDay(now.getTime()), danmaku: danmaku.length, comments: comments.length },
          { byName: dict.byName, ofBrand: dict.ofBrand },
        );
        out.read += 1;
        out.goods += saved.goods;
        if (detection.sponsored) out.sponsored += 1;
      }
    } catch (e) {
      if (ctx.signal.aborted || !(e instanceof BilibiliError)) throw e;
      this.deps.log.warn(`[collector] commerce reads of creator ${creatorId} deferred: ${errorMessage(e)}`);
      out.deferred = true;
    }
    return out;
  }
}
