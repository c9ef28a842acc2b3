/**
 * Opinion data (docs/pipeline.md § Comments and danmaku): the comments of a video, newest first, page by page
 * until a page holds comments already stored (or `maxPages`), through `x/v2/reply/wbi/main` (time order,
 * cursor) with `x/v2/reply` (time order, page numbers) as the fallback, with the sub-replies (楼中楼) of the
 * comments read: those shown inline when that is all of them, otherwise `x/v2/reply/reply` from the first page
 * not yet stored (at most as many sub-reply pages as comment pages per collection); and, when asked, the
 * danmaku of its pages. Later features (opinion tasks) queue `opinion.collect-comments`; the snapshot job queues it daily for
 * each creator's latest videos so audience portraits have commenters to count.
 */
import { shanghaiDay } from '../../jobs/clock.js';
import { BilibiliError, type CommentRecord, type Gone } from '../../providers/bilibili/index.js';
import { callOptions, requireClient, type CollectorDeps, type WorkContext } from './deps.js';
import { MonitorRepository } from './monitor.repository.js';
import { VIDEO_GONE_REASONS } from './monitor.service.js';

/** Pages of a video whose danmaku are collected (multi-page videos have 2–4 in the simulator). */
const DANMAKU_PAGES = 4;
/** Sub-replies per x/v2/reply/reply page (the site's largest page). */
export const SUB_REPLY_PAGE_SIZE = 20;

export type CommentApi = 'main' | 'reply';

export interface CommentCollection {
  api: CommentApi;
  pages: number;
  inserted: number;
  updated: number;
  /** stopped because a page held already stored comments */
  reachedSeen: boolean;
  /** sub-replies (楼中楼): inserted, and x/v2/reply/reply pages read */
  subReplies: { inserted: number; pages: number };
  /** the comment area is closed or the video is gone */
  gone: Gone['reason'] | null;
}

interface PageResult {
  comments: CommentRecord[];
  done: boolean;
}

export class OpinionService {
  private readonly videos: MonitorRepository;

  constructor(private readonly deps: CollectorDeps) {
    this.videos = new MonitorRepository(deps.db);
  }

  /** opinion.collect-comments */
  async collect(
    data: { videoId: number; maxPages?: number; danmaku?: boolean; api?: CommentApi },
    ctx: WorkContext,
  ): Promise<object> {
    const video = await this.videos.video(data.videoId);
    if (!video || video.status === -1) return { skipped: 'unknown or deleted video' };
    const comments = await this.collectComments(
      video.id,
      video.aid,
      data.maxPages ?? this.deps.settings.commentPages,
      ctx,
      data.api,
    );
    if (comments.gone === 'not_found' && (await this.checkDeleted(video.id, video.aid, ctx))) {
      return { comments, deleted: true };
    }
    const danmaku = data.danmaku ? await this.collectDanmaku(video.id, video.aid, ctx) : null;
    return { comments, danmaku };
  }

  /**
   * Collects comments newest first; stops at the first page containing a stored rpid, at the end, or after
   * `maxPages`. With `api` unset the cursor API is used and the page-number API takes over when it fails.
   */
  async collectComments(
    videoId: number,
    aid: number,
    maxPages: number,
    ctx: WorkContext,
    api?: CommentApi,
  ): Promise<CommentCollection> {
    let result: CommentCollection;
    if (api === 'reply') {
      result = await this.walk(videoId, aid, 'reply', maxPages, ctx, this.replyPages(aid, ctx));
    } else {
      try {
        result = await this.walk(videoId, aid, 'main', maxPages, ctx, this.mainPages(aid, ctx));
      } catch (e) {
        if (api === 'main' || !(e instanceof BilibiliError) || e.kind === 'aborted' || ctx.signal.aborted) throw e;
        this.deps.log.warn(`[opinion] reply/wbi/main failed for aid ${aid}, using x/v2/reply: ${e.message}`);
        result = await this.walk(videoId, aid, 'reply', maxPages, ctx, this.replyPages(aid, ctx));
      }
    }
    await this.deps.ingestion.opinion.markCommentsCrawled(
      videoId,
      new Date(this.deps.clock.now()),
      result.inserted + result.updated,
    );
    return result;
  }

  private async walk(
    videoId: number,
    aid: number,
    api: CommentApi,
    maxPages: number,
    ctx: WorkContext,
    pages: AsyncGenerator<PageResult | Gone>,
  ): Promise<CommentCollection> {
    const out: CommentCollection = {
      api,
      pages: 0,
      inserted: 0,
      updated: 0,
      reachedSeen: false,
      subReplies: { inserted: 0, pages: 0 },
      gone: null,
    };
    const opinion = this.deps.ingestion.opinion;
    const budget = { pages: maxPages };
    for await (const page of pages) {
      if ('found' in page) {
        out.gone = page.reason;
        break;
      }
      out.pages += 1;
      const seen = await opinion.seenRpids(page.comments.map((c) => c.rpid));
      const written = await opinion.ingestComments(videoId, page.comments);
      out.inserted += written.inserted;
      out.updated += written.updated;
      await this.collectSubReplies(videoId, aid, page.comments, budget, ctx, out);
      if (seen.size > 0) {
        out.reachedSeen = true;
        break;
      }
      if (page.done || out.pages >= maxPages || ctx.signal.aborted) break;
    }
    return out;
  }

  /**
   * The sub-replies of the root comments of one page: the inline ones (free); then, for each root with more
   * sub-replies on the platform than stored, x/v2/reply/reply (oldest first) from the first page not yet stored,
   * while the collection's sub-reply page budget lasts. A root deleted meanwhile (12022) is skipped.
   */
  private async collectSubReplies(
    videoId: number,
    aid: number,
    roots: readonly CommentRecord[],
    budget: { pages: number },
    ctx: WorkContext,
    out: CommentCollection,
  ): Promise<void> {
    const threads = roots.filter((r) => r.root === 0 && r.replyCount > 0);
    if (threads.length === 0) return;
    const opinion = this.deps.ingestion.opinion;
    const inline = threads.flatMap((r) => r.inlineReplies ?? []);
    if (inline.length > 0) out.subReplies.inserted += (await opinion.ingestComments(videoId, inline)).inserted;
    const stored = await opinion.storedReplyCounts(
      videoId,
      threads.map((r) => r.rpid),
    );
    const client = requireClient(this.deps);
    for (const r of threads) {
      const have = stored.get(r.rpid) ?? 0;
      if (have >= r.replyCount) continue;
      for (let pn = Math.floor(have / SUB_REPLY_PAGE_SIZE) + 1; budget.pages > 0 && !ctx.signal.aborted; pn += 1) {
        budget.pages -= 1;
        out.subReplies.pages += 1;
        const page = await client.commentReplies(aid, r.rpid, { pn, ps: SUB_REPLY_PAGE_SIZE }, callOptions(ctx));
        if (!page.found) break;
        const subs = page.value.comments.filter((c) => c.root === r.rpid);
        out.subReplies.inserted += (await opinion.ingestComments(videoId, subs)).inserted;
        if (subs.length < SUB_REPLY_PAGE_SIZE || pn * SUB_REPLY_PAGE_SIZE >= page.value.page.count) break;
      }
      if (budget.pages <= 0) break;
    }
  }

  /** x/v2/reply/wbi/main in time order (mode 2), following the cursor. */
  private async *mainPages(aid: number, ctx: WorkContext): AsyncGenerator<PageResult | Gone> {
    const client = requireClient(this.deps);
    let offset = '';
    for (;;) {
      const r = await client.commentsCursor(aid, { mode: 2, offset }, callOptions(ctx));
      if (!r.found) {
        yield r;
        return;
      }
      const next = r.value.nextOffset;
      yield { comments: r.value.comments, done: r.value.isEnd || next === null };
      if (r.value.isEnd || next === null) return;
      offset = next;
    }
  }

  /** x/v2/reply in time order (sort 0), page by page. */
  private async *replyPages(aid: number, ctx: WorkContext): AsyncGenerator<PageResult | Gone> {
    const client = requireClient(this.deps);
    const ps = 20;
    for (let pn = 1; ; pn += 1) {
      const r = await client.comments(aid, { pn, ps, sort: 0 }, callOptions(ctx));
      if (!r.found) {
        yield r;
        return;
      }
      const done = r.value.comments.length < ps || pn * ps >= r.value.page.count;
      yield { comments: r.value.comments, done };
      if (done) return;
    }
  }

  /** A video whose comments answer "not found": videos.status = −1 when its view says so too. */
  private async checkDeleted(videoId: number, aid: number, ctx: WorkContext): Promise<boolean> {
    const view = await requireClient(this.deps).videoView({ aid }, callOptions(ctx));
    if (view.found || !VIDEO_GONE_REASONS.has(view.reason)) return false;
    await this.deps.ingestion.samples.markVideosDeleted([videoId]);
    return true;
  }

  /** The danmaku of the video's pages (the view gives the cids and refreshes the video's counters). */
  async collectDanmaku(videoId: number, aid: number, ctx: WorkContext): Promise<object> {
    const client = requireClient(this.deps);
    const view = await client.videoView({ aid }, callOptions(ctx));
    if (!view.found) {
      if (VIDEO_GONE_REASONS.has(view.reason)) await this.deps.ingestion.samples.markVideosDeleted([videoId]);
      return { gone: view.reason };
    }
    await this.deps.ingestion.records.ingestVideos([view.value.video], shanghaiDay(this.deps.clock.now()));
    const cids = view.value.pages.length
      ? view.value.pages.map((p) => p.cid)
      : view.value.video.cid !== null
        ? [view.value.video.cid]
        : [];
    let inserted = 0;
    let seen = 0;
    for (const cid of cids.slice(0, DANMAKU_PAGES)) {
      const list = await client.danmaku(cid, 'comment', callOptions(ctx));
      if (!list.found) continue;
      seen += list.value.length;
      inserted += await this.deps.ingestion.opinion.ingestDanmaku(videoId, cid, list.value);
    }
    await this.deps.ingestion.opinion.markDanmakuCrawled(videoId, new Date(this.deps.clock.now()), seen);
    return { pages: Math.min(cids.length, DANMAKU_PAGES), inserted, seen };
  }
}
