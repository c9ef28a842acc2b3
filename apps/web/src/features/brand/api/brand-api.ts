import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BrandDetailAnswer,
  BrandSearchRow,
  BrandVideoRow,
  CommerceCategory,
  ConsoleBrandRow,
  ExposureRankAnswer,
  SaleContrastAnswer,
  SaleReportAnswer,
  SaleSubject,
  SaleSubjectType,
  ShareOfVoiceRow,
} from '@xg/shared';
import { apiGet, apiPost, type ApiParams } from '../../../lib/api-client';
import { DecodeError, type Decoder } from '../../../lib/decode';

/**
 * The brand and sales calls (docs/api/brands.md). The answers are checked at the boundary for the fields each
 * screen reads first (an object with these keys, lists as arrays); their shapes are the shared answer types.
 */
function shaped<T>(fields: Record<string, 'array' | 'object' | 'number' | 'string'>): Decoder<T> {
  return (input, path) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new DecodeError(path, 'object');
    const record = input as Record<string, unknown>;
    for (const [key, kind] of Object.entries(fields)) {
      const v = record[key];
      const ok =
        kind === 'array'
          ? Array.isArray(v)
          : kind === 'object'
            ? typeof v === 'object' && v !== null && !Array.isArray(v)
            : typeof v === kind;
      if (!ok) throw new DecodeError(`${path}.${key}`, kind);
    }
    return input as T;
  };
}

const STALE = 60_000;

export function useExposureRank(p: ApiParams) {
  return useQuery({
    queryKey: ['brand', 'exposureRank', p],
    queryFn: ({ signal }) =>
      apiGet('/api/brand/exposureRank', p, shaped<ExposureRankAnswer>({ list: 'array', total: 'number' }), { signal }),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  });
}

export function useExposureSearch(p: ApiParams) {
  return useQuery({
    queryKey: ['brand', 'exposureSearch', p],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/brand/exposureSearch',
        p,
        shaped<{ total: number; list: BrandSearchRow[]; categories: CommerceCategory[] }>({
          list: 'array',
          total: 'number',
          categories: 'array',
        }),
        { signal },
      ),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  });
}

export function useBrandDetail(brandId: number | undefined, days: number) {
  return useQuery({
    queryKey: ['brand', 'detail', brandId, days],
    enabled: brandId !== undefined,
    queryFn: ({ signal }) =>
      apiGet(
        '/api/brand/brandDetail',
        { brandId, days },
        shaped<BrandDetailAnswer>({ brand: 'object', summary: 'object', trend: 'array', kols: 'array' }),
        { signal },
      ),
    staleTime: STALE,
  });
}

export function useBrandVideos(p: { brandId: number | undefined; days: number; sponsored?: number; pageNo: number }) {
  return useQuery({
    queryKey: ['brand', 'videos', p],
    enabled: p.brandId !== undefined,
    queryFn: ({ signal }) =>
      apiGet(
        '/api/brand/brandVideos',
        { ...p, pageSize: 10 },
        shaped<{ total: number; list: BrandVideoRow[] }>({ list: 'array', total: 'number' }),
        { signal },
      ),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  });
}

export function useShareOfVoice(brandIds: number[], days: number) {
  return useQuery({
    queryKey: ['brand', 'sov', brandIds, days],
    enabled: brandIds.length >= 2,
    queryFn: ({ signal }) =>
      apiGet(
        '/api/brand/shareOfVoice',
        { brandIds: brandIds.join(','), days },
        shaped<{ list: ShareOfVoiceRow[] }>({ list: 'array' }),
        { signal },
      ),
    staleTime: STALE,
  });
}

export function useSaleReport(type: SaleSubjectType, id: number | undefined, days: number) {
  return useQuery({
    queryKey: ['sale', 'report', type, id, days],
    enabled: id !== undefined,
    queryFn: ({ signal }) =>
      apiGet(
        '/api/sale/saleReport',
        { type, id, days },
        shaped<SaleReportAnswer>({ subject: 'object', summary: 'object', goods: 'array', videos: 'array' }),
        { signal },
      ),
    staleTime: STALE,
  });
}

export function useSaleContrast(type: SaleSubjectType, ids: number[], days: number) {
  return useQuery({
    queryKey: ['sale', 'contrast', type, ids, days],
    enabled: ids.length >= 2,
    queryFn: ({ signal }) =>
      apiGet(
        '/api/sale/saleContrast',
        { type, ids: ids.join(','), days },
        shaped<SaleContrastAnswer>({ items: 'array' }),
        { signal },
      ),
    staleTime: STALE,
  });
}

export function getSubjects(type: SaleSubjectType, keyword: string): Promise<SaleSubject[]> {
  return apiGet('/api/sale/subjects', { type, keyword }, shaped<{ list: SaleSubject[] }>({ list: 'array' }), {
    quiet: true,
  }).then((a) => a.list);
}

export function getBrandOptions(keyword: string): Promise<BrandSearchRow[]> {
  return apiGet(
    '/api/brand/exposureSearch',
    { keyword, pageSize: 10 },
    shaped<{ list: BrandSearchRow[] }>({ list: 'array' }),
    { quiet: true },
  ).then((a) => a.list);
}

// --- console --------------------------------------------------------------------------------------------------

export function useConsoleBrands(p: ApiParams) {
  return useQuery({
    queryKey: ['console', 'brands', p],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/console/brands',
        p,
        shaped<{ total: number; list: ConsoleBrandRow[]; categories: CommerceCategory[] }>({
          list: 'array',
          total: 'number',
          categories: 'array',
        }),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleBrandSave(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: ApiParams) => apiPost(path, params, shaped<{ brand: ConsoleBrandRow | null }>({})),
    onSuccess: () => client.invalidateQueries({ queryKey: ['console', 'brands'] }),
  });
}
