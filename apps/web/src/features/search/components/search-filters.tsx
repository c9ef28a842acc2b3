import { useState, type ReactNode } from 'react';
import { Button, Grid, Select, Tag, Tooltip } from 'antd';
import { DownOutlined, LockOutlined, UpOutlined } from '@ant-design/icons';
import {
  APPROVE_OPTIONS,
  FANS_RANGES,
  GENDER_OPTIONS,
  LIVE_OPTIONS,
  PRICE_RANGES,
  userTypeLabel,
  type RangeOption,
  type ValueOption,
} from '@xg/shared';
import { useFeature } from '../../gate/hooks/use-feature';
import { useUpgradePopup } from '../../gate/hooks/use-upgrade-popup';
import type { SearchFilterOptions } from '../api/get-search-filter';
import type { KolFilters } from '../api/search-kol';
import { hasFilter } from '../search-url';

interface SearchFiltersProps {
  options: SearchFilterOptions;
  filters: KolFilters;
  onChange: (next: KolFilters) => void;
}

const FANS_GENDER_OPTIONS: readonly ValueOption[] = [
  { value: 0, label: '女粉为主' },
  { value: 1, label: '男粉为主' },
];

function FilterRow({ label, children, locked }: { label: string; children: ReactNode; locked?: ReactNode }) {
  return (
    <div className="filter-row" role="group" aria-label={label}>
      <div className="filter-row-label">{label}</div>
      <div className="filter-row-options">
        {children}
        {locked}
      </div>
    </div>
  );
}

interface ChoiceProps<T> {
  options: readonly { value: T; label: string }[];
  selected: readonly T[];
  /** null = the 不限 tag */
  onToggle: (value: T | null) => void;
  disabled?: boolean;
}

function Choices<T extends string | number>({ options, selected, onToggle, disabled }: ChoiceProps<T>) {
  return (
    <>
      <Tag.CheckableTag
        checked={selected.length === 0}
        onChange={() => onToggle(null)}
        className={disabled ? 'filter-tag is-disabled' : 'filter-tag'}
      >
        不限
      </Tag.CheckableTag>
      {options.map((option) => (
        <Tag.CheckableTag
          key={String(option.value)}
          checked={selected.includes(option.value)}
          onChange={() => {
            if (!disabled) onToggle(option.value);
          }}
          className={disabled ? 'filter-tag is-disabled' : 'filter-tag'}
          aria-disabled={disabled || undefined}
        >
          {option.label}
        </Tag.CheckableTag>
      ))}
    </>
  );
}

function rangeId(ranges: readonly RangeOption[], min: number | undefined, max: number | undefined): number[] {
  if (min === undefined && max === undefined) return [];
  const match = ranges.find((range) => range.min === min && (range.max ?? undefined) === max);
  return match ? [match.id] : [];
}

function toggleIn(list: readonly number[] | undefined, value: number): number[] | undefined {
  const current = list ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return next.length > 0 ? next.sort((a, b) => a - b) : undefined;
}

/**
 * The creator filters of docs/api/discovery.md §1, built from GET /api/searchFilter: partition (two levels),
 * fans range, level, verification, gender, live, MCN, and for 专业版 and above the price range and the
 * audience gender and region (locked rows open the upgrade popup below that tier).
 */
export function SearchFilters({ options, filters, onChange }: SearchFiltersProps) {
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const [expanded, setExpanded] = useState(false);
  const portrait = useFeature('creator.portrait');
  const commercial = useFeature('creator.commercial');
  const { openUpgradePopup, upgradePopup } = useUpgradePopup();

  const set = (patch: Partial<KolFilters>): void => onChange({ ...filters, ...patch });
  const fansRanges = options.fansNumBasicDatas.length > 0 ? options.fansNumBasicDatas : FANS_RANGES;
  const priceRanges = options.businessPriceBasicDatas.length > 0 ? options.businessPriceBasicDatas : PRICE_RANGES;
  const genders = options.genderList.length > 0 ? options.genderList : GENDER_OPTIONS;
  const approves = options.approveList.length > 0 ? options.approveList : APPROVE_OPTIONS;
  const lives = options.liveList.length > 0 ? options.liveList : LIVE_OPTIONS;
  const topTheme = options.themeInfos.find((theme) => theme.tid === filters.tid);

  const lockTag = (feature: typeof portrait) =>
    feature.allowed || feature.loading ? null : (
      <Tooltip title={`${userTypeLabel(feature.requiredLevel)}及以上会员可用，点击升级`}>
        <Tag
          className="filter-lock"
          icon={<LockOutlined aria-hidden />}
          role="button"
          tabIndex={0}
          onClick={() => openUpgradePopup(feature)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') openUpgradePopup(feature);
          }}
        >
          {userTypeLabel(feature.requiredLevel)}
        </Tag>
      </Tooltip>
    );

  const rows = [
    <FilterRow key="tid" label="分区">
      <Choices
        options={options.themeInfos.map((theme) => ({ value: theme.tid, label: theme.name }))}
        selected={filters.tid === undefined ? [] : [filters.tid]}
        onToggle={(value) => set({ tid: value ?? undefined, twoSortFlag: undefined })}
      />
    </FilterRow>,
    topTheme && (topTheme.children ?? []).length > 0 ? (
      <FilterRow key="two" label="子分区">
        <Choices
          options={(topTheme.children ?? []).map((child) => ({ value: child.tid, label: child.name }))}
          selected={filters.twoSortFlag ?? []}
          onToggle={(value) => set({ twoSortFlag: value === null ? undefined : toggleIn(filters.twoSortFlag, value) })}
        />
      </FilterRow>
    ) : null,
    <FilterRow key="fans" label="粉丝数">
      <Choices
        options={fansRanges.map((range) => ({ value: range.id, label: range.label }))}
        selected={rangeId(fansRanges, filters.fansMin, filters.fansMax)}
        onToggle={(value) => {
          const range = fansRanges.find((r) => r.id === value);
          set({ fansMin: range?.min, fansMax: range?.max ?? undefined });
        }}
      />
    </FilterRow>,
    <FilterRow key="level" label="UP主等级">
      <Choices
        options={options.levelList.map((level) => ({ value: level, label: `Lv${level}` }))}
        selected={filters.level ?? []}
        onToggle={(value) => set({ level: value === null ? undefined : toggleIn(filters.level, value) })}
      />
    </FilterRow>,
    <FilterRow key="approve" label="认证">
      <Choices
        options={approves}
        selected={filters.isApprove ?? []}
        onToggle={(value) => set({ isApprove: value === null ? undefined : toggleIn(filters.isApprove, value) })}
      />
    </FilterRow>,
    <FilterRow key="gender" label="性别">
      <Choices
        options={genders}
        selected={filters.gender === undefined ? [] : [filters.gender]}
        onToggle={(value) => set({ gender: value ?? undefined })}
      />
    </FilterRow>,
    <FilterRow key="live" label="直播">
      <Choices
        options={lives}
        selected={filters.isLive === undefined ? [] : [filters.isLive]}
        onToggle={(value) => set({ isLive: value ?? undefined })}
      />
    </FilterRow>,
    <FilterRow key="mcn" label="MCN机构">
      <Select
        className="filter-select"
        aria-label="MCN机构"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="不限"
        value={filters.mcnId}
        onChange={(value: number | undefined) => set({ mcnId: value ?? undefined })}
        options={[
          { value: 0, label: '无MCN机构' },
          ...options.mcnList.map((mcn) => ({ value: mcn.id, label: `${mcn.name}（${mcn.kolNum}位UP主）` })),
        ]}
      />
    </FilterRow>,
    <FilterRow key="price" label="视频报价" locked={lockTag(commercial)}>
      <Choices
        options={priceRanges.map((range) => ({ value: range.id, label: range.label }))}
        selected={rangeId(priceRanges, filters.priceMin, filters.priceMax)}
        disabled={!commercial.allowed}
        onToggle={(value) => {
          const range = priceRanges.find((r) => r.id === value);
          set({ priceMin: range?.min, priceMax: range?.max ?? undefined });
        }}
      />
    </FilterRow>,
    <FilterRow key="fansGender" label="粉丝性别" locked={lockTag(portrait)}>
      <Choices
        options={FANS_GENDER_OPTIONS}
        selected={filters.fansGender === undefined ? [] : [filters.fansGender]}
        disabled={!portrait.allowed}
        onToggle={(value) => set({ fansGender: value ?? undefined })}
      />
    </FilterRow>,
    <FilterRow key="region" label="粉丝地域" locked={lockTag(portrait)}>
      <Select
        className="filter-select"
        aria-label="粉丝地域"
        allowClear
        showSearch
        disabled={!portrait.allowed || options.regions.length === 0}
        placeholder={options.regions.length === 0 ? '暂无地域数据' : '不限'}
        value={filters.fansRegion}
        onChange={(value: string | undefined) => set({ fansRegion: value ?? undefined })}
        options={options.regions.map((region) => ({ value: region, label: region }))}
      />
    </FilterRow>,
  ].filter(Boolean);

  const visibleRows = mobile && !expanded ? rows.slice(0, 2) : rows;
  return (
    <div className="search-filters" aria-label="筛选条件">
      {visibleRows}
      <div className="search-filters-footer">
        {mobile ? (
          <Button
            type="link"
            size="small"
            icon={expanded ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? '收起筛选' : '更多筛选'}
          </Button>
        ) : (
          <span />
        )}
        <Button size="small" disabled={!hasFilter(filters)} onClick={() => onChange({})}>
          清空筛选
        </Button>
      </div>
      {upgradePopup}
    </div>
  );
}
