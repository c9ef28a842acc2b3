import {
  Msg,
  SUGGESTION_LIMIT,
  featureAllowed,
  type AnswerBody,
  type CreatorDetail,
  type FanEvent,
  type KolCommercialAnswer,
  type KolDetailExtra,
  type KolFanEventsParams,
  type KolItem,
  type KolPortraitAnswer,
  type KolVideosParams,
  type VideoItem,
} from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { PreparedPool } from '../../db/read-replica.js';
import { AppError } from '../../lib/app-error.js';
import { readVideoItems } from '../videos/video-items.js';
import type { CreatorService } from './creators.service.js';
import { readKolItems } from './kol-items.js';
import type { FeatureGate } from './search.service.js';
import type { CreatorSectionsRepository } from './sections.repository.js';

/** The tier of the signed-in account (MembershipService.tierOf). */
export type TierOf = (userId: string) => Promise<{ userType: number }>;

/**
 * The creator detail page's sections (§2.5 detail, issue #6 item 3). Portrait and commercial figures are
 * gated (`creator.portrait`, `creator.commercial`, tier ≥ 2); kolDetail answers its price only to those
 * tiers and says `priceLocked` otherwise.
 */
export class CreatorSectionsService {
  constructor(
    private readonly db: Db,
    private readonly sections: CreatorSectionsRepository,
    private readonly creators: CreatorService,
    private readonly gate: FeatureGate,
    private readonly tierOf: TierOf,
    /** the list rows of the page's sections run prepared through it (null: plain statements) */
    private readonly pool: PreparedPool | null = null,
  ) {}

  async detail(userId: string, kolId: number): Promise<CreatorDetail & KolDetailExtra> {
    const [{ detail, extra, price }, tier] = await Promise.all([
      this.creators.detailBundle(kolId),
      this.tierOf(userId),
    ]);
    const priceAllowed = featureAllowed(tier.userType, 'creator.commercial');
    return {
      ...detail,
      mcnId: extra.mcnId,
      mcnName: extra.mcnName,
      liveUrl: extra.liveRoomId ? `https://live.bilibili.com/${extra.liveRoomId}` : null,
      tid: extra.tid,
      parentTid: extra.parentTid,
      fansIncrease: extra.fansIncrease ?? null,
      totalsFromVideos: extra.totalsFromVideos ?? null,
      isCollect: 0,
      isPut: 0,
      isEnter: 0,
      priceInfo: priceAllowed ? (price ?? null) : null,
      priceLocked: priceAllowed ? 0 : 1,
    };
  }

  async videos(
    p: KolVideosParams,
  ): Promise<{ videoInfos: VideoItem[]; total: number; pageNo: number; pageSize: number }> {
    await this.mustExist(p.kolId);
    const page = await this.sections.videoIds(p.kolId, p.sort, {
      limit: p.pageSize,
      offset: (p.pageNo - 1) * p.pageSize,
    });
    return {
      videoInfos: await readVideoItems(this.db, page.ids, this.pool),
      total: page.total,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    };
  }

  async fanEvents(p: KolFanEventsParams): Promise<{ fanEvents: FanEvent[] }> {
    await this.mustExist(p.kolId);
    const events = await this.sections.fanEvents(p.kolId, p.days);
    const causeIds = events.flatMap((e) => (e.causeVideoId === null ? [] : [e.causeVideoId]));
    const videos = new Map((await readVideoItems(this.db, causeIds, this.pool)).map((v) => [String(v.videoId), v]));
    return {
      fanEvents: events.map((e) => ({
        eventDate: e.day,
        kind: e.kind,
        fansChange: e.delta,
        fansBefore: e.fans - e.delta,
        fansAfter: e.fans,
        causeVideo: e.causeVideoId === null ? null : (videos.get(e.causeVideoId) ?? null),
      })),
    };
  }

  async portrait(userId: string, kolId: number): Promise<AnswerBody<KolPortraitAnswer>> {
    await this.gate(userId, 'creator.portrait');
    await this.mustExist(kolId);
    const p = await this.sections.portrait(kolId);
    return {
      genderPortrait: p?.genderPortrait ?? null,
      agePortrait: p?.agePortrait ?? null,
      areaPortrait: p?.areaPortrait ?? null,
      sampleSize: p?.sample ?? null,
      source: p?.source ?? null,
      updateTime: p ? p.computedAt.toISOString() : null,
    };
  }

  async commercial(userId: string, kolId: number): Promise<AnswerBody<KolCommercialAnswer>> {
    await this.gate(userId, 'creator.commercial');
    // the price of the creator's bundle (the same creator_metrics columns as sections.priceInfo, toPriceInfo)
    const bundle = await this.creators.find(kolId);
    if (!bundle) throw AppError.fail(Msg.kolNotFound);
    return { priceInfo: bundle.price ?? null };
  }

  async similar(kolId: number): Promise<{ kolInfos: KolItem[] }> {
    await this.mustExist(kolId);
    return {
      kolInfos: await readKolItems(this.db, await this.sections.similarIds(kolId, SUGGESTION_LIMIT), this.pool),
    };
  }

  /** Through the creator's shared bundle (CreatorService.find): the page's calls read the creator once. */
  private async mustExist(kolId: number): Promise<void> {
    if (!(await this.creators.find(kolId))) throw AppError.fail(Msg.kolNotFound);
  }
}
