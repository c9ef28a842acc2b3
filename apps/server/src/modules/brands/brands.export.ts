import type { z } from 'zod';
import {
  BrandVideosParams,
  EXPOSURE_PERIOD_LABELS,
  EXPOSURE_SORT_LABELS,
  ExposureRankParams,
  ExposureSearchParams,
  MENTION_LOCATION_LABELS,
  SALE_SUBJECT_LABELS,
  SPONSOR_SIGNAL_LABELS,
  SaleReportParams,
  type BrandSearchRow,
  type BrandVideoRow,
  type ExposureRankRow,
  type FeatureKey,
  type SaleGoodsRow,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import type { ExportList } from '../export/export.registry.js';
import type { ExportColumn } from '../export/xlsx-writer.js';
import { brandsServiceOf } from './brands.routes.js';

/** A sales report's goods read page by page for the export. */
const SaleReportPage = SaleReportParams.extend({
  pageNo: ExposureSearchParams.shape.pageNo,
  pageSize: ExposureSearchParams.shape.pageSize,
});
type SaleReportPage = z.infer<typeof SaleReportPage>;

const PLATFORM_LABELS: Readonly<Record<string, string>> = {
  taobao: '淘宝',
  tmall: '天猫',
  jd: '京东',
  bilibili: '会员购',
  pdd: '拼多多',
};

/**
 * The brand and sales lists of the Excel export (modules/export registry; also `export=1` on their calls):
 * exposureRank, exposureSearch, brandVideos (with the evidence of each detection as text) and saleReportGoods
 * (the goods of a sales report, estimates as ranges). Each page is read through the screens' service, behind the
 * screens' own gate.
 */
export function brandExportLists(ctx: AppContext, gate: (userId: string, feature: FeatureKey) => Promise<unknown>) {
  const service = brandsServiceOf(ctx);
  const categoryName = async (id: number | undefined) =>
    id === undefined
      ? '全部行业'
      : ((await service.exposureSearch({ pageNo: 1, pageSize: 1 })).categories.find((c) => c.id === id)?.name ??
        `行业${id}`);

  const exposureRank = {
    name: 'exposureRank',
    title: (p: ExposureRankParams) => `品牌曝光榜_${EXPOSURE_PERIOD_LABELS[p.period]}`,
    schema: ExposureRankParams,
    page: async (userId: string, p: ExposureRankParams) => {
      await gate(userId, 'commerce.brand');
      const a = await service.exposureRank(p);
      return {
        rows: a.list,
        total: a.total,
        dataTime: `统计周期 ${a.startDate} ~ ${a.endDate}`,
        notes: [['行业', await categoryName(p.categoryId)]] as [string, string][],
      };
    },
    columns: (): ExportColumn<ExposureRankRow>[] => [
      { header: '排名', kind: 'int', width: 8, value: (r) => r.rank },
      { header: '品牌', kind: 'text', width: 20, value: (r) => r.brandName },
      { header: '行业', kind: 'text', width: 12, value: (r) => r.categoryName },
      { header: '商单视频数', kind: 'int', width: 12, value: (r) => r.sponsoredVideos },
      { header: '提及视频数', kind: 'int', width: 12, value: (r) => r.mentionVideos },
      { header: '提及次数', kind: 'int', width: 12, value: (r) => r.mentionCount },
      { header: '曝光播放', kind: 'int', width: 14, value: (r) => r.exposurePlay },
      { header: '合作UP主数', kind: 'int', width: 12, value: (r) => r.kolNum },
    ],
    filters: (p: ExposureRankParams) =>
      [
        ['榜单', EXPOSURE_PERIOD_LABELS[p.period]],
        ['日期', p.date ?? '最新'],
        ['排序', EXPOSURE_SORT_LABELS[p.sort]],
      ] as [string, string][],
  } satisfies ExportList<ExposureRankParams, ExposureRankRow>;

  const exposureSearch = {
    name: 'exposureSearch',
    title: (p: ExposureSearchParams) => (p.keyword ? `品牌搜索_${p.keyword}` : '品牌搜索'),
    schema: ExposureSearchParams,
    page: async (userId: string, p: ExposureSearchParams) => {
      await gate(userId, 'commerce.brand');
      const a = await service.exposureSearch(p);
      return { rows: a.list, total: a.total, dataTime: '近30天' };
    },
    columns: (): ExportColumn<BrandSearchRow>[] => [
      { header: '品牌', kind: 'text', width: 20, value: (r) => r.brandName },
      { header: '行业', kind: 'text', width: 12, value: (r) => r.categoryName },
      { header: '别名', kind: 'text', width: 30, value: (r) => r.aliases.join('、') },
      { header: '近30天商单视频', kind: 'int', width: 14, value: (r) => r.sponsoredVideos },
      { header: '近30天提及视频', kind: 'int', width: 14, value: (r) => r.mentionVideos },
      { header: '合作UP主数', kind: 'int', width: 12, value: (r) => r.kolNum },
      { header: '最近发现', kind: 'datetime', width: 18, value: (r) => r.lastSeen },
    ],
    filters: (p: ExposureSearchParams) => [['关键词', p.keyword ?? '（无）']] as [string, string][],
  } satisfies ExportList<ExposureSearchParams, BrandSearchRow>;

  const brandVideos = {
    name: 'brandVideos',
    title: () => '品牌相关视频',
    schema: BrandVideosParams,
    page: async (userId: string, p: BrandVideosParams) => {
      await gate(userId, 'commerce.brand');
      const a = await service.brandVideos(p);
      return {
        rows: a.list,
        total: a.total,
        dataTime: `发布时间 ${a.startDate} ~ ${a.endDate}`,
        notes: [['品牌', a.brandName]] as [string, string][],
      };
    },
    columns: (): ExportColumn<BrandVideoRow>[] => [
      { header: '标题', kind: 'text', width: 44, value: (r) => r.title },
      { header: 'BV号', kind: 'text', width: 15, value: (r) => r.bvid },
      { header: 'UP主', kind: 'text', width: 18, value: (r) => r.kolName },
      { header: '发布时间', kind: 'datetime', width: 18, value: (r) => r.publishTime },
      { header: '播放数', kind: 'int', width: 12, value: (r) => r.playNum },
      { header: '类型', kind: 'text', width: 10, value: (r) => (r.sponsoredByBrand ? '商单' : '提及') },
      {
        header: '提及依据',
        kind: 'text',
        width: 50,
        value: (r) =>
          r.mentions.map((m) => `${MENTION_LOCATION_LABELS[m.location] ?? m.location}「${m.evidence}」`).join('；'),
      },
      {
        header: '商单依据',
        kind: 'text',
        width: 50,
        value: (r) =>
          r.sponsorEvidence
            .map(
              (e) =>
                `${SPONSOR_SIGNAL_LABELS[e.signal] ?? e.signal}：${MENTION_LOCATION_LABELS[e.location] ?? e.location}「${e.snippet}」`,
            )
            .join('；'),
      },
    ],
    filters: (p: BrandVideosParams) =>
      [
        ['统计周期', `近${p.days}天`],
        ['类型', p.sponsored === 1 ? '商单' : p.sponsored === 0 ? '提及（非商单）' : '全部'],
      ] as [string, string][],
  } satisfies ExportList<BrandVideosParams, BrandVideoRow>;

  const saleReportGoods = {
    name: 'saleReportGoods',
    title: (p: SaleReportPage) => `${SALE_SUBJECT_LABELS[p.type]}销售报告_商品`,
    schema: SaleReportPage,
    page: async (userId: string, p: SaleReportPage) => {
      await gate(userId, 'commerce.sale');
      const a = await service.saleReport(p);
      const rows = a.goods.slice((p.pageNo - 1) * p.pageSize, p.pageNo * p.pageSize);
      return {
        rows,
        total: a.goods.length,
        dataTime: `统计周期 ${a.startDate} ~ ${a.endDate}`,
        notes: [
          [SALE_SUBJECT_LABELS[p.type], a.subject.name],
          ['说明', '销量与销售额为模型估算区间（docs/metrics.md 销量估算），非平台真实数据'],
        ] as [string, string][],
      };
    },
    columns: (): ExportColumn<SaleGoodsRow>[] => [
      { header: '商品', kind: 'text', width: 40, value: (r) => r.title },
      { header: '平台', kind: 'text', width: 8, value: (r) => PLATFORM_LABELS[r.platform] ?? r.platform },
      { header: '价格（元）', kind: 'money', width: 10, value: (r) => r.price },
      { header: '品类', kind: 'text', width: 10, value: (r) => r.categoryName },
      { header: '品牌', kind: 'text', width: 14, value: (r) => r.brandName },
      { header: '带货视频数', kind: 'int', width: 10, value: (r) => r.videoNum },
      { header: '期内播放', kind: 'int', width: 12, value: (r) => r.play },
      { header: '估算销量下限', kind: 'int', width: 12, value: (r) => r.salesLow },
      { header: '估算销量上限', kind: 'int', width: 12, value: (r) => r.salesHigh },
      { header: '估算销售额下限（元）', kind: 'money', width: 16, value: (r) => r.gmvLow },
      { header: '估算销售额上限（元）', kind: 'money', width: 16, value: (r) => r.gmvHigh },
    ],
    filters: (p: SaleReportPage) => [['统计周期', `近${p.days}天`]] as [string, string][],
  } satisfies ExportList<SaleReportPage, SaleGoodsRow>;

  return { exposureRank, exposureSearch, brandVideos, saleReportGoods };
}
