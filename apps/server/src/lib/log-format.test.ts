import { describe, expect, it } from 'vitest';
import { formatLogLine, prettyLogStream } from './log-format.js';

describe('pretty log lines (LOG_FORMAT=pretty)', () => {
  it('writes a record as one short line: time, level, component, request, message, error message (no stack)', () => {
    const at = new Date(2026, 10, 28, 9, 5, 7).getTime();
    const line = formatLogLine(
      JSON.stringify({
        level: 50,
        time: at,
        component: 'pipeline',
        msg: '[jobs] failed',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x (y.ts:1:1)' },
      }),
    );
    expect(line).toBe('09:05:07 ERROR [pipeline] [jobs] failed — Error: boom\n');
    expect(formatLogLine(JSON.stringify({ level: 20, time: at, msg: 'GET /api/health 200 3 ms' }))).toBe(
      '09:05:07 DEBUG GET /api/health 200 3 ms\n',
    );
    expect(formatLogLine('not json')).toBe('not json\n');
  });

  it('splits what pino writes into lines', () => {
    const out: string[] = [];
    prettyLogStream({ write: (s: string) => out.push(s) }).write(
      `${JSON.stringify({ level: 30, time: 0, msg: 'a' })}\n${JSON.stringify({ level: 40, time: 0, msg: 'b' })}\n`,
    );
    expect(out.map((l) => l.slice(9))).toEqual(['INFO  a\n', 'WARN  b\n']);
  });
});
