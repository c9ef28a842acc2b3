import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackItem, FeedbackParams } from '@xg/shared';
import { apiGet, apiPost } from '../../../lib/api-client';
import { array, count, nullable, object, string, text, type Decoder } from '../../../lib/decode';

const itemDecoder: Decoder<FeedbackItem> = object<FeedbackItem>({
  id: count,
  content: text,
  content2: text,
  contact: text,
  reply: nullable(text),
  createdAt: string,
  repliedAt: nullable(string),
});

/** GET /api/user/myFeedback: the user's feedback with the operators' replies. */
export function useMyFeedback(enabled: boolean) {
  return useQuery({
    queryKey: ['help', 'myFeedback'],
    queryFn: ({ signal }) =>
      apiGet('/api/user/myFeedback', undefined, object({ list: array(itemDecoder) }), { signal, quiet: true }).then(
        (a) => a.list,
      ),
    enabled,
  });
}

/** POST /api/feedback (content, content2, contact; §5: one of the first two is needed). */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['help', 'feedback'],
    mutationFn: (params: FeedbackParams) => apiPost('/api/feedback', { ...params }, object({ message: text })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['help', 'myFeedback'] }),
  });
}
