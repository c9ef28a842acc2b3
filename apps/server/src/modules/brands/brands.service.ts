import {
  BrandMsg,
  EXPOSURE_PERIOD_DAYS,
  type BrandDetailAnswer,
  type BrandDetailParams,
  type BrandSearchRow,
  type BrandVideoRow,
  type BrandVideosParams,
  type ExposureRankAnswer,
  type ExposureRankParams,
  type ExposureRankRow,
  type ExposureSearchParams,
  type SaleContrastAnswer,
  type SaleContrastParams,
  type SaleGoodsRow,
  type SaleReportAnswer,
  type SaleReportParams,
  type SaleSubject,
  type SaleSubjectType,
  type SaleSummary,
  type SaleVideoRow,
  type SalesRange,
  type ShareOfVoiceParams,
  type ShareOfVoiceRow,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import { estimateSum, RANGE_HIGH, RANGE_LOW } from '../commerce/commerce.figures.js';
import { addDays, shanghaiDay } from '../../jobs/clock.js';
import { type BrandsRepository, type SalesLine, type Window } from './brands.repository.js';

/** The model's stated uncertainty (docs/metrics.md "Sales estimates"): the commerce figures' one range. */
export const SALES_LOW = RANGE_LOW;
export const SALES_HIGH = RANGE_HIGH;

/** A window of `days` days ending `end` (default today, Asia/Shanghai). */
export function windowOf(days: number, end: string | undefined, now: number): Window {
  const today = shanghaiDay(now);
  const last = end && end < today ? end : today;
  return { start: addDays(last, -(days - 1)), end: last, endIsToday: last === today };
}

/** Orders and amounts of sales lines: the central value and its range (integers; yuan rounded). */
export function rangeOf(lines: readonly Pick<SalesLine, 'orders' | 'price'>[]): SalesRange {
  let orders = 0;
  let gmv = 0;
  for (const l of lines) {
    orders += l.orders;
    gmv += l.orders * (l.price ?? 0);
  }
  return estimateSum(orders, gmv);
}

/** ¥ rounded to hundreds (a spend estimate is no more precise than that). */
function roundSpend(x: number): number {
  return Math.round(x / 100) * 100;
}

function share(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

export class BrandsService {
  constructor(
    private readonly repo: BrandsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async exposureRank(p: ExposureRankParams): Promise<ExposureRankAnswer> {
    const w = windowOf(EXPOSURE_PERIOD_DAYS[p.period], p.date, this.now());
    const [rows, categories] = await Promise.all([
      this.repo.exposureRank(w, p.categoryId, p.sort, p.pageSize, (p.pageNo - 1) * p.pageSize),
      this.repo.categories(),
    ]);
    const list: ExposureRankRow[] = rows.map((r, i) => ({
      rank: (p.pageNo - 1) * p.pageSize + i + 1,
      brandId: r.brand_id,
      brandName: r.brand_name,
      categoryId: r.category_id,
      categoryName: r.category_name,
      sponsoredVideos: r.sponsored_videos,
      mentionVideos: r.mention_videos,
      mentionCount: r.mention_count,
      exposurePlay: r.exposure_play,
      kolNum: r.kol_num,
    }));
    return { period: p.period, startDate: w.start, endDate: w.end, total: rows[0]?.total ?? 0, list, categories };
  }

  /** Brands by name or alias with their last 30 days' figures. */
  async exposureSearch(
    p: ExposureSearchParams,
  ): Promise<{ total: number; list: BrandSearchRow[]; categories: { id: number; name: string }[] }> {
    const w = windowOf(30, undefined, this.now());
    const [rows, categories] = await Promise.all([
      this.repo.searchBrands(p.keyword, p.categoryId, w, p.pageSize, (p.pageNo - 1) * p.pageSize),
      this.repo.categories(),
    ]);
    const ids = rows.map((r) => r.brand_id);
    const [sums, seen] = await Promise.all([this.repo.summaries(w, ids), this.repo.lastSeen(ids)]);
    const byId = new Map(sums.map((s) => [s.brand_id, s]));
    const list = rows.map((r) => {
      const s = byId.get(r.brand_id);
      return {
        brandId: r.brand_id,
        brandName: r.brand_name,
        categoryId: r.category_id,
        categoryName: r.category_name,
        aliases: r.aliases,
        sponsoredVideos: s?.sponsored_videos ?? 0,
        mentionVideos: s?.mention_videos ?? 0,
        kolNum: s?.kol_num ?? 0,
        lastSeen: seen.get(r.brand_id)?.toISOString() ?? null,
      };
    });
    return { total: rows[0]?.total ?? 0, list, categories };
  }

  private async brandOrFail(id: number) {
    const b = await this.repo.brand(id);
    if (!b) throw AppError.fail(BrandMsg.brandMissing);
    return b;
  }

  async brandDetail(p: BrandDetailParams): Promise<BrandDetailAnswer> {
    const b = await this.brandOrFail(p.brandId);
    const w = windowOf(p.days, undefined, this.now());
    const [sums, trend, partitions, kols, spend, competitors] = await Promise.all([
      this.repo.summaries(w, [b.id]),
      this.repo.trend(w, b.id),
      this.repo.partitions(w, b.id),
      this.repo.kols(w, b.id),
      this.repo.spend(w, b.id),
      this.repo.competitors(w, b.id, b.category_id),
    ]);
    const s = sums[0];
    // every day of the window, 0 on days without videos
    const byDay = new Map(trend.map((t) => [t.day, t]));
    const days: BrandDetailAnswer['trend'] = [];
    for (let d = w.start; d <= w.end; d = addDays(d, 1)) {
      const t = byDay.get(d);
      days.push({
        day: d,
        mentionVideos: t?.mention_videos ?? 0,
        sponsoredVideos: t?.sponsored_videos ?? 0,
        play: t?.play ?? 0,
      });
    }
    return {
      brand: {
        brandId: b.id,
        brandName: b.name,
        categoryId: b.category_id,
        categoryName: b.category_name,
        enabled: b.enabled,
        aliases: b.aliases,
      },
      days: p.days,
      startDate: w.start,
      endDate: w.end,
      summary: {
        sponsoredVideos: s?.sponsored_videos ?? 0,
        mentionVideos: s?.mention_videos ?? 0,
        mentionCount: s?.mention_count ?? 0,
        exposurePlay: s?.exposure_play ?? 0,
        kolNum: s?.kol_num ?? 0,
        spendLow: roundSpend(spend.low),
        spendHigh: roundSpend(spend.high),
        estimated: true,
      },
      trend: days,
      partitions: partitions.map((x) => ({
        tid: x.tid,
        name: x.name ?? '未知分区',
        videoNum: x.video_num,
        play: x.play,
      })),
      kols: kols.map((k) => ({
        kolId: k.kol_id,
        kolName: k.kol_name,
        face: k.face,
        fansNum: k.fans,
        videoNum: k.video_num,
        sponsoredNum: k.sponsored_num,
        play: k.play,
      })),
      competitors: competitors.map((c) => ({ brandId: c.brand_id, brandName: c.brand_name })),
    };
  }

  async brandVideos(
    p: BrandVideosParams,
  ): Promise<{ total: number; list: BrandVideoRow[]; brandName: string; startDate: string; endDate: string }> {
    const b = await this.brandOrFail(p.brandId);
    const w = windowOf(p.days, undefined, this.now());
    const rows = await this.repo.brandVideoPage(w, b.id, p.sponsored, p.pageSize, (p.pageNo - 1) * p.pageSize);
    const list = rows.map((r) => ({
      videoId: r.video_id,
      bvid: r.bvid,
      title: r.title,
      kolId: r.kol_id,
      kolName: r.kol_name,
      publishTime: r.pubdate.toISOString(),
      playNum: r.play,
      sponsored: r.sponsored ?? false,
      sponsoredByBrand: r.sp,
      score: r.score,
      mentions: r.mentions ?? [],
      // the evidence of the verdict is shown for sponsored videos and for the videos with a denial
      sponsorEvidence: r.evidence ?? [],
    }));
    return { total: rows[0]?.total ?? 0, list, brandName: b.name, startDate: w.start, endDate: w.end };
  }

  async shareOfVoice(
    p: ShareOfVoiceParams,
  ): Promise<{ days: number; startDate: string; endDate: string; list: ShareOfVoiceRow[] }> {
    const ids = p.brandIds.map(Number);
    const brands = await this.repo.brandsByIds(ids);
    if (brands.length !== ids.length) throw AppError.fail(BrandMsg.brandMissing);
    const w = windowOf(p.days, undefined, this.now());
    const sums = new Map((await this.repo.summaries(w, ids)).map((s) => [s.brand_id, s]));
    const names = new Map(brands.map((b) => [b.id, b.name]));
    const totalVideos = [...sums.values()].reduce((a, s) => a + s.mention_videos, 0);
    const totalPlay = [...sums.values()].reduce((a, s) => a + s.exposure_play, 0);
    const list = ids.map((id) => {
      const s = sums.get(id);
      return {
        brandId: id,
        brandName: names.get(id) ?? '',
        mentionVideos: s?.mention_videos ?? 0,
        sponsoredVideos: s?.sponsored_videos ?? 0,
        exposurePlay: s?.exposure_play ?? 0,
        videoShare: share(s?.mention_videos ?? 0, totalVideos),
        playShare: share(s?.exposure_play ?? 0, totalPlay),
      };
    });
    return { days: p.days, startDate: w.start, endDate: w.end, list };
  }

  // --- sales -------------------------------------------------------------------------------------------------

  private async subjectsOrFail(type: SaleSubjectType, ids: number[]): Promise<SaleSubject[]> {
    const found = await this.repo.subjects(type, ids);
    const byId = new Map(found.map((s) => [s.id, s]));
    return ids.map((id) => {
      const s = byId.get(id);
      if (!s) throw AppError.fail(BrandMsg.subjectMissing);
      return { type, id, name: s.name, face: s.face };
    });
  }

  private summaryOf(lines: readonly SalesLine[]): SaleSummary {
    const goods = new Set(lines.map((l) => l.goods_id));
    const videos = new Map<number, number>();
    for (const l of lines) videos.set(l.video_id, l.plays);
    const byCat = new Map<string, number>();
    for (const l of lines) byCat.set(l.category_name, (byCat.get(l.category_name) ?? 0) + l.orders);
    const top = [...byCat.entries()].sort((a, b) => b[1] - a[1])[0];
    return {
      ...rangeOf(lines),
      goodsNum: goods.size,
      videoNum: videos.size,
      play: [...videos.values()].reduce((a, b) => a + b, 0),
      topCategory: top ? top[0] : null,
    };
  }

  async saleReport(p: SaleReportParams): Promise<SaleReportAnswer> {
    const id = p.id;
    const [subject] = await this.subjectsOrFail(p.type, [id]);
    const w = windowOf(p.days, undefined, this.now());
    const lines = await this.repo.salesLines(w, p.type, [id]);
    const goodsOf = new Map<number, SalesLine[]>();
    const videosOf = new Map<number, SalesLine[]>();
    for (const l of lines) {
      goodsOf.set(l.goods_id, [...(goodsOf.get(l.goods_id) ?? []), l]);
      videosOf.set(l.video_id, [...(videosOf.get(l.video_id) ?? []), l]);
    }
    const goods: SaleGoodsRow[] = [...goodsOf.values()]
      .map((ls) => {
        const g = ls[0] as SalesLine;
        return {
          goodsId: g.goods_id,
          title: g.title,
          platform: g.platform,
          price: g.price,
          categoryName: g.category_name,
          brandName: g.brand_name,
          videoNum: ls.length,
          play: ls.reduce((a, l) => a + l.plays, 0),
          ...rangeOf(ls),
        };
      })
      .sort((a, b) => b.salesMid - a.salesMid || b.play - a.play || a.goodsId - b.goodsId)
      .slice(0, 50);
    const facts = await this.repo.videoFacts([...videosOf.keys()]);
    const videos: SaleVideoRow[] = [...videosOf.entries()]
      .map(([videoId, ls]) => {
        const f = facts.get(videoId);
        const first = ls[0] as SalesLine;
        return {
          videoId,
          bvid: f?.bvid ?? '',
          title: f?.title ?? '',
          kolId: first.creator_id,
          kolName: f?.kolName ?? '',
          publishTime: f?.pubdate.toISOString() ?? '',
          play: first.plays,
          goodsNum: ls.length,
          ...rangeOf(ls),
        };
      })
      .sort((a, b) => b.salesMid - a.salesMid || b.play - a.play || a.videoId - b.videoId)
      .slice(0, 50);
    const cats = new Map<string, { salesMid: number; goods: Set<number> }>();
    for (const l of lines) {
      const c = cats.get(l.category_name) ?? { salesMid: 0, goods: new Set<number>() };
      c.salesMid += l.orders;
      c.goods.add(l.goods_id);
      cats.set(l.category_name, c);
    }
    return {
      subject: subject as SaleSubject,
      days: p.days,
      startDate: w.start,
      endDate: w.end,
      summary: this.summaryOf(lines),
      goods,
      videos,
      categories: [...cats.entries()]
        .map(([name, c]) => ({ name, salesMid: Math.round(c.salesMid), goodsNum: c.goods.size }))
        .sort((a, b) => b.salesMid - a.salesMid),
    };
  }

  async saleContrast(p: SaleContrastParams): Promise<SaleContrastAnswer> {
    const ids = p.ids.map(Number);
    const subjects = await this.subjectsOrFail(p.type, ids);
    const w = windowOf(p.days, undefined, this.now());
    const lines = await this.repo.salesLines(w, p.type, ids);
    const items = subjects.map((s) => {
      const mine = lines.filter((l) => (p.type === 'kol' ? l.creator_id === s.id : this.brandOfLine(l, s.name)));
      return { ...s, ...this.summaryOf(mine) };
    });
    return { type: p.type, days: p.days, startDate: w.start, endDate: w.end, items };
  }

  private brandOfLine(l: SalesLine, brandName: string): boolean {
    return l.brand_name === brandName;
  }

  async subjects(type: SaleSubjectType, keyword: string | undefined): Promise<SaleSubject[]> {
    return (await this.repo.findSubjects(type, keyword)).map((s) => ({ type, ...s }));
  }
}
