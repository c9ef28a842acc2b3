import type { ReactNode } from 'react';
import { Segmented, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { VERSION_QUERY_FIELD } from '@xg/shared';
import { apiGet } from '../lib/api-client';
import { array, number, object, text, type Decoder } from '../lib/decode';
import { useAppNavigate } from '../lib/use-app-navigate';
import './ranked-list.css';

/**
 * The filters of the ranked lists (hot content, activities, materials): the URL query they live in, the
 * partition select and the bar of window / partition / sort controls. The filters are in the URL so that a
 * list can be shared and reloaded as it is.
 */

/** The URL query of a screen: read a value, write a patch (the page resets to 1 unless given). */
export function useQueryState() {
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const int = (key: string): number | undefined => {
    const raw = params.get(key);
    if (raw === null || raw === '') return undefined;
    const n = Number(raw);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const set = (pathname: string, patch: Record<string, string | number | undefined>): void => {
    const next = new URLSearchParams(params);
    next.delete('page');
    next.delete(VERSION_QUERY_FIELD);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (next.get('page') === '1') next.delete('page');
    const query = next.toString();
    navigate({ pathname, search: query ? `?${query}` : '' });
  };
  return { params, int, set };
}

/**
 * The URL query of a paged list screen (the team's lists, the library): `pageNo` and a patch writer — a key
 * set to undefined or '' is removed, and the page goes back to 1 unless the patch names `pageNo`.
 */
export function usePagedParams() {
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Math.floor(Number(params.get('pageNo') ?? '1')) || 1);
  const update = (changes: Record<string, string | undefined>): void => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('pageNo' in changes)) next.delete('pageNo');
    setParams(next);
  };
  const setPage = (page: number): void => update({ pageNo: page === 1 ? undefined : String(page) });
  return { params, pageNo, update, setPage };
}

interface Partition {
  tid: number;
  name: string;
}

const partitionsDecoder: Decoder<{ themeInfos: Partition[] }> = object({
  themeInfos: array(object<Partition>({ tid: number, name: text })),
});

/** GET /api/twoSortFlag (no tid) → the top-level partitions, the filter of every ranked list. */
function usePartitions() {
  return useQuery({
    queryKey: ['partitions', 'top'],
    queryFn: async ({ signal }) =>
      (await apiGet('/api/twoSortFlag', undefined, partitionsDecoder, { signal })).themeInfos,
    staleTime: 60 * 60_000,
  });
}

export function PartitionSelect({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (tid: number | undefined) => void;
}) {
  const partitions = usePartitions();
  return (
    <Select
      aria-label="分区"
      className="list-select"
      placeholder="全部分区"
      allowClear
      loading={partitions.isPending}
      value={value}
      onChange={(next: number | undefined) => onChange(next ?? undefined)}
      options={(partitions.data ?? []).map((partition) => ({ value: partition.tid, label: partition.name }))}
    />
  );
}

interface Choice<T> {
  label: string;
  value: T;
}

interface ListFiltersProps<D extends number, S extends string> {
  /** the screen's path: a change writes `days`, `tid` or `sort` into its query (the page back to 1) */
  path: string;
  /** leading items (the material kind …) */
  prefix?: ReactNode;
  /** the time window (`days`) as a segmented control named `label` */
  window?: { label: string; options: readonly Choice<D>[]; value: D };
  /** the partition (`tid`); undefined for all */
  tid: number | undefined;
  /** the order (`sort`) */
  sort?: { options: readonly Choice<S>[]; value: S };
}

/** The controls of a ranked list in one wrapping row: window, partition, sort; their values live in the URL. */
export function ListFilters<D extends number = number, S extends string = string>({
  path,
  prefix,
  window,
  tid,
  sort,
}: ListFiltersProps<D, S>) {
  const { set } = useQueryState();
  return (
    <div className="list-controls">
      {prefix}
      {window ? (
        <Segmented<D>
          aria-label={window.label}
          options={[...window.options]}
          value={window.value}
          onChange={(days) => set(path, { days })}
        />
      ) : null}
      <PartitionSelect value={tid} onChange={(next) => set(path, { tid: next })} />
      {sort ? (
        <Select<S>
          aria-label="排序"
          className="list-select"
          value={sort.value}
          options={[...sort.options]}
          onChange={(next) => set(path, { sort: next })}
        />
      ) : null}
    </div>
  );
}

/**
 * A filter select whose first option means "no filter": `value` undefined shows `allLabel`, choosing it reports
 * undefined. The option values are strings (the URL query's), so the caller writes them back as they are.
 */
export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  width,
  onChange,
}: {
  /** aria-label */
  label: string;
  allLabel: string;
  value: number | string | undefined;
  options: { value: string; label: string }[];
  width: number;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Select
      aria-label={label}
      style={{ width }}
      value={value === undefined ? 'all' : String(value)}
      onChange={(next: string) => onChange(next === 'all' ? undefined : next)}
      options={[{ value: 'all', label: allLabel }, ...options]}
    />
  );
}
