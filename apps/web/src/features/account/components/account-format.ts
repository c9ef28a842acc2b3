import { shanghaiTime } from '../../../components/data-updated-text';

/** Dates of the account centre, in Asia/Shanghai (STYLE: dates in Asia/Shanghai); a value that is no date stays. */
const isDate = (value: string): boolean => !Number.isNaN(new Date(value).getTime());

/** YYYY-MM-DD, or the value itself when it is not a date. */
export function formatDate(value: string): string {
  return isDate(value) ? shanghaiTime(value).slice(0, 10) : value;
}

/** YYYY-MM-DD HH:mm. */
export function formatDateTime(value: string): string {
  return isDate(value) ? shanghaiTime(value) : value;
}

/** Whole days from now until the value (negative once past), or null for no date. */
export function daysLeft(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return null;
  return Math.ceil((time - now) / 86_400_000);
}
