import dayjs from '../../../lib/dayjs';
import { useMemo, useState } from 'react';
import {
  Alert,
  Card,
  Empty,
  Segmented,
  Select,
  Skeleton,
  Statistic,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { formatCount, type BrandDetailAnswer, type BrandVideoRow, type ShareOfVoiceRow } from '@xg/shared';
import { MultiLineChart } from '../../../components/charts/multi-line-chart';
import { PieChart } from '../../../components/charts/pie-chart';
import { BarChart } from '../../../components/charts/bar-chart';
import {
  CREATOR_DETAIL_PATH,
  VIDEO_DETAIL_PATH,
  creatorDetailSearch,
  videoDetailSearch,
} from '../../../components/detail-links';
import { QueryFailed } from '../../../components/query-failed';
import { useQueryState } from '../../../components/list-filters';
import { useAppHref } from '../../../lib/use-app-navigate';
import { ExportButton } from '../../export/components/export-button';
import { getBrandOptions, useBrandDetail, useBrandVideos, useShareOfVoice } from '../api/brand-api';
import { BRAND_DETAIL_PATH, DAY_OPTIONS, EstimateRange, EvidenceList, daysOf } from './common';
import { BrandGate } from './gates';
import '../brand.css';

/** /sale/brandDetail?brandId= (component brandDetail): a brand's exposure, spend estimate, creators, videos. */
export function BrandDetailPage() {
  return (
    <BrandGate title="品牌详情">
      <BrandDetailScreen />
    </BrandGate>
  );
}

function BrandDetailScreen() {
  const { params, set, int } = useQueryState();
  const brandId = int('brandId');
  const days = daysOf(params.get('days'));
  const query = useBrandDetail(brandId, days);
  if (brandId === undefined)
    return (
      <Card variant="borderless">
        <Empty description="请从品牌曝光榜或品牌搜索中选择品牌" />
      </Card>
    );
  return (
    <div className="page-stack">
      <Card variant="borderless">
        {query.isPending ? (
          <Skeleton active />
        ) : query.isError ? (
          <QueryFailed title="品牌详情加载失败" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {query.data.brand.brandName} <Tag>{query.data.brand.categoryName}</Tag>
              {query.data.brand.enabled ? null : <Tag color="default">已停用识别</Tag>}
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              识别别名：{query.data.brand.aliases.join('、') || '（无）'}。统计 {query.data.startDate} ~{' '}
              {query.data.endDate} 发布的视频。
            </Typography.Paragraph>
          </>
        )}
        <Segmented<number>
          aria-label="统计时间"
          options={DAY_OPTIONS}
          value={days}
          onChange={(v) => set(BRAND_DETAIL_PATH, { brandId, days: v })}
        />
      </Card>
      {query.data ? <BrandBody data={query.data} brandId={brandId} days={days} /> : null}
    </div>
  );
}

function BrandBody({ data, brandId, days }: { data: BrandDetailAnswer; brandId: number; days: number }) {
  const s = data.summary;
  const href = useAppHref();
  return (
    <>
      <Card variant="borderless" title="概览">
        <div className="brand-stats">
          <Statistic title="商单视频" value={s.sponsoredVideos} />
          <Statistic title="提及视频" value={s.mentionVideos} />
          <Statistic title="提及次数" value={s.mentionCount} />
          <Statistic title="曝光播放" value={formatCount(s.exposurePlay)} />
          <Statistic title="合作UP主" value={s.kolNum} />
          <div>
            <div className="ant-statistic-title">投放花费</div>
            <div data-testid="brand-spend">
              <EstimateRange low={s.spendLow} high={s.spendHigh} money />
            </div>
          </div>
        </div>
        <p className="brand-note">
          投放花费估算：每个商单视频按该UP主的定制视频估价 P 取 0.6P ~ 1.2P（无估价时按视频播放每千次 ¥20 ~
          ¥80），合计为区间；非品牌实际支出。
        </p>
      </Card>
      <Card variant="borderless" title="趋势（按发布日）">
        {data.trend.every((d) => d.mentionVideos === 0) ? (
          <Empty description="该时间段暂无相关视频" />
        ) : (
          <MultiLineChart
            ariaLabel="品牌每日商单与提及视频数"
            categories={data.trend.map((d) => d.day)}
            series={[
              { name: '提及视频', values: data.trend.map((d) => d.mentionVideos) },
              { name: '商单视频', values: data.trend.map((d) => d.sponsoredVideos) },
            ]}
          />
        )}
      </Card>
      <div className="side-by-side">
        <Card variant="borderless" title="分区分布">
          {data.partitions.length === 0 ? (
            <Empty description="暂无数据" />
          ) : (
            <PieChart
              ariaLabel="品牌视频的分区分布"
              slices={data.partitions.map((p) => ({ name: p.name, value: p.videoNum }))}
            />
          )}
        </Card>
        <Card variant="borderless" title="合作UP主">
          <Table
            rowKey="kolId"
            size="small"
            pagination={false}
            dataSource={data.kols}
            locale={{ emptyText: '暂无合作UP主' }}
            columns={[
              {
                key: 'name',
                title: 'UP主',
                render: (_, k) => (
                  <a
                    href={href({ pathname: CREATOR_DETAIL_PATH, search: creatorDetailSearch(k.kolId, k.kolName) })}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {k.kolName}
                  </a>
                ),
              },
              { key: 'fans', title: '粉丝', render: (_, k) => formatCount(k.fansNum), responsive: ['sm'] },
              { key: 'v', title: '相关视频', dataIndex: 'videoNum' },
              { key: 'sp', title: '商单', dataIndex: 'sponsoredNum' },
              { key: 'play', title: '播放', render: (_, k) => formatCount(k.play), responsive: ['sm'] },
            ]}
          />
        </Card>
      </div>
      <BrandVideos brandId={brandId} days={days} />
      <ShareOfVoice brandId={brandId} brandName={data.brand.brandName} days={days} suggestions={data.competitors} />
    </>
  );
}

function BrandVideos({ brandId, days }: { brandId: number; days: number }) {
  const [pageNo, setPageNo] = useState(1);
  const [kind, setKind] = useState<'all' | 'sp' | 'mention'>('all');
  const sponsored = kind === 'sp' ? 1 : kind === 'mention' ? 0 : undefined;
  const query = useBrandVideos({ brandId, days, sponsored, pageNo });
  const href = useAppHref();
  const columns: TableColumnsType<BrandVideoRow> = [
    {
      key: 'title',
      title: '视频',
      render: (_, v) => (
        <a
          href={href({ pathname: VIDEO_DETAIL_PATH, search: videoDetailSearch(v.videoId) })}
          target="_blank"
          rel="noreferrer"
        >
          {v.title}
        </a>
      ),
    },
    { key: 'kol', title: 'UP主', dataIndex: 'kolName', responsive: ['sm'] },
    {
      key: 'time',
      title: '发布时间',
      render: (_, v) => dayjs(v.publishTime).format('YYYY-MM-DD HH:mm'),
      responsive: ['md'],
    },
    { key: 'play', title: '播放', render: (_, v) => formatCount(v.playNum), responsive: ['sm'] },
    {
      key: 'type',
      title: '类型',
      render: (_, v) => (v.sponsoredByBrand ? <Tag color="red">商单</Tag> : <Tag>提及</Tag>),
    },
  ];
  return (
    <Card
      variant="borderless"
      title="相关视频与判定依据"
      extra={
        <ExportButton
          list="brandVideos"
          params={{ brandId, days, sponsored }}
          pageNo={pageNo}
          pageSize={10}
          total={query.data?.total ?? 0}
          exportName="品牌相关视频"
        />
      }
    >
      <Segmented
        aria-label="视频类型"
        style={{ marginBottom: 12 }}
        options={[
          { label: '全部', value: 'all' },
          { label: '商单', value: 'sp' },
          { label: '仅提及', value: 'mention' },
        ]}
        value={kind}
        onChange={(v) => {
          setKind(v as 'all' | 'sp' | 'mention');
          setPageNo(1);
        }}
      />
      {query.isError ? (
        <QueryFailed title="相关视频加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<BrandVideoRow>
          rowKey="videoId"
          size="middle"
          loading={query.isPending}
          columns={columns}
          dataSource={query.data?.list ?? []}
          locale={{ emptyText: '该时间段暂无相关视频' }}
          expandable={{
            expandedRowRender: (row) => <EvidenceList row={row} />,
            expandRowByClick: false,
            defaultExpandAllRows: false,
          }}
          pagination={{ current: pageNo, pageSize: 10, total: query.data?.total ?? 0, onChange: setPageNo }}
        />
      )}
      <p className="brand-note">点击行首的 + 查看该视频被计为商单或提及的依据：匹配到的文字及其出现位置。</p>
    </Card>
  );
}

function ShareOfVoice({
  brandId,
  brandName,
  days,
  suggestions,
}: {
  brandId: number;
  brandName: string;
  days: number;
  suggestions: { brandId: number; brandName: string }[];
}) {
  const [picked, setPicked] = useState<{ value: number; label: string }[]>(() =>
    suggestions.slice(0, 2).map((s) => ({ value: s.brandId, label: s.brandName })),
  );
  const [options, setOptions] = useState<{ value: number; label: string }[]>(
    suggestions.map((s) => ({ value: s.brandId, label: s.brandName })),
  );
  const ids = useMemo(() => [brandId, ...picked.map((p) => p.value).filter((id) => id !== brandId)], [brandId, picked]);
  const query = useShareOfVoice(ids, days);
  const search = (keyword: string) => {
    if (!keyword.trim()) return;
    void getBrandOptions(keyword.trim())
      .then((list) =>
        setOptions(list.filter((b) => b.brandId !== brandId).map((b) => ({ value: b.brandId, label: b.brandName }))),
      )
      .catch(() => undefined);
  };
  const rows: ShareOfVoiceRow[] = query.data?.list ?? [];
  return (
    <Card variant="borderless" title="竞品声量对比">
      <div className="brand-filters">
        <span>{brandName} 对比：</span>
        <Select
          aria-label="选择竞品品牌"
          mode="multiple"
          labelInValue
          filterOption={false}
          showSearch
          placeholder="搜索并选择1~4个竞品品牌"
          style={{ minWidth: 260, maxWidth: '100%' }}
          value={picked}
          options={options}
          onSearch={search}
          onChange={(v: { value: number; label: string }[]) => setPicked(v.slice(0, 4))}
        />
      </div>
      {ids.length < 2 ? (
        <Alert style={{ marginTop: 12 }} type="info" showIcon message="请选择至少1个竞品品牌（共2~5个品牌）进行对比" />
      ) : query.isError ? (
        <QueryFailed title="声量对比加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton active />
      ) : (
        <>
          <BarChart
            ariaLabel="品牌声量份额"
            categories={rows.map((r) => r.brandName)}
            percent
            series={[
              { name: '提及视频份额', values: rows.map((r) => r.videoShare) },
              { name: '曝光播放份额', values: rows.map((r) => r.playShare) },
            ]}
          />
          <Table
            rowKey="brandId"
            size="small"
            pagination={false}
            dataSource={rows}
            columns={[
              { key: 'n', title: '品牌', dataIndex: 'brandName' },
              { key: 'mv', title: '提及视频', dataIndex: 'mentionVideos' },
              { key: 'sp', title: '商单视频', dataIndex: 'sponsoredVideos', responsive: ['sm'] },
              { key: 'p', title: '曝光播放', render: (_, r) => formatCount(r.exposurePlay), responsive: ['sm'] },
              { key: 'vs', title: '视频份额', render: (_, r) => `${r.videoShare}%` },
              { key: 'ps', title: '播放份额', render: (_, r) => `${r.playShare}%` },
            ]}
          />
        </>
      )}
    </Card>
  );
}
