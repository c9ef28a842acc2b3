import { z } from 'zod';
import type { ContrastKolData, ContrastOverlap, ContrastVerdict } from '@xg/shared';

/**
 * The stored snapshot of a report (contrast_reports.snapshot, migration 0028): the figures as they were when the
 * report was generated. The team's live flags (isCollect, isPut) and the intention (isAdmire) are not stored here;
 * they are set when the report is read. Parsed on the way out of the database, so a row written by an older
 * version is read by this schema or refused, never passed on blindly.
 */
export const SNAPSHOT_VERSION = 1;

const nullableNumber = z.number().nullable();
const nullableText = z.string().nullable();

const storedKol = z.object({
  kolId: z.number(),
  kolName: z.string(),
  kolUid: z.number(),
  kolImg: z.string(),
  isApprove: z.number(),
  twoSortFlag: z.array(z.object({ id: z.number(), name: z.string() })),
  fansNum: z.number(),
  indexNum: z.number(),
  weekVideoNum: z.number(),
  weekAvgPlayNum: nullableNumber,
  avgPraiseNum: nullableNumber,
  weekAvgCollectNum: nullableNumber,
  weekAvgShareNum: nullableNumber,
  weekAvgCommentNum: nullableNumber,
  weekCastCurrencyNum: nullableNumber,
  chargingNum: z.number(),
  genderPortrait: nullableText,
  agePortrait: nullableText,
  areaPortrait: nullableText,
  portraitSource: nullableText,
  portraitSampleSize: nullableNumber,
  portraitKind: z.enum(['creator', 'partition']).nullable(),
  fansIncrease30: nullableNumber,
  // reports stored before the weekly figures' sample was named have none (read as unknown)
  sampleWindow: z
    .union([z.literal(0), z.literal(7), z.literal(30), z.literal(90)])
    .nullable()
    .default(null),
  engagementRate: nullableNumber,
  libraryPrice: nullableNumber,
  pricePerThousandPlays: nullableNumber,
  pricePlaysDays: z.union([z.literal(7), z.literal(30), z.literal(90)]).nullable(),
  // reports stored before the quote estimate was kept have none
  estVideoPrice: nullableNumber.default(null),
});
export type StoredKol = Omit<ContrastKolData, 'isCollect' | 'isPut' | 'isAdmire'> & z.infer<typeof storedKol>;

const overlap = z.object({
  method: z.string(),
  sampleSize: z.number(),
  pairs: z.array(
    z.object({
      kolIdA: z.number(),
      kolIdB: z.number(),
      commentersA: z.number(),
      commentersB: z.number(),
      shared: z.number(),
      overlapPercent: nullableNumber,
      low: nullableNumber,
      high: nullableNumber,
    }),
  ),
});

const verdict = z.object({
  dimension: z.enum(['reach', 'engagement', 'growth', 'price']),
  title: z.string(),
  leaderKolId: nullableNumber,
  text: z.string(),
});

export const storedSnapshot = z.object({
  v: z.literal(SNAPSHOT_VERSION),
  kols: z.array(storedKol),
  overlap,
  verdicts: z.array(verdict),
});
export interface StoredSnapshot {
  v: typeof SNAPSHOT_VERSION;
  kols: StoredKol[];
  overlap: ContrastOverlap;
  verdicts: ContrastVerdict[];
}

export function parseSnapshot(value: unknown): StoredSnapshot {
  return storedSnapshot.parse(value);
}
