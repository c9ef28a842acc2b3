import type { TableColumnsType } from 'antd';
import {
  GOODS_RANK_BY,
  GOODS_RANK_BY_NAMES,
  GOODS_RANK_PERIODS,
  GOODS_RANK_PERIOD_NAMES,
  formatCount,
  type GoodsRankBy,
  type GoodsRankPeriod,
  type GoodsRankRow,
} from '@xg/shared';
import { useQueryState } from '../../../components/list-filters';
import { RankBadge } from '../../../components/ranked-list';
import { useGoodsRank } from '../api/get-goods-rank';
import {
  EstimateText,
  GOODS_PAGE_SIZE,
  GOODS_PATHS,
  GoodsCell,
  GoodsFilters,
  Num,
  SegmentedParam,
  formatPrice,
  oneOf,
  platformOf,
  type ExportSlot,
} from './goods-common';
import { GoodsGate } from './goods-gate';
import { GoodsListScreen } from './goods-list-screen';

const PATH = GOODS_PATHS.rank;
const BY = GOODS_RANK_BY.map((b) => ({ label: GOODS_RANK_BY_NAMES[b], value: b }));
const PERIODS = GOODS_RANK_PERIODS.map((p) => ({ label: GOODS_RANK_PERIOD_NAMES[p], value: p }));

const COLUMNS: TableColumnsType<GoodsRankRow> = [
  { key: 'rank', title: '排名', width: 70, render: (_, r) => <RankBadge rank={r.rank} /> },
  { key: 'goods', title: '商品', render: (_, r) => <GoodsCell goods={r} /> },
  { key: 'price', title: '价格', width: 90, align: 'right', render: (_, r) => formatPrice(r.price) },
  {
    key: 'periodVideos',
    title: '新增带货视频',
    width: 110,
    align: 'right',
    render: (_, r) => <Num value={r.periodVideoNum} />,
  },
  {
    key: 'periodPlays',
    title: '带货视频播放增量',
    width: 130,
    align: 'right',
    render: (_, r) => formatCount(r.periodPlayNum),
  },
  { key: 'sales', title: '估算销量', width: 190, render: (_, r) => <EstimateText value={r} /> },
  { key: 'gmv', title: '估算销售额', width: 210, render: (_, r) => <EstimateText value={r} money /> },
];

/** /sellGoods/goodsRank (component goodsRank): goods of the day / week / month by videos, sales or plays. */
function GoodsRankScreen({ exportButton }: { exportButton: ExportSlot }) {
  const { params, int } = useQueryState();
  const by = oneOf<GoodsRankBy>(GOODS_RANK_BY, params.get('by'), 'video');
  const period = oneOf<GoodsRankPeriod>(GOODS_RANK_PERIODS, params.get('period'), 'week');
  const categoryId = int('categoryId');
  const platform = platformOf(params.get('platform'));
  const pageNo = int('page') ?? 1;
  const query = useGoodsRank({ by, period, categoryId, platform, pageNo, pageSize: GOODS_PAGE_SIZE });
  return (
    <GoodsListScreen<GoodsRankRow>
      path={PATH}
      title="商品排行"
      intro={`按${GOODS_RANK_BY_NAMES[by]}排序的${GOODS_RANK_PERIOD_NAMES[period]}${
        query.data?.endDay ? `（截至 ${query.data.endDay}）` : ''
      }。销量与销售额为估算区间：按带货视频的播放增量、商品展示位置的点击率与品类转化率推算，仅供参考。`}
      filters={
        <GoodsFilters path={PATH} keywordLabel="" categoryId={categoryId} platform={platform}>
          <SegmentedParam path={PATH} name="period" label="榜单周期" value={period} options={PERIODS} />
          <SegmentedParam path={PATH} name="by" label="排行方式" value={by} options={BY} />
        </GoodsFilters>
      }
      query={query}
      pageNo={pageNo}
      exportButton={exportButton}
      exportList="goodsRank"
      exportParams={{ by, period, categoryId, platform }}
      exportName={`商品${GOODS_RANK_PERIOD_NAMES[period]}`}
      rowKey="goodsId"
      label="商品排行榜"
      columns={COLUMNS}
      emptyText="该周期暂无带货数据"
      unit="件商品"
    />
  );
}

export function GoodsRankPage({ exportButton }: { exportButton: ExportSlot }) {
  return (
    <GoodsGate title="商品排行" intro="按带货视频数、估算销量或带货播放排序的商品日榜、周榜、月榜。">
      <GoodsRankScreen exportButton={exportButton} />
    </GoodsGate>
  );
}
