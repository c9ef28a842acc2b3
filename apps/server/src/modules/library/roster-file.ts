import ExcelJS from 'exceljs';

/**
 * Reads a creator roster (.xlsx via exceljs, .csv by the small parser below) into rows of header → text. The
 * first non-empty row is the header. Answers null when the file cannot be read.
 */
export async function readRoster(fileName: string, content: Buffer): Promise<Record<string, string>[] | null> {
  const lower = fileName.toLowerCase();
  let table: string[][];
  if (lower.endsWith('.xlsx')) {
    table = await readXlsx(content);
  } else if (lower.endsWith('.csv')) {
    table = parseCsv(content.toString('utf8').replace(/^\uFEFF/, ''));
  } else {
    return null;
  }
  const rows = table.filter((r) => r.some((cell) => cell.trim() !== ''));
  const header = rows[0];
  if (!header) return [];
  const names = header.map((h) => h.trim());
  return rows.slice(1).map((cells) => {
    const out: Record<string, string> = {};
    names.forEach((name, i) => {
      if (name) out[name] = (cells[i] ?? '').trim();
    });
    return out;
  });
}

async function readXlsx(content: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own Buffer type; a Node Buffer is what it reads
    await workbook.xlsx.load(content as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    throw new RosterUnreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    table.push(Array.from(cells, (c) => c ?? ''));
  });
  return table;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('hyperlink' in value && typeof value.hyperlink === 'string') {
      return 'text' in value && typeof value.text === 'string' ? value.text : value.hyperlink;
    }
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((p) => p.text).join('');
    if ('result' in value) {
      const result: unknown = value.result;
      if (typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean')
        return String(result);
    }
    if ('text' in value && typeof value.text === 'string') return value.text;
  }
  return '';
}

export class RosterUnreadable extends Error {
  constructor() {
    super('roster unreadable');
    this.name = 'RosterUnreadable';
  }
}

/** RFC 4180 CSV: commas, double quotes ("" inside quotes), CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        cell += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += ch;
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
