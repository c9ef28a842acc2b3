import { useQuery } from '@tanstack/react-query';
import type { VideoDetailInfo } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { object, type Decoder } from '../../../lib/decode';
import { videoDetailDecoder } from './decoders';

const answerDecoder: Decoder<{ videoInfo: VideoDetailInfo }> = object({ videoInfo: videoDetailDecoder });

/** GET /api/videoDetail?id= (video id or BV id) → { videoInfo }. */
export async function getVideoDetail(id: string, signal?: AbortSignal): Promise<VideoDetailInfo> {
  const answer = await apiGet('/api/videoDetail', { id }, answerDecoder, { signal });
  return answer.videoInfo;
}

export function useVideoDetail(id: string | null) {
  return useQuery({
    queryKey: ['video', 'detail', id],
    queryFn: ({ signal }) => getVideoDetail(id ?? '', signal),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
}
