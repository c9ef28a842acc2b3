/** Dates of the account centre, in Asia/Shanghai (STYLE: dates in Asia/Shanghai). */
const DATE = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const DATE_TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

function parts(format: Intl.DateTimeFormat, value: string): Record<string, string> | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** YYYY-MM-DD, or the value itself when it is not a date. */
export function formatDate(value: string): string {
  const p = parts(DATE, value);
  return p ? `${p.year}-${p.month}-${p.day}` : value;
}

/** YYYY-MM-DD HH:mm. */
export function formatDateTime(value: string): string {
  const p = parts(DATE_TIME, value);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}` : value;
}

/** Whole days from now until the value (negative once past), or null for no date. */
export function daysLeft(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return null;
  return Math.ceil((time - now) / 86_400_000);
}
