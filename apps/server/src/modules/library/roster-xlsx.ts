import zlib from 'node:zlib';

/**
 * A bounded .xlsx reader for rosters (issue #23 item 13: a 718 KB zip bomb of 4.4M rows froze the server for 58 s
 * at 3.3 GB through exceljs). The archive's central directory is read first and refused when it declares more than
 * the caps (checkXlsxArchive, on the caller's thread: no byte is inflated); only the four parts a roster needs are
 * inflated, each with zlib's maxOutputLength at its declared size (an archive that lies about a size is refused),
 * and the first sheet's rows are read up to `maxRows` non-empty rows and no further. readXlsxTable runs in a
 * worker thread (roster-file.ts), off the event loop.
 */

/** The most an inflated part a roster reads (sheet, shared strings, workbook, its rels) may declare. */
export const XLSX_PART_MAX_BYTES = 8 * 1024 * 1024;
/** The most all parts of the archive together may declare. */
export const XLSX_TOTAL_MAX_BYTES = 32 * 1024 * 1024;
/** The most entries an archive may have. */
export const XLSX_MAX_ENTRIES = 2000;

export class XlsxRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'XlsxRefused';
  }
}

interface Entry {
  name: string;
  method: number;
  compressed: number;
  size: number;
  offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The archive's entries from its central directory, refused beyond the caps (declared sizes only). */
export function checkXlsxArchive(buf: Buffer): Map<string, Entry> {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new XlsxRefused('not a zip archive');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw new XlsxRefused('zip64 archive');
  if (count > XLSX_MAX_ENTRIES) throw new XlsxRefused(`${count} entries`);
  const entries = new Map<string, Entry>();
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw new XlsxRefused('broken central directory');
    const nameLength = buf.readUInt16LE(at + 28);
    const entry: Entry = {
      method: buf.readUInt16LE(at + 10),
      compressed: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      offset: buf.readUInt32LE(at + 42),
    };
    if (entry.size === 0xffffffff || entry.compressed === 0xffffffff) throw new XlsxRefused('zip64 entry');
    total += entry.size;
    if (total > XLSX_TOTAL_MAX_BYTES) throw new XlsxRefused(`declares more than ${XLSX_TOTAL_MAX_BYTES} bytes`);
    entries.set(entry.name.replace(/^\/+/, ''), entry);
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

/** One part, inflated to at most its declared size (and XLSX_PART_MAX_BYTES); null when absent. */
function part(buf: Buffer, entries: Map<string, Entry>, name: string): string | null {
  const entry = entries.get(name);
  if (!entry) return null;
  if (entry.size > XLSX_PART_MAX_BYTES) throw new XlsxRefused(`${name} declares ${entry.size} bytes`);
  const at = entry.offset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw new XlsxRefused(`${name}: broken local header`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(start, start + entry.compressed);
  let out: Buffer;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      // one byte more than declared: an archive whose part inflates beyond its declared size is refused
      out = zlib.inflateRawSync(data, { maxOutputLength: entry.size + 1 });
    } catch {
      throw new XlsxRefused(`${name}: inflates beyond its declared size or is broken`);
    }
  } else throw new XlsxRefused(`${name}: compression method ${entry.method}`);
  if (out.length !== entry.size) throw new XlsxRefused(`${name}: size differs from the declared one`);
  return out.toString('utf8');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return ENTITIES[e] ?? '';
  });
}

/** The text runs of an <si> or <is> element (phonetic runs left out). */
function runsText(xml: string): string {
  const body = xml.replace(/<(\w+:)?rPh\b[\s\S]*?<\/(\w+:)?rPh>/g, '');
  let text = '';
  for (const m of body.matchAll(/<(?:\w+:)?t(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?t>/g)) text += m[1] ?? '';
  return unescapeXml(text);
}

function attr(attrs: string, name: string): string | null {
  return new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1] ?? null;
}

/** Column index (0-based) of a cell reference such as "AB12". */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

/** The first sheet's path inside the archive (the workbook's first <sheet>, through its relationship). */
function firstSheet(buf: Buffer, entries: Map<string, Entry>): string {
  const fallback = 'xl/worksheets/sheet1.xml';
  const workbook = part(buf, entries, 'xl/workbook.xml');
  const rels = part(buf, entries, 'xl/_rels/workbook.xml.rels');
  const sheet = workbook && /<(?:\w+:)?sheet\b([^>]*)\/?>/.exec(workbook)?.[1];
  const id = sheet ? /\br:id="([^"]*)"|\bid="([^"]*)"/.exec(sheet) : null;
  const rid = id?.[1] ?? id?.[2];
  if (!rels || !rid) return fallback;
  for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*)\/?>/g)) {
    const attrs = m[1] ?? '';
    if (attr(attrs, 'Id') !== rid) continue;
    const target = attr(attrs, 'Target') ?? '';
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/[^/]+\/\.\.\//g, '/');
  }
  return fallback;
}

/**
 * The first sheet of an .xlsx as rows of cell texts (as exceljs gave them: numbers as numbers print, booleans
 * true/false, formulas their cached result, errors empty), empty rows left out, at most `maxRows` rows: a
 * longer sheet answers its first `maxRows` non-empty rows (the caller sees one more than its limit). Throws
 * XlsxRefused for anything beyond the caps or not an .xlsx.
 */
export function readXlsxTable(buf: Buffer, maxRows: number): string[][] {
  const entries = checkXlsxArchive(buf);
  const sheet = part(buf, entries, firstSheet(buf, entries));
  if (sheet === null) throw new XlsxRefused('no worksheet');
  const sharedXml = part(buf, entries, 'xl/sharedStrings.xml');
  const shared: string[] = [];
  if (sharedXml)
    for (const m of sharedXml.matchAll(/<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g))
      shared.push(runsText(m[1] ?? ''));
  const table: string[][] = [];
  for (const row of sheet.matchAll(/<(?:\w+:)?row\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g)) {
    const cells: string[] = [];
    let next = 0;
    for (const c of (row[1] ?? '').matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
      const attrs = c[1] ?? '';
      const ref = attr(attrs, 'r');
      const col = ref ? columnOf(ref) : next;
      next = col + 1;
      const body = c[2] ?? '';
      const type = attr(attrs, 't') ?? 'n';
      const v = /<(?:\w+:)?v>([\s\S]*?)<\/(?:\w+:)?v>/.exec(body)?.[1];
      let text = '';
      if (type === 'inlineStr') text = runsText(/<(?:\w+:)?is>([\s\S]*?)<\/(?:\w+:)?is>/.exec(body)?.[1] ?? '');
      else if (v === undefined) text = '';
      else if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'b') text = v === '1' ? 'true' : 'false';
      else if (type === 'e') text = '';
      else if (type === 'str') text = unescapeXml(v);
      else text = Number.isFinite(Number(v)) ? String(Number(v)) : unescapeXml(v);
      if (col >= 0 && col < 16_384) cells[col] = text;
    }
    const texts = Array.from(cells, (x) => x ?? '');
    if (!texts.some((x) => x.trim() !== '')) continue;
    table.push(texts);
    if (table.length >= maxRows) break;
  }
  return table;
}
