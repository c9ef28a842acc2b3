import { useQuery } from '@tanstack/react-query';
import type { VideoDetailInfo } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { count, object, type Decoder } from '../../../lib/decode';
import { videoDetailDecoder } from './decoders';

/** The detail plus the caller's team's saved-video flags (isCollect / isPut, issue #15). */
export type VideoDetailWithFlags = VideoDetailInfo & { isCollect: number; isPut: number };

const flagsDecoder: Decoder<{ isCollect: number; isPut: number }> = object({ isCollect: count, isPut: count });
const infoDecoder: Decoder<VideoDetailWithFlags> = (input, path) => ({
  ...videoDetailDecoder(input, path),
  ...flagsDecoder(input, path),
});
const answerDecoder: Decoder<{ videoInfo: VideoDetailWithFlags }> = object({ videoInfo: infoDecoder });

/** GET /api/videoDetail?id= (video id or BV id) → { videoInfo }. */
export async function getVideoDetail(id: string, signal?: AbortSignal): Promise<VideoDetailWithFlags> {
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
