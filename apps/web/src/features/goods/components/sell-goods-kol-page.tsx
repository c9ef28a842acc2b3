import type { TableColumnsType } from 'antd';
import { Tag } from 'antd';
import { Link } from 'react-router-dom';
import { SELL_KOL_SORTS, formatCount, type SellKolRow, type SellKolSort } from '@xg/shared';
import { GOODS_DETAIL_PATH, goodsDetailSearch } from '../../../components/detail-links';
import { useQueryState } from '../../../components/list-filters';
import { CreatorLink } from '../../../components/ranked-list';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { useAppHref } from '../../../lib/use-app-navigate';
import { useSellKols } from '../api/get-sell-kol';
import {
  EstimateText,
  GOODS_PAGE_SIZE,
  GOODS_PATHS,
  GoodsFilters,
  SegmentedParam,
  SortParam,
  oneOf,
  type ExportSlot,
} from './goods-common';
import { SellersGate } from './goods-gate';
import { GoodsListScreen } from './goods-list-screen';

const PATH = GOODS_PATHS.sellers;
const DAYS = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
  { label: '近90天', value: 90 },
];
const SORTS: { label: string; value: SellKolSort }[] = [
  { label: '估算销量', value: 'sales' },
  { label: '带货视频数', value: 'videoNum' },
  { label: '商品数', value: 'goodsNum' },
];

function TopGoods({ row }: { row: SellKolRow }) {
  const hrefOf = useAppHref();
  if (row.topGoods.length === 0) return <span>-</span>;
  return (
    <div className="goods-cell">
      {row.topGoods.map((g) => (
        <Link key={g.goodsId} to={hrefOf({ pathname: GOODS_DETAIL_PATH, search: goodsDetailSearch(g.goodsId) })}>
          {g.title}
        </Link>
      ))}
    </div>
  );
}

const COLUMNS: TableColumnsType<SellKolRow> = [
  {
    key: 'kol',
    title: 'UP主',
    width: 200,
    render: (_, k) => (
      <CreatorLink kolId={k.kolId} kolName={k.kolName} className="goods-kol" label={`查看UP主详情：${k.kolName}`}>
        <RemoteAvatar src={k.kolImg} alt={k.kolName} size={32} /> {k.kolName}
      </CreatorLink>
    ),
  },
  { key: 'fans', title: '粉丝', width: 90, align: 'right', render: (_, k) => formatCount(k.fansNum) },
  {
    key: 'videos',
    title: '带货视频 / 发布视频',
    width: 140,
    align: 'right',
    render: (_, k) => `${formatCount(k.sellVideoNum)} / ${formatCount(k.videoNum)}`,
  },
  { key: 'goods', title: '商品数', width: 80, align: 'right', render: (_, k) => formatCount(k.goodsNum) },
  {
    key: 'categories',
    title: '带货品类',
    width: 160,
    render: (_, k) => k.categories.map((c) => <Tag key={c}>{c}</Tag>),
  },
  { key: 'top', title: '主推商品', render: (_, k) => <TopGoods row={k} /> },
  { key: 'plays', title: '带货播放', width: 100, align: 'right', render: (_, k) => formatCount(k.playNum) },
  { key: 'sales', title: '估算销量', width: 190, render: (_, k) => <EstimateText value={k} /> },
];

/** /sellGoods/sellGoodsKol (component sellGoodsKol): creators who sell — what, how often, an estimated range. */
function SellGoodsKolScreen({ exportButton }: { exportButton: ExportSlot }) {
  const { params, int } = useQueryState();
  const keyword = params.get('keyword') ?? undefined;
  const categoryId = int('categoryId');
  const days = oneOf([7, 30, 90], params.get('days') ?? 30, 30);
  const sort = oneOf(SELL_KOL_SORTS, params.get('sort'), 'sales');
  const pageNo = int('page') ?? 1;
  const query = useSellKols({ keyword, categoryId, days, sort, pageNo, pageSize: GOODS_PAGE_SIZE });
  return (
    <GoodsListScreen<SellKolRow>
      path={PATH}
      title="带货达人"
      intro="在统计周期内有带货视频的UP主：带了什么、多频繁、估算销量区间与品类。销量为估算值（按带货视频播放增量与转化模型推算），仅供参考。"
      filters={
        <GoodsFilters
          path={PATH}
          keyword={keyword}
          keywordLabel="UP主名称"
          categoryId={categoryId}
          showPlatform={false}
        >
          <SegmentedParam path={PATH} name="days" label="统计周期" value={days} options={DAYS} />
          <SortParam path={PATH} value={sort} options={SORTS} />
        </GoodsFilters>
      }
      query={query}
      pageNo={pageNo}
      exportButton={exportButton}
      exportList="sellGoodsKol"
      exportParams={{ keyword, categoryId, days, sort }}
      exportName="带货达人"
      rowKey="kolId"
      label="带货达人列表"
      columns={COLUMNS}
      emptyText="该周期暂无带货UP主"
      unit="位UP主"
    />
  );
}

export function SellGoodsKolPage({ exportButton }: { exportButton: ExportSlot }) {
  return (
    <SellersGate title="带货达人" intro="在统计周期内有带货视频的UP主：带了什么、多频繁、估算销量与品类。">
      <SellGoodsKolScreen exportButton={exportButton} />
    </SellersGate>
  );
}
