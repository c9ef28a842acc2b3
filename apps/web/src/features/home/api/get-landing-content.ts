import { useQuery } from '@tanstack/react-query';
import type { LandingContentAnswer, LandingTexts } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, object, string, text, withDefault, type Decoder } from '../../../lib/decode';
import { pkCreatorDecoder } from './pk-decoders';

export type LandingContent = Omit<LandingContentAnswer, 'code' | 'message'>;

const textsDecoder: Decoder<LandingTexts | undefined> = withDefault(
  object<LandingTexts>({ title: text, intro: text }) as Decoder<LandingTexts | undefined>,
  undefined,
);

const decoder: Decoder<LandingContent> = object<LandingContent>({
  landing: object({ marketDataCus: textsDecoder, customPage: textsDecoder }),
  day: nullable(string),
  creatorCount: count,
  rank: array(pkCreatorDecoder),
});

/** GET /api/landingContent: the landing pages' texts (from the console) and the week's fan-gain top 10. */
export function useLandingContent() {
  return useQuery({
    queryKey: ['home', 'landing'],
    queryFn: ({ signal }) => apiGet('/api/landingContent', undefined, decoder, { signal, quiet: true }),
    staleTime: 5 * 60_000,
  });
}
