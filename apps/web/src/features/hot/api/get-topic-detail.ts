import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { encodeKeyword, type TopicDetailAnswer, type VideoItem } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, object, text, type Decoder } from '../../../lib/decode';
import { videoItemShape } from './decoders';

export type TopicDetail = Pick<
  TopicDetailAnswer,
  'topic' | 'videoNum' | 'playNum' | 'kolNum' | 'videoInfos' | 'total' | 'pageNo' | 'pageSize'
>;

const answerDecoder: Decoder<TopicDetail> = object<TopicDetail>({
  topic: text,
  videoNum: count,
  playNum: count,
  kolNum: count,
  videoInfos: array(object<VideoItem>(videoItemShape)),
  total: count,
  pageNo: count,
  pageSize: count,
});

/** GET /api/topicDetail?topic=&pageNo=&pageSize= (the topic double URL-encoded like every keyword). */
export function getTopicDetail(topic: string, pageNo: number, pageSize: number, signal?: AbortSignal) {
  return apiGet('/api/topicDetail', { topic: encodeKeyword(topic), pageNo, pageSize }, answerDecoder, { signal });
}

export function useTopicDetail(topic: string | null, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: ['hot', 'topic', topic, pageNo, pageSize],
    queryFn: ({ signal }) => getTopicDetail(topic ?? '', pageNo, pageSize, signal),
    enabled: topic !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
