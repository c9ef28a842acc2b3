import {
  GOODS_PLATFORM_NAMES,
  GOODS_RANK_BY_NAMES,
  GOODS_RANK_PERIOD_NAMES,
  GoodsRankParams,
  GoodsSearchParams,
  SellKolParams,
  categoryName,
  type GoodsItem,
  type GoodsRankRow,
  type SellKolRow,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import type { ExportColumn } from '../export/xlsx-writer.js';
import type { ExportList } from '../export/export.registry.js';
import { commerceServiceOf } from './commerce.routes.js';

const SEARCH_SORTS: Readonly<Record<GoodsSearchParams['sort'], string>> = {
  videoNum: '带货视频最多',
  playNum: '播放最多',
  price: '价格最高',
  lastSeen: '最近出现',
};
const KOL_SORTS: Readonly<Record<SellKolParams['sort'], string>> = {
  sales: '估算销量',
  videoNum: '带货视频数',
  goodsNum: '商品数',
};
const ESTIMATE_NOTE: [string, string] = [
  '说明',
  '销量与销售额为估算值（按带货视频播放量与转化模型推算，见 docs/metrics.md），仅供参考',
];

function goodsColumns<R extends GoodsItem>(): ExportColumn<R>[] {
  return [
    { header: '商品', kind: 'text', width: 40, value: (r) => r.title },
    { header: '平台', kind: 'text', width: 8, value: (r) => r.platformName },
    { header: '商品ID', kind: 'text', width: 16, value: (r) => r.itemId },
    { header: '价格(元)', kind: 'decimal', width: 10, value: (r) => r.price },
    { header: '店铺', kind: 'text', width: 20, value: (r) => r.shop },
    { header: '品牌', kind: 'text', width: 12, value: (r) => r.brandName },
    { header: '分类', kind: 'text', width: 10, value: (r) => r.categoryName },
    { header: '带货视频', kind: 'int', width: 10, value: (r) => r.videoNum },
    { header: '带货UP主', kind: 'int', width: 10, value: (r) => r.kolNum },
    { header: '视频播放', kind: 'int', width: 12, value: (r) => r.playNum },
    { header: '链接', kind: 'text', width: 40, value: (r) => r.url },
  ];
}

function commonFilters(p: { categoryId?: number; platform?: keyof typeof GOODS_PLATFORM_NAMES }): [string, string][] {
  return [
    ['分类', p.categoryId === undefined ? '全部' : categoryName(p.categoryId)],
    ['平台', p.platform === undefined ? '全部' : GOODS_PLATFORM_NAMES[p.platform]],
  ];
}

/**
 * The goods lists of the Excel export (spec §7.6 machinery; modules/export registry): goodsSearch, goodsRank and
 * sellGoodsKol, also `export=1` on their list calls. Each reads through the commerce service as the caller, so the
 * tier gate of the screen applies to its export too.
 */
export function commerceExportLists(ctx: AppContext) {
  const service = commerceServiceOf(ctx);
  const goodsSearch = {
    name: 'goodsSearch',
    title: () => '商品搜索',
    schema: GoodsSearchParams,
    page: async (userId: string, p: GoodsSearchParams) => {
      const a = await service.search(userId, p);
      return { rows: a.list, total: a.total, dataTime: null };
    },
    columns: () => goodsColumns<GoodsItem>(),
    filters: (p: GoodsSearchParams) => {
      const out: [string, string][] = [['关键词', p.keyword ?? '全部'], ...commonFilters(p)];
      if (p.priceMin !== undefined || p.priceMax !== undefined) {
        out.push(['价格', `${p.priceMin ?? 0} ~ ${p.priceMax ?? '不限'} 元`]);
      }
      out.push(['时间', p.days === 0 ? '全部' : `近${p.days}天`], ['排序', SEARCH_SORTS[p.sort]]);
      return out;
    },
  } satisfies ExportList<GoodsSearchParams, GoodsItem>;

  const goodsRank = {
    name: 'goodsRank',
    title: (p: GoodsRankParams) => `商品${GOODS_RANK_PERIOD_NAMES[p.period]}_${GOODS_RANK_BY_NAMES[p.by]}`,
    schema: GoodsRankParams,
    page: async (userId: string, p: GoodsRankParams) => {
      const a = await service.rank(userId, p);
      return { rows: a.list, total: a.total, dataTime: a.endDay ? `截至 ${a.endDay}` : null, notes: [ESTIMATE_NOTE] };
    },
    columns: (): ExportColumn<GoodsRankRow>[] => [
      { header: '排名', kind: 'int', width: 6, value: (r) => r.rank },
      ...goodsColumns<GoodsRankRow>(),
      { header: '周期新增带货视频', kind: 'int', width: 14, value: (r) => r.periodVideoNum },
      { header: '周期带货播放', kind: 'int', width: 14, value: (r) => r.periodPlayNum },
      { header: '估算销量(下限)', kind: 'int', width: 14, value: (r) => r.salesLow },
      { header: '估算销量(上限)', kind: 'int', width: 14, value: (r) => r.salesHigh },
      { header: '估算销售额(下限,元)', kind: 'int', width: 16, value: (r) => r.gmvLow },
      { header: '估算销售额(上限,元)', kind: 'int', width: 16, value: (r) => r.gmvHigh },
    ],
    filters: (p: GoodsRankParams) => [
      ['榜单', GOODS_RANK_PERIOD_NAMES[p.period]],
      ['排行方式', GOODS_RANK_BY_NAMES[p.by]],
      ...commonFilters(p),
    ],
  } satisfies ExportList<GoodsRankParams, GoodsRankRow>;

  const sellGoodsKol = {
    name: 'sellGoodsKol',
    title: () => '带货达人',
    schema: SellKolParams,
    page: async (userId: string, p: SellKolParams) => {
      const a = await service.sellKols(userId, p);
      return { rows: a.list, total: a.total, dataTime: null, notes: [ESTIMATE_NOTE] };
    },
    columns: (): ExportColumn<SellKolRow>[] => [
      { header: 'UP主', kind: 'text', width: 20, value: (r) => r.kolName },
      { header: 'UID', kind: 'text', width: 14, value: (r) => String(r.kolUid) },
      { header: '粉丝数', kind: 'int', width: 12, value: (r) => r.fansNum },
      { header: '带货视频', kind: 'int', width: 10, value: (r) => r.sellVideoNum },
      { header: '周期视频', kind: 'int', width: 10, value: (r) => r.videoNum },
      { header: '商品数', kind: 'int', width: 8, value: (r) => r.goodsNum },
      { header: '带货播放', kind: 'int', width: 12, value: (r) => r.playNum },
      { header: '带货品类', kind: 'text', width: 20, value: (r) => r.categories.join('、') },
      { header: '主推商品', kind: 'text', width: 40, value: (r) => r.topGoods.map((g) => g.title).join('；') },
      { header: '估算销量(下限)', kind: 'int', width: 14, value: (r) => r.salesLow },
      { header: '估算销量(上限)', kind: 'int', width: 14, value: (r) => r.salesHigh },
      { header: '估算销售额(下限,元)', kind: 'int', width: 16, value: (r) => r.gmvLow },
      { header: '估算销售额(上限,元)', kind: 'int', width: 16, value: (r) => r.gmvHigh },
      { header: '最近带货', kind: 'datetime', width: 18, value: (r) => r.lastSellAt },
    ],
    filters: (p: SellKolParams) => [
      ['关键词', p.keyword ?? '全部'],
      ['分类', p.categoryId === undefined ? '全部' : categoryName(p.categoryId)],
      ['时间', `近${p.days}天`],
      ['排序', KOL_SORTS[p.sort]],
    ],
  } satisfies ExportList<SellKolParams, SellKolRow>;

  return { goodsSearch, goodsRank, sellGoodsKol };
}
