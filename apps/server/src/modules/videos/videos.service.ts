import {
  DiscoveryMsg,
  type ContentSearchParams,
  type VideoDayDataAnswer,
  type VideoDayDataParams,
  type VideoDetailInfo,
  type VideoItem,
} from '@xg/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { CatalogService } from '../creators/catalog.service.js';
import type { FeatureGate } from '../creators/search.service.js';
import { readVideoDetail, readVideoItems } from './video-items.js';
import { CONTENT_TOTAL_CAP, type VideosRepository } from './videos.repository.js';

/** Video detail, its daily series (the 30-day report, gated `video.report30d`) and title search. */
export class VideosService {
  constructor(
    private readonly db: Db,
    private readonly videos: VideosRepository,
    private readonly catalog: CatalogService,
    private readonly gate: FeatureGate,
  ) {}

  async detail(ref: string): Promise<VideoDetailInfo> {
    const info = await readVideoDetail(this.db, ref);
    if (!info) throw AppError.fail(DiscoveryMsg.videoNotFound);
    return info;
  }

  async dayData(userId: string, p: VideoDayDataParams): Promise<Omit<VideoDayDataAnswer, 'code' | 'message'>> {
    await this.gate(userId, 'video.report30d');
    const videoInfo = await this.detail(p.id);
    const { totals, increments } = await this.videos.daySeries(String(videoInfo.videoId), p.dayNum);
    return {
      videoInfo,
      dayNum: p.dayNum,
      videoDayData: totals,
      videoDayIncreaseData: increments,
      note: totals.length === 0 ? DiscoveryMsg.videoDayDataEmpty : null,
    };
  }

  async searchContent(
    p: ContentSearchParams,
  ): Promise<{ videoInfos: VideoItem[]; total: number; totalCapped: boolean; pageNo: number; pageSize: number }> {
    const tids = p.tid === undefined ? null : await this.catalog.expand(p.tid);
    const page = await this.videos.searchIds(p.keyword, p.sort, tids, {
      limit: p.pageSize,
      offset: (p.pageNo - 1) * p.pageSize,
    });
    return {
      videoInfos: await readVideoItems(this.db, page.ids),
      total: page.total,
      totalCapped: page.totalCapped,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }

  /** searchContent's total for the same parameters (an export of all results counts once). */
  async searchContentTotal(p: ContentSearchParams): Promise<number> {
    const tids = p.tid === undefined ? null : await this.catalog.expand(p.tid);
    return (await this.videos.searchTotal(p.keyword, tids)).total;
  }

  /**
   * The first `limit` rows of searchContent (at most its total's cap) in its order, found by one statement and
   * handed to `onRows` in `chunk`-row pages (the next page's rows are read while `onRows` handles the current).
   */
  async eachSearchContent(
    p: ContentSearchParams,
    limit: number,
    chunk: number,
    onRows: (rows: VideoItem[]) => Promise<void>,
  ): Promise<void> {
    const tids = p.tid === undefined ? null : await this.catalog.expand(p.tid);
    const ids = await this.videos.firstIds(p.keyword, p.sort, tids, Math.min(limit, CONTENT_TOTAL_CAP));
    const size = Math.max(1, Math.floor(chunk));
    const read = (from: number) => readVideoItems(this.db, ids.slice(from, from + size));
    let next = ids.length > 0 ? read(0) : null;
    for (let from = 0; next; from += size) {
      const rows = await next;
      next = from + size < ids.length ? read(from + size) : null;
      next?.catch(() => undefined); // awaited on the next turn; never unhandled if onRows throws
      await onRows(rows);
    }
  }
}
