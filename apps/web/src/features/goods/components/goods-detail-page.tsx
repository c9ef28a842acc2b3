import type { TableColumnsType } from 'antd';
import { Card, Descriptions, Empty, Result, Segmented, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { CommerceMsg, formatCount, type GoodsKol, type GoodsVideo } from '@xg/shared';
import { LineChart } from '../../../components/charts/line-chart';
import { MultiLineChart } from '../../../components/charts/multi-line-chart';
import { DataTable } from '../../../components/data-table';
import { VIDEO_DETAIL_PATH, videoDetailSearch } from '../../../components/detail-links';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useQueryState } from '../../../components/list-filters';
import { PageLoading } from '../../../components/page-loading';
import { QueryFailed } from '../../../components/query-failed';
import { CreatorLink } from '../../../components/ranked-list';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { useAppHref } from '../../../lib/use-app-navigate';
import { useGoodsDetail } from '../api/get-goods-detail';
import { EstimateText, GOODS_PATHS, formatPrice, oneOf } from './goods-common';
import { GoodsGate } from './goods-gate';

const DAYS = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
  { label: '近90天', value: 90 },
];

function VideoTitle({ video }: { video: GoodsVideo }) {
  const hrefOf = useAppHref();
  return (
    <Link
      to={hrefOf({ pathname: VIDEO_DETAIL_PATH, search: videoDetailSearch(video.videoId) })}
      aria-label={`查看视频详情：${video.title}`}
    >
      {video.title}
    </Link>
  );
}

const VIDEO_COLUMNS: TableColumnsType<GoodsVideo> = [
  {
    key: 'video',
    title: '带货视频',
    render: (_, v) => (
      <div className="goods-cell">
        <VideoTitle video={v} />
        <span className="goods-meta">
          <span>{v.pubdate.slice(0, 10)}</span>
          {v.sponsored ? (
            <Tag color="magenta" bordered={false}>
              商业推广
            </Tag>
          ) : null}
        </span>
      </div>
    ),
  },
  {
    key: 'kol',
    title: 'UP主',
    width: 160,
    render: (_, v) => (
      <CreatorLink kolId={v.kolId} kolName={v.kolName} className="goods-kol" label={`查看UP主详情：${v.kolName}`}>
        {v.kolName}
      </CreatorLink>
    ),
  },
  { key: 'play', title: '播放', width: 90, align: 'right', render: (_, v) => formatCount(v.playNum) },
  {
    key: 'evidence',
    title: '带货位置与依据',
    width: 280,
    render: (_, v) => (
      <div>
        <Tag bordered={false}>{v.sourceName}</Tag>
        <div className="goods-evidence">{v.evidence}</div>
      </div>
    ),
  },
];

const KOL_COLUMNS: TableColumnsType<GoodsKol> = [
  {
    key: 'kol',
    title: 'UP主',
    render: (_, k) => (
      <CreatorLink kolId={k.kolId} kolName={k.kolName} className="goods-kol" label={`查看UP主详情：${k.kolName}`}>
        <RemoteAvatar src={k.kolImg} alt={k.kolName} size={28} /> {k.kolName}
      </CreatorLink>
    ),
  },
  { key: 'fans', title: '粉丝', width: 100, align: 'right', render: (_, k) => formatCount(k.fansNum) },
  { key: 'videos', title: '带货视频', width: 90, align: 'right', render: (_, k) => formatCount(k.videoNum) },
  { key: 'plays', title: '视频播放', width: 100, align: 'right', render: (_, k) => formatCount(k.playNum) },
];

/** /sellGoods/goodsDetail?goodsId= (component goodsDetail): price history, trend, videos and creators, sales range. */
function GoodsDetailScreen() {
  const { params, int, set } = useQueryState();
  const goodsId = int('goodsId');
  const days = oneOf([7, 30, 90], params.get('days') ?? 30, 30);
  const query = useGoodsDetail(goodsId, days);
  if (goodsId === undefined) {
    return <Result status="warning" title="缺少商品编号" subTitle="请从商品搜索或商品排行进入商品详情。" />;
  }
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return <QueryFailed title="商品详情加载失败" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { goods, sales, prices, trend, videos, kols } = query.data;
  return (
    <div className="page-stack">
      <Card variant="borderless">
        <div className="goods-header">
          <div className="goods-header-main">
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {goods.title}
            </Typography.Title>
            <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
              <Descriptions.Item label="平台">{goods.platformName}</Descriptions.Item>
              <Descriptions.Item label="商品ID">{goods.itemId}</Descriptions.Item>
              <Descriptions.Item label="店铺">{goods.shop || '-'}</Descriptions.Item>
              <Descriptions.Item label="品牌">{goods.brandName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="分类">{goods.categoryName}</Descriptions.Item>
              <Descriptions.Item label="首次发现">{goods.firstSeen.slice(0, 10)}</Descriptions.Item>
            </Descriptions>
            <Typography.Link href={goods.url} target="_blank" rel="noopener noreferrer">
              打开商品页
            </Typography.Link>
          </div>
          <Statistic title="当前价格" value={formatPrice(goods.price)} />
        </div>
      </Card>
      <Card variant="borderless" title="带货数据">
        <div className="goods-stats">
          <Statistic title="带货视频" value={goods.videoNum} />
          <Statistic title="带货UP主" value={goods.kolNum} />
          <Statistic title="视频总播放" value={formatCount(goods.playNum)} />
          <div>
            <div className="ant-statistic-title">近{sales.days}天估算销量</div>
            <EstimateText value={sales} />
          </div>
          <div>
            <div className="ant-statistic-title">近{sales.days}天估算销售额</div>
            {goods.price === null ? (
              <Typography.Text type="secondary">价格未知（商品未在商品橱窗中出现），无法估算</Typography.Text>
            ) : (
              <EstimateText value={sales} money />
            )}
          </div>
        </div>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {CommerceMsg.estimateNote}
        </Typography.Paragraph>
      </Card>
      <Card
        variant="borderless"
        title="走势"
        extra={
          <Segmented<number>
            aria-label="统计周期"
            options={DAYS}
            value={days}
            onChange={(d) => set(GOODS_PATHS.detail, { goodsId, days: d })}
          />
        }
      >
        <div className="side-by-side">
          <ErrorBoundary title="价格走势加载失败">
            {prices.length === 1 && prices[0] ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={`目前只有 ${prices[0].day} 一天的价格记录：${formatPrice(prices[0].price)}（当日最低 ${formatPrice(
                  prices[0].low,
                )}，最高 ${formatPrice(prices[0].high)}），价格走势随每日采集形成`}
              />
            ) : prices.length > 1 ? (
              <LineChart
                ariaLabel="价格走势"
                categories={prices.map((p) => p.day)}
                series={[{ name: '价格(元)', values: prices.map((p) => p.price) }]}
                valueFormatter={(v) => `¥${v.toFixed(2)}`}
                axisFormatter={(v) => `¥${v}`}
                height={300}
              />
            ) : (
              <Empty description="暂无价格记录（商品未在商品橱窗中出现过）" />
            )}
          </ErrorBoundary>
          <ErrorBoundary title="带货趋势加载失败">
            <MultiLineChart
              ariaLabel="带货趋势"
              categories={trend.map((t) => t.day)}
              series={[
                { name: '带货视频播放增量', values: trend.map((t) => t.playNum) },
                { name: '新增带货视频', values: trend.map((t) => t.newVideoNum) },
                { name: '估算销量', values: trend.map((t) => t.salesMid) },
              ]}
              height={300}
            />
          </ErrorBoundary>
        </div>
      </Card>
      <ListCard<GoodsVideo> name="带货视频" rowKey="videoId" columns={VIDEO_COLUMNS} rows={videos} />
      <ListCard<GoodsKol> name="带货UP主" rowKey="kolId" columns={KOL_COLUMNS} rows={kols} />
    </div>
  );
}

/** 带货视频 / 带货UP主: the list named `name` with its count, ten rows a page. */
function ListCard<T extends object>(props: { name: string; rowKey: keyof T; columns: TableColumnsType<T>; rows: T[] }) {
  return (
    <Card variant="borderless" title={`${props.name}（${props.rows.length}）`}>
      <DataTable<T>
        rowKey={props.rowKey}
        aria-label={`${props.name}列表`}
        columns={props.columns}
        dataSource={props.rows}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: <Empty description={`暂无${props.name}`} /> }}
      />
    </Card>
  );
}

export function GoodsDetailPage() {
  return (
    <GoodsGate title="商品详情" intro="商品的价格走势、带货视频与UP主、估算销量。">
      <GoodsDetailScreen />
    </GoodsGate>
  );
}
