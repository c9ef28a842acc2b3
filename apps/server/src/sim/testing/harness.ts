/**
 * Test support for the simulator: a server on a movable clock, WBI-signed URLs (with the documented test
 * keys), and the real samples (the repository's fixtures, copied from shared/data/bilibili-api with their
 * credit in apps/server/test/fixtures/bilibili/README.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dayStartMs } from '../../db/seed/world/days.js';
import { buildSimServer, type SimServer, type SimulatorOptions } from '../server.js';
import { signWbi, type WbiKeys } from '../http/wbi.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(here, '../../../test/fixtures/bilibili');

/** The keys of the documented WBI test vector. */
export const DOC_KEYS: WbiKeys = {
  imgKey: '7cd084941338484aae1ad9425b84077c',
  subKey: '4932caff0ff746eab6f01bf08b70ac45',
};
export const TEST_SEED = 20261121;
export const TEST_TODAY = '2026-03-10';
export const EPOCH = dayStartMs(TEST_TODAY);
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
/** A client cookie that passes every cookie rule of the notes. */
export const FULL_COOKIE = 'SESSDATA=sim-session; bili_jct=sim; DedeUserID=1; buvid3=SIM-BUVID3infoc';

export interface TestClock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start: number): TestClock {
  let ms = start;
  return {
    now: () => ms,
    set: (v) => {
      ms = v;
    },
    advance: (d) => {
      ms += d;
    },
  };
}

export async function testServer(
  options: Partial<SimulatorOptions> & { start?: number } = {},
): Promise<SimServer & { clock: TestClock }> {
  const clock = testClock(options.start ?? EPOCH + 2 * DAY + 14 * HOUR);
  const server = await buildSimServer({
    seed: TEST_SEED,
    scale: 0.2,
    today: TEST_TODAY,
    wbiKeys: DOC_KEYS,
    now: clock.now,
    ...options,
  });
  return { ...server, clock };
}

/** `path?params&wts&w_rid` signed with the given keys at the clock's second. */
export function signedUrl(
  pathName: string,
  params: Record<string, string | number>,
  wts: number,
  keys: WbiKeys = DOC_KEYS,
): string {
  const signed = signWbi(params, keys, wts);
  const query = Object.entries(signed)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return `${pathName}?${query}`;
}

export function readSample(name: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as unknown;
}

export function readSampleText(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}
