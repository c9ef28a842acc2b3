import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OpinionTask, OpinionTaskListAnswer, OpinionVideoCheck } from '@xg/shared';
import { apiGet, apiPost, type ApiParams } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text } from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';
import { OPINION_QUERY_ROOT, taskDecoder } from './decoders';

export type OpinionTaskList = Omit<OpinionTaskListAnswer, 'code' | 'message'>;
export const TASK_PAGE_SIZE = 50;

/** GET /api/opinion/opinionTaskList → the team's tasks with the tier's limit, windows and switches. */
export function useOpinionTasks() {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...OPINION_QUERY_ROOT, 'tasks', token],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/opinion/opinionTaskList',
        { pageNo: 1, pageSize: TASK_PAGE_SIZE },
        object<OpinionTaskList>({
          tasks: array(taskDecoder),
          total: count,
          pageNo: number,
          pageSize: number,
          limit: count,
          used: count,
          durations: array((v, p) => number(v, p) as 1 | 2 | 3 | 7),
          keywordTasks: (v, p) => (number(v, p) === 1 ? 1 : 0),
          canWarn: (v, p) => (number(v, p) === 1 ? 1 : 0),
        }),
        { signal },
      ),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** GET /api/opinion/getOpinionTaskInfo?id */
export function useOpinionTask(id: number | null) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...OPINION_QUERY_ROOT, 'task', token, id],
    queryFn: ({ signal }) =>
      apiGet('/api/opinion/getOpinionTaskInfo', { id: id ?? 0 }, object<{ task: OpinionTask }>({ task: taskDecoder }), {
        signal,
      }).then((a) => a.task),
    enabled: token !== null && id !== null,
  });
}

/** GET /api/opinion/checkOpinionVideoUrl?videoUrl → the work lookup of §3 (flag 1 found). */
export function checkOpinionVideoUrl(videoUrl: string): Promise<OpinionVideoCheck & { message: string }> {
  return apiGet(
    '/api/opinion/checkOpinionVideoUrl',
    { videoUrl },
    object<OpinionVideoCheck & { message: string }>({
      flag: (v, p) => (number(v, p) === 1 ? 1 : 0),
      videoId: nullable(number),
      bvid: nullable(string),
      coverImg: string,
      kolName: string,
      kolImg: string,
      publishTime: nullable(string),
      title: string,
      message: text,
    }),
    { quiet: true },
  );
}

/** POST /api/opinion/saveOpinionMonitor → the task's id and the server's message. */
export function saveOpinionMonitor(params: ApiParams): Promise<{ id: number; message: string }> {
  return apiPost('/api/opinion/saveOpinionMonitor', params, object({ id: number, message: text }), { quiet: true });
}

/** GET /api/opinion/delOpinionTask?id */
export function deleteOpinionTask(id: number): Promise<string> {
  return apiGet('/api/opinion/delOpinionTask', { id }, object({ message: text })).then((a) => a.message);
}
