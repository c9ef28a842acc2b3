import {
  Alert,
  Grid,
  Card,
  Empty,
  Segmented,
  Space,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useSearchParams } from 'react-router-dom';
import {
  FANS_MAX_AGE_DAYS,
  FREE_RANKING_ROWS,
  PERIOD_DAYS,
  RANKING_PERIODS,
  formatCount,
  formatIndexNum,
  type CompanyRankingRow,
  type PageInfo,
  type RankingKind,
  type RankingLimit,
  type RankingPeriod,
  type RankingRow,
} from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { LevelTag } from '../../../components/level-tag';
import { LimitAlert } from '../../../components/limit-alert';
import { PartitionSelect } from '../../../components/list-filters';
import { RankBadge, ScoreText, countColumn, listPagination } from '../../../components/ranked-list';
import { CreatorCell } from '../../../components/lists/creator-identity';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { useFeature } from '../../gate/hooks/use-feature';
import { useUpgradePopup } from '../../gate/hooks/use-upgrade-popup';
import { LinkToggle } from '../../collect/components/link-toggle';
import { ContrastButton } from '../../contrast/components/contrast-button';
import { useCompanyRanking } from '../api/get-company-ranking';
import { useRanking } from '../api/get-ranking';
import { useRankingDates, type RankingDatesKind } from '../api/get-ranking-dates';
import { RankingDatePicker } from './ranking-date-picker';
import { ExportButton } from '../../export/components/export-button';
import type { ExportListName } from '@xg/shared';
import '../ranking.css';
import { QueryFailed } from '../../../components/query-failed';
import { DataTable } from '../../../components/data-table';

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

/** A signed amount of yuan: +¥1,200 / -¥3.2万 / ¥0 ('-' when there is nothing to compare with). */
function signedYuan(value: number | null): string {
  if (value === null) return '-';
  return `${value > 0 ? '+' : value < 0 ? '-' : ''}${yuan(Math.abs(value))}`;
}

/** 'YYYY-MM-DD' − days */
function minusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** MM-DD of a day */
function monthDay(day: string): string {
  return day.slice(5, 10);
}

/**
 * The marks of a row (docs/metrics.md, "Gaps"): a value from a snapshot before the list's date (at most
 * FANS_MAX_AGE_DAYS old), and a change measured from a snapshot after the period's start (the gap rules' tolerance).
 */
function RowMarks({
  row,
  kind,
  period,
  date,
}: {
  row: RankingRow;
  kind: RankingKind;
  period: RankingPeriod;
  date: string | null;
}) {
  if (!date) return null;
  const marks: { key: string; label: string; tip: string }[] = [];
  if (row.valueDay && row.valueDay !== date) {
    marks.push({
      key: 'stale',
      label: `${monthDay(row.valueDay)}数据`,
      tip: `该UP主${date}未采集，显示${row.valueDay}的数据（超过${FANS_MAX_AGE_DAYS}天未采集的UP主不上榜）`,
    });
  }
  const expected = minusDays(date, PERIOD_DAYS[period]);
  if ((kind === 'increase' || kind === 'decrease') && row.baseDay && row.baseDay !== expected) {
    const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${row.baseDay}T00:00:00Z`)) / 86_400_000);
    marks.push({
      key: 'short',
      label: `按${days}天计`,
      tip: `${expected}未采集，从${row.baseDay}起计算，覆盖${days}天（少于${PERIOD_DAYS[period]}天）`,
    });
  }
  if (marks.length === 0) return null;
  return (
    <>
      {marks.map((m) => (
        <Tooltip key={m.key} title={m.tip}>
          <Tag className="ranking-mark" color="gold">
            {m.label}
          </Tag>
        </Tooltip>
      ))}
    </>
  );
}

/** 收录的历史不足以生成完整的周榜/月榜: said above the list. */
function HistoryNotice({
  period,
  historyDays,
  requiredDays,
}: {
  period: RankingPeriod;
  historyDays: number;
  requiredDays: number;
}) {
  if (period === 'day' || historyDays >= requiredDays) return null;
  return (
    <Alert
      className="ranking-history"
      type="warning"
      showIcon
      data-testid="ranking-history-notice"
      title={`历史数据不足：${PERIOD_LABELS[period]}需要至少${requiredDays}天的数据，目前仅收录${historyDays}天`}
      description="涨粉、掉粉与较上期需要统计周期两端的数据，数据不足的UP主暂不上榜或显示为“-”。"
    />
  );
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

interface HistoryData {
  historyDays: number;
  requiredDays: number;
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
            dates={dates.data?.dates ?? []}
            value={date ?? dates.data?.dates[0] ?? null}
            loading={dates.isPending}
            onChange={(value) => go({ date: value })}
          />
          {tab.kind !== 'company' ? (
            <PartitionSelect value={tid} onChange={(value) => go({ tid: value ?? null })} />
          ) : null}
        </div>
      </Card>
      <ErrorBoundary title="榜单加载失败" resetKeys={[searchParams.toString()]}>
        {dates.isSuccess && dates.data.dates.length === 0 ? (
          <Card variant="borderless">
            <Empty
              description={
                period !== 'day' && dates.data.historyDays < dates.data.requiredDays
                  ? `历史数据不足：${PERIOD_LABELS[period]}需要至少${dates.data.requiredDays}天的数据，目前仅收录${dates.data.historyDays}天`
                  : `暂无${PERIOD_LABELS[period]}数据，榜单每日更新`
              }
            />
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

/** What 较上期 compares, per kind (docs/metrics.md, "较上期"). */
const DELTA_HELP: Readonly<Record<RankingKind, string>> = {
  fans: '粉丝数较上期末的变化（即本期涨粉数）',
  increase: '本期涨粉数减去上一期涨粉数',
  decrease: '本期掉粉数减去上一期掉粉数',
  business: '视频报价较上期末报价的变化（元）',
};

function KolTable({ kind, period, date, tid, ...board }: KolTableProps) {
  const { tab, pageNo } = board;
  const query = useRanking({ kind, period, date, tid, pageNo, pageSize: PAGE_SIZE }, true);
  const format = tab.valueFormat ?? formatCount;
  const columns = (compact: boolean): TableColumnsType<RankingRow> => [
    {
      key: 'kol',
      title: 'UP主',
      render: (_, row) => (
        <CreatorCell
          block="ranking-kol"
          creator={row}
          marks={<LevelTag level={row.platformLevel} />}
          meta={row.mcnName ? `MCN：${row.mcnName}` : `UID：${row.kolUid}`}
        />
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
      width: compact ? 96 : 124,
      align: 'right',
      render: (_, row) => (
        <span className="ranking-value">
          <ScoreText>{format(row.value)}</ScoreText>
          <RowMarks row={row} kind={kind} period={period} date={query.data?.date ?? null} />
        </span>
      ),
    },
    ...(tab.deltaTitle
      ? [
          {
            key: 'delta',
            title: (
              <Tooltip title={DELTA_HELP[kind]}>
                <span>{tab.deltaTitle}</span>
              </Tooltip>
            ),
            width: 130,
            align: 'right' as const,
            responsive: ['sm' as const],
            render: (_: unknown, row: RankingRow) => (
              <span className={row.delta !== null && row.delta < 0 ? 'ranking-delta is-down' : 'ranking-delta'}>
                {kind === 'business' ? signedYuan(row.delta) : signed(row.delta)}
              </span>
            ),
          },
        ]
      : []),
    ...(kind === 'fans'
      ? []
      : [countColumn<RankingRow>('fans', '粉丝数', (row) => row.fansNum, { width: 100, from: 'lg' })]),
    {
      key: 'index',
      title: '云指数',
      width: 90,
      align: 'right',
      responsive: ['lg'],
      render: (_, row) => formatIndexNum(row.indexNum),
    },
    {
      key: 'link',
      title: '操作',
      // 收藏 · 投放清单 on one line, 对比 under them (the three in a row measure 234 px, more when set): every list
      // of the page, 涨掉粉榜's extra 粉丝数 column included, fits its card at 1440 px (e2e/table-widths)
      width: 192,
      responsive: ['md'],
      render: (_, row) => (
        <Space size={4} wrap>
          <LinkToggle target={{ kind: 'kol', kolId: row.kolId }} linked={row} />
          <ContrastButton
            creator={{ kolId: row.kolId, kolName: row.kolName, kolUid: row.kolUid, kolImg: row.kolImg }}
          />
        </Space>
      ),
    },
  ];

  const list: ExportListName =
    kind === 'fans' ? 'fansRanking' : kind === 'business' ? 'businessRanking' : 'increaseReduceRanking';
  return (
    <RankingTable<RankingRow>
      {...board}
      period={period}
      query={query}
      rowKey={kolRowKey}
      columns={columns}
      unit="名"
      exportList={list}
      exportParams={{ kind, period, date: date ?? query.data?.date ?? undefined, tid }}
    />
  );
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
    <RankingTable<CompanyRankingRow>
      {...board}
      period={period}
      query={query}
      rowKey={companyRowKey}
      columns={columns}
      unit="家"
      exportList="companyRanking"
      exportParams={{ period, date: date ?? query.data?.date ?? undefined }}
    />
  );
}

interface RankingTableProps<Row> extends BoardPage {
  period: RankingPeriod;
  query: {
    data: (PageInfo & RankingLimit & CardTitleData & Partial<HistoryData> & { rankings: Row[] }) | undefined;
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
  /** the export path of this list (§7.6) and its parameters as the table reads them */
  exportList: ExportListName;
  exportParams: Record<string, string | number | undefined>;
}

/** One page of a ranking: its title with the window, the free tier's cap and banner, the ranked table. */
function RankingTable<Row extends { rank: number }>({
  tab,
  pageNo,
  onPage,
  period,
  query,
  rowKey,
  columns,
  unit,
  exportList,
  exportParams,
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
    <Card
      variant="borderless"
      title={cardTitle(tab.label, data)}
      extra={
        <ExportButton
          list={exportList}
          params={exportParams}
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          total={total}
          exportName={tab.label}
        />
      }
    >
      {data?.limited ? <LimitBanner limitRows={data.limitRows} /> : null}
      {data?.historyDays !== undefined && data.requiredDays !== undefined ? (
        <HistoryNotice period={period} historyDays={data.historyDays} requiredDays={data.requiredDays} />
      ) : null}
      <DataTable<Row>
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
