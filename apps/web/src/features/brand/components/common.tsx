import type { ReactNode } from 'react';
import { Card, Empty, Segmented, Select, Skeleton, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import {
  ESTIMATE_LABEL,
  MENTION_LOCATION_LABELS,
  SPONSOR_SIGNAL_LABELS,
  formatCount,
  type BrandVideoRow,
  type SaleSubjectType,
} from '@xg/shared';
import { QueryFailed } from '../../../components/query-failed';

export const EXPOSURE_RANK_PATH = '/sale/exposureRank';
export const EXPOSURE_SEARCH_PATH = '/sale/exposureSearch';
export const BRAND_DETAIL_PATH = '/sale/brandDetail';
export const SALE_REPORT_PATH = '/sale/saleReport';
export const SALE_CONTRAST_PATH = '/sale/saleContrast';

export const DAY_OPTIONS = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
  { label: '近90天', value: 90 },
];

export function daysOf(raw: string | null): number {
  return raw === '7' ? 7 : raw === '90' ? 90 : 30;
}

/** An estimate: the range and the 估算 label, never one number alone (docs/metrics.md). */
export function EstimateRange({ low, high, money = false }: { low: number; high: number; money?: boolean }) {
  const f = (n: number) => (money ? `¥${formatCount(n)}` : formatCount(n));
  return (
    <span className="brand-estimate">
      {low === 0 && high === 0 ? '0' : `${f(low)} ~ ${f(high)}`}
      <Tooltip title="模型估算区间，非平台公布数据（计算方法见“估算说明”）">
        <Tag color="orange" className="brand-estimate-tag">
          {ESTIMATE_LABEL}
        </Tag>
      </Tooltip>
    </span>
  );
}

/** Why a video counts: the mentions (where, which text) and the sponsorship signals. */
export function EvidenceList({ row }: { row: BrandVideoRow }) {
  return (
    <div className="brand-evidence" data-testid="brand-evidence">
      {row.sponsorEvidence.length > 0 ? (
        <div>
          <div className="brand-evidence-title">
            商单判定{row.score !== null ? `（置信分 ${row.score.toFixed(2)}，≥ 0.80 计为商单）` : ''}
          </div>
          <ul>
            {row.sponsorEvidence.map((e) => (
              <li key={`${e.signal}-${e.location}-${e.matched}`}>
                <Tag color={e.weight < 0 ? 'default' : 'red'}>{SPONSOR_SIGNAL_LABELS[e.signal] ?? e.signal}</Tag>
                {MENTION_LOCATION_LABELS[e.location] ?? e.location}：「<mark>{e.matched}</mark>」
                <span className="brand-evidence-snippet">{e.snippet}</span>
                <span className="brand-evidence-weight">权重 {e.weight.toFixed(2)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <div className="brand-evidence-title">品牌提及</div>
        {row.mentions.length === 0 ? (
          <div className="brand-evidence-snippet">品牌由商单信号直接点名（见上）</div>
        ) : (
          <ul>
            {row.mentions.map((m) => (
              <li key={m.location}>
                <Tag>{MENTION_LOCATION_LABELS[m.location] ?? m.location}</Tag>
                匹配「<mark>{m.alias}</mark>」：<span className="brand-evidence-snippet">{m.evidence}</span>
                {m.hits > 1 ? <span className="brand-evidence-weight">共 {m.hits} 处</span> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** A brand screen's first card: its title, an optional intro, then its filters (and what follows them). */
export function BrandFilterCard({
  title,
  intro,
  after,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** what follows the filters (the estimate note) */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="borderless">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {intro ? <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph> : null}
      <div className="brand-filters">{children}</div>
      {after}
    </Card>
  );
}

/** 行业: all (0) or one of the categories the answer lists. */
export function CategorySelect({
  value,
  categories,
  onChange,
}: {
  value: number | undefined;
  categories: readonly { id: number; name: string }[] | undefined;
  onChange: (categoryId: number | undefined) => void;
}) {
  return (
    <Select
      aria-label="行业"
      style={{ width: 140 }}
      value={value ?? 0}
      options={[{ value: 0, label: '全部行业' }, ...(categories ?? []).map((c) => ({ value: c.id, label: c.name }))]}
      onChange={(v: number) => onChange(v || undefined)}
    />
  );
}

/** What a sales report or comparison is about: UP主 or 品牌. */
export function SubjectTypeSwitch(props: {
  label: string;
  value: SaleSubjectType;
  onChange: (type: SaleSubjectType) => void;
}) {
  return (
    <Segmented<SaleSubjectType>
      aria-label={props.label}
      options={[
        { label: 'UP主', value: 'kol' },
        { label: '品牌', value: 'brand' },
      ]}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

interface BrandTableProps<T> {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => Promise<unknown>;
    data?: { list: T[]; total: number };
  };
  failedTitle: string;
  emptyText: string;
  columns: TableColumnsType<T>;
  pageNo: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** A brand list: loading, failed (with 重试), empty, or its table a page at a time. */
export function BrandTable<T extends { brandId: number }>(props: BrandTableProps<T>) {
  const { query } = props;
  const data = query.data;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) {
    return <QueryFailed title={props.failedTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (data && data.list.length === 0) return <Empty description={props.emptyText} />;
  return (
    <Table<T>
      rowKey="brandId"
      size="middle"
      columns={props.columns}
      dataSource={data?.list ?? []}
      pagination={{ current: props.pageNo, pageSize: props.pageSize, total: data?.total ?? 0, onChange: props.onPage }}
    />
  );
}
