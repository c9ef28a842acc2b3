/**
 * Lists → RankingRecord (position + the video): `x/web-interface/popular` (paged; positions continue across
 * pages), `x/web-interface/ranking/v2` (top 100 with `score`), `popular/series/one` (每周必看).
 */
import { z } from 'zod';
import type { RankingRecord } from '../records.js';
import { Archive, archiveToVideo } from './video.js';
import { num, optNum, str } from './common.js';

const PopularItem = Archive.extend({
  rcmd_reason: z.union([z.object({ content: str }), z.string()]).nullish(),
});

const PopularData = z.object({
  list: z.array(PopularItem).nullish(),
  no_more: z.boolean().nullish(),
});

function reasonOf(r: z.infer<typeof PopularItem>['rcmd_reason']): string | null {
  const text = typeof r === 'string' ? r : (r?.content ?? '');
  return text === '' ? null : text;
}

export interface PopularPage {
  items: RankingRecord[];
  noMore: boolean;
}

/** `x/web-interface/popular`; `offset` = (pn − 1) · ps so positions continue across pages. */
export function parsePopular(data: unknown, offset = 0): PopularPage {
  const d = PopularData.parse(data);
  const items = (d.list ?? []).map((a, i): RankingRecord => ({
    list: 'popular',
    position: offset + i + 1,
    score: null,
    reason: reasonOf(a.rcmd_reason),
    video: archiveToVideo(a),
  }));
  return { items, noMore: d.no_more ?? items.length === 0 };
}

const RankingItem = Archive.extend({ score: optNum });
const RankingData = z.object({ note: str, list: z.array(RankingItem).nullish() });

export interface RankingPage {
  note: string;
  items: RankingRecord[];
}

/** `x/web-interface/ranking/v2` */
export function parseRanking(data: unknown): RankingPage {
  const d = RankingData.parse(data);
  return {
    note: d.note,
    items: (d.list ?? []).map((a, i): RankingRecord => ({
      list: 'ranking',
      position: i + 1,
      score: a.score,
      reason: null,
      video: archiveToVideo(a),
    })),
  };
}

const WeeklyData = z.object({
  config: z.object({ number: num, name: str, stime: optNum, etime: optNum }),
  list: z.array(PopularItem).nullish(),
});

export interface WeeklyPage {
  number: number;
  name: string;
  /** the week's start and end (Unix seconds), null when absent */
  startsAt: number | null;
  endsAt: number | null;
  items: RankingRecord[];
}

/** `x/web-interface/popular/series/one` (每周必看, one issue) */
export function parseWeekly(data: unknown): WeeklyPage {
  const d = WeeklyData.parse(data);
  return {
    number: d.config.number,
    name: d.config.name,
    startsAt: d.config.stime,
    endsAt: d.config.etime,
    items: (d.list ?? []).map((a, i): RankingRecord => ({
      list: 'weekly',
      position: i + 1,
      score: null,
      reason: reasonOf(a.rcmd_reason),
      video: archiveToVideo(a),
    })),
  };
}
