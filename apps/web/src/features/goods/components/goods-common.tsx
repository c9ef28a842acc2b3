import { useState, type ReactNode } from 'react';
import { Input, InputNumber, Segmented, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router-dom';
import {
  COMMERCE_CATEGORIES,
  CommerceMsg,
  GOODS_PLATFORMS,
  GOODS_PLATFORM_NAMES,
  formatCount,
  type ExportListName,
  type GoodsItem,
  type GoodsPlatform,
  type SalesEstimate,
} from '@xg/shared';
import { GOODS_DETAIL_PATH, goodsDetailSearch } from '../../../components/detail-links';
import { useQueryState } from '../../../components/list-filters';
import { useAppHref } from '../../../lib/use-app-navigate';
import '../goods.css';

export const GOODS_PATHS = {
  overview: '/sellGoods/goods',
  search: '/sellGoods/goodsSearch',
  rank: '/sellGoods/goodsRank',
  sellers: '/sellGoods/sellGoodsKol',
  detail: GOODS_DETAIL_PATH,
} as const;
export const GOODS_PAGE_SIZE = 20;

/** The export button, composed in by app/route-registry (a feature does not import another feature). */
export interface ExportSlotProps {
  list: ExportListName;
  params: Record<string, string | number | undefined>;
  pageNo: number;
  pageSize: number;
  total: number;
  exportName: string;
}
export type ExportSlot = (props: ExportSlotProps) => ReactNode;

const yuan = (v: number) =>
  v >= 10_000 ? `${formatCount(v)}元` : `${v.toLocaleString('zh-CN', { maximumFractionDigits: 0 })}元`;

export function formatPrice(price: number | null): string {
  return price === null ? '-' : `¥${price.toFixed(2)}`;
}

/** 估算 a–b 件 (never one number): the model is in docs/metrics.md and in the tooltip. */
export function EstimateText({ value, money = false }: { value: SalesEstimate; money?: boolean }) {
  // a range below one order (or one yuan) reads as such, not as "0 – 0"
  const text = money
    ? value.gmvHigh < 1
      ? '不足1元'
      : `${yuan(value.gmvLow)} – ${yuan(value.gmvHigh)}`
    : value.salesHigh < 1
      ? '不足1件'
      : `${formatCount(value.salesLow)} – ${formatCount(value.salesHigh)} 件`;
  return (
    <Tooltip title={CommerceMsg.estimateNote}>
      <span className="goods-estimate">
        <Tag color="orange" bordered={false}>
          估算
        </Tag>
        {text}
      </span>
    </Tooltip>
  );
}

/** A goods item's title linking to its detail, with platform, brand and category. */
export function GoodsCell({ goods }: { goods: GoodsItem }) {
  const hrefOf = useAppHref();
  return (
    <div className="goods-cell">
      <Link
        to={hrefOf({ pathname: GOODS_DETAIL_PATH, search: goodsDetailSearch(goods.goodsId) })}
        aria-label={`查看商品详情：${goods.title}`}
        className="goods-title"
      >
        {goods.title}
      </Link>
      <span className="goods-meta">
        <Tag bordered={false} color="blue">
          {goods.platformName}
        </Tag>
        {goods.brandName ? <span>{goods.brandName}</span> : null}
        <span>{goods.categoryName}</span>
        {goods.shop ? <span className="goods-shop">{goods.shop}</span> : null}
      </span>
    </div>
  );
}

export const CATEGORY_OPTIONS = COMMERCE_CATEGORIES.map((c) => ({ label: c.name, value: c.id }));
export const PLATFORM_OPTIONS = GOODS_PLATFORMS.map((p) => ({ label: GOODS_PLATFORM_NAMES[p], value: p }));

export function platformOf(raw: string | null): GoodsPlatform | undefined {
  return GOODS_PLATFORMS.find((p) => p === raw);
}

export function oneOf<T extends string | number>(values: readonly T[], raw: unknown, fallback: T): T {
  return values.find((v) => String(v) === String(raw)) ?? fallback;
}

/** Keyword, category and platform filters written into the URL of `path`. */
export function GoodsFilters({
  path,
  keyword,
  categoryId,
  platform,
  keywordLabel = '商品名称',
  showPlatform = true,
  children,
}: {
  path: string;
  keyword?: string | undefined;
  categoryId: number | undefined;
  platform?: GoodsPlatform | undefined;
  keywordLabel?: string;
  showPlatform?: boolean;
  children?: ReactNode;
}) {
  const { set } = useQueryState();
  return (
    <div className="list-controls goods-filters">
      {keyword !== undefined || keywordLabel ? (
        <Input.Search
          aria-label={keywordLabel}
          placeholder={`请输入${keywordLabel}`}
          defaultValue={keyword}
          allowClear
          maxLength={40}
          enterButton="搜索"
          className="goods-search-input"
          onSearch={(value) => set(path, { keyword: value.trim() || undefined })}
        />
      ) : null}
      <Select<number>
        aria-label="商品分类"
        placeholder="全部分类"
        className="list-select"
        allowClear
        value={categoryId}
        options={CATEGORY_OPTIONS}
        onChange={(v) => set(path, { categoryId: v })}
      />
      {showPlatform ? (
        <Select<GoodsPlatform>
          aria-label="电商平台"
          placeholder="全部平台"
          className="list-select"
          allowClear
          value={platform}
          options={PLATFORM_OPTIONS}
          onChange={(v) => set(path, { platform: v })}
        />
      ) : null}
      {children}
    </div>
  );
}

/** A price range (元) applied with its button; the server refuses a minimum above the maximum. */
export function PriceRange({ path, min, max }: { path: string; min: number | undefined; max: number | undefined }) {
  const { set } = useQueryState();
  const [low, setLow] = useState<number | undefined>(min);
  const [high, setHigh] = useState<number | undefined>(max);
  return (
    <Space.Compact>
      <InputNumber<number>
        aria-label="最低价"
        placeholder="最低价"
        min={0}
        max={1_000_000}
        defaultValue={min}
        onChange={(v) => setLow(v ?? undefined)}
      />
      <InputNumber<number>
        aria-label="最高价"
        placeholder="最高价"
        min={0}
        max={1_000_000}
        defaultValue={max}
        onChange={(v) => setHigh(v ?? undefined)}
      />
      <Typography.Link
        className="goods-price-apply"
        onClick={() => set(path, { priceMin: low, priceMax: high })}
        aria-label="按价格筛选"
      >
        确定
      </Typography.Link>
    </Space.Compact>
  );
}

export function SegmentedParam<T extends string | number>({
  path,
  name,
  label,
  value,
  options,
}: {
  path: string;
  name: string;
  label: string;
  value: T;
  options: { label: string; value: T }[];
}) {
  const { set } = useQueryState();
  return <Segmented<T> aria-label={label} options={options} value={value} onChange={(v) => set(path, { [name]: v })} />;
}

/** The list's order (排序), kept in the URL. */
export function SortParam<T extends string>({
  path,
  value,
  options,
}: {
  path: string;
  value: T;
  options: { label: string; value: T }[];
}) {
  const { set } = useQueryState();
  return (
    <Select<T>
      aria-label="排序"
      className="list-select"
      value={value}
      options={options}
      onChange={(v) => set(path, { sort: v })}
    />
  );
}

export function Num({ value }: { value: number }) {
  return <span className="goods-num">{formatCount(value)}</span>;
}
