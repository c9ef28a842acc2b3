import { beforeAll, describe, expect, it } from 'vitest';
import type { KolContrastResultAnswer } from '@xg/shared';
import { occurrences, readPdf, type PdfRead } from '../../../test/pdf-read.js';
import { contrastReportFixture } from './contrast-pdf.fixtures.js';
import { isWideReport, renderContrastPdf } from './contrast-pdf.js';

/**
 * The comparison PDF (issue #17 item 7; spec §2.7, §9), rendered and read back with pdf.js: pages, orientation,
 * the Chinese text as extractable text, the watermark on every page, the embedded font subset, vector charts.
 */
const PRODUCT = '星河测试数据'; // a name found nowhere else in the report, so each hit is the watermark or footer
const AT = new Date('2026-11-25T12:40:00Z');

interface Rendered {
  report: KolContrastResultAnswer;
  pdf: Buffer;
  read: PdfRead;
}

async function render(report: KolContrastResultAnswer): Promise<Rendered> {
  const pdf = await renderContrastPdf(report, { productName: PRODUCT, generatedAt: AT });
  return { report, pdf, read: await readPdf(pdf) };
}

let two: Rendered;
let five: Rendered;
beforeAll(async () => {
  two = await render(contrastReportFixture(2));
  five = await render(contrastReportFixture(5));
}, 60_000);

describe('orientation (spec §9: landscape if wide, otherwise portrait)', () => {
  it('calls 4 and 5 creators wide, 2 and 3 not', () => {
    expect([2, 3, 4, 5].map(isWideReport)).toEqual([false, false, true, true]);
  });

  it('prints 2 creators on portrait A4 and 5 creators on landscape A4, every page', () => {
    expect(two.read.pages.length).toBe(3);
    expect(five.read.pages.length).toBe(5);
    for (const p of two.read.pages) expect([Math.round(p.width), Math.round(p.height)]).toEqual([595, 842]);
    for (const p of five.read.pages) expect([Math.round(p.width), Math.round(p.height)]).toEqual([842, 595]);
  });
});

describe('content as text (extracted by pdf.js, not by the writer)', () => {
  it.each([
    ['2 creators', () => two],
    ['5 creators', () => five],
  ])('%s: title, every section, every creator name and UID, the data date', (_label, get) => {
    const { report, read } = get();
    const all = read.pages.map((p) => p.text).join('\n');
    expect(read.title).toBe('UP主对比报告');
    for (const heading of [
      'UP主对比报告',
      '我的判断',
      '基础数据对比',
      '互动数据对比',
      '粉丝数据对比',
      '受众重合度',
      '对比结论',
      '性别分布',
      '年龄分布',
    ]) {
      expect(all, heading).toContain(heading);
    }
    for (const k of report.userContrastKolDataList) {
      expect(all).toContain(k.kolName);
      expect(all).toContain(`UID ${k.kolUid}`);
    }
    expect(all).toContain(`数据日期：${report.dataDate}`);
    expect(all).toContain(`报告编号：${report.contrastId}`);
    expect(all).toContain(`意向UP主：${report.userContrastKolDataList[1]?.kolName}`);
    expect(all).toContain(report.overlap.method.slice(0, 20));
    for (const v of report.verdicts) expect(all).toContain(v.text.slice(0, 12));
  });

  it('shows the figures through the shared formatter and portraits with a % sign', () => {
    const all = two.read.pages.map((p) => p.text).join('\n');
    expect(all).toContain('1280万'); // fansNum 12,800,000
    expect(all).toContain('793.6万');
    expect(all).toContain('380,000.00元'); // library price in yuan, two decimals
    expect(all).toContain('男性占比');
    expect(all).toMatch(/5\d%/); // a male share with its % sign
    expect(all).toContain('18-23岁');
    expect(all).toContain('广东 14.2%');
    expect(all).toContain('评论用户抽样');
    expect(all).toContain('影视飓风：基于该UP主'); // the server's own words about the portrait, under the table
  });

  it('marks a price per 1,000 plays taken over 30 days and says so', () => {
    const all = five.read.pages.map((p) => p.text).join('\n');
    expect(all).toContain('102,600.00元'); // 半佛仙人's library price
    expect(all).toMatch(/110\.14元 \*/);
    expect(all).toContain('标 * 的近7天无新视频');
    expect(all).toContain('按分区估算');
    expect(all).toContain('并非该UP主粉丝的数据');
  });

  it('says 方法 once when the method text of the server starts with it, and lists 其他 after the named regions', async () => {
    const report = contrastReportFixture(2);
    report.overlap.method = '方法：取每位UP主的评论用户';
    const k = report.userContrastKolDataList[0];
    if (!k) throw new Error('fixture');
    k.areaPortrait = JSON.stringify([
      { 地域: '其他', 比例: 40 },
      { 地域: '广东', 比例: 12 },
      { 地域: '山东', 比例: 8 },
    ]);
    const { read } = await render(report);
    const all = read.pages.map((p) => p.text).join('\n');
    expect(all).toContain('方法：取每位UP主的评论用户');
    expect(all).not.toContain('方法：方法');
    expect(all.indexOf('广东 12%')).toBeLessThan(all.indexOf('其他 40%'));
    expect(all.indexOf('山东 8%')).toBeLessThan(all.indexOf('其他 40%'));
  });

  it('writes the overlap with its interval, and 样本不足 where the method makes no estimate', () => {
    const all = five.read.pages.map((p) => p.text).join('\n');
    const pair = five.report.overlap.pairs[0];
    expect(pair?.overlapPercent).not.toBeNull();
    expect(all).toContain(`${pair?.overlapPercent}%（${pair?.low}%–${pair?.high}%）`);
    expect(all).toContain('样本不足');
    expect(all).toContain('共读取 4.8万 条评论');
  });
});

describe('watermark and file', () => {
  it('puts the product name as a watermark on every page (many times), besides the footer', () => {
    for (const r of [two, five]) {
      r.read.pages.forEach((p, i) => {
        expect(occurrences(p.text, PRODUCT), `page ${i + 1}`).toBeGreaterThanOrEqual(6);
        expect(p.text).toContain(`第 ${i + 1} / ${r.read.pages.length} 页`);
      });
    }
  });

  it('embeds a subset of the CJK font, draws charts as vectors (no images) and stays small', () => {
    for (const { pdf } of [two, five]) {
      const raw = pdf.toString('latin1');
      expect(raw.startsWith('%PDF-')).toBe(true);
      expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansSC-Regular/);
      expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansSC-Bold/);
      expect(raw).toContain('/FontFile2');
      expect(raw).toContain('/ToUnicode');
      expect(raw).not.toContain('/Subtype /Image');
      // the whole 10 MB font would make it megabytes; a subset keeps it at tens of KB
      expect(pdf.length).toBeGreaterThan(20_000);
      expect(pdf.length).toBeLessThan(400_000);
    }
  });

  it('renders a report with missing figures and a malformed portrait, showing - for them', async () => {
    const report = contrastReportFixture(3);
    const k = report.userContrastKolDataList[2];
    if (!k) throw new Error('fixture');
    Object.assign(k, {
      genderPortrait: 'not json',
      agePortrait: null,
      areaPortrait: '[{"地域":1}]',
      weekAvgPlayNum: null,
      engagementRate: null,
      portraitSource: null,
      portraitKind: null,
    });
    report.verdicts = [];
    report.overlap.pairs = [];
    const { read } = await render(report);
    const all = read.pages.map((p) => p.text).join('\n');
    expect(read.pages[0]?.width).toBeLessThan(read.pages[0]?.height ?? 0);
    expect(all).toContain(k.kolName);
    expect(all).toContain('暂无画像');
    expect(all).toContain('暂无可比较的评论样本');
    expect(all).toContain('暂无结论');
  });
});
