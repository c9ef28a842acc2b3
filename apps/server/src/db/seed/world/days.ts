/** Day arithmetic for the demo world: "a day" is a calendar day in Asia/Shanghai (UTC+8, no DST). */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
export const DAY_MS = 24 * 3600 * 1000;

/** Today's date in Asia/Shanghai as 'YYYY-MM-DD'. */
export function shanghaiToday(now: Date = new Date()): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant (UTC ms) a Shanghai day starts. */
export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS;
}

/** The instant (UTC ms) a Shanghai day ends (= the next day's start). */
export function dayEndMs(day: string): number {
  return dayStartMs(day) + DAY_MS;
}
