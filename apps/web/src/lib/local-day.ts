/**
 * The local calendar day of a date string as YYYY-MM-DD, parsed the way dayjs parses it (a string without a
 * trailing Z by its parts in local time, otherwise by `new Date`), or null when it is not a date. For the
 * header's expiry line, which is on every signed-in page: dayjs and its locale stay out of the shell's first
 * load (issue #18, bundle budgets); local-day.test.ts checks it against dayjs.
 */
const LOCAL_PARTS = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

export function localDay(value: string): string | null {
  const parts = /z$/i.test(value) ? null : LOCAL_PARTS.exec(value);
  const date = parts
    ? new Date(
        Number(parts[1]),
        Number(parts[2] || 1) - 1,
        Number(parts[3] || 1),
        Number(parts[4] || 0),
        Number(parts[5] || 0),
        Number(parts[6] || 0),
        Number((parts[7] || '0').slice(0, 3)),
      )
    : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const pad = (n: number, width: number): string => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}
