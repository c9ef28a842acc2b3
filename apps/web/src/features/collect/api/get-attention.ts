import { useQuery } from '@tanstack/react-query';
import type { AttentionItem, AttentionListAnswer } from '@xg/shared';
import { apiGet, apiPost } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';
import { attentionVideoDecoder, fanEventDecoder, kolItemShape } from '../../../lib/item-decoders';
import { LIST_QUERY_ROOT } from './link-kol';

export type AttentionList = Omit<AttentionListAnswer, 'code' | 'message'>;

const itemDecoder: Decoder<AttentionItem> = object<AttentionItem>({
  ...kolItemShape,
  seenAt: nullable(string),
  since: text,
  fansSince: number,
  newVideoNum: count,
  newVideos: array(attentionVideoDecoder),
  fanEvents: array(fanEventDecoder),
  updateTime: nullable(string),
});
const answerDecoder: Decoder<AttentionList> = object<AttentionList>({
  attentions: array(itemDecoder),
  lastSeenAt: nullable(string),
  monitorCount: count,
  monitorLimit: count,
});

/** GET /api/attention/list: the team's monitored creators and what changed since the user's last look. */
export function useAttention() {
  return useQuery({
    queryKey: [...LIST_QUERY_ROOT, 'attention'],
    queryFn: ({ signal }) => apiGet('/api/attention/list', {}, answerDecoder, { signal }),
  });
}

/** POST /api/attention/markSeen: the current numbers become the user's baseline. */
export function markAttentionSeen() {
  return apiPost('/api/attention/markSeen', {}, object<{ message: string }>({ message: text }));
}
