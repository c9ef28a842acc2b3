import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  IMPORT_RESULT_LABELS,
  type CheckKolAnswer,
  type EredarEntry,
  type EredarListAnswer,
  type ImportEredarAnswer,
  type ImportRow,
  type ImportRowResult,
  type LibrarySort,
  type PriceChange,
} from '@xg/shared';
import { apiGet, apiPost, type ApiParams } from '../../../lib/api-client';
import { DecodeError, array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';

/** The private library's calls (§7.3 eredar calls, checkKolByUrlOrUid; docs/api/lists.md). */
export const LIBRARY_QUERY_ROOT = ['library'] as const;

const entryDecoder: Decoder<EredarEntry> = object<EredarEntry>({
  id: number,
  mainIndexUrl: text,
  nickname: text,
  kolUid: number,
  kolId: nullable(number),
  kolImg: text,
  userid: nullable(number),
  addedBy: text,
  updatedBy: text,
  fansNum: count,
  gender: count,
  platformLevel: nullable(number),
  themeName: text,
  themeId: nullable(number),
  diyThemeName: text,
  isLive: count,
  normalPrice: nullable(number),
  videoPrice: nullable(number),
  implantationPrice: nullable(number),
  specialPrice: nullable(number),
  launchLevel: count,
  launchCount: count,
  updateImplantationPriceTem: nullable(string),
  updateDynamicPriceTem: nullable(string),
  updateSpecialPriceTem: nullable(string),
  auctionCalendar: text,
  wechat: text,
  phone: text,
  qq: text,
  email: text,
  organization: text,
  remark: text,
  isEnter: count,
  contactWay: text,
  tId: count,
  groupName: text,
  updateTime: text,
  addTime: text,
});

export type EredarList = Omit<EredarListAnswer, 'code' | 'message'>;
const listDecoder: Decoder<EredarList> = object<EredarList>({
  list: array(entryDecoder),
  total: count,
  pageNo: count,
  pageSize: count,
  count: count,
  limit: count,
});

export interface EredarListQuery {
  pageNo: number;
  pageSize: number;
  keyword: string;
  sort: LibrarySort;
  launchLevel: number | undefined;
  isEnter: number | undefined;
  tId: number | undefined;
  kolUid: number | undefined;
}

/** GET /api/eredarResourcesList. */
export function useEredarList(query: EredarListQuery) {
  return useQuery({
    queryKey: [...LIBRARY_QUERY_ROOT, 'list', query],
    queryFn: ({ signal }) =>
      apiGet('/api/eredarResourcesList', { ...query, keyword: query.keyword || undefined }, listDecoder, { signal }),
    placeholderData: keepPreviousData,
  });
}

const priceChangeDecoder: Decoder<PriceChange> = object<PriceChange>({
  kind: (input, path) => {
    const v = string(input, path);
    return v === 'dynamic' || v === 'special' || v === 'video' ? v : 'implantation';
  },
  oldPrice: nullable(number),
  newPrice: nullable(number),
  changedBy: text,
  changedAt: text,
});
export interface EredarDetail {
  eredar: EredarEntry;
  priceHistory: PriceChange[];
}
const detailDecoder: Decoder<EredarDetail> = object<EredarDetail>({
  eredar: entryDecoder,
  priceHistory: array(priceChangeDecoder),
});

/** GET /api/getEredar?id=. */
export function useEredar(id: number | null) {
  return useQuery({
    queryKey: [...LIBRARY_QUERY_ROOT, 'entry', id],
    queryFn: ({ signal }) => apiGet('/api/getEredar', { id: id ?? 0 }, detailDecoder, { signal }),
    enabled: id !== null,
  });
}

export type CheckKol = Omit<CheckKolAnswer, 'code'>;
const checkDecoder: Decoder<CheckKol> = object<CheckKol>({
  message: text,
  isExists: number,
  id: nullable(number),
  kolUid: nullable(number),
  mainIndexUrl: text,
  kolInfo: nullable(
    object<NonNullable<CheckKolAnswer['kolInfo']>>({
      kolId: number,
      nickname: text,
      kolImg: text,
      fansNum: count,
      gender: count,
      platformLevel: count,
      themeName: text,
      themeId: nullable(number),
      isLive: count,
      organization: text,
    }),
  ),
});

/** GET /api/checkKolByUrlOrUid: url or kolUid → isExists −3…2 (§4). */
export function checkKol(input: { url?: string; kolUid?: string }) {
  return apiGet('/api/checkKolByUrlOrUid', input, checkDecoder);
}

const savedDecoder: Decoder<{ message: string; id: number }> = object({ message: text, id: number });
const doneDecoder: Decoder<{ message: string }> = object({ message: text });

/** POST /api/saveEredar. Quiet: the library limit opens the upgrade popup. */
export function saveEredar(params: ApiParams) {
  return apiPost('/api/saveEredar', params, savedDecoder, { quiet: true });
}
/** POST /api/updateEredar (with id). */
export function updateEredar(params: ApiParams) {
  return apiPost('/api/updateEredar', params, doneDecoder, { quiet: true });
}
/** GET /api/delEredar. */
export function deleteEredar(id: number) {
  return apiGet('/api/delEredar', { id }, doneDecoder);
}

const resultDecoder: Decoder<ImportRowResult> = (input, path) => {
  const value = string(input, path);
  const known = (Object.keys(IMPORT_RESULT_LABELS) as ImportRowResult[]).find((key) => key === value);
  if (!known) throw new DecodeError(path, 'import result');
  return known;
};

export type ImportResult = Omit<ImportEredarAnswer, 'code'>;
const importDecoder: Decoder<ImportResult> = object<ImportResult>({
  message: text,
  added: count,
  skipped: count,
  rows: array(
    object<ImportRow>({
      row: number,
      input: text,
      result: resultDecoder,
      message: text,
      id: nullable(number),
    }),
  ),
});
/** POST /api/importEredar: the roster file as base64. */
export function importEredar(fileName: string, content: string) {
  return apiPost('/api/importEredar', { fileName, content }, importDecoder, { quiet: true });
}
