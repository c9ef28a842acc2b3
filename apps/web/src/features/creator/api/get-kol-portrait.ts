import { useQuery } from '@tanstack/react-query';
import type { KolPortraitAnswer } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import { nullable, number, object, string, type Decoder } from '../../../lib/decode';

/** One share of an audience portrait, 比例 in percent units (56.3 = 56.3 %). */
export interface PortraitShare {
  name: string;
  ratio: number;
}

export interface KolPortrait {
  gender: PortraitShare[];
  age: PortraitShare[];
  area: PortraitShare[];
  sampleSize: number | null;
  source: string | null;
  updateTime: string | null;
}

/**
 * The portraits arrive as JSON strings (§3): gender entries have 性别 and 比例, age entries 年龄 and 比例,
 * area entries 地域 and 比例. Entries without a name or a finite share are dropped; a string that is not
 * JSON gives no entries.
 */
export function parsePortrait(raw: string | null, nameKey: '性别' | '年龄' | '地域'): PortraitShare[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.warn(`[portrait] ${nameKey}: not JSON`, error);
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const entries: unknown[] = parsed;
  const shares: PortraitShare[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) continue;
    const name: unknown = Reflect.get(entry, nameKey);
    const ratioRaw: unknown = Reflect.get(entry, '比例');
    const ratio = typeof ratioRaw === 'number' ? ratioRaw : typeof ratioRaw === 'string' ? parseFloat(ratioRaw) : NaN;
    if (typeof name === 'string' && name !== '' && Number.isFinite(ratio)) shares.push({ name, ratio });
  }
  return shares;
}

type RawPortrait = Omit<KolPortraitAnswer, 'code' | 'message'>;

const answerDecoder: Decoder<KolPortrait> = (input, path) => {
  const raw = object<RawPortrait>({
    genderPortrait: nullable(string),
    agePortrait: nullable(string),
    areaPortrait: nullable(string),
    sampleSize: nullable(number),
    source: nullable(string),
    updateTime: nullable(string),
  })(input, path);
  return {
    gender: parsePortrait(raw.genderPortrait, '性别'),
    age: parsePortrait(raw.agePortrait, '年龄'),
    area: parsePortrait(raw.areaPortrait, '地域'),
    sampleSize: raw.sampleSize,
    source: raw.source,
    updateTime: raw.updateTime,
  };
};

/** GET /api/kolPortrait?kolId= (专业版 and above, `creator.portrait`). */
export function getKolPortrait(kolId: number, signal?: AbortSignal): Promise<KolPortrait> {
  return apiGet('/api/kolPortrait', { kolId }, answerDecoder, { signal });
}

export function useKolPortrait(kolId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['creator', 'portrait', kolId],
    queryFn: ({ signal }) => getKolPortrait(kolId, signal),
    enabled,
    staleTime: 30 * 60_000,
  });
}
