import { strFromU8, unzipSync } from 'fflate';

/**
 * Test support: reads an .xlsx file without exceljs (which writes them): the zip is opened with fflate and
 * the sheet XML is read here, so a file the writer got wrong is not read back "right" by the same code.
 * Cells come back typed: numbers as numbers, dates (a number with a date format) as 'YYYY-MM-DD HH:mm' text,
 * strings as strings, empty cells as null.
 */
export interface XlsxCell {
  value: string | number | null;
  /** 'n' number, 'd' date, 's' string, 'e' empty */
  type: 'n' | 'd' | 's' | 'e';
  numFmt: string | null;
}
export interface XlsxSheet {
  name: string;
  rows: XlsxCell[][];
  /** the frozen pane's ySplit (1: the header row is frozen), null when nothing is frozen */
  frozenRows: number | null;
  /** column widths by column index */
  widths: number[];
}

/** ECMA-376 built-in number formats (a writer may refer to these by id without listing them). */
const BUILTIN_FMT: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  49: '@',
};

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');
}

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decodeXml(m[1] ?? '') : null;
}

function colIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function isDateFormat(fmt: string | null): boolean {
  if (!fmt) return false;
  const bare = fmt.replace(/"[^"]*"|\[[^\]]*\]/g, '');
  return /[ymdh]/i.test(bare) && !/^[#0.,]+$/.test(bare);
}

/** Excel serial (1900 system) → 'YYYY-MM-DD HH:mm' of its wall clock. */
export function serialToText(serial: number): string {
  const ms = Math.round((serial - 25569) * 86_400_000);
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

export function readXlsx(data: Uint8Array): XlsxSheet[] {
  const files = unzipSync(data);
  const text = (name: string) => {
    const f = files[name];
    if (!f) throw new Error(`xlsx: ${name} missing`);
    return strFromU8(f);
  };
  const shared: string[] = [];
  if (files['xl/sharedStrings.xml']) {
    for (const si of text('xl/sharedStrings.xml').match(/<si>[\s\S]*?<\/si>/g) ?? []) {
      shared.push(
        decodeXml((si.match(/<t[^>]*>([\s\S]*?)<\/t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join('')),
      );
    }
  }
  const styles = text('xl/styles.xml');
  const fmts = new Map<number, string>(Object.entries(BUILTIN_FMT).map(([k, v]) => [Number(k), v]));
  for (const tag of styles.match(/<numFmt\s[^>]*\/>/g) ?? []) {
    fmts.set(Number(attr(tag, 'numFmtId')), attr(tag, 'formatCode') ?? '');
  }
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '';
  const xfFormats = (xfs.match(/<xf\s[^>]*?(?:\/>|>)/g) ?? []).map(
    (tag) => fmts.get(Number(attr(tag, 'numFmtId') ?? 0)) ?? null,
  );

  const rels = text('xl/_rels/workbook.xml.rels');
  const target = new Map<string, string>();
  for (const tag of rels.match(/<Relationship\s[^>]*\/>/g) ?? []) {
    target.set(attr(tag, 'Id') ?? '', (attr(tag, 'Target') ?? '').replace(/^\/?(xl\/)?/, 'xl/'));
  }
  const sheets: XlsxSheet[] = [];
  for (const tag of text('xl/workbook.xml').match(/<sheet\s[^>]*\/>/g) ?? []) {
    const name = attr(tag, 'name') ?? '';
    const xml = text(target.get(attr(tag, 'r:id') ?? '') ?? '');
    const pane = /<pane\s[^>]*\/>/.exec(xml)?.[0];
    const frozenRows = pane && attr(pane, 'state') === 'frozen' ? Number(attr(pane, 'ySplit') ?? 0) : null;
    const widths: number[] = [];
    for (const col of xml.match(/<col\s[^>]*\/>/g) ?? []) {
      const min = Number(attr(col, 'min'));
      const max = Number(attr(col, 'max'));
      for (let i = min; i <= max; i++) widths[i - 1] = Number(attr(col, 'width'));
    }
    const rows: XlsxCell[][] = [];
    for (const rowXml of xml.match(/<row[\s>][\s\S]*?<\/row>|<row\s[^>]*\/>/g) ?? []) {
      const r = Number(attr(rowXml.slice(0, rowXml.indexOf('>') + 1), 'r')) - 1;
      const cells: XlsxCell[] = [];
      for (const c of rowXml.match(/<c\s[^>]*?(?:\/>|>[\s\S]*?<\/c>)/g) ?? []) {
        const open = c.slice(0, c.indexOf('>') + 1);
        const i = colIndex(attr(open, 'r') ?? 'A1');
        const t = attr(open, 't');
        const fmt = xfFormats[Number(attr(open, 's') ?? 0)] ?? null;
        const v = /<v>([\s\S]*?)<\/v>/.exec(c)?.[1];
        let cell: XlsxCell;
        if (t === 'inlineStr') {
          const s = (c.match(/<t[^>]*>([\s\S]*?)<\/t>/g) ?? []).map((x) => x.replace(/<[^>]+>/g, '')).join('');
          cell = { value: decodeXml(s), type: 's', numFmt: fmt };
        } else if (t === 's') {
          cell = { value: shared[Number(v)] ?? '', type: 's', numFmt: fmt };
        } else if (t === 'str') {
          cell = { value: decodeXml(v ?? ''), type: 's', numFmt: fmt };
        } else if (v === undefined) {
          cell = { value: null, type: 'e', numFmt: fmt };
        } else if (isDateFormat(fmt)) {
          cell = { value: serialToText(Number(v)), type: 'd', numFmt: fmt };
        } else {
          cell = { value: Number(v), type: 'n', numFmt: fmt };
        }
        cells[i] = cell;
      }
      for (let i = 0; i < cells.length; i++) cells[i] ??= { value: null, type: 'e', numFmt: null };
      rows[r] = cells;
    }
    for (let i = 0; i < rows.length; i++) rows[i] ??= [];
    sheets.push({ name, rows, frozenRows, widths });
  }
  return sheets;
}
