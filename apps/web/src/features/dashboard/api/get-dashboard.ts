import { useQuery } from '@tanstack/react-query';
import type { DashboardAnswer, DashboardLists, PlatformTotals, VideoItem } from '@xg/shared';
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

const listsDecoder: Decoder<DashboardLists> = object<DashboardLists>({
  collectKolNum: count,
  putKolNum: count,
  collectVideoNum: count,
  kolLimit: count,
  videoLimit: count,
  monitorKolNum: count,
  monitorLimit: count,
});

const answerDecoder: Decoder<Dashboard> = object<Dashboard>({
  userType: count,
  quotas: array(object<Quota>({ kind: text, totalCount: count, useCount: count, remainCount: count })),
  myLists: listsDecoder,
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

/** GET /api/dashboard → quotas, the team's lists, monitors, recent fan changes of the top creators, platform totals. */
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
