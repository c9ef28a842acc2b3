import { Grid, Card, Empty, Segmented, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router-dom';
import {
  FREE_RANKING_ROWS,
  RANKING_PERIODS,
  formatCount,
  type CompanyRankingRow,
  type PageInfo,
  type RankingKind,
  type RankingLimit,
  type RankingPeriod,
  type RankingRow,
} from '@xg/shared';
import { ApproveBadge } from '../../../components/approve-badge';
import { ErrorBoundary } from '../../../components/error-boundary';
import { LevelTag } from '../../../components/level-tag';
import { LimitAlert } from '../../../components/limit-alert';
import { PartitionSelect } from '../../../components/list-filters';
import { CreatorLink, RankBadge, ScoreText, listPagination } from '../../../components/ranked-list';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { useFeature } from '../../gate/hooks/use-feature';
import { useUpgradePopup } from '../../gate/hooks/use-upgrade-popup';
import { LinkToggle } from '../../collect/components/link-toggle';
import { useCompanyRanking } from '../api/get-company-ranking';
import { useRanking } from '../api/get-ranking';
import { useRankingDates, type RankingDatesKind } from '../api/get-ranking-dates';
import { RankingDatePicker } from './ranking-date-picker';
import '../ranking.css';
import { QueryFailed } from '../../../components/query-failed';

const PAGE_SIZE = 20;

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
interface CardTitleData {
  period: RankingPeriod;
  date: string | null;
  periodStart: string | null;
}

function cardTitle(label: string, data: CardTitleData | undefined): string {
  if (!data?.date) return label;
  const range = data.periodStart && data.periodStart !== data.date ? `${data.periodStart} ~ ${data.date}` : data.date;
  return `${label} · ${PERIOD_LABELS[data.period]} · ${range}`;
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
        <div className="list-controls">
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
            <PartitionSelect value={tid} onChange={(value) => go({ tid: value ?? null })} />
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
      <LimitAlert
        className="ranking-limit"
        testId="ranking-limit-banner"
        title={`免费版仅可查看前${limitRows ?? FREE_RANKING_ROWS}名，升级会员查看完整榜单`}
        onUpgrade={() => openUpgradePopup(feature)}
      />
      {upgradePopup}
    </>
  );
}

/** What a ranking table shows: its tab and page. */
interface BoardPage {
  tab: BoardTab;
  pageNo: number;
  onPage: (page: number) => void;
}

interface KolTableProps extends BoardPage {
  kind: RankingKind;
  period: RankingPeriod;
  date: string | undefined;
  tid: number | undefined;
}

const kolRowKey = (row: RankingRow) => `${row.rank}-${row.kolId}`;

function KolTable({ kind, period, date, tid, ...board }: KolTableProps) {
  const { tab, pageNo } = board;
  const query = useRanking({ kind, period, date, tid, pageNo, pageSize: PAGE_SIZE }, true);
  const format = tab.valueFormat ?? formatCount;
  const columns = (compact: boolean): TableColumnsType<RankingRow> => [
    {
      key: 'kol',
      title: 'UP主',
      render: (_, row) => (
        <CreatorLink
          className="ranking-kol"
          kolId={row.kolId}
          kolName={row.kolName}
          label={`查看UP主详情：${row.kolName}`}
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
        </CreatorLink>
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
      render: (_, row) => <ScoreText>{format(row.value)}</ScoreText>,
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
    {
      key: 'link',
      title: '操作',
      width: 200,
      responsive: ['md'],
      render: (_, row) => (
        <LinkToggle target={{ kind: 'kol', kolId: row.kolId }} isCollect={row.isCollect} isPut={row.isPut} />
      ),
    },
  ];

  return <RankingTable<RankingRow> {...board} query={query} rowKey={kolRowKey} columns={columns} unit="名" />;
}

interface CompanyTableProps extends BoardPage {
  period: RankingPeriod;
  date: string | undefined;
}

const companyRowKey = (row: CompanyRankingRow) => `${row.rank}-${row.mcnId}`;

function CompanyTable({ period, date, ...board }: CompanyTableProps) {
  const { tab, pageNo } = board;
  const query = useCompanyRanking({ period, date, pageNo, pageSize: PAGE_SIZE }, true);
  const columns = (compact: boolean): TableColumnsType<CompanyRankingRow> => [
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
      render: (_, row) => <ScoreText>{formatCount(row.value)}</ScoreText>,
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
  return (
    <RankingTable<CompanyRankingRow> {...board} query={query} rowKey={companyRowKey} columns={columns} unit="家" />
  );
}

interface RankingTableProps<Row> extends BoardPage {
  query: {
    data: (PageInfo & RankingLimit & CardTitleData & { rankings: Row[] }) | undefined;
    isError: boolean;
    error: unknown;
    isPending: boolean;
    isPlaceholderData: boolean;
    refetch: () => Promise<unknown>;
  };
  rowKey: (row: Row) => string;
  /** the columns after the rank, narrower on a phone (`compact`) */
  columns: (compact: boolean) => TableColumnsType<Row>;
  /** the total's unit: 名 (creators) / 家 (MCNs) */
  unit: string;
}

/** One page of a ranking: its title with the window, the free tier's cap and banner, the ranked table. */
function RankingTable<Row extends { rank: number }>({
  tab,
  pageNo,
  onPage,
  query,
  rowKey,
  columns,
  unit,
}: RankingTableProps<Row>) {
  const compact = Grid.useBreakpoint().sm === false;
  if (query.isError) {
    return (
      <Card variant="borderless">
        <QueryFailed title="榜单加载失败" error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  const data = query.data;
  const total = data?.total ?? 0;
  const cap = data?.limited ? (data.limitRows ?? FREE_RANKING_ROWS) : Number.POSITIVE_INFINITY;
  return (
    <Card variant="borderless" title={cardTitle(tab.label, data)}>
      {data?.limited ? <LimitBanner limitRows={data.limitRows} /> : null}
      <Table<Row>
        scroll={{ x: 'max-content' }}
        rowKey={rowKey}
        size={compact ? 'small' : 'middle'}
        columns={[
          {
            key: 'rank',
            title: '排名',
            width: compact ? 48 : 64,
            align: 'center',
            render: (_, row) => <RankBadge rank={row.rank} />,
          },
          ...columns(compact),
        ]}
        dataSource={data?.rankings ?? []}
        loading={query.isPending || query.isPlaceholderData}
        aria-label={`${tab.label}榜单`}
        locale={{ emptyText: '该日期暂无榜单数据' }}
        pagination={listPagination({ current: pageNo, pageSize: PAGE_SIZE, total, cap, unit, onChange: onPage })}
      />
    </Card>
  );
}
