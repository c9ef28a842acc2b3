/**
 * The console format of the logs (LOG_FORMAT, issue #23 item 12): `pretty` (the default) writes one short line per
 * record — time, level, component, message, and for a request its method, path, status and duration — with an
 * error's message but not its stack; `json` keeps pino's JSON lines (for a log collector). Both carry the same
 * records (pino's redaction applies before either).
 */
export type LogFormat = 'pretty' | 'json';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

function clock(ms: unknown): string {
  const d = typeof ms === 'number' ? new Date(ms) : new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** One pino JSON record as one readable line (a line that is not JSON is passed through). */
export function formatLogLine(line: string): string {
  let r: Record<string, unknown>;
  try {
    r = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = LEVELS[Number(r.level)] ?? String(r.level);
  const parts = [clock(r.time), level.padEnd(5)];
  if (typeof r.component === 'string') parts.push(`[${r.component}]`);
  const req = r.req as { method?: string; url?: string } | undefined;
  const res = r.res as { statusCode?: number } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof r.responseTime === 'number') parts.push(`${Math.round(r.responseTime)} ms`);
  if (typeof r.msg === 'string' && r.msg) parts.push(r.msg);
  const err = r.err as { message?: string; type?: string } | undefined;
  if (err?.message) parts.push(`— ${err.type ? `${err.type}: ` : ''}${err.message}`);
  return `${parts.join(' ')}\n`;
}

/** A pino destination writing formatLogLine's lines to `out` (stdout by default). */
export function prettyLogStream(out: { write(s: string): unknown } = process.stdout): { write(s: string): void } {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line.trim()) out.write(formatLogLine(line));
    },
  };
}
