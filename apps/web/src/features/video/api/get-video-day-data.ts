import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VideoDayPoint } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, nullable, number, object, string, type Decoder } from '../../../lib/decode';
import { dayPointDecoder } from './decoders';

export type VideoDays = 7 | 30 | 90;

export interface VideoDayData {
  dayNum: number;
  /** totals per day */
  videoDayData: VideoDayPoint[];
  /** day minus the previous stored day */
  videoDayIncreaseData: VideoDayPoint[];
  /** why the series are empty (no daily data collected yet), else null */
  note: string | null;
}

const answerDecoder: Decoder<VideoDayData> = object<VideoDayData>({
  dayNum: number,
  videoDayData: array(dayPointDecoder),
  videoDayIncreaseData: array(dayPointDecoder),
  note: nullable(string),
});

/** GET /api/videoDayData?id=&dayNum=7|30|90 (专业版 and above, `video.report30d`). */
export function getVideoDayData(id: string, dayNum: VideoDays, signal?: AbortSignal): Promise<VideoDayData> {
  return apiGet('/api/videoDayData', { id, dayNum }, answerDecoder, { signal });
}

export function useVideoDayData(id: string, dayNum: VideoDays, enabled: boolean) {
  return useQuery({
    queryKey: ['video', 'day-data', id, dayNum],
    queryFn: ({ signal }) => getVideoDayData(id, dayNum, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
