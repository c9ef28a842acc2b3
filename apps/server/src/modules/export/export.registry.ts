import { sql } from 'kysely';
import type { z } from 'zod';
import {
  CompanyRankingParams,
  ContentSearchParams,
  DEFAULT_GROUP_LABEL,
  formatQuoteRange,
  HotVideoParams,
  KolSearchParams,
  LINK_KOL_SORT_LABELS,
  type LinkType,
  MyLinkKolParams,
  MyLinkVideoParams,
  RankingParams,
  VideoDataTendencyParams,
  VideoSearchParams,
  VIDEO_SEARCH_SORT_LABELS,
  VIDEO_SHAPE_LABELS,
  type VideoSearchItem,
  type CompanyRankingRow,
  type LinkKolItem,
  type LinkVideoItem,
  type VideoDayPoint,
  type ExportListName,
  type HotVideoItem,
  type KolItem,
  type RankingKind,
  type RankingRow,
  type VideoItem,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { collectServiceOf } from '../collect/collect.routes.js';
import { CatalogRepository } from '../creators/catalog.repository.js';
import { CatalogService, cachedTierOf } from '../creators/catalog.service.js';
import { KolSearchRepository } from '../creators/search.repository.js';
import { KolSearchService } from '../creators/search.service.js';
import { HotRepository } from '../hot/hot.repository.js';
import { HotService } from '../hot/hot.service.js';
import type { MembershipService } from '../membership/membership.service.js';
import { RankingsRepository } from '../rankings/rankings.repository.js';
import { RankingsService } from '../rankings/rankings.service.js';
import { VideosRepository } from '../videos/videos.repository.js';
import { VideosService } from '../videos/videos.service.js';
import { opinionExportLists } from '../opinion/opinion.export.js';
import { videoLibraryServiceOf } from '../video-library/video-library.routes.js';
import { brandExportLists } from '../brands/brands.export.js';
import { commerceExportLists } from '../commerce/commerce.export.js';
import type { ExportColumn } from './xlsx-writer.js';

/** One page of a list, read through the list's own service (the screen's query, never a copy of its SQL). */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
  /** what the note sheet says about the data's time, e.g. 榜单日期 2026-11-20 */
  dataTime: string | null;
  /** lines for the note sheet that only the read knows (a group's name, a video's title), after the filters */
  notes?: [string, string][];
}

/**
 * An exportable list: its parameters (the screen's own schema), how to read one page of it as the signed-in
 * user, its columns (the screen's, in Chinese) and the filters the note sheet names. Adding a list (myLinkKol,
 * myLinkVideo, opinion lists …) is one entry here plus its name in EXPORT_LISTS (packages/shared/src/export.ts).
 */
export interface ExportList<P extends { pageNo: number; pageSize: number }, Row> {
  name: ExportListName;
  /** the default file name (exportName) and the listing's title */
  title(p: P): string;
  schema: z.ZodType<P>;
  /** fixed parameters of the path (fansRanking → kind fans) laid over what the caller sent */
  fixed?(raw: Record<string, unknown>): Record<string, unknown>;
  // methods (not function properties): a list of any parameter and row type fits AnyExportList
  page(userId: string, p: P): Promise<ListPage<Row>>;
  /**
   * Optional, for lists whose size grows with the data: "all results" read in one pass instead of page by page
   * (each page of an OFFSET read re-runs the whole query). `total` is page()'s total, counted once; `each` hands
   * the first `limit` rows of page()'s order to `onRows` in pages of about `chunk` rows.
   */
  all?: {
    total(userId: string, p: P): Promise<number>;
    each(userId: string, p: P, limit: number, chunk: number, onRows: (rows: Row[]) => Promise<void>): Promise<void>;
  };
  columns(p: P): ExportColumn<Row>[];
  /** the filters for the note sheet; `themes` names the partitions (tid → name) */
  filters(p: P, themes: ReadonlyMap<number, string>): [string, string][];
}

/** Any list of the registry (the service only passes a list's own parameters and rows back to it). */
export type AnyExportList = ExportList<{ pageNo: number; pageSize: number }, unknown>;

const PERIOD_LABELS: Readonly<Record<string, string>> = { day: '日榜', week: '周榜', month: '月榜' };
const KIND_TITLES: Readonly<Record<RankingKind, string>> = {
  fans: '粉丝榜',
  increase: '涨粉榜',
  decrease: '掉粉榜',
  business: '商业榜',
};
const KIND_VALUE: Readonly<Record<RankingKind, { value: string; delta: string; money: boolean }>> = {
  fans: { value: '粉丝数', delta: '涨粉', money: false },
  increase: { value: '涨粉数', delta: '较上期', money: false },
  decrease: { value: '掉粉数', delta: '较上期', money: false },
  business: { value: '视频报价', delta: '较上期', money: true },
};

/** A list call's path and the export list it names (for `export=1` on the list call itself). */
export const LIST_CALLS: Readonly<Record<string, (query: Record<string, unknown>) => ExportListName | null>> = {
  '/api/ranking': (q) => {
    const kind = typeof q.kind === 'string' ? q.kind : '';
    if (kind === 'fans') return 'fansRanking';
    if (kind === 'business') return 'businessRanking';
    if (kind === 'increase' || kind === 'decrease') return 'increaseReduceRanking';
    return null;
  },
  '/api/companyRanking': () => 'companyRanking',
  '/api/searchKol': () => 'searchKol',
  '/api/searchContent': () => 'searchContent',
  '/api/hotVideo': () => 'moldbabyVideo',
  '/api/searchVideo': () => 'searchVideo',
  '/api/user/myLinkKol': () => 'myLinkKol',
  '/api/user/myLinkVideo': () => 'myLinkVideo',
  '/api/user/videoDataTendency': () => 'videoDataTendency',
  '/api/opinion/opinionList': () => 'opinionList',
  '/api/brand/exposureRank': () => 'exposureRank',
  '/api/brand/exposureSearch': () => 'exposureSearch',
  '/api/brand/brandVideos': () => 'brandVideos',
  '/api/sale/saleReport': () => 'saleReportGoods',
  '/api/goods/search': () => 'goodsSearch',
  '/api/goods/rank': () => 'goodsRank',
  '/api/goods/sellKol': () => 'sellGoodsKol',
};

const LINK_LIST_LABELS: Readonly<Record<LinkType, string>> = { 1: '收藏', 4: '投放清单' };
const LINK_VIDEO_SORT_LABELS: Readonly<Record<MyLinkVideoParams['sort'], string>> = {
  custom: '自定义排序',
  addTime: '最近添加',
  play: '播放数',
  publishTime: '发布时间',
};

/** One day of the 30-day video report: the day's totals and its increment over the day before (null after a gap). */
interface TrendRow {
  dataDate: string;
  total: VideoDayPoint | null;
  inc: VideoDayPoint | null;
}
const TREND_METRICS: readonly { key: keyof Omit<VideoDayPoint, 'dataDate'>; label: string }[] = [
  { key: 'playNum', label: '播放' },
  { key: 'praiseNum', label: '点赞' },
  { key: 'castCurrencyNum', label: '投币' },
  { key: 'collectNum', label: '收藏' },
  { key: 'commentNum', label: '评论' },
  { key: 'barrageNum', label: '弹幕' },
  { key: 'shareNum', label: '分享' },
];
/** §2.6 trend toggle: 0 增量, 1 总量; absent: both. */
function trendColumns(type: number | undefined): ExportColumn<TrendRow>[] {
  const cols: ExportColumn<TrendRow>[] = [{ header: '日期', kind: 'date', width: 12, value: (r) => r.dataDate }];
  for (const m of TREND_METRICS) {
    if (type !== 0) cols.push({ header: `${m.label}总量`, kind: 'int', width: 13, value: (r) => r.total?.[m.key] });
    if (type !== 1) cols.push({ header: `${m.label}增量`, kind: 'int', width: 12, value: (r) => r.inc?.[m.key] });
  }
  return cols;
}

function themeFilter(tid: number | undefined, names: ReadonlyMap<number, string>): [string, string] {
  return ['分区', tid ? (names.get(tid) ?? `分区${tid}`) : '全部分区'];
}

function kolColumns(): ExportColumn<KolItem>[] {
  return [
    { header: 'UP主', kind: 'text', width: 24, value: (r) => r.kolName },
    { header: 'UID', kind: 'id', width: 14, value: (r) => r.kolUid },
    { header: '分区', kind: 'text', width: 12, value: (r) => r.themeName },
  ];
}

/** The 投放清单 export's buyer columns of a creator (issue #23 item 17). */
interface BuyerFields {
  homepage: string;
  /** the system's estimate (creator_metrics, docs/metrics.md "Quotes"), yuan */
  estVideoPrice: number | null;
  estImplantationPrice: number | null;
  /** the team's own figures from its private library (myUp), when it has the creator */
  teamVideoPrice: number | null;
  teamImplantationPrice: number | null;
  contact: string;
}

function buyerColumns(): ExportColumn<Partial<BuyerFields>>[] {
  return [
    { header: '主页链接', kind: 'text', width: 36, value: (r) => r.homepage ?? null },
    { header: '定制视频报价（估，元）', kind: 'decimal', width: 16, value: (r) => r.estVideoPrice ?? null },
    // the range every screen shows beside the estimate (packages/shared quote.ts, docs/metrics.md)
    {
      header: '定制视频报价区间（估）',
      kind: 'text',
      width: 20,
      value: (r) => (r.estVideoPrice == null ? null : formatQuoteRange(r.estVideoPrice)),
    },
    { header: '植入报价（估，元）', kind: 'decimal', width: 16, value: (r) => r.estImplantationPrice ?? null },
    { header: '团队记录视频报价（元）', kind: 'decimal', width: 16, value: (r) => r.teamVideoPrice ?? null },
    { header: '团队记录植入报价（元）', kind: 'decimal', width: 16, value: (r) => r.teamImplantationPrice ?? null },
    { header: '联系方式', kind: 'text', width: 36, value: (r) => r.contact ?? null },
  ];
}

/**
 * The buyer fields of a page of 投放清单 creators: the homepage, the system's quote estimates and — from the caller's
 * team's private library only — its recorded prices and contacts (微信 / 手机 / QQ / 邮箱 / 其他).
 */
async function buyerFields<R extends KolItem>(
  ctx: AppContext,
  userId: string,
  rows: readonly R[],
): Promise<(R & BuyerFields)[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.kolId);
  const uids = rows.map((r) => r.kolUid);
  const [prices, library] = await Promise.all([
    sql<{ id: string; video_price: string | null; implantation_price: string | null }>`
      SELECT creator_id::text AS id, video_price, implantation_price FROM creator_metrics
      WHERE creator_id = ANY(${ids}::bigint[])`.execute(ctx.db),
    sql<{
      kol_uid: string;
      video_price: string | null;
      implantation_price: string | null;
      wechat: string;
      phone: string;
      qq: string;
      email: string;
      contact_way: string;
    }>`
      SELECT e.kol_uid::text, e.video_price, e.implantation_price, e.wechat, e.phone, e.qq, e.email, e.contact_way
      FROM library_entries e JOIN users u ON u.id = ${userId}
      WHERE e.team_id = coalesce(u.parent_id, u.id) AND e.kol_uid = ANY(${uids}::bigint[])`.execute(ctx.db),
  ]);
  const price = new Map(prices.rows.map((r) => [r.id, r]));
  const own = new Map(library.rows.map((r) => [r.kol_uid, r]));
  const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => {
    const m = price.get(String(r.kolId));
    const e = own.get(String(r.kolUid));
    const contact = e
      ? [
          ['微信', e.wechat],
          ['手机', e.phone],
          ['QQ', e.qq],
          ['邮箱', e.email],
          ['其他', e.contact_way],
        ]
          .filter(([, v]) => v !== '')
          .map(([k, v]) => `${k}：${v}`)
          .join('；')
      : '';
    return {
      ...r,
      homepage: `https://space.bilibili.com/${r.kolUid}`,
      estVideoPrice: num(m?.video_price),
      estImplantationPrice: num(m?.implantation_price),
      teamVideoPrice: num(e?.video_price),
      teamImplantationPrice: num(e?.implantation_price),
      contact,
    };
  });
}

function videoColumns(): ExportColumn<VideoItem>[] {
  return [
    { header: '标题', kind: 'text', width: 48, value: (r) => r.title },
    { header: 'BV号', kind: 'text', width: 15, value: (r) => r.bvid },
    { header: 'UP主', kind: 'text', width: 20, value: (r) => r.kolName },
    { header: '分区', kind: 'text', width: 12, value: (r) => r.themeName },
    { header: '发布时间', kind: 'datetime', width: 18, value: (r) => r.publishTime },
    { header: '时长（秒）', kind: 'int', width: 10, value: (r) => r.playDuration },
    { header: '播放数', kind: 'int', width: 13, value: (r) => r.playNum },
    { header: '点赞数', kind: 'int', width: 12, value: (r) => r.praiseNum },
    { header: '投币数', kind: 'int', width: 12, value: (r) => r.castCurrencyNum },
    { header: '收藏数', kind: 'int', width: 12, value: (r) => r.collectNum },
    { header: '评论数', kind: 'int', width: 11, value: (r) => r.commentNum },
    { header: '弹幕数', kind: 'int', width: 11, value: (r) => r.barrageNum },
    { header: '分享数', kind: 'int', width: 11, value: (r) => r.shareNum },
    { header: '视频链接', kind: 'text', width: 40, value: (r) => r.sourceUrl },
  ];
}

/** The lists, over services of their own (their caches apart from the screens'), built once per app. */
export function buildExportLists(
  ctx: AppContext,
  membership: MembershipService,
): { lists: Readonly<Record<ExportListName, AnyExportList>>; themes: () => Promise<ReadonlyMap<number, string>> } {
  const gate = (userId: string, feature: Parameters<typeof membership.requireFeature>[1]) =>
    membership.requireFeature(userId, feature);
  const catalog = new CatalogService(new CatalogRepository(ctx.db));
  const rankings = new RankingsService(
    new RankingsRepository(ctx.db),
    gate,
    cachedTierOf((id) => membership.tierOf(id)),
  );
  const search = new KolSearchService(
    ctx.db,
    new KolSearchRepository(ctx.db),
    catalog,
    gate,
    ctx.pool,
    ctx.searchIndex ?? null,
  );
  const videos = new VideosService(ctx.db, new VideosRepository(ctx.db), catalog, gate);
  const hot = new HotService(ctx.db, new HotRepository(ctx.db), catalog);
  const videoLibrary = videoLibraryServiceOf(ctx);
  // the team's lists: read as the caller, so a team only ever exports its own rows
  const collect = collectServiceOf(ctx);
  const groupName = async (userId: string, groupId: number | undefined): Promise<[string, string][]> => {
    if (groupId === undefined) return [['分组', '全部分组']];
    if (groupId === 0) return [['分组', DEFAULT_GROUP_LABEL]];
    const g = (await collect.groups(userId)).userThemeInfos.find((x) => x.id === groupId);
    return [['分组', g ? g.themeName : `分组${groupId}`]];
  };
  /** partition names for the note sheet (the creator search's filter options, cached by that service) */
  const themes = async (): Promise<ReadonlyMap<number, string>> => {
    const names = new Map<number, string>();
    const walk = (
      list: readonly { tid: number; name: string; children?: readonly { tid: number; name: string }[] }[],
    ) => {
      for (const theme of list) {
        names.set(theme.tid, theme.name);
        if (theme.children) walk(theme.children);
      }
    };
    walk((await search.filterOptions()).themeInfos);
    return names;
  };

  const rankingList = (name: ExportListName, kinds: readonly RankingKind[]): ExportList<RankingParams, RankingRow> => ({
    name,
    title: (p) => KIND_TITLES[p.kind],
    schema: RankingParams,
    fixed: (raw) => ({ ...raw, kind: kinds.includes(raw.kind as RankingKind) ? raw.kind : kinds[0] }),
    page: async (userId, p) => {
      const a = await rankings.ranking(userId, p);
      const window = a.periodStart && a.periodStart !== a.date ? `${a.periodStart} ~ ${a.date}` : a.date;
      return { rows: a.rankings, total: a.total, dataTime: window ? `榜单周期 ${window}` : null };
    },
    columns: (p) => {
      const v = KIND_VALUE[p.kind];
      return [
        { header: '排名', kind: 'int', width: 8, value: (r) => r.rank },
        ...kolColumns(),
        { header: v.value, kind: v.money ? 'money' : 'int', width: 14, value: (r) => r.value },
        { header: v.delta, kind: v.money ? 'money' : 'int', width: 12, value: (r) => r.delta },
        ...(p.kind === 'fans'
          ? []
          : [{ header: '粉丝数', kind: 'int' as const, width: 13, value: (r: RankingRow) => r.fansNum }]),
        { header: '云指数', kind: 'decimal', width: 10, value: (r) => r.indexNum },
        { header: 'MCN机构', kind: 'text', width: 20, value: (r) => r.mcnName },
      ];
    },
    filters: (p, t) => [
      ['榜单', KIND_TITLES[p.kind]],
      ['周期', PERIOD_LABELS[p.period] ?? p.period],
      ['日期', p.date ?? '最新'],
      themeFilter(p.tid, t),
    ],
  });

  const videoList = (name: ExportListName): ExportList<ContentSearchParams, VideoItem> => ({
    name,
    title: (p) => `内容搜索_${p.keyword}`,
    schema: ContentSearchParams,
    page: async (_userId, p) => {
      const a = await videos.searchContent(p);
      return { rows: a.videoInfos, total: a.total, dataTime: null };
    },
    // all results (1,000 at most) by one search statement, not one per 500-row page (issue #28, item 3b)
    all: {
      total: (_userId, p) => videos.searchContentTotal(p),
      each: (_userId, p, limit, chunk, onRows) => videos.eachSearchContent(p, limit, chunk, onRows),
    },
    columns: () => videoColumns(),
    filters: (p, t) => [
      ['关键词', p.keyword],
      ['排序', p.sort === 'time' ? '最新发布' : '播放最多'],
      themeFilter(p.tid, t),
    ],
  });

  const lists: Record<ExportListName, AnyExportList> = {
    fansRanking: rankingList('fansRanking', ['fans']),
    increaseReduceRanking: rankingList('increaseReduceRanking', ['increase', 'decrease']),
    businessRanking: rankingList('businessRanking', ['business']),
    companyRanking: {
      name: 'companyRanking',
      title: () => '机构榜',
      schema: CompanyRankingParams,
      page: async (userId, p: CompanyRankingParams) => {
        const a = await rankings.company(userId, p);
        const window = a.periodStart && a.periodStart !== a.date ? `${a.periodStart} ~ ${a.date}` : a.date;
        return { rows: a.rankings, total: a.total, dataTime: window ? `榜单周期 ${window}` : null };
      },
      columns: (): ExportColumn<CompanyRankingRow>[] => [
        { header: '排名', kind: 'int', width: 8, value: (r) => r.rank },
        { header: 'MCN机构', kind: 'text', width: 28, value: (r) => r.mcnName },
        { header: '签约UP主', kind: 'int', width: 12, value: (r) => r.kolNum },
        { header: '旗下总粉丝', kind: 'int', width: 14, value: (r) => r.value },
        { header: '较上期', kind: 'int', width: 12, value: (r) => r.delta },
      ],
      filters: (p: CompanyRankingParams) => [
        ['榜单', '机构榜'],
        ['周期', PERIOD_LABELS[p.period] ?? p.period],
        ['日期', p.date ?? '最新'],
      ],
    } satisfies ExportList<CompanyRankingParams, CompanyRankingRow>,
    searchKol: {
      name: 'searchKol',
      title: (p: KolSearchParams) => (p.keyword ? `UP主搜索_${p.keyword}` : 'UP主搜索'),
      schema: KolSearchParams,
      page: async (userId, p: KolSearchParams) => {
        const a = await search.searchKol(userId, p);
        return { rows: a.kolInfos, total: a.total, dataTime: null };
      },
      columns: (): ExportColumn<KolItem>[] => [
        ...kolColumns(),
        { header: '等级', kind: 'int', width: 8, value: (r) => r.platformLevel ?? '-' },
        { header: '粉丝数', kind: 'int', width: 13, value: (r) => r.fansNum },
        { header: '30日涨粉', kind: 'int', width: 12, value: (r) => r.fansIncrease },
        { header: '云指数', kind: 'decimal', width: 10, value: (r) => r.indexNum },
        { header: '播放数', kind: 'int', width: 14, value: (r) => r.playNum },
        { header: '点赞数', kind: 'int', width: 13, value: (r) => r.praiseNum },
        { header: '视频数', kind: 'int', width: 10, value: (r) => r.videoNum },
        { header: 'MCN机构', kind: 'text', width: 20, value: (r) => r.mcnName },
      ],
      filters: (p: KolSearchParams, t: ReadonlyMap<number, string>) => {
        const out: [string, string][] = [['关键词', p.keyword ?? '（无）']];
        if (p.tid) out.push(themeFilter(p.tid, t));
        if (p.fansMin !== undefined || p.fansMax !== undefined) {
          out.push(['粉丝数', `${p.fansMin ?? 0} ~ ${p.fansMax ?? '不限'}`]);
        }
        if (p.level) out.push(['等级', p.level.join('、')]);
        if (p.sort) out.push(['排序', p.sort]);
        return out;
      },
    } satisfies ExportList<KolSearchParams, KolItem>,
    searchContent: videoList('searchContent'),
    // the video libraries' own search (issue #26 item 5): 视频搜索 and 短视频库 (short=1), the screens' query
    searchVideo: {
      name: 'searchVideo',
      title: (p: VideoSearchParams) => `${p.short === 1 ? '短视频库' : '视频搜索'}${p.keyword ? `_${p.keyword}` : ''}`,
      schema: VideoSearchParams,
      page: async (userId, p: VideoSearchParams) => {
        const a = await videoLibrary.search(userId, p);
        return { rows: a.videoInfos, total: a.total, dataTime: null };
      },
      columns: (): ExportColumn<VideoSearchItem>[] => [
        ...(videoColumns() as ExportColumn<VideoSearchItem>[]),
        {
          header: '画面',
          kind: 'text',
          width: 8,
          value: (r) => (r.isVertical === null ? '未知' : r.isVertical === 1 ? '竖屏' : '横屏'),
        },
      ],
      filters: (p: VideoSearchParams, t: ReadonlyMap<number, string>) => {
        const out: [string, string][] = [['关键词', p.keyword ?? '（无）'], themeFilter(p.tid, t)];
        if (p.short === 1) out.push(['视频类型', p.shape ? VIDEO_SHAPE_LABELS[p.shape] : '短视频（60秒以内或竖屏）']);
        if (p.sponsored !== undefined) out.push(['商单', p.sponsored === 1 ? '商单视频' : '非商单视频（已识别）']);
        const span = (a: number | undefined, b: number | undefined) => `${a ?? 0} ~ ${b ?? '不限'}`;
        if (p.durationMin !== undefined || p.durationMax !== undefined)
          out.push(['时长（秒）', span(p.durationMin, p.durationMax)]);
        if (p.playMin !== undefined || p.playMax !== undefined) out.push(['播放数', span(p.playMin, p.playMax)]);
        if (p.likeMin !== undefined || p.likeMax !== undefined) out.push(['点赞数', span(p.likeMin, p.likeMax)]);
        if (p.pubFrom !== undefined || p.pubTo !== undefined)
          out.push(['发布时间', `${p.pubFrom ?? '不限'} ~ ${p.pubTo ?? '不限'}`]);
        out.push(['排序', VIDEO_SEARCH_SORT_LABELS[p.sort]]);
        return out;
      },
    } satisfies ExportList<VideoSearchParams, VideoSearchItem>,
    moldbabyVideo: {
      name: 'moldbabyVideo',
      title: () => '热门视频',
      schema: HotVideoParams,
      page: async (_userId, p: HotVideoParams) => {
        const a = await hot.hotVideo(p);
        return { rows: a.videoInfos, total: a.total, dataTime: null };
      },
      // 191,968 videos for 7 days at 1M: scored and sorted once for all results (HotService.eachHotVideo)
      all: {
        total: (_userId, p: HotVideoParams) => hot.hotVideoCount(p),
        each: (_userId, p: HotVideoParams, limit, chunk, onRows) => hot.eachHotVideo(p, limit, chunk, onRows),
      },
      columns: (): ExportColumn<HotVideoItem>[] => [
        { header: '排名', kind: 'int', width: 8, value: (r) => r.rank },
        { header: '热度', kind: 'decimal', width: 10, value: (r) => r.hotScore },
        ...(videoColumns() as ExportColumn<HotVideoItem>[]),
      ],
      filters: (p: HotVideoParams, t: ReadonlyMap<number, string>) => [
        ['统计周期', `近${p.days}天`],
        themeFilter(p.tid, t),
      ],
    } satisfies ExportList<HotVideoParams, HotVideoItem>,
    myLinkKol: {
      name: 'myLinkKol',
      title: (p: MyLinkKolParams) => `${LINK_LIST_LABELS[p.type]}UP主`,
      schema: MyLinkKolParams,
      page: async (userId, p: MyLinkKolParams) => {
        const a = await collect.listKols(userId, p);
        const rows = p.type === 4 ? await buyerFields(ctx, userId, a.linkKols) : a.linkKols;
        return { rows, total: a.total, dataTime: null, notes: await groupName(userId, p.groupId) };
      },
      columns: (p: MyLinkKolParams): ExportColumn<LinkKolItem & Partial<BuyerFields>>[] => [
        ...kolColumns(),
        { header: '分组', kind: 'text', width: 12, value: (r) => r.groupName },
        { header: '粉丝数', kind: 'int', width: 13, value: (r) => r.fansNum },
        { header: '添加后涨粉', kind: 'int', width: 12, value: (r) => r.fansSinceAdd },
        { header: '30日涨粉', kind: 'int', width: 12, value: (r) => r.fansIncrease },
        { header: '云指数', kind: 'decimal', width: 10, value: (r) => r.indexNum },
        { header: '监测', kind: 'text', width: 8, value: (r) => (r.isMonitor === 1 ? '监测中' : '未监测') },
        { header: '添加人', kind: 'text', width: 16, value: (r) => r.addedBy },
        { header: '添加时间', kind: 'datetime', width: 18, value: (r) => r.addTime },
        { header: 'MCN机构', kind: 'text', width: 20, value: (r) => r.mcnName },
        // what a buyer needs from a 投放清单 (issue #23): where to find the creator, what it costs, whom to call
        ...(p.type === 4 ? buyerColumns() : []),
      ],
      filters: (p: MyLinkKolParams) => {
        const out: [string, string][] = [
          ['清单', LINK_LIST_LABELS[p.type]],
          ['排序', LINK_KOL_SORT_LABELS[p.sort]],
        ];
        if (p.isMonitor !== undefined) out.push(['监测状态', p.isMonitor === 1 ? '监测中' : '未监测']);
        if (p.keyword) out.push(['搜索', p.keyword]);
        return out;
      },
    } satisfies ExportList<MyLinkKolParams, LinkKolItem>,
    myLinkVideo: {
      name: 'myLinkVideo',
      title: (p: MyLinkVideoParams) => `${LINK_LIST_LABELS[p.type]}视频`,
      schema: MyLinkVideoParams,
      page: async (userId, p: MyLinkVideoParams) => {
        const a = await collect.listVideos(userId, p);
        return { rows: a.linkVideos, total: a.total, dataTime: null };
      },
      columns: (): ExportColumn<LinkVideoItem>[] => [
        ...(videoColumns() as ExportColumn<LinkVideoItem>[]),
        { header: '添加后播放', kind: 'int', width: 12, value: (r) => r.playSinceAdd },
        { header: '添加人', kind: 'text', width: 16, value: (r) => r.addedBy },
        { header: '添加时间', kind: 'datetime', width: 18, value: (r) => r.addTime },
      ],
      filters: (p: MyLinkVideoParams) => {
        const out: [string, string][] = [
          ['清单', LINK_LIST_LABELS[p.type]],
          ['排序', LINK_VIDEO_SORT_LABELS[p.sort]],
        ];
        if (p.keyword) out.push(['搜索', p.keyword]);
        return out;
      },
    } satisfies ExportList<MyLinkVideoParams, LinkVideoItem>,
    videoDataTendency: {
      name: 'videoDataTendency',
      title: (p: VideoDataTendencyParams) => `视频数据报告_${p.id}`,
      schema: VideoDataTendencyParams,
      // the report's own gate (专业版, video.report30d) on top of export's; one row per stored day
      page: async (userId, p: VideoDataTendencyParams) => {
        const a = await videos.dayData(userId, p);
        const inc = new Map(a.videoDayIncreaseData.map((d) => [d.dataDate, d]));
        const all: TrendRow[] =
          p.type === 0
            ? a.videoDayIncreaseData.map((d) => ({ dataDate: d.dataDate, total: null, inc: d }))
            : a.videoDayData.map((d) => ({ dataDate: d.dataDate, total: d, inc: inc.get(d.dataDate) ?? null }));
        const start = (p.pageNo - 1) * p.pageSize;
        const first = a.videoDayData[0]?.dataDate;
        const last = a.videoDayData.at(-1)?.dataDate;
        return {
          rows: all.slice(start, start + p.pageSize),
          total: all.length,
          dataTime: first && last ? `每日数据 ${first} ~ ${last}` : null,
          notes: [
            ['视频', a.videoInfo.title],
            ['BV号', a.videoInfo.bvid],
            ['UP主', a.videoInfo.kolName],
          ],
        };
      },
      columns: (p: VideoDataTendencyParams) => trendColumns(p.type),
      filters: (p: VideoDataTendencyParams) => [
        ['时间范围', `近${p.dayNum}天`],
        ['数据口径', p.type === 0 ? '增量' : p.type === 1 ? '总量' : '总量与增量'],
        ['增量', '当天减前一天；前一天无数据的日期增量留空'],
      ],
    } satisfies ExportList<VideoDataTendencyParams, TrendRow>,
    ...opinionExportLists(ctx),
    ...brandExportLists(ctx, gate),
    ...commerceExportLists(ctx),
  };
  return { lists, themes };
}
