import type { ReactNode } from 'react';
import { List, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from '../../../lib/dayjs';
import {
  FREE_RANKING_ROWS,
  formatAxis,
  formatCount,
  type ActivityState,
  type PageInfo,
  type RankingLimit,
  type TopKol,
} from '@xg/shared';
import { LimitAlert } from '../../../components/limit-alert';
import { ListScreen, type ListQuery } from '../../../components/list-screen';
import { CreatorLink, RankBadge, listPagination } from '../../../components/ranked-list';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { RemoteImage } from '../../../components/remote-image';
import { useFeature } from '../../gate/hooks/use-feature';
import { useUpgradePopup } from '../../gate/hooks/use-upgrade-popup';
import { DataTable } from '../../../components/data-table';

/** Routes of the activity and material screens (docs/api/discovery.md "Menu rows"). */
export const HOT_ACTIVITY_PATH = '/hotStuff/hotActivity';
export const ACTIVITY_DETAIL_PATH = '/hotStuff/activityDetail';
export const VIDEO_STUFF_PATH = '/hotStuff/videoStuff';

export const LIST_PAGE_SIZE = 20;
export const DETAIL_PAGE_SIZE = 10;

/** The windows of the activity and material lists. */
export const DAY_LABELS: Readonly<Record<7 | 30 | 90, string>> = { 7: '近7天', 30: '近30天', 90: '近90天' };

/** A growth rate (0.5 = +50%) with its sign. */
export function formatGrowth(rate: number): string {
  const pct = Math.round(rate * 1000) / 10;
  return `${pct > 0 ? '+' : ''}${pct.toLocaleString('zh-CN')}%`;
}

export function formatDay(iso: string | null): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD') : '—';
}

/** The name an activity shows; its page may not have been read yet. */
export function activityTitle(name: string | null, id: number): string {
  return name ?? `活动 ${id}（名称待采集）`;
}

export function ActivityStateTag({ state }: { state: ActivityState }) {
  if (state === 1) return <Tag color="green">进行中</Tag>;
  if (state === 2) return <Tag>已结束</Tag>;
  return <Tag color="blue">未开始</Tag>;
}

/** One of `choices` from the query, else the first. */
export function pick<T extends string | number>(raw: string | null, choices: readonly T[]): T {
  const found = choices.find((c) => String(c) === raw);
  return found ?? (choices[0] as T);
}

/** 免费版 reads the first rows of a ranked list (gate `ranking.full`, as the rankings). */
export function LimitBanner({ limitRows, what }: { limitRows: number | null; what: string }) {
  const feature = useFeature('ranking.full');
  const { openUpgradePopup, upgradePopup } = useUpgradePopup();
  return (
    <>
      <LimitAlert
        className="activity-limit"
        testId="activity-limit-banner"
        title={`免费版仅可查看前${limitRows ?? FREE_RANKING_ROWS}个${what}，升级会员查看完整榜单`}
        onUpgrade={() => openUpgradePopup(feature)}
      />
      {upgradePopup}
    </>
  );
}

interface RankedListScreenProps<Row> {
  /** the screen's title; also names its table (…列表) and its error (…加载失败) */
  title: string;
  intro: ReactNode;
  filters: ReactNode;
  query: ListQuery;
  /** the current page of the answer */
  page: (PageInfo & RankingLimit & { rows: Row[] }) | undefined;
  pageNo: number;
  onPage: (page: number) => void;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  /** what a row is: 活动 / 素材 (the free tier's banner) */
  what: string;
  /** the total with its unit: 个活动 / 首音乐 */
  unit: string;
  empty: string;
  /** what follows the list (a detail drawer …) */
  children?: ReactNode;
}

/** A ranked list screen of this feature: title and filters, then the table with the free tier's row cap. */
export function RankedListScreen<Row extends object>({
  title,
  intro,
  filters,
  query,
  page,
  pageNo,
  onPage,
  rowKey,
  columns,
  what,
  unit,
  empty,
  children,
}: RankedListScreenProps<Row>) {
  const total = page?.total ?? 0;
  const cap = page?.limited ? (page.limitRows ?? LIST_PAGE_SIZE) : Number.POSITIVE_INFINITY;
  return (
    <ListScreen title={title} intro={intro} filters={filters} query={query} after={children}>
      {page?.limited ? <LimitBanner limitRows={page.limitRows} what={what} /> : null}
      <DataTable<Row>
        scroll={{ x: 'max-content' }}
        rowKey={rowKey}
        columns={columns}
        dataSource={page?.rows ?? []}
        loading={query.isPending || query.isPlaceholderData}
        aria-label={`${title}列表`}
        locale={{ emptyText: empty }}
        pagination={listPagination({ current: pageNo, pageSize: LIST_PAGE_SIZE, total, cap, unit, onChange: onPage })}
      />
    </ListScreen>
  );
}

/** Top creators of an activity or a material: avatar, name (→ creator detail, new tab), videos and plays. */
export function TopKolList({ kols, empty }: { kols: readonly TopKol[]; empty: string }) {
  return (
    <List<TopKol>
      dataSource={[...kols]}
      locale={{ emptyText: empty }}
      aria-label="UP主榜"
      renderItem={(kol, index) => (
        <List.Item
          extra={
            <span className="activity-kol-figures">
              {formatCount(kol.videoNum)} 个视频 · {formatCount(kol.playNum)} 播放
            </span>
          }
        >
          <CreatorLink className="activity-kol" kolId={kol.kolId} kolName={kol.kolName}>
            <RankBadge rank={index + 1} />
            <RemoteAvatar src={kol.kolImg} alt={kol.kolName} size={32} />
            <span className="activity-kol-text">
              <span className="activity-kol-name">{kol.kolName}</span>
              <Typography.Text type="secondary" className="activity-kol-fans">
                粉丝 {formatCount(kol.fansNum)}
              </Typography.Text>
            </span>
          </CreatorLink>
        </List.Item>
      )}
    />
  );
}

/** Axis labels of a count chart: whole numbers only (万 / 千万 from 10,000, §9). */
export function countAxis(value: number): string {
  return Number.isInteger(value) ? formatAxis(value) : '';
}

/** An activity's cover (components/remote-image: the local cover placeholder when it cannot load). */
export function Cover({ src, alt, className }: { src: string; alt: string; className: string }) {
  return <RemoteImage kind="cover" src={src} alt={alt} className={className} eager />;
}

/** A small inline trend line (per-day counts) for a table cell; the full charts go through components/charts. */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const width = 96;
  const height = 28;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - (v / max) * (height - 4)).toFixed(1)}`);
  return (
    <svg className="activity-sparkline" width={width} height={height} role="img" aria-label={label}>
      <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth={1.5} />
    </svg>
  );
}
