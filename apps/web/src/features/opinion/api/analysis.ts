import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OpinionBasicAnswer, OpinionListAnswer, OpinionStatPoint, OpinionStatisticsAnswer } from '@xg/shared';
import { apiGet, type ApiParams } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';
import { OPINION_QUERY_ROOT, itemDecoder } from './decoders';

export type OpinionBasic = Omit<OpinionBasicAnswer, 'code' | 'message'>;
export type OpinionStatistics = Omit<OpinionStatisticsAnswer, 'code' | 'message'>;
export type OpinionList = Omit<OpinionListAnswer, 'code' | 'message'>;

const wordDecoder = object<{ name: string; value: number }>({ name: string, value: number });

/** GET /api/opinion/getOpinionBasic?id&source → figures, shares, word cloud, hot comments, locations. */
export function useOpinionBasic(id: number | null, params: ApiParams) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...OPINION_QUERY_ROOT, 'basic', token, id, params],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/opinion/getOpinionBasic',
        { id: id ?? 0, ...params },
        object<OpinionBasic>({
          total: count,
          comments: count,
          danmaku: count,
          commenters: count,
          likes: number,
          counts: object({ positive: count, neutral: count, negative: count, pending: count }),
          positiveShare: nullable(number),
          negativeShare: nullable(number),
          neutralShare: nullable(number),
          meanScore: nullable(number),
          firstTime: nullable(string),
          lastTime: nullable(string),
          words: array(wordDecoder),
          hotComments: array(itemDecoder),
          locations: array(wordDecoder),
          model: nullable(string),
        }),
        { signal },
      ),
    enabled: token !== null && id !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/opinion/getOpinionStatistics?id&grain&source → volume and sentiment per hour or day. */
export function useOpinionStatistics(id: number | null, params: ApiParams) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...OPINION_QUERY_ROOT, 'statistics', token, id, params],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/opinion/getOpinionStatistics',
        { id: id ?? 0, ...params },
        object<OpinionStatistics>({
          grain: (v, p) => (text(v, p) === 'day' ? 'day' : 'hour'),
          points: array(
            object<OpinionStatPoint>({
              time: text,
              total: count,
              positive: count,
              neutral: count,
              negative: count,
              pending: count,
            }),
          ),
        }),
        { signal },
      ),
    enabled: token !== null && id !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/opinion/opinionList?id&sentiment&source&keyword&startTime&endTime&pageNo&pageSize */
export function useOpinionList(id: number | null, params: ApiParams) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...OPINION_QUERY_ROOT, 'list', token, id, params],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/opinion/opinionList',
        { id: id ?? 0, ...params },
        object<OpinionList>({ list: array(itemDecoder), total: count, pageNo: number, pageSize: number }),
        { signal },
      ),
    enabled: token !== null && id !== null,
    placeholderData: keepPreviousData,
  });
}
