import { useQuery } from '@tanstack/react-query';
import type { DashboardAnswer, PlatformTotals, VideoItem } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { videoItemDecoder } from '../../../lib/item-decoders';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';

export type Dashboard = Omit<DashboardAnswer, 'code' | 'message'>;
type Quota = Dashboard['quotas'][number];
type RecentChange = Dashboard['recentChanges'][number];

const videoDecoder: Decoder<VideoItem> = videoItemDecoder;

export const platformDecoder: Decoder<PlatformTotals> = object<PlatformTotals>({
  kolNum: count,
  videoNum: count,
  totalFansNum: count,
  totalPlayNum: count,
  dataDate: nullable(string),
});

const nullDecoder: Decoder<null> = () => null;

const answerDecoder: Decoder<Dashboard> = object<Dashboard>({
  userType: count,
  quotas: array(object<Quota>({ kind: text, totalCount: count, useCount: count, remainCount: count })),
  myLists: nullDecoder,
  monitorNum: nullable(number),
  recentChanges: array(
    object<RecentChange>({
      kolId: number,
      kolName: text,
      kolImg: text,
      fansNum: count,
      eventDate: text,
      fansChange: number,
      causeVideo: nullable(videoDecoder),
    }),
  ),
  platform: platformDecoder,
});

/** GET /api/dashboard → quotas, monitors, recent fan changes of the top creators, platform totals. */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiGet('/api/dashboard', undefined, answerDecoder, { signal });
}

export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard', 'home'],
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 60_000,
  });
}
