import { useQuery } from '@tanstack/react-query';
import type { TutorialVideo } from '@xg/shared';
import { apiGet, apiPost } from '../../../lib/api-client';
import { array, boolean, count, object, text, type Decoder } from '../../../lib/decode';

const videoDecoder: Decoder<TutorialVideo> = object<TutorialVideo>({
  id: count,
  name: text,
  url: text,
  posterUrl: text,
  mustWatch: boolean,
  played: boolean,
});

/** GET /api/tutorialVideos: the tutorial videos, each with whether this user has played it. */
export function useTutorialVideos() {
  return useQuery({
    queryKey: ['help', 'videos'],
    queryFn: ({ signal }) =>
      apiGet('/api/tutorialVideos', undefined, object({ videos: array(videoDecoder) }), { signal, quiet: true }).then(
        (a) => a.videos,
      ),
  });
}

/** POST /api/savePlayCount {videoName}: a play (also the "tutorial viewed" record); the answer is ignored. */
export function savePlayCount(videoName: string): void {
  apiPost('/api/savePlayCount', { videoName }, () => null, { quiet: true }).catch(() => undefined);
}
