import type { LivePoint } from '@xg/shared';

const MINUTE_MS = 60_000;

/**
 * Every minute from the first to the last sample of the window, each with its sample or null: a minute the
 * room was not sampled (offline, or a missed sample) is a gap in the line, never an interpolated point.
 */
export function minuteGrid(points: readonly LivePoint[]): { ts: number; point: LivePoint | null }[] {
  if (points.length === 0) return [];
  const byTs = new Map(points.map((p) => [Date.parse(p.ts), p]));
  const first = Date.parse(points[0]!.ts);
  const last = Date.parse(points[points.length - 1]!.ts);
  const out: { ts: number; point: LivePoint | null }[] = [];
  for (let ts = first; ts <= last; ts += MINUTE_MS) out.push({ ts, point: byTs.get(ts) ?? null });
  return out;
}
