/**
 * The figures of a placement / monitor report (docs/metrics.md § Placement report): pure functions of the
 * stored samples, the promotion cost and the creator's usual plays. Money in integer cents, rounded half up.
 */
import { formatCost, type MonitorPoint, type ReportFigures } from '@xg/shared';

type Counts = Omit<MonitorPoint, 'ts'>;
const COUNT_KEYS = [
  'playNum',
  'praiseNum',
  'castCurrencyNum',
  'collectNum',
  'shareNum',
  'commentNum',
  'barrageNum',
] as const satisfies readonly (keyof Counts)[];

/** A slot counts as due (missed if it has no sample) once this long has passed: the sample is being taken. */
export const SLOT_GRACE_MS = 2 * 60_000;

/** Slots due in [start, min(end, now − grace)] at `intervalS` (start + k × interval); 0 before the start. */
export function slotsDue(start: Date, end: Date, now: Date, intervalS: number): number {
  const until = Math.min(end.getTime(), now.getTime() - SLOT_GRACE_MS);
  if (until < start.getTime()) return 0;
  return Math.floor((until - start.getTime()) / (intervalS * 1000)) + 1;
}

/** cents ÷ divisor × factor, rounded half up to whole cents; null when the divisor is 0. */
export function perUnitCents(cents: number, divisor: number, factor = 1): number | null {
  if (divisor <= 0) return null;
  return Math.floor((2 * cents * factor + divisor) / (2 * divisor));
}

/** Linear-interpolated quantile (q in 0..1) of sorted values. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return Math.round(a + (b - a) * (pos - lo));
}

/** The expected band needs at least this many usual videos with a stored day at the same age. */
export const EXPECTED_MIN_VIDEOS = 3;

export function expectedBand(usualPlays: readonly number[], ageHours: number): ReportFigures['expected'] {
  if (usualPlays.length < EXPECTED_MIN_VIDEOS) return null;
  const sorted = [...usualPlays].sort((a, b) => a - b);
  return {
    ageHours,
    low: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    high: quantile(sorted, 0.75),
    videos: sorted.length,
  };
}

export function engagementsOf(p: Counts): number {
  return p.praiseNum + p.castCurrencyNum + p.collectNum + p.shareNum + p.commentNum + p.barrageNum;
}

/**
 * The report's figures from the samples (oldest first): first / last / last − first, the sample count against
 * the slots due, cost per 1,000 plays and per engagement at the last sample, and the plays against the band.
 */
export function reportFigures(input: {
  points: readonly MonitorPoint[];
  /** samples taken inside the window (points may run on into the hourly tail) */
  windowSamples: number;
  slotsDue: number;
  costCents: number | null;
  expected: ReportFigures['expected'];
}): ReportFigures {
  const first = input.points[0] ?? null;
  const last = input.points.at(-1) ?? null;
  let increase: Counts | null = null;
  if (first && last) {
    const inc = {} as Record<keyof Counts, number>;
    for (const k of COUNT_KEYS) inc[k] = last[k] - first[k];
    increase = inc;
  }
  const engagements = last ? engagementsOf(last) : null;
  const cents = input.costCents;
  const cpmCents = cents !== null && last ? perUnitCents(cents, last.playNum, 1000) : null;
  const cpeCents = cents !== null && engagements !== null ? perUnitCents(cents, engagements) : null;
  const median = input.expected?.median ?? 0;
  return {
    first,
    last,
    increase,
    samples: input.windowSamples,
    slotsDue: input.slotsDue,
    cpm: cpmCents === null ? null : formatCost(cpmCents),
    costPerEngagement: cpeCents === null ? null : formatCost(cpeCents),
    engagements,
    expected: input.expected,
    versusExpected: last && median > 0 ? Math.round((last.playNum / median) * 100) / 100 : null,
  };
}
