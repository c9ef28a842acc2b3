import { useQuery } from '@tanstack/react-query';
import type { AnswerMenu, AnswerType, HelpAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, object, text, type Decoder } from '../../../lib/decode';

const typeDecoder: Decoder<AnswerType> = object<AnswerType>({ id: count, dataName: text });
const menuDecoder: Decoder<AnswerMenu> = object<AnswerMenu>({ name: text, url: text, type: count });
const answerDecoder: Decoder<HelpAnswer> = object<HelpAnswer>({
  id: count,
  typeId: count,
  title: text,
  answers: text,
  introduce: text,
  answersType: count,
  isRecommendFunction: count,
  menus: array(menuDecoder),
});

/** GET /api/getAnswersTypes?type: the audience's answer categories (1 brand / agency, 2 MCN / creator). */
export function useAnswerTypes(audience: number) {
  return useQuery({
    queryKey: ['help', 'types', audience],
    queryFn: ({ signal }) =>
      apiGet('/api/getAnswersTypes', { type: audience }, object({ answersTypes: array(typeDecoder) }), {
        signal,
        quiet: true,
      }).then((a) => a.answersTypes),
    staleTime: 10 * 60_000,
  });
}

/** GET /api/getAnswers?type&id: a category's answers; without id the audience's recommended functions. */
export function useAnswers(audience: number, typeId: number | null) {
  return useQuery({
    queryKey: ['help', 'answers', audience, typeId],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/getAnswers',
        { type: audience, id: typeId ?? undefined },
        object({ answers: array(answerDecoder) }),
        { signal, quiet: true },
      ).then((a) => a.answers),
    staleTime: 10 * 60_000,
  });
}
