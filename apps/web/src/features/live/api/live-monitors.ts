import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  LiveFigures,
  LiveMessageItem,
  LiveMessageKind,
  LiveMonitorItem,
  LiveMonitorReport,
  LivePoint,
  LiveSessionSummary,
  LiveSortItem,
} from '@xg/shared';
import { apiGet, apiPost, type ApiParams } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';
import { durationDecoder, monitorStateDecoder, oneOf } from '../../placement/api/decoders';

export const LIVE_QUERY_ROOT = ['live-monitor'] as const;
export const LIVE_PAGE_SIZE = 10;

const monitorDecoder: Decoder<LiveMonitorItem> = object<LiveMonitorItem>({
  id: number,
  roomId: number,
  kolId: nullable(number),
  kolName: nullable(text),
  kolImg: nullable(string),
  fansNum: nullable(count),
  isLive: oneOf([0, 1] as const),
  online: nullable(count),
  lastSampleTime: nullable(string),
  roomUrl: string,
  monitorDuration: durationDecoder,
  sTime: string,
  eTime: string,
  monitorState: monitorStateDecoder,
  samples: count,
  peakOnline: nullable(count),
  createTime: string,
});

const pointDecoder: Decoder<LivePoint> = object<LivePoint>({
  ts: string,
  online: count,
  danmaku: nullable(count),
  giftValue: nullable(string),
});

const sessionDecoder: Decoder<LiveSessionSummary> = object<LiveSessionSummary>({
  start: string,
  end: string,
  minutes: count,
  peakOnline: count,
  avgOnline: count,
});

const figuresDecoder: Decoder<LiveFigures> = object<LiveFigures>({
  samples: count,
  liveMinutes: count,
  peakOnline: nullable(count),
  peakAt: nullable(string),
  avgOnline: nullable(count),
  danmakuTotal: count,
  danmakuPerMinute: nullable(number),
  paidValue: string,
  giftValue: string,
  giftCount: count,
  superchatCount: count,
  superchatValue: string,
  guardCount: count,
  guardValue: string,
  senders: count,
});

const kindDecoder = oneOf<LiveMessageKind>(['danmaku', 'gift', 'superchat', 'guard']);
const messageDecoder: Decoder<LiveMessageItem> = object<LiveMessageItem>({
  ts: string,
  kind: kindDecoder,
  uid: number,
  uname: text,
  text: text,
  num: count,
  value: string,
});

const sortDecoder: Decoder<LiveSortItem> = object<LiveSortItem>({
  rank: count,
  uid: number,
  uname: text,
  danmaku: count,
  value: string,
  messages: count,
});

/** GET /api/live/monitorHistory?pageNo&pageSize → the team's live windows. */
export function useLiveMonitors(pageNo: number, enabled: boolean) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...LIVE_QUERY_ROOT, 'list', token, pageNo],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/live/monitorHistory',
        { pageNo, pageSize: LIVE_PAGE_SIZE },
        object({ monitors: array(monitorDecoder), total: count, limit: count, intervalSeconds: count }),
        { signal },
      ),
    enabled: token !== null && enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** GET /api/live/monitorHistory?id → the window's minute curve, sessions and figures (refreshed each minute). */
export function useLiveReport(id: number) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...LIVE_QUERY_ROOT, 'report', token, id],
    queryFn: ({ signal }): Promise<LiveMonitorReport> =>
      apiGet(
        '/api/live/monitorHistory',
        { id },
        object<LiveMonitorReport>({
          monitor: monitorDecoder,
          points: array(pointDecoder),
          sessions: array(sessionDecoder),
          figures: figuresDecoder,
        }),
        { signal },
      ),
    enabled: token !== null,
    refetchInterval: 60_000,
  });
}

export type MessageFilter = LiveMessageKind | 'paid' | 'all';
export const MESSAGE_PAGE_SIZE = 50;

/** GET /api/live/messages?id&kind&before → the window's messages, newest first, page by page. */
export function useLiveMessages(id: number, kind: MessageFilter) {
  const token = useAccessToken();
  return useInfiniteQuery({
    queryKey: [...LIVE_QUERY_ROOT, 'messages', token, id, kind],
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiGet(
        '/api/live/messages',
        {
          id,
          size: MESSAGE_PAGE_SIZE,
          ...(kind === 'all' ? {} : { kind }),
          ...(pageParam ? { before: pageParam } : {}),
        },
        object({ messages: array(messageDecoder), next: nullable(string) }),
        { signal },
      ),
    getNextPageParam: (last) => last.next,
    enabled: token !== null,
    refetchInterval: 30_000,
  });
}

/** GET /api/live/sortData?id&type → senders ranked by paid value (1) or danmaku (2). */
export function useLiveSortData(id: number, type: 1 | 2) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...LIVE_QUERY_ROOT, 'sort', token, id, type],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/live/sortData',
        { id, type, size: 20 },
        object({ type: oneOf([1, 2] as const), items: array(sortDecoder) }),
        { signal },
      ),
    enabled: token !== null,
    refetchInterval: 60_000,
  });
}

/** POST /api/live/addMonitor (roomUrl or kolId, monitorDuration, sTime). */
export function addLiveMonitor(params: ApiParams): Promise<{ id: number; roomId: number; message: string }> {
  return apiPost('/api/live/addMonitor', params, object({ id: number, roomId: number, message: text }));
}

/** POST /api/live/delMonitor (id). */
export function deleteLiveMonitor(id: number): Promise<{ message: string }> {
  return apiPost('/api/live/delMonitor', { id }, object({ message: text }));
}

export type { LiveMonitorItem };
