/** Number and text formatting of spec §9, shared by the web and by exports. */

/** Counts of 10,000 or more show as ten-thousands with 万 (亿 from 100,000,000); smaller ones with separators. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const abs = Math.abs(value);
  if (abs >= 100_000_000) return `${trimZeros((value / 100_000_000).toFixed(2))}亿`;
  if (abs >= 10_000) return `${trimZeros((value / 10_000).toFixed(1))}万`;
  return Math.round(value).toLocaleString('zh-CN');
}

/**
 * Chart axis labels (§9: 万 or 千万): 万 from ten thousand, 千万 from ten million, and 亿 from a hundred million
 * (issue #23: "15千万" for 1.5亿 reads as nonsense; docs/decisions.md "Axis labels").
 */
export function formatAxis(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 100_000_000) return `${trimZeros((value / 100_000_000).toFixed(2))}亿`;
  if (abs >= 10_000_000) return `${trimZeros((value / 10_000_000).toFixed(1))}千万`;
  if (abs >= 10_000) return `${trimZeros((value / 10_000).toFixed(1))}万`;
  return String(value);
}

/** Cut a title to `max` characters (50 or 60 in the spec) with an ellipsis. */
export function truncateTitle(title: string, max: 50 | 60 = 50): string {
  const chars = Array.from(title);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : title;
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
