import { KOL_SORTS, type KolSort } from '@xg/shared';
import type { ContentSort } from './api/search-content';
import type { KolFilters } from './api/search-kol';

/**
 * The search page keeps everything in the URL (keyword, tab, filters, sort, page), so results can be shared,
 * reloaded and walked through with back/forward. Query names are the API's own where possible.
 */
/** kol: UP主搜索; content: 内容搜索; business: 商业价值 (GET /api/searchBusinessSort, 专业版 and above). */
export type SearchTab = 'kol' | 'content' | 'business';

export interface SearchUrlState {
  tab: SearchTab;
  keyword: string;
  pageNo: number;
  filters: KolFilters;
  sort: KolSort | undefined;
  contentSort: ContentSort;
  contentTid: number | undefined;
  /** the 商业价值 tab's partition (top level; absent = all) */
  businessTid: number | undefined;
}

function tabOf(raw: string | null): SearchTab {
  return raw === 'content' || raw === 'business' ? raw : 'kol';
}

function int(raw: string | null, min = 0): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min ? n : undefined;
}

function intList(raw: string | null): number[] | undefined {
  if (!raw) return undefined;
  const values = raw
    .split(',')
    .map((part) => Number(part))
    .filter((n) => Number.isInteger(n) && n >= 0);
  return values.length > 0 ? [...new Set(values)] : undefined;
}

function isKolSort(value: string | null): value is KolSort {
  return value !== null && (KOL_SORTS as readonly string[]).includes(value);
}

export function readSearchUrl(params: URLSearchParams): SearchUrlState {
  const region = params.get('fansRegion')?.trim();
  const filters: KolFilters = {
    tid: int(params.get('tid'), 1),
    twoSortFlag: intList(params.get('twoSortFlag')),
    fansMin: int(params.get('fansMin')),
    fansMax: int(params.get('fansMax')),
    level: intList(params.get('level')),
    isApprove: intList(params.get('isApprove')),
    gender: int(params.get('gender')),
    mcnId: int(params.get('mcnId')),
    isLive: int(params.get('isLive')),
    priceMin: int(params.get('priceMin')),
    priceMax: int(params.get('priceMax')),
    fansGender: int(params.get('fansGender')),
    fansRegion: region ? region : undefined,
  };
  const sort = params.get('sort');
  return {
    tab: tabOf(params.get('tab')),
    keyword: (params.get('keyword') ?? '').trim(),
    pageNo: int(params.get('page'), 1) ?? 1,
    filters,
    sort: isKolSort(sort) ? sort : undefined,
    contentSort: params.get('contentSort') === 'time' ? 'time' : 'play',
    contentTid: int(params.get('contentTid'), 1),
    businessTid: int(params.get('businessTid'), 1),
  };
}

export function writeSearchUrl(state: SearchUrlState): string {
  const params = new URLSearchParams();
  if (state.tab !== 'kol') params.set('tab', state.tab);
  if (state.keyword) params.set('keyword', state.keyword);
  if (state.tab === 'kol') {
    for (const [key, value] of Object.entries(state.filters)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        if (value.length > 0) params.set(key, value.join(','));
      } else {
        params.set(key, String(value));
      }
    }
    if (state.sort) params.set('sort', state.sort);
  } else if (state.tab === 'business') {
    if (state.businessTid !== undefined) params.set('businessTid', String(state.businessTid));
  } else {
    if (state.contentSort !== 'play') params.set('contentSort', state.contentSort);
    if (state.contentTid !== undefined) params.set('contentTid', String(state.contentTid));
  }
  if (state.pageNo > 1) params.set('page', String(state.pageNo));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether any creator filter is set (a search may then run without a keyword). */
export function hasFilter(filters: KolFilters): boolean {
  return Object.values(filters).some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined));
}
