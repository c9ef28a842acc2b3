import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  encodeKeyword,
  type VideoSearchAnswer,
  type VideoSearchItem,
  type VideoSearchSort,
  type VideoShape,
} from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, boolean, count, nullable, object, type Decoder } from '../../../lib/decode';
import { videoItemShape } from '../../../lib/item-decoders';

export type VideoSearchPage = Pick<
  VideoSearchAnswer,
  'videoInfos' | 'total' | 'totalCapped' | 'pageNo' | 'pageSize' | 'limited'
>;

const answerDecoder: Decoder<VideoSearchPage> = object<VideoSearchPage>({
  videoInfos: array(
    object<VideoSearchItem>({ ...videoItemShape, isVertical: nullable(count), isCollect: count, isPut: count }),
  ),
  total: count,
  totalCapped: boolean,
  pageNo: count,
  pageSize: count,
  limited: boolean,
});

/** The filters of a video search as the screens hold them (the keyword plain, not yet encoded). */
export interface VideoSearchQuery {
  keyword: string | undefined;
  tid: number | undefined;
  durationMin: number | undefined;
  durationMax: number | undefined;
  playMin: number | undefined;
  playMax: number | undefined;
  likeMin: number | undefined;
  likeMax: number | undefined;
  pubFrom: string | undefined;
  pubTo: string | undefined;
  short: 1 | undefined;
  shape: VideoShape | undefined;
  /** 1 商单 (judged sponsored), 0 非商单 (read and judged not sponsored); unset: all */
  sponsored: 0 | 1 | undefined;
  sort: VideoSearchSort;
}

/** The call's parameters without paging: the keyword double-encoded (§5), what is unset left out. */
export function searchVideoParams(q: VideoSearchQuery): Record<string, string | number | undefined> {
  return { ...q, keyword: q.keyword ? encodeKeyword(q.keyword) : undefined };
}

/** GET /api/searchVideo — 视频搜索 and 短视频库 (short=1); docs/api/video-library.md. */
export function searchVideo(
  q: VideoSearchQuery,
  page: { pageNo: number; pageSize: number },
  signal?: AbortSignal,
): Promise<VideoSearchPage> {
  return apiGet('/api/searchVideo', { ...searchVideoParams(q), ...page }, answerDecoder, { signal });
}

export function useSearchVideo(q: VideoSearchQuery, page: { pageNo: number; pageSize: number }) {
  return useQuery({
    queryKey: ['videoLibrary', 'search', q, page],
    queryFn: ({ signal }) => searchVideo(q, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
