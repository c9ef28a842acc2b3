import { expect } from 'vitest';
import type { LinkKolItem, LinkVideoItem } from '@xg/shared';
import type { CallResult } from './harness.js';
import { readXlsx, type XlsxCell, type XlsxSheet } from './xlsx-read.js';

/**
 * Test support of the export tests (export-lists.test.ts, importer/real-data-workflow.test.ts): the sheets of an
 * Excel answer, a row's cell values, and the rows the saved-creator and saved-video exports must carry for the
 * screen's items (their column order, written out here independently of the export registry).
 */

/** The sheets of an answer that must be an Excel file. */
export function xlsxOf(res: CallResult): XlsxSheet[] {
  expect(res.status).toBe(200);
  expect(String(res.raw.headers['content-type'])).toContain('spreadsheetml');
  return readXlsx(res.raw.rawPayload);
}

/** The first `width` cell values of a row, empty cells as null. */
export function cellValues(row: XlsxCell[] | undefined, width: number): (string | number | null)[] {
  const out = (row ?? []).map((c) => c.value);
  while (out.length < width) out.push(null);
  return out.slice(0, width);
}

/** 'YYYY-MM-DD HH:mm' of an ISO time in Asia/Shanghai (how the reader shows an Excel date). */
export function shanghaiWall(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The 12 columns of a saved creator (UP主收藏) in the file. */
export function linkKolRow(k: LinkKolItem): (string | number | null)[] {
  return [
    k.kolName,
    k.kolUid,
    k.themeName || null,
    k.groupName,
    k.fansNum,
    k.fansSinceAdd,
    k.fansIncrease,
    k.indexNum,
    k.isMonitor === 1 ? '监测中' : '未监测',
    k.addedBy || null,
    shanghaiWall(k.addTime),
    k.mcnName || null,
  ];
}

/** The first 13 columns of a saved video (视频收藏) in the file. */
export function linkVideoRow(v: LinkVideoItem): (string | number | null)[] {
  return [
    v.title,
    v.bvid,
    v.kolName,
    v.themeName || null,
    shanghaiWall(v.publishTime),
    v.playDuration,
    v.playNum,
    v.praiseNum,
    v.castCurrencyNum,
    v.collectNum,
    v.commentNum,
    v.barrageNum,
    v.shareNum,
  ];
}
