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

const graphemes =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', { granularity: 'grapheme' }) : null;

/** A text's user-perceived characters: an emoji with its modifiers or joiners (👨‍👩‍👧, 👍🏻, 🇨🇳) is one. */
export function charactersOf(text: string): string[] {
  return graphemes ? Array.from(graphemes.segment(text), (s) => s.segment) : Array.from(text);
}

/**
 * Cut a title to `max` characters (50 or 60 in the spec) with an ellipsis, on a character boundary: an emoji
 * sequence is kept whole or left out, never split into a broken glyph (issue #23 item 17). Where it is cut, the
 * screens show the full title in a tooltip (`title`).
 */
export function truncateTitle(title: string, max: 50 | 60 = 50): string {
  const chars = charactersOf(title);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : title;
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/**
 * 云指数 has one precision everywhere (docs/metrics.md "云指数"): one decimal. The server rounds every value it
 * sends with roundIndexNum (lists, detail, rankings, comparison reports, exports) and every screen shows it with
 * formatIndexNum, so one creator reads the same 云指数 on every page and in every file.
 */
export const INDEX_NUM_DECIMALS = 1;

export function roundIndexNum(value: number): number {
  const f = 10 ** INDEX_NUM_DECIMALS;
  return Math.round(value * f) / f;
}

export function formatIndexNum(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return roundIndexNum(value).toFixed(INDEX_NUM_DECIMALS);
}

/**
 * The sample of videos the weekly figures average over (creator_metrics.sample_window, docs/metrics.md "Weekly
 * figures"): the videos of the last 7 days; when the week has none, of the last 30 days; else the latest 10 of the
 * last 90 days; 0 when there is none. The creator detail and the comparison report both say which with this text.
 */
export type SampleWindow = 0 | 7 | 30 | 90;

export function sampleWindowLabel(window: number | null | undefined): string {
  switch (window) {
    case 7:
      return '近7天视频';
    case 30:
      return '近30天视频（近7天无新视频）';
    case 90:
      return '近90天最新10个视频（近30天无新视频）';
    default:
      return '近90天无视频';
  }
}
