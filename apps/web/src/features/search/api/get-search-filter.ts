import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KolSort, RangeOption, SearchFilterAnswer, ThemeInfo, ValueOption } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, nullable, number, object, string, text, withDefault, type Decoder } from '../../../lib/decode';

export type SearchFilterOptions = Omit<SearchFilterAnswer, 'code' | 'message'>;

const themeDecoder: Decoder<ThemeInfo> = (input, path) => {
  const theme = object<{ tid: number; name: string; children: { tid: number; name: string }[] }>({
    tid: number,
    name: text,
    children: withDefault(array(object<{ tid: number; name: string }>({ tid: number, name: text })), []),
  })(input, path);
  return theme;
};

const rangeDecoder: Decoder<RangeOption> = object<RangeOption>({
  id: number,
  label: text,
  min: number,
  max: nullable(number),
});

const valueOptionDecoder: Decoder<ValueOption> = object<ValueOption>({ value: number, label: text });

const sortDecoder: Decoder<ValueOption<KolSort>> = (input, path) => {
  const option = object<{ value: string; label: string }>({ value: string, label: text })(input, path);
  const value = option.value;
  if (value === 'fans' || value === 'growth' || value === 'indexNum' || value === 'plays') {
    return { value, label: option.label };
  }
  return { value: 'fans', label: option.label };
};

const answerDecoder: Decoder<SearchFilterOptions> = object<SearchFilterOptions>({
  themeInfos: array(themeDecoder),
  levelList: withDefault(array(number), [1, 2, 3, 4, 5, 6]),
  fansNumBasicDatas: withDefault(array(rangeDecoder), []),
  businessPriceBasicDatas: withDefault(array(rangeDecoder), []),
  mcnList: withDefault(
    array(object<{ id: number; name: string; kolNum: number }>({ id: number, name: text, kolNum: number })),
    [],
  ),
  genderList: withDefault(array(valueOptionDecoder), []),
  approveList: withDefault(array(valueOptionDecoder), []),
  liveList: withDefault(array(valueOptionDecoder), []),
  regions: withDefault(array(string), []),
  sortList: withDefault(array(sortDecoder), []),
});

/** GET /api/searchFilter → partitions (two levels), ranges, MCNs, regions and sort options. */
export function getSearchFilter(signal?: AbortSignal): Promise<SearchFilterOptions> {
  return apiGet('/api/searchFilter', undefined, answerDecoder, { signal });
}

export function searchFilterQueryOptions() {
  return queryOptions({
    queryKey: ['search', 'filter'],
    queryFn: ({ signal }) => getSearchFilter(signal),
    staleTime: 30 * 60_000,
  });
}

export function useSearchFilter() {
  return useQuery(searchFilterQueryOptions());
}
