import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { localDay } from './local-day';

const viaDayjs = (value: string): string | null => {
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
};

describe('localDay', () => {
  it('gives the day dayjs gives for the server’s ISO times and other date strings', () => {
    const samples = [
      '2027-01-14T04:00:00.000Z',
      '2026-12-31T23:59:59.999Z',
      '2026-12-31T16:00:00Z',
      '2027-01-14T04:00:00+08:00',
      '2026-11-26',
      '2026-11-26 23:59:59',
      '2026/11/26',
      '20261126',
      '2026-2-3 4:05:06.789',
      'not a date',
      '',
    ];
    for (const value of samples) expect(localDay(value), value).toBe(viaDayjs(value));
  });
});
