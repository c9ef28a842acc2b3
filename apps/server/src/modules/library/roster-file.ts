import { Worker } from 'node:worker_threads';
import { checkXlsxArchive } from './roster-xlsx.js';

/**
 * Reads a creator roster (.xlsx by roster-xlsx.ts in a worker thread, .csv by the small parser below) into rows of
 * header → text, at most `maxRecords` + 1 of them (the caller refuses more than `maxRecords`; a longer file is not
 * read further). The first non-empty row is the header. Answers null when the file's type is not one of these.
 */
export async function readRoster(
  fileName: string,
  content: Buffer,
  maxRecords: number,
): Promise<Record<string, string>[] | null> {
  const lower = fileName.toLowerCase();
  let table: string[][];
  if (lower.endsWith('.xlsx')) {
    // the header, the most records allowed, and one more (to tell "too many")
    table = await readXlsx(content, maxRecords + 2);
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

/** How long the worker may take for one roster before it is stopped (the file is then unreadable). */
const XLSX_WORKER_TIMEOUT_MS = 10_000;

interface Pending {
  resolve: (table: string[][]) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * One worker thread reads every .xlsx roster of this process, one after the other (roster-xlsx.worker.ts), with a
 * bounded heap; it starts at the first roster and is replaced when it fails or overruns XLSX_WORKER_TIMEOUT_MS.
 */
class XlsxWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private next = 1;

  read(content: Buffer, maxRows: number): Promise<string[][]> {
    const worker = this.worker ?? this.start();
    const id = this.next++;
    return new Promise<string[][]>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new RosterUnreadable()), XLSX_WORKER_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, content, maxRows });
    });
  }

  private start(): Worker {
    const here = import.meta.url;
    const source = here.endsWith('.ts');
    const script = new URL(`./roster-xlsx.worker.${source ? 'ts' : 'js'}`, here);
    const options = { resourceLimits: { maxOldGenerationSizeMb: 96 } };
    // from the TypeScript sources (tests, npm run dev) the worker loads through tsx, as its parent does
    const worker = source
      ? new Worker(
          `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(script.href)}); })`,
          { ...options, eval: true },
        )
      : new Worker(script, options);
    worker.unref();
    worker.on('message', (m: { id: number; ok: boolean; table?: string[][] }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.ok && m.table) p.resolve(m.table);
      else p.reject(new RosterUnreadable());
    });
    worker.on('error', () => this.fail(new RosterUnreadable()));
    worker.on('exit', () => this.fail(new RosterUnreadable()));
    this.worker = worker;
    return worker;
  }

  /** Every roster in the worker fails; the worker is stopped (the next roster starts another). */
  private fail(err: Error): void {
    const worker = this.worker;
    this.worker = null;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
    if (worker) void worker.terminate();
  }
}

const xlsxWorker = new XlsxWorker();

/**
 * An .xlsx roster's first sheet, at most `maxRows` non-empty rows (roster-xlsx.ts): the archive's declared sizes
 * are checked here first (a zip bomb is refused before anything is inflated), then it is read in the worker thread,
 * off the event loop.
 */
async function readXlsx(content: Buffer, maxRows: number): Promise<string[][]> {
  try {
    checkXlsxArchive(content);
  } catch {
    throw new RosterUnreadable();
  }
  return xlsxWorker.read(content, maxRows);
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
