import type { TableColumnsType } from 'antd';
import { Card, Empty, Statistic, Typography } from 'antd';
import { formatCount, type GoodsItem } from '@xg/shared';
import { BarChart } from '../../../components/charts/bar-chart';
import { MultiLineChart } from '../../../components/charts/multi-line-chart';
import { DataTable } from '../../../components/data-table';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useQueryState } from '../../../components/list-filters';
import { PageLoading } from '../../../components/page-loading';
import { QueryFailed } from '../../../components/query-failed';
import { useGoodsOverview } from '../api/get-goods-overview';
import { GOODS_PATHS, GoodsCell, Num, SegmentedParam, formatPrice, oneOf } from './goods-common';
import { GoodsGate } from './goods-gate';

const DAYS = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
  { label: '近90天', value: 90 },
];

const TOP_COLUMNS: TableColumnsType<GoodsItem> = [
  { key: 'goods', title: '商品', render: (_, g) => <GoodsCell goods={g} /> },
  { key: 'price', title: '价格', width: 100, align: 'right', render: (_, g) => formatPrice(g.price) },
  { key: 'videos', title: '带货视频', width: 100, align: 'right', render: (_, g) => <Num value={g.videoNum} /> },
  { key: 'kols', title: '带货UP主', width: 100, align: 'right', render: (_, g) => <Num value={g.kolNum} /> },
];

/** /sellGoods/goods (component goods): the window's selling and sponsored videos, categories, platforms, top goods. */
function GoodsOverviewScreen() {
  const { params } = useQueryState();
  const days = oneOf([7, 30, 90], params.get('days') ?? 30, 30);
  const query = useGoodsOverview(days);
  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          带货概览
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          统计周期内发布的视频中，带货商品（简介、置顶评论中的商品链接与商品橱窗）与商业推广（平台商业标识、UP主声明、观众“恰饭”反馈）的情况。每条判定都保留依据，可在商品详情中查看。
        </Typography.Paragraph>
        <SegmentedParam path={GOODS_PATHS.overview} name="days" label="统计周期" value={days} options={DAYS} />
      </Card>
      {query.isPending ? (
        <PageLoading />
      ) : query.isError ? (
        <QueryFailed title="带货概览加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Card variant="borderless">
            <div className="goods-stats">
              <Statistic title="带货商品" value={query.data.totals.goodsNum} />
              <Statistic title="带货视频" value={query.data.totals.videoNum} />
              <Statistic title="带货UP主" value={query.data.totals.kolNum} />
              <Statistic title="商业推广视频" value={query.data.totals.sponsoredVideoNum} />
            </div>
          </Card>
          <div className="side-by-side">
            <Card variant="borderless" title="每日带货与商业推广视频">
              <ErrorBoundary title="趋势加载失败">
                <MultiLineChart
                  ariaLabel="每日带货与商业推广视频"
                  categories={query.data.trend.map((t) => t.day)}
                  series={[
                    { name: '带货视频', values: query.data.trend.map((t) => t.sellingVideoNum) },
                    { name: '商业推广视频', values: query.data.trend.map((t) => t.sponsoredVideoNum) },
                    { name: '新出现商品', values: query.data.trend.map((t) => t.newGoodsNum) },
                  ]}
                  height={300}
                />
              </ErrorBoundary>
            </Card>
            <Card variant="borderless" title="带货品类分布">
              <ErrorBoundary title="品类分布加载失败">
                {query.data.byCategory.length > 0 ? (
                  <BarChart
                    ariaLabel="带货品类分布"
                    categories={query.data.byCategory.map((c) => c.categoryName)}
                    series={[{ name: '带货视频', values: query.data.byCategory.map((c) => c.videoNum) }]}
                    horizontal
                    showLabels
                    height={300}
                  />
                ) : (
                  <Empty description="该周期暂无带货视频" />
                )}
              </ErrorBoundary>
            </Card>
          </div>
          <Card variant="borderless" title="平台分布">
            {query.data.byPlatform.length > 0 ? (
              <div className="goods-stats">
                {query.data.byPlatform.map((p) => (
                  <Statistic
                    key={p.platform}
                    title={p.platformName}
                    value={formatCount(p.goodsNum)}
                    suffix={<span className="goods-meta">件商品 · {formatCount(p.videoNum)} 个视频</span>}
                  />
                ))}
              </div>
            ) : (
              <Empty description="该周期暂无带货商品" />
            )}
          </Card>
          <Card variant="borderless" title="热门带货商品">
            <DataTable<GoodsItem>
              rowKey="goodsId"
              aria-label="热门带货商品"
              columns={TOP_COLUMNS}
              dataSource={query.data.topGoods}
              pagination={false}
              locale={{ emptyText: <Empty description="该周期暂无带货商品" /> }}
            />
          </Card>
        </>
      )}
    </div>
  );
}

export function GoodsOverviewPage() {
  return (
    <GoodsGate title="带货概览" intro="带货商品与商业推广视频的整体情况。">
      <GoodsOverviewScreen />
    </GoodsGate>
  );
}
