import type { TableColumnsType } from 'antd';
import { GOODS_SEARCH_SORTS, formatCount, type GoodsItem, type GoodsSearchSort } from '@xg/shared';
import { useQueryState } from '../../../components/list-filters';
import { useGoodsSearch } from '../api/get-goods-search';
import {
  GOODS_PAGE_SIZE,
  GOODS_PATHS,
  GoodsCell,
  GoodsFilters,
  Num,
  PriceRange,
  SegmentedParam,
  SortParam,
  formatPrice,
  oneOf,
  platformOf,
  type ExportSlot,
} from './goods-common';
import { GoodsGate } from './goods-gate';
import { GoodsListScreen } from './goods-list-screen';

const PATH = GOODS_PATHS.search;
const DAYS = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
  { label: '近90天', value: 90 },
  { label: '全部', value: 0 },
];
const SORTS: { label: string; value: GoodsSearchSort }[] = [
  { label: '带货视频最多', value: 'videoNum' },
  { label: '视频播放最多', value: 'playNum' },
  { label: '价格最高', value: 'price' },
  { label: '最近出现', value: 'lastSeen' },
];

const COLUMNS: TableColumnsType<GoodsItem> = [
  { key: 'goods', title: '商品', render: (_, g) => <GoodsCell goods={g} /> },
  { key: 'price', title: '价格', width: 100, align: 'right', render: (_, g) => formatPrice(g.price) },
  { key: 'videos', title: '带货视频', width: 100, align: 'right', render: (_, g) => <Num value={g.videoNum} /> },
  { key: 'kols', title: '带货UP主', width: 100, align: 'right', render: (_, g) => <Num value={g.kolNum} /> },
  { key: 'plays', title: '视频播放', width: 110, align: 'right', render: (_, g) => formatCount(g.playNum) },
];

/** /sellGoods/goodsSearch (component goodsSearch): goods by keyword, category, platform, price and time. */
function GoodsSearchScreen({ exportButton }: { exportButton: ExportSlot }) {
  const { params, int } = useQueryState();
  const keyword = params.get('keyword') ?? undefined;
  const categoryId = int('categoryId');
  const platform = platformOf(params.get('platform'));
  const priceMin = params.get('priceMin') ? Number(params.get('priceMin')) : undefined;
  const priceMax = params.get('priceMax') ? Number(params.get('priceMax')) : undefined;
  const days = oneOf([7, 30, 90, 0], params.get('days') ?? 30, 30);
  const sort = oneOf(GOODS_SEARCH_SORTS, params.get('sort'), 'videoNum');
  const pageNo = int('page') ?? 1;
  const q = { keyword, categoryId, platform, priceMin, priceMax, days, sort, pageNo, pageSize: GOODS_PAGE_SIZE };
  const query = useGoodsSearch(q);
  const listParams = { keyword, categoryId, platform, priceMin, priceMax, days, sort };
  return (
    <GoodsListScreen<GoodsItem>
      path={PATH}
      title="商品搜索"
      intro="搜索UP主视频中带货的商品：来自视频简介和置顶评论中的商品链接、视频页的商品橱窗。时间按带货视频的发布时间计。"
      filters={
        <GoodsFilters path={PATH} keyword={keyword} categoryId={categoryId} platform={platform}>
          <PriceRange path={PATH} min={priceMin} max={priceMax} />
          <SegmentedParam path={PATH} name="days" label="发布时间" value={days} options={DAYS} />
          <SortParam path={PATH} value={sort} options={SORTS} />
        </GoodsFilters>
      }
      query={query}
      pageNo={pageNo}
      exportButton={exportButton}
      exportList="goodsSearch"
      exportParams={listParams}
      exportName="商品搜索"
      rowKey="goodsId"
      label="商品列表"
      columns={COLUMNS}
      emptyText="没有符合条件的带货商品"
      unit="件商品"
    />
  );
}

export function GoodsSearchPage({ exportButton }: { exportButton: ExportSlot }) {
  return (
    <GoodsGate title="商品搜索" intro="搜索UP主视频中带货的商品，按分类、平台、价格和时间筛选。">
      <GoodsSearchScreen exportButton={exportButton} />
    </GoodsGate>
  );
}
