import { useQuery } from '@tanstack/react-query';
import type { BoardDataAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { array, count, nullable, number, object, string, text, type Decoder } from '../../../lib/decode';

export type BoardData = Omit<BoardDataAnswer, 'code' | 'message'>;
type Totals = BoardData['totals'];
type PartitionRow = BoardData['partitions'][number];
type GrowthPoint = BoardData['dailyGrowth'][number];

const answerDecoder: Decoder<BoardData> = object<BoardData>({
  totals: object<Totals>({
    kolNum: count,
    videoNum: count,
    liveNum: count,
    mcnNum: count,
    approveNum: count,
    totalFansNum: count,
    totalPlayNum: count,
  }),
  partitions: array(
    object<PartitionRow>({ tid: number, name: text, kolNum: count, videoNum: count, fansNum: count, playNum: count }),
  ),
  dailyGrowth: array(
    object<GrowthPoint>({ dataDate: text, fansIncrease: number, playIncrease: number, videoIncrease: number }),
  ),
  dataDate: nullable(string),
});

/** GET /api/boardData → platform totals, per-partition figures and 30 days of growth. */
export function getBoardData(signal?: AbortSignal): Promise<BoardData> {
  return apiGet('/api/boardData', undefined, answerDecoder, { signal });
}

export function useBoardData() {
  return useQuery({
    queryKey: ['dashboard', 'board'],
    queryFn: ({ signal }) => getBoardData(signal),
    staleTime: 5 * 60_000,
  });
}
