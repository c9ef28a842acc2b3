import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { z } from 'zod';
import {
  formatCount,
  formatIndexNum,
  rankAreas,
  sampleWindowLabel,
  type ContrastKolData,
  type KolContrastResultAnswer,
} from '@xg/shared';
import { creatorBars, creatorColor, genderBars, groupedBars } from './contrast-charts.js';
import { FONT_BOLD, FONT_REGULAR, pdfFonts } from './pdf-fonts.js';

/**
 * The comparison report as a PDF (issue #17 item 7; spec §2.7, §9): the same sections as the web's report modal
 * (UP主对比报告 — the creators, 我的判断, 基础数据对比, 互动数据对比, 粉丝数据对比, the audience overlap with its
 * method, the verdicts, the data date), drawn with pdfkit: text as text in an embedded subset of Noto Sans SC,
 * charts as vectors (ECharts SVG → svg-to-pdfkit), the product name as a watermark on every page. A4, landscape
 * when the report is wide (isWideReport), portrait otherwise. docs/decisions.md "Comparison PDF".
 */

export interface ContrastPdfOptions {
  /** the configured product name (config.site.productName): the watermark and the document's author */
  productName: string;
  /** when the file is made (the footer); now by default */
  generatedAt?: Date;
}

/** A4 in PDF points. */
export const A4 = { short: 595.28, long: 841.89 } as const;
export const MARGIN = 36;
/** the label column of the per-creator tables */
export const LABEL_COLUMN = 96;
/** the narrowest creator column that still holds a 7-character name and a 万 figure on one line each */
export const MIN_CREATOR_COLUMN = 112;

/**
 * "Wide" (spec §9: landscape if wide): the per-creator tables would give each creator less than
 * MIN_CREATOR_COLUMN points on a portrait A4 page, i.e. (595.28 − 2×36 − 96) / n < 112, which holds from 4
 * creators on. So 2–3 creators print portrait, 4–5 landscape.
 */
export function isWideReport(creatorCount: number): boolean {
  return (A4.short - 2 * MARGIN - LABEL_COLUMN) / Math.max(creatorCount, 1) < MIN_CREATOR_COLUMN;
}

const INK = '#1f1f1f';
const MUTED = '#6b6b6b';
const RULE = '#d9d9d9';
const STRIPE = '#f5f7fa';
const ACCENT = '#fb7299';
const GOLD = '#f5a623';

// ---------------------------------------------------------------------------------------------------------
// Formatting (numbers through the shared formatter; dates in Asia/Shanghai)

function pct(n: number | null | undefined): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '-' : `${trimNumber(n)}%`;
}
function trimNumber(n: number): string {
  return String(Math.round(n * 10) / 10);
}
function yuan(n: number | null): string {
  return n === null ? '-' : `${n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}元`;
}
/** 'YYYY-MM-DD HH:mm' in Asia/Shanghai. */
export function shanghaiTime(at: Date): string {
  const iso = new Date(at.getTime() + 8 * 3600_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

// ---------------------------------------------------------------------------------------------------------
// The portraits arrive as the §3 JSON strings; a malformed one reads as "no portrait", never as a crash.

const genderSchema = z.array(z.object({ 性别: z.string(), 比例: z.number() }));
const ageSchema = z.array(z.object({ 年龄: z.string(), 比例: z.number() }));
const areaSchema = z.array(z.object({ 地域: z.string(), 比例: z.number() }));

function parseJson<T>(schema: z.ZodType<T>, raw: string | null): T | null {
  if (raw === null || raw === '') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // not JSON: shown as no portrait
  }
}

interface Portrait {
  male: number | null;
  female: number | null;
  ages: Map<string, number>;
  areas: { name: string; share: number }[];
}

function portraitOf(k: ContrastKolData): Portrait {
  const gender = parseJson(genderSchema, k.genderPortrait) ?? [];
  const ages = parseJson(ageSchema, k.agePortrait) ?? [];
  const areas = parseJson(areaSchema, k.areaPortrait) ?? [];
  return {
    male: gender.find((g) => g.性别 === '男')?.比例 ?? null,
    female: gender.find((g) => g.性别 === '女')?.比例 ?? null,
    ages: new Map(ages.map((a) => [a.年龄, a.比例])),
    // largest first; the catch-all 其他 last, whatever its size
    areas: rankAreas(
      areas,
      (a) => a.地域,
      (a) => a.比例,
    ).map((a) => ({ name: a.地域, share: a.比例 })),
  };
}

/** The portrait's kind: the server's portraitKind, or (older snapshots, fixtures) portraitSource given as a code. */
function portraitKindOf(k: ContrastKolData): 'creator' | 'partition' | null {
  if (k.portraitKind === 'creator' || k.portraitKind === 'partition') return k.portraitKind;
  return k.portraitSource === 'creator' || k.portraitSource === 'partition' ? k.portraitSource : null;
}

/** The short label of the 画像来源 row; the server's full sentence (portraitSource) is printed under the table. */
function portraitSourceLabel(k: ContrastKolData): string {
  const n = k.portraitSampleSize;
  const kind = portraitKindOf(k);
  if (kind === 'creator') return `评论用户抽样${n === null ? '' : `（${formatCount(n)}人）`}`;
  if (kind === 'partition') return `样本不足，按分区估算${n === null ? '' : `（本人样本${formatCount(n)}人）`}`;
  return '暂无画像';
}

/** The server's explanation of a portrait, when it sent one in words (not a bare code). */
function portraitNote(k: ContrastKolData): string | null {
  const text = k.portraitSource;
  return text && text !== 'creator' && text !== 'partition' ? text : null;
}

// ---------------------------------------------------------------------------------------------------------
// Page writer: an explicit cursor; every block asks for its height first and starts a new page when needed.

type Doc = InstanceType<typeof PDFDocument>;

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'center' | 'right';
  color?: string;
}
interface Row {
  cells: string[];
  /** index of the cell drawn bold in the accent colour (the leader of the row), or null */
  lead?: number | null;
}

class PageWriter {
  y: number;
  readonly left = MARGIN;
  readonly width: number;
  readonly bottom: number;

  constructor(readonly doc: Doc) {
    this.width = doc.page.width - 2 * MARGIN;
    this.bottom = doc.page.height - MARGIN - 18; // room for the footer
    this.y = MARGIN;
  }

  /** Starts a new page unless `height` fits below the cursor; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = MARGIN;
    return true;
  }

  text(
    str: string,
    x: number,
    y: number,
    o: { size?: number; bold?: boolean; color?: string } & PDFKit.Mixins.TextOptions = {},
  ) {
    const { size = 9, bold = false, color = INK, ...rest } = o;
    this.doc
      .font(bold ? FONT_BOLD : FONT_REGULAR)
      .fontSize(size)
      .fillColor(color)
      .text(str, x, y, rest);
  }

  heightOf(str: string, width: number, size: number, bold = false): number {
    return this.doc
      .font(bold ? FONT_BOLD : FONT_REGULAR)
      .fontSize(size)
      .heightOfString(str, { width });
  }

  sectionTitle(title: string, keepWith = 60) {
    this.ensure(26 + keepWith);
    this.y += 8;
    this.doc.rect(this.left, this.y + 2, 3, 13).fill(ACCENT);
    this.text(title, this.left + 9, this.y, { size: 12.5, bold: true });
    this.y += 22;
  }

  paragraph(str: string, o: { size?: number; color?: string; bold?: boolean; indent?: number } = {}) {
    const size = o.size ?? 9;
    const indent = o.indent ?? 0;
    const h = this.heightOf(str, this.width - indent, size, o.bold);
    this.ensure(h);
    this.text(str, this.left + indent, this.y, {
      size,
      color: o.color ?? INK,
      bold: o.bold,
      width: this.width - indent,
    });
    this.y += h + 3;
  }

  /** The header row of a table: titles in bold, a colour dot before a creator's name. */
  tableHeader(columns: Column[], size = 8.5) {
    const pad = 4;
    const indentOf = (c: Column) => (c.color ? 9 : 0);
    const h =
      Math.max(...columns.map((c) => this.heightOf(c.title, c.width - 2 * pad - indentOf(c), size, true))) + 2 * pad;
    this.doc.rect(this.left, this.y, this.width, h).fill('#eef1f6');
    let x = this.left;
    for (const c of columns) {
      if (c.color) this.doc.circle(x + pad + 3, this.y + pad + 6, 3).fill(c.color);
      this.text(c.title, x + pad + indentOf(c), this.y + pad, {
        size,
        bold: true,
        width: c.width - 2 * pad - indentOf(c),
        align: c.align ?? 'left',
      });
      x += c.width;
    }
    this.y += h;
  }

  /** A table with a header row (repeated after a page break), striped rows, wrapped cells. */
  table(columns: Column[], rows: Row[], size = 8.5) {
    const pad = 4;
    const rowHeight = (cells: string[], bold: boolean[]) =>
      Math.max(...cells.map((c, i) => this.heightOf(c, (columns[i]?.width ?? 50) - 2 * pad, size, bold[i] ?? false))) +
      2 * pad;
    const header = () => this.tableHeader(columns, size);
    const firstH = rows[0] ? rowHeight(rows[0].cells, []) : 0;
    this.ensure(30 + firstH);
    header();
    rows.forEach((row, r) => {
      const bold = row.cells.map((_, i) => row.lead === i);
      const h = rowHeight(row.cells, bold);
      if (this.ensure(h)) header();
      if (r % 2 === 1) this.doc.rect(this.left, this.y, this.width, h).fill(STRIPE);
      let x = this.left;
      row.cells.forEach((cell, i) => {
        const c = columns[i];
        if (!c) return;
        const lead = row.lead === i;
        this.text(cell, x + pad, this.y + pad, {
          size,
          bold: i === 0 || lead,
          color: lead ? ACCENT : i === 0 ? MUTED : INK,
          width: c.width - 2 * pad,
          align: c.align ?? 'left',
        });
        x += c.width;
      });
      this.y += h;
      this.doc
        .moveTo(this.left, this.y)
        .lineTo(this.left + this.width, this.y)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
    });
    this.y += 6;
  }

  /** An ECharts SVG drawn as vectors at (x, cursor); the caller advances the cursor. */
  svg(svg: string, x: number, width: number, height: number) {
    SVGtoPDF(this.doc, svg, x, this.y, {
      width,
      height,
      assumePt: true,
      fontCallback: (_family, bold) => (bold ? FONT_BOLD : FONT_REGULAR),
    });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Shapes

function star(doc: Doc, cx: number, cy: number, r: number, filled: boolean) {
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  doc.polygon(...points).lineWidth(0.8);
  if (filled) doc.fillAndStroke(GOLD, GOLD);
  else doc.strokeColor('#b0b0b0').stroke();
}

/** The verified marker (§3 isApprove 1): a lightning-yellow disc with a white tick, beside the text 已认证. */
function verifiedMark(doc: Doc, x: number, y: number, verified: boolean) {
  if (verified) {
    doc.circle(x + 4.5, y + 5.5, 4.5).fill('#ffb027');
    doc
      .moveTo(x + 2.3, y + 5.6)
      .lineTo(x + 4, y + 7.3)
      .lineTo(x + 6.9, y + 3.9)
      .lineWidth(1.1)
      .strokeColor('#ffffff')
      .stroke();
  } else {
    doc
      .circle(x + 4.5, y + 5.5, 4.2)
      .lineWidth(0.8)
      .strokeColor('#c0c0c0')
      .stroke();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sections

interface Ctx {
  w: PageWriter;
  report: KolContrastResultAnswer;
  kols: ContrastKolData[];
  names: string[];
  portraits: Portrait[];
  productName: string;
}

function header({ w, report, productName }: Ctx, generatedAt: Date) {
  const { doc } = w;
  w.text(productName, w.left, w.y, { size: 9, color: MUTED });
  w.text('UP主对比报告', w.left, w.y + 13, { size: 22, bold: true });
  const meta = [
    `报告编号：${report.contrastId}`,
    `数据日期：${report.dataDate ?? '-'}`,
    `报告生成：${shanghaiTime(new Date(report.createdAt))}（北京时间）`,
    `导出时间：${shanghaiTime(generatedAt)}`,
  ];
  meta.forEach((line, i) => {
    w.text(line, w.left + w.width - 220, w.y + 2 + i * 12, { size: 8.5, color: MUTED, width: 220, align: 'right' });
  });
  w.y += 58;
  doc
    .moveTo(w.left, w.y)
    .lineTo(w.left + w.width, w.y)
    .lineWidth(1)
    .strokeColor(ACCENT)
    .stroke();
  w.y += 10;
}

function creatorCards({ w, kols }: Ctx) {
  const { doc } = w;
  const gap = 8;
  const cardW = (w.width - gap * (kols.length - 1)) / kols.length;
  const cardH = 96;
  w.ensure(cardH + 4);
  kols.forEach((k, i) => {
    const x = w.left + i * (cardW + gap);
    const y = w.y;
    const color = creatorColor(i);
    doc.roundedRect(x, y, cardW, cardH, 4).lineWidth(0.6).strokeColor(RULE).stroke();
    doc.rect(x, y, cardW, 3).fill(color);
    // avatar: the creator's colour with the first character (the PDF fetches no pictures)
    const r = 15;
    doc.circle(x + 10 + r, y + 12 + r, r).fill(color);
    const initial = Array.from(k.kolName)[0] ?? '?';
    w.text(initial, x + 10, y + 12 + r - 8, { size: 13, bold: true, color: '#ffffff', width: 2 * r, align: 'center' });
    const tx = x + 10 + 2 * r + 8;
    const tw = cardW - (tx - x) - 8;
    w.text(k.kolName, tx, y + 10, { size: 10, bold: true, width: tw, height: 30, ellipsis: true });
    const nameH = Math.min(w.heightOf(k.kolName, tw, 10, true), 30);
    w.text(`UID ${k.kolUid}`, tx, y + 12 + nameH, { size: 8, color: MUTED, width: tw });
    verifiedMark(doc, x + 10, y + 54, k.isApprove === 1);
    w.text(k.isApprove === 1 ? '已认证' : '未认证', x + 23, y + 53, {
      size: 8,
      color: k.isApprove === 1 ? INK : MUTED,
    });
    const parts = k.twoSortFlag.map((p) => p.name).join(' › ');
    w.text(parts ? `分区：${parts}` : '分区：-', x + 10, y + 67, {
      size: 8,
      color: MUTED,
      width: cardW - 20,
      height: 11,
      ellipsis: true,
    });
    if (k.isAdmire === 1) {
      doc.roundedRect(x + 10, y + 80, 50, 12, 2).fill('#fff0f4');
      w.text('意向UP主', x + 10, y + 81, { size: 7.5, bold: true, color: ACCENT, width: 50, align: 'center' });
    }
  });
  w.y += cardH + 6;
}

function creatorColumns(c: Ctx): Column[] {
  const colW = (c.w.width - LABEL_COLUMN) / c.kols.length;
  return [
    { title: '指标', width: LABEL_COLUMN },
    ...c.names.map((name, i) => ({ title: name, width: colW, color: creatorColor(i) })),
  ];
}

/** The index of the best value (max, or min for costs), or null when fewer than two creators have it. */
function leader(values: (number | null)[], better: 'max' | 'min' = 'max'): number | null {
  const known = values.flatMap((v, i) => (v !== null && Number.isFinite(v) ? [{ v, i }] : []));
  if (known.length < 2) return null;
  const best = better === 'max' ? Math.max(...known.map((k) => k.v)) : Math.min(...known.map((k) => k.v));
  const leaders = known.filter((k) => k.v === best);
  return leaders.length === 1 ? (leaders[0]?.i ?? null) : null; // a tie leads nobody
}

function metricRow(
  label: string,
  values: (number | null)[],
  show: (v: number | null) => string,
  better: 'max' | 'min' | null = 'max',
): Row {
  const lead = better === null ? null : leader(values, better);
  return { cells: [label, ...values.map(show)], lead: lead === null ? null : lead + 1 };
}

function judgement(c: Ctx) {
  const { w, kols } = c;
  w.sectionTitle('我的判断');
  const intended = kols.find((k) => k.isAdmire === 1);
  w.paragraph(intended ? `意向UP主：${intended.kolName}（UID ${intended.kolUid}）` : '尚未选择意向UP主', {
    bold: intended !== undefined,
  });
  const columns = creatorColumns(c);
  const rowH = 22;
  w.ensure(rowH * 2 + 10);
  // header row with names, then one row of marks: star (collected), intention, delivery list
  w.tableHeader(columns);
  let x = w.left + LABEL_COLUMN;
  w.text('收藏 / 意向 / 投放', w.left + 4, w.y + 6, { size: 8.5, bold: true, color: MUTED, width: LABEL_COLUMN - 8 });
  kols.forEach((k, i) => {
    const colW = columns[i + 1]?.width ?? 100;
    star(w.doc, x + 10, w.y + 11, 5.5, k.isCollect === 1);
    const marks = [
      k.isCollect === 1 ? '已收藏' : '未收藏',
      k.isAdmire === 1 ? '意向' : null,
      k.isPut === 1 ? '已加入投放清单' : null,
    ]
      .filter((s): s is string => s !== null)
      .join(' · ');
    w.text(marks, x + 19, w.y + 6, {
      size: 8,
      color: k.isAdmire === 1 ? ACCENT : INK,
      bold: k.isAdmire === 1,
      width: colW - 23,
    });
    x += colW;
  });
  w.y += rowH;
  w.doc
    .moveTo(w.left, w.y)
    .lineTo(w.left + w.width, w.y)
    .lineWidth(0.4)
    .strokeColor(RULE)
    .stroke();
  w.y += 8;
}

function halfCharts(w: PageWriter, height: number, left: string, right: string) {
  const gap = 16;
  const half = (w.width - gap) / 2;
  w.ensure(height);
  w.svg(left, w.left, half, height);
  w.svg(right, w.left + half + gap, half, height);
  w.y += height + 6;
}

function basics(c: Ctx) {
  const { w, kols, names } = c;
  w.sectionTitle('基础数据对比');
  const count = (v: number | null) => formatCount(v);
  w.table(creatorColumns(c), [
    metricRow(
      '粉丝数',
      kols.map((k) => k.fansNum),
      count,
    ),
    metricRow(
      '近30天涨粉',
      kols.map((k) => k.fansIncrease30),
      count,
    ),
    metricRow(
      '云指数',
      kols.map((k) => k.indexNum),
      (v: number | null) => formatIndexNum(v),
    ),
    metricRow(
      '近7天发布视频',
      kols.map((k) => k.weekVideoNum),
      count,
    ),
    metricRow(
      '充电人数',
      kols.map((k) => k.chargingNum),
      count,
    ),
    { cells: ['分区', ...kols.map((k) => k.twoSortFlag.map((p) => p.name).join(' › ') || '-')] },
    metricRow(
      '团队库报价',
      kols.map((k) => k.libraryPrice),
      yuan,
      null,
    ),
    {
      ...metricRow(
        '千次播放成本',
        kols.map((k) => k.pricePerThousandPlays),
        yuan,
        'min',
      ),
      cells: [
        '千次播放成本',
        ...kols.map((k) =>
          k.pricePerThousandPlays === null
            ? '-'
            : `${yuan(k.pricePerThousandPlays)}${k.pricePlaysDays === 30 || k.pricePlaysDays === 90 ? ' *' : ''}`,
        ),
      ],
    },
  ]);
  w.paragraph(
    kols.some((k) => k.pricePlaysDays === 30 || k.pricePlaysDays === 90)
      ? '千次播放成本 = 团队库报价 ÷ 统计样本的平均播放 × 1000；标 * 的近7天无新视频，按近30天视频（再无则近90天最新10个视频）的平均播放计算。'
      : '千次播放成本 = 团队库报价 ÷ 近7天视频的平均播放 × 1000。',
    { size: 7.5, color: MUTED },
  );
  const h = 150;
  const half = (w.width - 16) / 2;
  halfCharts(
    w,
    h,
    creatorBars(
      '粉丝数',
      names,
      kols.map((k) => k.fansNum),
      { width: half, height: h },
    ),
    creatorBars(
      '云指数',
      names,
      kols.map((k) => k.indexNum),
      { width: half, height: h },
    ),
  );
}

function interaction(c: Ctx) {
  const { w, kols, names } = c;
  w.sectionTitle('互动数据对比');
  const count = (v: number | null) => formatCount(v);
  w.table(creatorColumns(c), [
    {
      cells: [
        '统计样本',
        ...kols.map((k) =>
          k.sampleWindow === undefined || k.sampleWindow === null ? '-' : sampleWindowLabel(k.sampleWindow),
        ),
      ],
    },
    metricRow(
      '平均播放',
      kols.map((k) => k.weekAvgPlayNum),
      count,
    ),
    metricRow(
      '平均点赞',
      kols.map((k) => k.avgPraiseNum),
      count,
    ),
    metricRow(
      '平均投币',
      kols.map((k) => k.weekCastCurrencyNum),
      count,
    ),
    metricRow(
      '平均收藏',
      kols.map((k) => k.weekAvgCollectNum),
      count,
    ),
    metricRow(
      '平均分享',
      kols.map((k) => k.weekAvgShareNum),
      count,
    ),
    metricRow(
      '平均评论',
      kols.map((k) => k.weekAvgCommentNum),
      count,
    ),
    metricRow(
      '互动率',
      kols.map((k) => k.engagementRate),
      pct,
    ),
  ]);
  const h = 150;
  const half = (w.width - 16) / 2;
  halfCharts(
    w,
    h,
    creatorBars(
      '平均播放',
      names,
      kols.map((k) => k.weekAvgPlayNum),
      { width: half, height: h },
    ),
    creatorBars(
      '互动率',
      names,
      kols.map((k) => k.engagementRate),
      { width: half, height: h },
      'percent',
    ),
  );
  const full = 170;
  w.ensure(full);
  w.svg(
    groupedBars(
      '平均互动',
      ['点赞', '投币', '收藏', '分享', '评论'],
      kols.map((k, i) => ({
        name: names[i] ?? '',
        values: [k.avgPraiseNum, k.weekCastCurrencyNum, k.weekAvgCollectNum, k.weekAvgShareNum, k.weekAvgCommentNum],
      })),
      { width: w.width, height: full },
    ),
    w.left,
    w.width,
    full,
  );
  w.y += full + 6;
}

function audience(c: Ctx) {
  const { w, kols, names, portraits } = c;
  w.sectionTitle('粉丝数据对比');
  const ageBands: string[] = [];
  for (const p of portraits) for (const band of p.ages.keys()) if (!ageBands.includes(band)) ageBands.push(band);
  const areaText = (p: Portrait) =>
    p.areas.length === 0
      ? '-'
      : p.areas
          .slice(0, 5)
          .map((a) => `${a.name} ${pct(a.share)}`)
          .join('\n');
  w.table(creatorColumns(c), [
    { cells: ['画像来源', ...kols.map(portraitSourceLabel)] },
    { cells: ['男性占比', ...portraits.map((p) => pct(p.male))] },
    { cells: ['女性占比', ...portraits.map((p) => pct(p.female))] },
    ...ageBands.map((band) => ({ cells: [`年龄 ${band}`, ...portraits.map((p) => pct(p.ages.get(band)))] })),
    { cells: ['地域 前五', ...portraits.map(areaText)] },
  ]);
  kols.forEach((k) => {
    const note = portraitNote(k);
    if (note) w.paragraph(`${k.kolName}：${note}`, { size: 7.5, color: MUTED });
  });
  const genderH = 44 + 24 * kols.length;
  w.ensure(genderH);
  w.svg(
    genderBars(
      names,
      portraits.map((p) => ({ male: p.male, female: p.female })),
      { width: w.width, height: genderH },
    ),
    w.left,
    w.width,
    genderH,
  );
  w.y += genderH + 6;
  if (ageBands.length > 0) {
    const ageH = 170;
    w.ensure(ageH);
    w.svg(
      groupedBars(
        '年龄分布',
        ageBands,
        portraits.map((p, i) => ({ name: names[i] ?? '', values: ageBands.map((b) => p.ages.get(b) ?? null) })),
        { width: w.width, height: ageH },
        'percent',
      ),
      w.left,
      w.width,
      ageH,
    );
    w.y += ageH + 6;
  }
}

function overlap(c: Ctx) {
  const { w, report } = c;
  const nameOf = new Map(c.kols.map((k) => [k.kolId, k.kolName]));
  w.sectionTitle('受众重合度（估算）');
  w.paragraph(`方法：${report.overlap.method.replace(/^方法[：:]\s*/, '')}`, { color: MUTED });
  w.paragraph(`样本：共读取 ${formatCount(report.overlap.sampleSize)} 条评论；区间为 95% 置信区间。`, { color: MUTED });
  const width = w.width;
  const columns: Column[] = [
    { title: '对比组合', width: width * 0.34 },
    { title: 'A 评论用户', width: width * 0.13, align: 'right' },
    { title: 'B 评论用户', width: width * 0.13, align: 'right' },
    { title: '共同评论用户', width: width * 0.13, align: 'right' },
    { title: '重合度（95%区间）', width: width * 0.27, align: 'right' },
  ];
  const rows: Row[] = report.overlap.pairs.map((p) => ({
    cells: [
      `${nameOf.get(p.kolIdA) ?? p.kolIdA} × ${nameOf.get(p.kolIdB) ?? p.kolIdB}`,
      formatCount(p.commentersA),
      formatCount(p.commentersB),
      formatCount(p.shared),
      p.overlapPercent === null
        ? '样本不足'
        : `${pct(p.overlapPercent)}${p.low !== null && p.high !== null ? `（${pct(p.low)}–${pct(p.high)}）` : ''}`,
    ],
  }));
  if (rows.length === 0) w.paragraph('暂无可比较的评论样本。');
  else w.table(columns, rows);
}

function verdicts(c: Ctx) {
  const { w, report } = c;
  const nameOf = new Map(c.kols.map((k) => [k.kolId, k.kolName]));
  w.sectionTitle('对比结论');
  if (report.verdicts.length === 0) w.paragraph('暂无结论。');
  for (const v of report.verdicts) {
    const lead = v.leaderKolId === null ? '暂无数据' : `领先：${nameOf.get(v.leaderKolId) ?? v.leaderKolId}`;
    const body = v.text;
    const h = w.heightOf(body, w.width - 12, 9) + 16;
    w.ensure(h);
    w.doc.circle(w.left + 3, w.y + 6, 2.5).fill(ACCENT);
    w.text(`${v.title}`, w.left + 12, w.y, { size: 10, bold: true });
    w.text(lead, w.left + 70, w.y + 1, { size: 8.5, color: ACCENT, width: w.width - 70 });
    w.y += 15;
    w.text(body, w.left + 12, w.y, { size: 9, width: w.width - 12 });
    w.y += h - 15 + 4;
  }
}

function dataNote(c: Ctx) {
  c.w.y += 6;
  c.w.paragraph(
    `数据日期：${c.report.dataDate ?? '-'}（北京时间）。本报告为生成时的数据快照，之后的数据变化不会体现在报告中。`,
    { size: 8, color: MUTED },
  );
}

/** Footer and watermark on every page, drawn once all pages exist (bufferPages). */
function decoratePages(doc: Doc, c: Ctx) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const { width, height } = doc.page;
    doc.page.margins.bottom = 0; // drawing in the bottom margin must not start a new page
    // watermark: the product name, diagonal, repeated, light — under nothing the reader needs
    doc.save();
    doc.rotate(-30, { origin: [width / 2, height / 2] });
    doc.font(FONT_REGULAR).fontSize(26).fillColor('#8c8c8c').fillOpacity(0.09);
    for (let y = -height * 0.4; y < height * 1.4; y += 150) {
      for (let x = -width * 0.4; x < width * 1.4; x += 230) {
        doc.text(c.productName, x, y, { lineBreak: false });
      }
    }
    doc.restore();
    doc.fillOpacity(1);
    const footY = height - MARGIN + 4;
    doc
      .moveTo(MARGIN, footY - 6)
      .lineTo(width - MARGIN, footY - 6)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    c.w.text(
      `${c.productName} · UP主对比报告 #${c.report.contrastId} · 数据日期 ${c.report.dataDate ?? '-'}`,
      MARGIN,
      footY,
      {
        size: 7.5,
        color: MUTED,
        lineBreak: false,
      },
    );
    c.w.text(`第 ${i - range.start + 1} / ${range.count} 页`, width - MARGIN - 100, footY, {
      size: 7.5,
      color: MUTED,
      width: 100,
      align: 'right',
      lineBreak: false,
    });
  }
}

/**
 * Renders the report (as GET /api/user/kolContrastResult answers it) to a PDF file. Deterministic for a given
 * report, options and time, apart from the PDF's ID.
 */
export function renderContrastPdf(report: KolContrastResultAnswer, opts: ContrastPdfOptions): Promise<Buffer> {
  const generatedAt = opts.generatedAt ?? new Date();
  const kols = report.userContrastKolDataList;
  const wide = isWideReport(kols.length);
  const doc = new PDFDocument({
    size: 'A4',
    layout: wide ? 'landscape' : 'portrait',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'zh-CN',
    displayTitle: true,
    info: {
      Title: 'UP主对比报告',
      Author: opts.productName,
      Creator: opts.productName,
      Subject: kols.map((k) => k.kolName).join(' / '),
      CreationDate: generatedAt,
    },
  });
  const fonts = pdfFonts();
  doc.registerFont(FONT_REGULAR, fonts.regular);
  doc.registerFont(FONT_BOLD, fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const c: Ctx = {
    w: new PageWriter(doc),
    report,
    kols,
    names: kols.map((k) => k.kolName),
    portraits: kols.map(portraitOf),
    productName: opts.productName,
  };
  try {
    header(c, generatedAt);
    creatorCards(c);
    judgement(c);
    basics(c);
    interaction(c);
    audience(c);
    overlap(c);
    verdicts(c);
    dataNote(c);
    decoratePages(doc, c);
    doc.end();
  } catch (err) {
    doc.end();
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
  return done;
}
