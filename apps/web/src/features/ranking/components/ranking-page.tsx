import {
  Alert,
  Grid,
  Button,
  Card,
  Empty,
  Segmented,
  Select,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { CrownFilled } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import {
  FREE_RANKING_ROWS,
  RANKING_PERIODS,
  formatCount,
  type CompanyRankingRow,
  type RankingKind,
  type RankingPeriod,
  type RankingRow,
} from '@xg/shared';
import { ApproveBadge } from '../../../components/approve-badge';
import { ErrorBoundary } from '../../../components/error-boundary';
import { LevelTag } from '../../../components/level-tag';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { useAppHref, useAppNavigate } from '../../../lib/use-app-navigate';
import { useFeature } from '../../gate/hooks/use-feature';
import { useUpgradePopup } from '../../gate/hooks/use-upgrade-popup';
import { useCompanyRanking } from '../api/get-company-ranking';
import { usePartitions } from '../api/get-partitions';
import { useRanking } from '../api/get-ranking';
import { useRankingDates, type RankingDatesKind } from '../api/get-ranking-dates';
import { RankingDatePicker } from './ranking-date-picker';
import '../ranking.css';
import { QueryFailed } from '../../../components/query-failed';

const PAGE_SIZE = 20;
const DETAIL_PATH = '/search/upSearch/detail';

export type BoardKind = RankingKind | 'company';

export interface BoardTab {
  kind: BoardKind;
  label: string;
  /** the value column's title */
  valueTitle: string;
  /** what the value column shows */
  valueFormat?: (value: number) => string;
  /** the delta column's title (null hides it) */
  deltaTitle: string | null;
}

const PERIOD_LABELS: Readonly<Record<RankingPeriod, string>> = { day: '日榜', week: '周榜', month: '月榜' };

function isPeriod(value: string | null): value is RankingPeriod {
  return value !== null && (RANKING_PERIODS as readonly string[]).includes(value);
}

function signed(value: number | null): string {
  if (value === null) return '-';
  return `${value > 0 ? '+' : value < 0 ? '-' : ''}${formatCount(Math.abs(value))}`;
}

export function yuan(value: number): string {
  return value >= 10_000 ? `¥${formatCount(value)}` : `¥${Math.round(value).toLocaleString('zh-CN')}`;
}

/** 粉丝榜 · 周榜 · 2026-11-15 ~ 2026-11-21 (a list's date is the last day of its window). */
function cardTitle(
  label: string,
  data: { period: RankingPeriod; date: string | null; periodStart: string | null } | undefined,
): string {
  if (!data?.date) return label;
  const range = data.periodStart && data.periodStart !== data.date ? `${data.periodStart} ~ ${data.date}` : data.date;
  return `${label} · ${PERIOD_LABELS[data.period]} · ${range}`;
}

function RankCell({ rank }: { rank: number }) {
  return rank <= 3 ? (
    <span className={`ranking-medal is-top${rank}`} aria-label={`第${rank}名`}>
      <CrownFilled aria-hidden /> {rank}
    </span>
  ) : (
    <span className="ranking-rank">{rank}</span>
  );
}

interface RankingPageProps {
  /** page heading */
  title: string;
  description: string;
  /** the ranking kinds of this page, first is the default */
  tabs: readonly [BoardTab, ...BoardTab[]];
  /** the route of this page (URL state is written back to it) */
  path: string;
}

/**
 * A rankings screen: kind tabs, 日榜/周榜/月榜, a date picker limited to the dates that have a ranking, a
 * partition choice, and the ranked table. Everything is kept in the URL (?kind=&period=&date=&tid=&page=).
 * A 免费版 account reads the first 20 ranks (`ranking.full`), with an upgrade banner.
 */
export function RankingPage({ title, description, tabs, path }: RankingPageProps) {
  const [searchParams] = useSearchParams();
  const navigate = useAppNavigate();
  const rawKind = searchParams.get('kind');
  const tab = tabs.find((entry) => entry.kind === rawKind) ?? tabs[0];
  const rawPeriod = searchParams.get('period');
  const period: RankingPeriod = isPeriod(rawPeriod) ? rawPeriod : 'day';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(searchParams.get('date') ?? '')
    ? (searchParams.get('date') ?? undefined)
    : undefined;
  const tidRaw = Number(searchParams.get('tid'));
  const tid = Number.isInteger(tidRaw) && tidRaw > 0 ? tidRaw : undefined;
  const pageRaw = Number(searchParams.get('page'));
  const pageNo = Number.isInteger(pageRaw) && pageRaw >= 1 ? pageRaw : 1;

  const go = (patch: {
    kind?: BoardKind;
    period?: RankingPeriod;
    date?: string | null;
    tid?: number | null;
    page?: number;
  }) => {
    const next = new URLSearchParams();
    next.set('kind', patch.kind ?? tab.kind);
    next.set('period', patch.period ?? period);
    const nextDate = patch.date === null ? undefined : (patch.date ?? date);
    if (nextDate) next.set('date', nextDate);
    const nextTid = patch.tid === null ? undefined : (patch.tid ?? tid);
    if (nextTid) next.set('tid', String(nextTid));
    const nextPage = patch.page ?? 1;
    if (nextPage > 1) next.set('page', String(nextPage));
    navigate({ pathname: path, search: `?${next.toString()}` });
  };

  const dates = useRankingDates(tab.kind satisfies RankingDatesKind, period);
  const partitions = usePartitions();

  return (
    <div className="page-stack">
      <Card variant="borderless" className="ranking-head">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
        <Tabs
          activeKey={tab.kind}
          onChange={(key) => go({ kind: tabs.find((entry) => entry.kind === key)?.kind ?? tabs[0].kind, date: null })}
          items={tabs.map((entry) => ({ key: entry.kind, label: entry.label }))}
        />
        <div className="ranking-controls">
          <Segmented<RankingPeriod>
            aria-label="统计周期"
            options={RANKING_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
            value={period}
            onChange={(value) => go({ period: value, date: null })}
          />
          <RankingDatePicker
            dates={dates.data ?? []}
            value={date ?? dates.data?.[0] ?? null}
            loading={dates.isPending}
            onChange={(value) => go({ date: value })}
          />
          {tab.kind !== 'company' ? (
            <Select
              aria-label="分区"
              className="ranking-partition"
              placeholder="全部分区"
              allowClear
              loading={partitions.isPending}
              value={tid}
              onChange={(value: number | undefined) => go({ tid: value ?? null })}
              options={(partitions.data ?? []).map((partition) => ({ value: partition.tid, label: partition.name }))}
            />
          ) : null}
        </div>
      </Card>
      <ErrorBoundary title="榜单加载失败" resetKeys={[searchParams.toString()]}>
        {dates.isSuccess && dates.data.length === 0 ? (
          <Card variant="borderless">
            <Empty description={`暂无${PERIOD_LABELS[period]}数据，榜单每日更新`} />
          </Card>
        ) : tab.kind === 'company' ? (
          <CompanyTable tab={tab} period={period} date={date} pageNo={pageNo} onPage={(page) => go({ page })} />
        ) : (
          <KolTable
            tab={tab}
            kind={tab.kind}
            period={period}
            date={date}
            tid={tid}
            pageNo={pageNo}
            onPage={(page) => go({ page })}
          />
        )}
      </ErrorBoundary>
    </div>
  );
}

function LimitBanner({ limitRows }: { limitRows: number | null }) {
  const feature = useFeature('ranking.full');
  const { openUpgradePopup, upgradePopup } = useUpgradePopup();
  return (
    <>
      <Alert
        type="warning"
        showIcon
        className="ranking-limit"
        data-testid="ranking-limit-banner"
        title={`免费版仅可查看前${limitRows ?? FREE_RANKING_ROWS}名，升级会员查看完整榜单`}
        action={
          <Button size="small" type="primary" onClick={() => openUpgradePopup(feature)}>
            升级
          </Button>
        }
      />
      {upgradePopup}
    </>
  );
}

interface KolTableProps {
  tab: BoardTab;
  kind: RankingKind;
  period: RankingPeriod;
  date: string | undefined;
  tid: number | undefined;
  pageNo: number;
  onPage: (page: number) => void;
}

function KolTable({ tab, kind, period, date, tid, pageNo, onPage }: KolTableProps) {
  const hrefOf = useAppHref();
  const compact = Grid.useBreakpoint().sm === false;
  const query = useRanking({ kind, period, date, tid, pageNo, pageSize: PAGE_SIZE }, true);
  const format = tab.valueFormat ?? formatCount;
  const columns: TableColumnsType<RankingRow> = [
    {
      key: 'rank',
      title: '排名',
      width: compact ? 48 : 64,
      align: 'center',
      render: (_, row) => <RankCell rank={row.rank} />,
    },
    {
      key: 'kol',
      title: 'UP主',
      render: (_, row) => (
        <a
          className="ranking-kol"
          href={hrefOf({
            pathname: DETAIL_PATH,
            search: `?${new URLSearchParams({ kolId: String(row.kolId), kolName: row.kolName }).toString()}`,
          })}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`查看UP主详情：${row.kolName}`}
        >
          <RemoteAvatar src={row.kolImg} alt={row.kolName} size={40} />
          <span className="ranking-kol-main">
            <span className="ranking-kol-name">
              <Typography.Text strong ellipsis={{ tooltip: row.kolName }}>
                {row.kolName}
              </Typography.Text>
              <ApproveBadge isApprove={row.isApprove} />
              <LevelTag level={row.platformLevel} />
            </span>
            <span className="ranking-kol-meta">{row.mcnName ? `MCN：${row.mcnName}` : `UID：${row.kolUid}`}</span>
          </span>
        </a>
      ),
    },
    {
      key: 'theme',
      title: '分区',
      width: 120,
      responsive: ['md'],
      render: (_, row) => (row.themeName ? <Tag>{row.themeName}</Tag> : '-'),
    },
    {
      key: 'value',
      title: tab.valueTitle,
      width: compact ? 96 : 120,
      align: 'right',
      render: (_, row) => <strong className="ranking-value">{format(row.value)}</strong>,
    },
    ...(tab.deltaTitle
      ? [
          {
            key: 'delta',
            title: tab.deltaTitle,
            width: 110,
            align: 'right' as const,
            responsive: ['sm' as const],
            render: (_: unknown, row: RankingRow) => (
              <span className={row.delta !== null && row.delta < 0 ? 'ranking-delta is-down' : 'ranking-delta'}>
                {kind === 'business' && row.delta !== null
                  ? `${row.delta > 0 ? '+' : ''}${yuan(row.delta)}`
                  : signed(row.delta)}
              </span>
            ),
          },
        ]
      : []),
    ...(kind === 'fans'
      ? []
      : [
          {
            key: 'fans',
            title: '粉丝数',
            width: 100,
            align: 'right' as const,
            responsive: ['lg' as const],
            render: (_: unknown, row: RankingRow) => formatCount(row.fansNum),
          },
        ]),
    {
      key: 'index',
      title: '云指数',
      width: 90,
      align: 'right',
      responsive: ['lg'],
      render: (_, row) => row.indexNum.toFixed(1),
    },
  ];

  if (query.isError) {
    return (
      <Card variant="borderless">
        <QueryFailed title="榜单加载失败" error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  const data = query.data;
  const cap = data?.limited ? (data.limitRows ?? FREE_RANKING_ROWS) : Number.POSITIVE_INFINITY;
  const total = Math.min(data?.total ?? 0, cap, PAGE_SIZE * 500);
  return (
    <Card variant="borderless" title={cardTitle(tab.label, data)}>
      {data?.limited ? <LimitBanner limitRows={data.limitRows} /> : null}
      <Table<RankingRow>
        scroll={{ x: 'max-content' }}
        rowKey={(row) => `${row.rank}-${row.kolId}`}
        size={compact ? 'small' : 'middle'}
        columns={columns}
        dataSource={data?.rankings ?? []}
        loading={query.isPending || query.isPlaceholderData}
        aria-label={`${tab.label}榜单`}
        locale={{ emptyText: '该日期暂无榜单数据' }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          showTotal: () => `共 ${data?.total ?? 0} 名`,
          onChange: onPage,
        }}
      />
    </Card>
  );
}

interface CompanyTableProps {
  tab: BoardTab;
  period: RankingPeriod;
  date: string | undefined;
  pageNo: number;
  onPage: (page: number) => void;
}

function CompanyTable({ tab, period, date, pageNo, onPage }: CompanyTableProps) {
  const compact = Grid.useBreakpoint().sm === false;
  const query = useCompanyRanking({ period, date, pageNo, pageSize: PAGE_SIZE }, true);
  const columns: TableColumnsType<CompanyRankingRow> = [
    {
      key: 'rank',
      title: '排名',
      width: compact ? 48 : 64,
      align: 'center',
      render: (_, row) => <RankCell rank={row.rank} />,
    },
    {
      key: 'mcn',
      title: 'MCN机构',
      render: (_, row) => <Typography.Text strong>{row.mcnName}</Typography.Text>,
    },
    {
      key: 'kolNum',
      title: '签约UP主',
      width: 110,
      align: 'right',
      render: (_, row) => (row.kolNum === null ? '-' : `${row.kolNum.toLocaleString('zh-CN')}位`),
    },
    {
      key: 'value',
      title: tab.valueTitle,
      width: compact ? 96 : 130,
      align: 'right',
      render: (_, row) => <strong className="ranking-value">{formatCount(row.value)}</strong>,
    },
    {
      key: 'delta',
      title: tab.deltaTitle ?? '较上期',
      width: 120,
      align: 'right',
      responsive: ['sm'],
      render: (_, row) => (
        <span className={row.delta !== null && row.delta < 0 ? 'ranking-delta is-down' : 'ranking-delta'}>
          {signed(row.delta)}
        </span>
      ),
    },
  ];
  if (query.isError) {
    return (
      <Card variant="borderless">
        <QueryFailed title="榜单加载失败" error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  const data = query.data;
  const cap = data?.limited ? (data.limitRows ?? FREE_RANKING_ROWS) : Number.POSITIVE_INFINITY;
  return (
    <Card variant="borderless" title={cardTitle(tab.label, data)}>
      {data?.limited ? <LimitBanner limitRows={data.limitRows} /> : null}
      <Table<CompanyRankingRow>
        scroll={{ x: 'max-content' }}
        rowKey={(row) => `${row.rank}-${row.mcnId}`}
        size={compact ? 'small' : 'middle'}
        columns={columns}
        dataSource={data?.rankings ?? []}
        loading={query.isPending || query.isPlaceholderData}
        aria-label={`${tab.label}榜单`}
        locale={{ emptyText: '该日期暂无榜单数据' }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: Math.min(data?.total ?? 0, cap, PAGE_SIZE * 500),
          showSizeChanger: false,
          showTotal: () => `共 ${data?.total ?? 0} 家`,
          onChange: onPage,
        }}
      />
    </Card>
  );
}
