import { Button, Card, Segmented, Select, Tag, type TableColumnType, type TableColumnsType } from 'antd';
import {
  EXPOSURE_PERIOD_LABELS,
  EXPOSURE_SORT_LABELS,
  formatCount,
  type BrandSearchRow,
  type ExposurePeriod,
  type ExposureRankRow,
  type ExposureSort,
} from '@xg/shared';
import { KeywordSearch } from '../../../components/keyword-search';
import { useQueryState } from '../../../components/list-filters';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { ExportButton } from '../../export/components/export-button';
import { useExposureRank, useExposureSearch } from '../api/brand-api';
import {
  BRAND_DETAIL_PATH,
  BrandFilterCard,
  BrandTable,
  CategorySelect,
  EXPOSURE_RANK_PATH,
  EXPOSURE_SEARCH_PATH,
} from './common';
import { BrandGate } from './gates';
import '../brand.css';

const PAGE_SIZE = 20;

/** The 品牌 column: the brand's name, a link to its detail page. */
function useBrandColumn<R extends { brandId: number; brandName: string }>(): TableColumnType<R> {
  const navigate = useAppNavigate();
  return {
    key: 'brand',
    title: '品牌',
    render: (_, r) => (
      <Button
        type="link"
        className="brand-link"
        onClick={() => navigate({ pathname: BRAND_DETAIL_PATH, search: `?brandId=${r.brandId}` })}
      >
        {r.brandName}
      </Button>
    ),
  };
}

/** /sale/exposureRank (component exposureRank): brands by sponsored videos, mentions and exposure plays. */
export function ExposureRankPage() {
  return (
    <BrandGate title="品牌曝光榜">
      <ExposureRankScreen />
    </BrandGate>
  );
}

function ExposureRankScreen() {
  const { params, set, int } = useQueryState();
  const period = (
    ['day', 'week', 'month'].includes(params.get('period') ?? '') ? params.get('period') : 'week'
  ) as ExposurePeriod;
  const sort = (
    ['sponsored', 'mentions', 'plays'].includes(params.get('sort') ?? '') ? params.get('sort') : 'sponsored'
  ) as ExposureSort;
  const categoryId = int('categoryId');
  const pageNo = int('page') ?? 1;
  const q = { period, sort, categoryId, pageNo, pageSize: PAGE_SIZE };
  const query = useExposureRank(q);
  const brandColumn = useBrandColumn<ExposureRankRow>();
  const columns: TableColumnsType<ExposureRankRow> = [
    { key: 'rank', title: '排名', dataIndex: 'rank', width: 64 },
    brandColumn,
    { key: 'cat', title: '行业', dataIndex: 'categoryName', responsive: ['sm'] },
    { key: 'sp', title: '商单视频', render: (_, r) => formatCount(r.sponsoredVideos) },
    { key: 'mv', title: '提及视频', render: (_, r) => formatCount(r.mentionVideos), responsive: ['md'] },
    { key: 'mc', title: '提及次数', render: (_, r) => formatCount(r.mentionCount) },
    { key: 'play', title: '曝光播放', render: (_, r) => formatCount(r.exposurePlay), responsive: ['sm'] },
    { key: 'kol', title: '合作UP主', render: (_, r) => formatCount(r.kolNum), responsive: ['md'] },
  ];
  const data = query.data;
  return (
    <div className="page-stack">
      <BrandFilterCard
        title="品牌曝光榜"
        intro="统计周期内发布的视频中，被识别为品牌商单或提及品牌的视频数、提及次数与这些视频的播放（曝光播放）。每条识别都保留依据，可在品牌详情中查看。"
      >
        <Segmented<ExposurePeriod>
          aria-label="榜单周期"
          options={(['day', 'week', 'month'] as const).map((v) => ({ label: EXPOSURE_PERIOD_LABELS[v], value: v }))}
          value={period}
          onChange={(v) => set(EXPOSURE_RANK_PATH, { period: v })}
        />
        <CategorySelect
          value={categoryId}
          categories={data?.categories}
          onChange={(id) => set(EXPOSURE_RANK_PATH, { categoryId: id })}
        />
        <Select
          aria-label="排序"
          style={{ width: 140 }}
          value={sort}
          options={(['sponsored', 'mentions', 'plays'] as const).map((v) => ({
            value: v,
            label: `按${EXPOSURE_SORT_LABELS[v]}`,
          }))}
          onChange={(v: ExposureSort) => set(EXPOSURE_RANK_PATH, { sort: v })}
        />
      </BrandFilterCard>
      <Card
        variant="borderless"
        title={
          data
            ? `${EXPOSURE_PERIOD_LABELS[period]} ${data.startDate} ~ ${data.endDate}`
            : EXPOSURE_PERIOD_LABELS[period]
        }
        extra={
          <ExportButton
            list="exposureRank"
            params={{ period, sort, categoryId }}
            pageNo={pageNo}
            pageSize={PAGE_SIZE}
            total={data?.total ?? 0}
            exportName={`品牌曝光榜_${EXPOSURE_PERIOD_LABELS[period]}`}
          />
        }
      >
        <BrandTable<ExposureRankRow>
          query={query}
          failedTitle="品牌曝光榜加载失败"
          emptyText="该周期暂无品牌商单或提及数据"
          columns={columns}
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          onPage={(page) => set(EXPOSURE_RANK_PATH, { page })}
        />
      </Card>
    </div>
  );
}

/** /sale/exposureSearch (component exposureSearch): brands by name or alias, with their last 30 days. */
export function ExposureSearchPage() {
  return (
    <BrandGate title="品牌搜索">
      <ExposureSearchScreen />
    </BrandGate>
  );
}

function ExposureSearchScreen() {
  const { params, set, int } = useQueryState();
  const keyword = params.get('keyword') ?? '';
  const categoryId = int('categoryId');
  const pageNo = int('page') ?? 1;
  const query = useExposureSearch({ keyword: keyword || undefined, categoryId, pageNo, pageSize: PAGE_SIZE });
  const brandColumn = useBrandColumn<BrandSearchRow>();
  const data = query.data;
  const columns: TableColumnsType<BrandSearchRow> = [
    brandColumn,
    { key: 'cat', title: '行业', dataIndex: 'categoryName' },
    {
      key: 'aliases',
      title: '别名',
      responsive: ['md'],
      render: (_, r) => r.aliases.slice(0, 6).map((a) => <Tag key={a}>{a}</Tag>),
    },
    { key: 'sp', title: '近30天商单', render: (_, r) => formatCount(r.sponsoredVideos) },
    { key: 'mv', title: '近30天提及视频', render: (_, r) => formatCount(r.mentionVideos), responsive: ['sm'] },
    { key: 'kol', title: '合作UP主', render: (_, r) => formatCount(r.kolNum), responsive: ['md'] },
  ];
  return (
    <div className="page-stack">
      <BrandFilterCard title="品牌搜索">
        <KeywordSearch
          label="品牌名称或别名"
          placeholder="请输入品牌名称或别名"
          maxLength={40}
          style={{ maxWidth: 360 }}
          initial={keyword}
          onSearch={(value) => set(EXPOSURE_SEARCH_PATH, { keyword: value })}
          enterButton="搜索"
        />
        <CategorySelect
          value={categoryId}
          categories={data?.categories}
          onChange={(id) => set(EXPOSURE_SEARCH_PATH, { categoryId: id })}
        />
      </BrandFilterCard>
      <Card
        variant="borderless"
        title={data ? `共 ${formatCount(data.total)} 个品牌` : '品牌'}
        extra={
          <ExportButton
            list="exposureSearch"
            params={{ keyword: keyword || undefined, categoryId }}
            pageNo={pageNo}
            pageSize={PAGE_SIZE}
            total={data?.total ?? 0}
            exportName={keyword ? `品牌搜索_${keyword}` : '品牌搜索'}
          />
        }
      >
        <BrandTable<BrandSearchRow>
          query={query}
          failedTitle="品牌搜索失败"
          emptyText={keyword ? `没有找到与“${keyword}”相关的品牌` : '暂无品牌'}
          columns={columns}
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          onPage={(page) => set(EXPOSURE_SEARCH_PATH, { page })}
        />
      </Card>
    </div>
  );
}
