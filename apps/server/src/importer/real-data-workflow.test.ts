/**
 * The newest workflow features on real data (SEED_DEMO=false, no demo world): the comparison report and its PDF,
 * the dashboard's monitored-creators card and the exports of the saved lists and of a video's trend, on a database
 * filled only by the product's importer (real-shaped popular lists of the fixture popular_follower.json, 40 days
 * ending yesterday, whole days missing and creators missing from some days) and the rollup CLI — as
 * importer/real-data.test.ts does for trends and rankings. Every figure is compared with an independent computation
 * from the same files by docs/metrics.md ("Comparison report", "Gaps", 云指数, fan events); the exports are compared
 * with the API screens they export.
 *
 * The days end yesterday (Asia/Shanghai) because the card's "new videos" window is the clock's last 7 days.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  ContrastMsg,
  MONITOR_CARD_DAYS,
  type ContrastKolData,
  type ContrastRecordListAnswer,
  type KolContrastAnswer,
  type KolContrastResultAnswer,
  type MonitorChangeItem,
  type MonitorChangesAnswer,
  type MyLinkKolAnswer,
  type MyLinkVideoAnswer,
  type VideoDayDataAnswer,
  type VideoDayPoint,
} from '@xg/shared';
import { createEmptyTestApp, type TestApp } from '../../test/harness.js';
import { lcg } from '../../test/lcg.js';
import { readPdf } from '../../test/pdf-read.js';
import { cellValues, linkKolRow, linkVideoRow, xlsxOf } from '../../test/export-rows.js';
import { createMember, toleratePoolShutdown, type TestMember } from '../modules/membership/test-members.js';
import { runRollupCli } from '../jobs/rollup-cli.js';
import { runCli } from './cli.js';
import type { VideoCounts } from '../db/schema.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../test/fixtures/bilibili/popular_follower.json');
const DAY_MS = 86_400_000;
const minus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
/** yesterday in Asia/Shanghai: the last imported day */
const LAST = minus(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10), 1);
const DAYS = 40;
/** days are named by o = days before LAST (0 … 39) */
const dayO = (o: number) => minus(LAST, o);
const FIRST = dayO(DAYS - 1);
/** whole days without a saved list */
const MISSING = new Set([15, 24]);
/** the lists are saved after the import of this day; the days after it are imported later */
const ADD_AFTER = 3;

interface Creator {
  i: number;
  mid: number;
  name: string;
  tid: number;
  /** days (o) the creator is missing from the list */
  absent: number[];
  /** the first day (o) it is in a list */
  since: number;
  /** o → fans of the days it would be listed (before its videos decide) */
  base: Map<number, number>;
  /** o → fans of the days it is in a list (with at least one of its videos) */
  fans: Map<number, number>;
  videos: Video[];
}
type Stats = VideoCounts;
/** A video's counters as the answers name them (playNum, praiseNum, castCurrencyNum …). */
const answerCounts = (s: Stats) => ({
  playNum: s.play,
  praiseNum: s.likes,
  castCurrencyNum: s.coin,
  collectNum: s.favorite,
  commentNum: s.reply,
  barrageNum: s.danmaku,
  shareNum: s.share,
});
interface Video {
  aid: number;
  j: number;
  creator: Creator;
  /** published on day o (may be before the first imported day), at 08:00 + 3j Shanghai */
  pubO: number;
  pubdate: number;
  stats: (o: number) => Stats;
}

const rnd = lcg(20261126);
interface Spec {
  name: string;
  tid: number;
  base: number;
  trend: number;
  absent: number[];
  since: number;
  /** [o, fans added that day] */
  jump: [number, number] | null;
  /** the days (o) its videos were published */
  pubs: number[];
}
const SPECS: Spec[] = [
  // 甲: every day; a library price; a jump of +6,000 two days ago (a fan event); 3 videos in the week (o 0, 3, 6)
  {
    name: '对比甲',
    tid: 17,
    base: 120_000,
    trend: 310,
    absent: [],
    since: 39,
    jump: [2, 6_000],
    pubs: [0, 3, 6, 7, 45, 44],
  },
  // 乙: missing 30 and 29 days before (30日涨粉 from day − 28, the tolerance) and 7 days before (card: 按6天计)
  {
    name: '对比乙',
    tid: 21,
    base: 48_000,
    trend: -120,
    absent: [30, 29, 7],
    since: 39,
    jump: null,
    pubs: [1, 5, 9, 33],
  },
  // 丙: missing from the latest day's list and from d_c − 30 … d_c − 27 (30日涨粉 null); no video in the week
  {
    name: '对比丙',
    tid: 201,
    base: 260_000,
    trend: 90,
    absent: [0, 28, 29, 30, 31, 32],
    since: 39,
    jump: null,
    pubs: [10, 20, 60],
  },
  // 丁: missing yesterday's day before (no change since the previous snapshot) and 7 and 6 days before (no week change)
  { name: '监测丁', tid: 17, base: 9_000, trend: 40, absent: [1, 6, 7], since: 39, jump: null, pubs: [3, 12, 50] },
  // 戊: tracked for 21 days only (no 30-day history)
  { name: '监测戊', tid: 21, base: 30_000, trend: 200, absent: [], since: 20, jump: null, pubs: [2, 15] },
];

const creators: Creator[] = SPECS.map((s, i) => {
  const c: Creator = {
    i,
    mid: 950_000_000 + i,
    name: s.name,
    tid: s.tid,
    absent: s.absent,
    since: s.since,
    base: new Map(),
    fans: new Map(),
    videos: [],
  };
  let f = s.base;
  for (let o = DAYS - 1; o >= 0; o--) {
    f += s.trend + Math.round((rnd() - 0.5) * 40);
    if (s.jump && s.jump[0] === o) f += s.jump[1];
    if (o <= s.since && !MISSING.has(o) && !c.absent.includes(o)) c.base.set(o, f);
  }
  c.videos = s.pubs.map((pubO, j) => ({
    aid: 1_950_000_000 + i * 20 + j,
    j,
    creator: c,
    pubO,
    pubdate: Date.parse(`${dayO(pubO)}T${String(8 + 3 * j).padStart(2, '0')}:00:00+08:00`) / 1000,
    stats: (o: number) => {
      const play = 1_000 * (j + 1) * (i + 2) + (pubO - o) * (300 + 50 * j);
      return {
        play,
        likes: Math.round(play / 12) + j,
        coin: Math.round(play / 40) + i,
        favorite: Math.round(play / 30),
        share: Math.round(play / 100) + 1,
        reply: Math.round(play / 80) + j,
        danmaku: Math.round(play / 90),
      };
    },
  }));
  return c;
});
const allVideos = creators.flatMap((c) => c.videos);
/** a video is in a day's list from its publish day on, when its creator is, with gaps of its own… */
const basicListed = (v: Video, o: number) =>
  v.creator.base.has(o) && o <= v.pubO && (o === v.pubO || (o + v.j) % 6 !== 4);
/** …except that the creator's oldest video stands in when none of its others is listed that day */
function listedOn(v: Video, o: number): boolean {
  if (basicListed(v, o)) return true;
  if (!v.creator.base.has(o) || o > v.pubO) return false;
  const oldest = v.creator.videos.reduce((a, b) => (b.pubO > a.pubO ? b : a));
  return v === oldest && !v.creator.videos.some((w) => basicListed(w, o));
}
// a creator's snapshot of a day comes with its listed videos (owner.follower): only days with one
for (const c of creators) {
  for (const [o, f] of c.base) if (c.videos.some((v) => listedOn(v, o))) c.fans.set(o, f);
}
const present = (c: Creator, o: number) => c.fans.has(o);
/** the days (o, oldest first) a video was listed up to day `upTo` */
const listedDays = (v: Video, upTo = 0) => [...Array(DAYS).keys()].reverse().filter((o) => o >= upTo && listedOn(v, o));
/** a video's counters as stored after importing up to day `upTo`: those of the last day it was listed */
function storedStats(v: Video, upTo = 0): Stats | null {
  const days = listedDays(v, upTo);
  const last = days[days.length - 1];
  return last === undefined ? null : v.stats(last);
}

let t: TestApp;
let member: TestMember;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-real-workflow-'));
const idOf = new Map<number, number>(); // mid → kolId
const videoIdOf = new Map<number, number>(); // aid → videoId
const env = () => ({ NODE_ENV: 'test', DATABASE_URL: t.databaseUrl });
const creatorOf = (name: string) => creators.find((c) => c.name === name) as Creator;
const kolId = (c: Creator) => idOf.get(c.mid) as number;

function listFile(o: number): string {
  const template = (JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { data: { list: Record<string, unknown>[] } }).data
    .list[0] as Record<string, unknown>;
  const list = allVideos
    .filter((v) => listedOn(v, o))
    .map((v) => {
      const s = v.stats(o);
      return {
        ...template,
        aid: v.aid,
        bvid: `BV1flow${v.aid}`,
        tid: v.creator.tid,
        tname: '',
        title: `${v.creator.name}的视频${v.j}`,
        pubdate: v.pubdate,
        ctime: v.pubdate,
        owner: { mid: v.creator.mid, name: v.creator.name, face: '', follower: v.creator.fans.get(o) },
        stat: {
          aid: v.aid,
          view: s.play,
          danmaku: s.danmaku,
          reply: s.reply,
          favorite: s.favorite,
          coin: s.coin,
          share: s.share,
          now_rank: 0,
          his_rank: 0,
          like: s.likes,
          dislike: 0,
          vt: 0,
          vv: s.play,
        },
      };
    });
  const file = path.join(tmp, `popular-${dayO(o)}.json`);
  fs.writeFileSync(file, JSON.stringify({ code: 0, message: '0', ttl: 1, data: { list, no_more: false } }));
  return file;
}

async function importDays(from: number, to: number): Promise<void> {
  for (let o = from; o >= to; o--) {
    if (MISSING.has(o)) continue;
    const err: string[] = [];
    const code = await runCli(
      ['--date', dayO(o), listFile(o)],
      { out: () => undefined, err: (l) => err.push(l) },
      env(),
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
  }
}

type Params = Record<string, string | number>;
const call = (method: 'GET' | 'POST', p: string, params: Params = {}) =>
  t.call(method, p, params, { token: member.token });
async function get<T>(p: string, params: Params = {}): Promise<T> {
  const res = await call('GET', p, params);
  expect(res.status).toBe(200);
  expect(res.body.code, JSON.stringify(res.body)).toBe(ApiCode.OK);
  return res.body as unknown as T;
}

/** the saved videos: those stored when the lists are saved (after day ADD_AFTER) */
const savedVideos = () => allVideos.filter((v) => v.creator.i <= 1 && storedStats(v, ADD_AFTER) !== null);

beforeAll(async () => {
  t = await createEmptyTestApp();
  toleratePoolShutdown(t.ctx);
  member = await createMember(t.ctx, { userType: 3 }); // 企业版
  await importDays(DAYS - 1, ADD_AFTER);
  const rows = await t.ctx.db.selectFrom('creators').select(['id', 'mid']).execute();
  for (const r of rows) idOf.set(Number(r.mid), Number(r.id));
  const vids = await t.ctx.db.selectFrom('videos').select(['id', 'aid']).execute();
  for (const r of vids) videoIdOf.set(Number(r.aid), Number(r.id));
  // the member saves and monitors every imported creator, saves some videos and prices 甲 in the private library
  for (const c of creators) {
    expect((await call('POST', '/api/user/addLinkKol', { type: 1, kolId: kolId(c) })).body.code).toBe(ApiCode.OK);
    const on = await call('GET', '/api/user/setOpenMonitor', { type: 1, kolId: kolId(c), isOpen: 1 });
    expect(on.body.code).toBe(ApiCode.OK);
  }
  for (const v of savedVideos()) {
    const res = await call('POST', '/api/user/addLinkVideo', { type: 1, videoId: videoIdOf.get(v.aid) as number });
    expect(res.body.code).toBe(ApiCode.OK);
  }
  const lib = await call('POST', '/api/saveEredar', {
    mainIndexUrl: `https://space.bilibili.com/${creatorOf('对比甲').mid}`,
    implantationPrice: 3000,
  });
  expect(lib.body.code, JSON.stringify(lib.body)).toBe(ApiCode.OK);
  // the rest of the days, then the derived data
  await importDays(ADD_AFTER - 1, 0);
  for (const r of await t.ctx.db.selectFrom('videos').select(['id', 'aid']).execute()) {
    videoIdOf.set(Number(r.aid), Number(r.id));
  }
  const err: string[] = [];
  const code = await runRollupCli(
    ['--from', FIRST, '--to', LAST],
    { out: () => undefined, err: (l) => err.push(l) },
    env(),
  );
  expect(err).toEqual([]);
  expect(code).toBe(0);
}, 300_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

// The independent computation ------------------------------------------------------------------------------

/** the creator's latest stored day (o) on or before day o */
function knownDay(c: Creator, o: number): number | null {
  for (let x = o; x < DAYS; x++) if (present(c, x)) return x;
  return null;
}
const latestO = (c: Creator) => knownDay(c, 0) as number;
const fansAt = (c: Creator, o: number) => c.fans.get(o) as number;
/** the first stored day of [end + n … end + n − tolerance] (o counts backwards), or null */
function startOf(c: Creator, end: number, n: number, tolerance: number): number | null {
  for (let x = end + n; x >= end + n - tolerance; x--) if (present(c, x)) return x;
  return null;
}
/** fans(o) − fans(o + 1) when both are stored (the daily increment rule) */
const inc = (c: Creator, o: number) => (present(c, o) && present(c, o + 1) ? fansAt(c, o) - fansAt(c, o + 1) : null);

/** fan events by the documented thresholds (docs/metrics.md "Fan-change events"), as [o, delta] */
function fanEvents(c: Creator): [number, number][] {
  const out: [number, number][] = [];
  for (let o = DAYS - 2; o >= 0; o--) {
    const delta = inc(c, o);
    if (delta === null || delta === 0) continue;
    const base = [1, 2, 3, 4, 5, 6, 7].map((k) => inc(c, o + k)).filter((x): x is number => x !== null);
    const baseline = base.length ? base.reduce((s, x) => s + Math.abs(x), 0) / base.length : 0;
    if (Math.abs(delta) < Math.max(1000, 0.005 * (fansAt(c, o) - delta))) continue;
    if (base.length >= 3 && Math.abs(delta) < 3 * baseline) continue;
    out.push([o, delta]);
  }
  return out;
}

const stored = (v: Video) => storedStats(v) !== null;
const clamp = (x: number) => Math.min(1, Math.max(0, x));
/** 云指数 as of LAST (docs/metrics.md) */
function indexNum(c: Creator): number {
  const fans = fansAt(c, latestO(c));
  const d30 = knownDay(c, 30);
  const f30 = d30 === null ? fans : fansAt(c, d30);
  const recent = c.videos
    .filter((v) => stored(v) && v.pubO <= 89)
    .sort((a, b) => b.pubdate - a.pubdate)
    .slice(0, 10)
    .map((v) => storedStats(v) as Stats);
  const plays = recent.reduce((s, x) => s + x.play, 0);
  const inter = recent.reduce((s, x) => s + x.likes + x.coin + x.favorite + x.share + x.reply + x.danmaku, 0);
  const F = clamp((Math.log10(fans + 1) - 2) / 6);
  const G = clamp(Math.log10(Math.max(fans - f30, 0) + 1) / 6);
  const P = recent.length ? clamp((Math.log10(plays / recent.length + 1) - 2) / 5) : 0;
  const E = recent.length && plays > 0 ? clamp(inter / plays / 0.2) : 0;
  return Math.round(100 * (0.4 * F + 0.25 * G + 0.2 * P + 0.15 * E) * 100) / 100;
}

const PARTITION: Record<number, { parent: [number, string]; name: string; male: number; age: number[] }> = {
  17: { parent: [4, '游戏'], name: '单机游戏', male: 72, age: [18, 42, 27, 10, 3] },
  21: { parent: [160, '生活'], name: '日常', male: 45, age: [9, 35, 32, 17, 7] },
  201: { parent: [36, '知识'], name: '科学科普', male: 62, age: [10, 38, 31, 15, 6] },
};
const round2 = (x: number) => Math.round(x * 100) / 100;
const LIBRARY_PRICE: Record<string, number> = { 对比甲: 3000 };

/** A report's row of creator c at data date o = dataO, by docs/metrics.md "Comparison report". */
function expectedKol(c: Creator, dataO: number) {
  const dc = knownDay(c, dataO) as number;
  const start = startOf(c, dc, 30, 3);
  // the weekly figures' sample (docs/metrics.md "Weekly figures"): the week's videos, else the 30 days', else the
  // latest 10 of the 90 days; the means rounded as the rollup stores them
  const inWindow = (days: number) =>
    c.videos
      .filter((v) => stored(v) && v.pubO >= dataO && v.pubO <= dataO + days - 1)
      .sort((x, y) => y.pubdate - x.pubdate);
  const week = inWindow(7);
  const [sample, window]: [Video[], 0 | 7 | 30 | 90] = week.length
    ? [week, 7]
    : inWindow(30).length
      ? [inWindow(30), 30]
      : inWindow(90).length
        ? [inWindow(90).slice(0, 10), 90]
        : [[], 0];
  const stats = sample.map((v) => storedStats(v) as Stats);
  const sum = (xs: Stats[], k: keyof Stats) => xs.reduce((s, x) => s + x[k], 0);
  const mean = (k: keyof Stats) => (stats.length ? Math.round(sum(stats, k) / stats.length) : null);
  const meanPlay = mean('play');
  const inter = (['likes', 'coin', 'favorite', 'share', 'reply'] as const).reduce((s, k) => s + (mean(k) ?? 0), 0);
  const price = LIBRARY_PRICE[c.name] ?? null;
  const perThousand = price !== null && meanPlay ? round2((price / meanPlay) * 1000) : null;
  const p = PARTITION[c.tid] as (typeof PARTITION)[number];
  return {
    kolId: kolId(c),
    kolName: c.name,
    kolUid: c.mid,
    twoSortFlag: [
      { id: p.parent[0], name: p.parent[1] },
      { id: c.tid, name: p.name },
    ],
    fansNum: fansAt(c, dc),
    weekVideoNum: week.length,
    sampleWindow: window,
    weekAvgPlayNum: meanPlay,
    avgPraiseNum: mean('likes'),
    weekAvgCollectNum: mean('favorite'),
    weekAvgShareNum: mean('share'),
    weekAvgCommentNum: mean('reply'),
    weekCastCurrencyNum: mean('coin'),
    chargingNum: 0,
    engagementRate: meanPlay ? round2((inter / meanPlay) * 100) : null,
    fansIncrease30: start === null ? null : fansAt(c, dc) - fansAt(c, start),
    libraryPrice: price,
    pricePerThousandPlays: perThousand,
    pricePlaysDays: perThousand === null ? null : window,
    portraitKind: 'partition',
    portraitSampleSize: 0,
    portraitSource: `该UP主评论用户样本不足30人（当前0人），此处为所在分区「${p.name}」的整体画像估算，并非该UP主粉丝的数据`,
    isCollect: 1,
    isPut: 0,
    isAdmire: 0,
  };
}

// ---------------------------------------------------------------------------------------------------------

describe('comparison report on imported data (SEED_DEMO=false)', () => {
  const report = { id: 0, second: 0 };
  const trio = () => [creatorOf('对比甲'), creatorOf('对比乙'), creatorOf('对比丙')];

  it('generates a report of three imported creators; every figure equals the documented computation', async () => {
    const made = await call('POST', '/api/user/kolContrast', { kolIds: trio().map(kolId).join(',') });
    const answer = made.body as unknown as KolContrastAnswer;
    expect(answer, JSON.stringify(made.body)).toMatchObject({ code: ApiCode.OK, flag: 0, tip: null });
    report.id = answer.id as number;
    const r = await get<KolContrastResultAnswer>('/api/user/kolContrastResult', { contrastId: report.id });
    // the data date: the latest stored day of the compared creators (丙 is missing on it)
    expect(r.dataDate).toBe(LAST);
    expect(r.canPdf).toBe(1);
    expect(r.userContrastKolDataList.map((k) => k.kolId)).toEqual(trio().map(kolId));
    for (const [n, c] of trio().entries()) {
      const got = r.userContrastKolDataList[n] as ContrastKolData;
      expect(got, c.name).toMatchObject(expectedKol(c, 0));
      expect(got.indexNum, `${c.name} 云指数`).toBeCloseTo(indexNum(c), 1);
      // the portrait is the partition's pooled one; without any commenter it is exactly the partition's prior
      const p = PARTITION[c.tid] as (typeof PARTITION)[number];
      expect(JSON.parse(got.genderPortrait ?? 'null')).toEqual([
        { 性别: '男', 比例: p.male },
        { 性别: '女', 比例: 100 - p.male },
      ]);
      expect((JSON.parse(got.agePortrait ?? '[]') as { 比例: number }[]).map((a) => a.比例)).toEqual(p.age);
      const area = JSON.parse(got.areaPortrait ?? '[]') as { 地域: string; 比例: number }[];
      expect(area[0]?.地域).toBe('广东');
      expect(Math.round(area.reduce((s, a) => s + a.比例, 0))).toBe(100);
    }
    // the cases the data was built for
    const [a, b, c] = r.userContrastKolDataList as [ContrastKolData, ContrastKolData, ContrastKolData];
    expect(a.weekVideoNum).toBe(3); // published 0, 3 and 6 days before the data date; not the one of 7 days before
    expect(a.pricePerThousandPlays).not.toBeNull();
    expect(b.fansIncrease30).toBe(fansAt(creatorOf('对比乙'), 0) - fansAt(creatorOf('对比乙'), 28)); // 2 days late
    expect(b.libraryPrice).toBeNull();
    expect(b.pricePerThousandPlays).toBeNull();
    expect(c.fansIncrease30).toBeNull();
    expect(c.fansNum).toBe(fansAt(creatorOf('对比丙'), 1)); // known(d): the day before
    // no video in its week: the sample of the 30 or 90 days stands in and is named (never an empty 互动数据对比)
    expect(c.weekVideoNum).toBe(0);
    expect(c.sampleWindow).not.toBe(7);

    // the audience overlap: no comments collected → counts 0, no percentage (样本不足)
    expect(r.overlap.sampleSize).toBe(0);
    expect(r.overlap.method).toContain('不足30位评论用户时不计算');
    const ids = trio().map(kolId);
    expect(r.overlap.pairs).toEqual(
      [
        [0, 1],
        [0, 2],
        [1, 2],
      ].map(([x, y]) => ({
        kolIdA: ids[x as number],
        kolIdB: ids[y as number],
        commentersA: 0,
        commentersB: 0,
        shared: 0,
        overlapPercent: null,
        low: null,
        high: null,
      })),
    );

    // the verdicts name the leaders of the figures above
    const byDim = new Map(r.verdicts.map((v) => [v.dimension, v]));
    const rows = r.userContrastKolDataList;
    const best = (f: (k: ContrastKolData) => number | null) =>
      rows.filter((k) => f(k) !== null).sort((x, y) => (f(y) as number) - (f(x) as number))[0]?.kolId;
    expect(byDim.get('reach')?.leaderKolId).toBe(best((k) => k.fansNum));
    expect(byDim.get('engagement')?.leaderKolId).toBe(best((k) => k.engagementRate));
    expect(byDim.get('engagement')?.text).toContain('互动率最高');
    expect(byDim.get('growth')?.leaderKolId).toBe(best((k) => k.fansIncrease30));
    expect(byDim.get('growth')?.text).toContain('对比丙 暂无30天数据');
    expect(byDim.get('price')?.leaderKolId).toBe(ids[0]);
    expect(byDim.get('price')?.text).toContain('对比乙、对比丙 暂无报价数据');
  });

  it('a second report (two creators) is listed first; deleting it leaves the first; a deleted report is missing', async () => {
    const pair = [creatorOf('监测丁'), creatorOf('监测戊')];
    const made = (await call('POST', '/api/user/kolContrast', { kolIds: pair.map(kolId).join(',') }))
      .body as unknown as KolContrastAnswer;
    expect(made.flag).toBe(0);
    report.second = made.id as number;
    const r = await get<KolContrastResultAnswer>('/api/user/kolContrastResult', { contrastId: report.second });
    expect(r.dataDate).toBe(LAST);
    for (const [n, c] of pair.entries()) expect(r.userContrastKolDataList[n], c.name).toMatchObject(expectedKol(c, 0));
    expect(r.userContrastKolDataList.map((k) => k.fansIncrease30)).toEqual([
      fansAt(pair[0] as Creator, 0) - fansAt(pair[0] as Creator, 30),
      null, // 戊 was tracked for 21 days
    ]);

    const list = await get<ContrastRecordListAnswer>('/api/user/contrastRecordList', { pageNo: 1, pageSize: 10 });
    expect(list.total).toBe(2);
    expect(list.list.map((x) => [x.contrastId, x.dataDate, x.kolNum, x.kols.map((k) => k.kolName)])).toEqual([
      [report.second, LAST, 2, ['监测丁', '监测戊']],
      [report.id, LAST, 3, ['对比甲', '对比乙', '对比丙']],
    ]);
    expect((await call('GET', '/api/user/delContrastRecord', { contrastId: report.second })).body.code).toBe(
      ApiCode.OK,
    );
    const after = await get<ContrastRecordListAnswer>('/api/user/contrastRecordList', { pageNo: 1, pageSize: 10 });
    expect(after.list.map((x) => x.contrastId)).toEqual([report.id]);
    expect((await call('GET', '/api/user/kolContrastResult', { contrastId: report.second })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: ContrastMsg.reportMissing,
    });
  });

  it('the PDF endpoint answers the report as a PDF with the creators and their figures', async () => {
    const res = await call('GET', '/api/user/contrastPdf', { contrastId: report.id });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/pdf');
    const read = await readPdf(res.raw.rawPayload);
    const all = read.pages.map((p) => p.text).join('');
    expect(all).toContain(`报告编号：${report.id}`);
    for (const c of trio()) {
      expect(all).toContain(c.name);
      expect(all).toContain(`UID ${c.mid}`);
    }
    const a = expectedKol(creatorOf('对比甲'), 0);
    // the PDF shows the rate to 1 decimal and the price per 1,000 plays in yuan
    expect(all).toContain(`${Math.round((a.engagementRate as number) * 10) / 10}%`);
    const yuan = (a.pricePerThousandPlays as number).toLocaleString('zh-CN', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    expect(all).toContain(`${yuan}元`);
  });
});

describe('dashboard card of monitored creators on imported data', () => {
  it('fans since the previous snapshot and over 7 days follow the gap rules; new videos and fan events of the window', async () => {
    const now = Date.now();
    const card = await get<MonitorChangesAnswer>('/api/dashboard/monitorChanges');
    expect([card.monitorCount, card.days]).toEqual([creators.length, MONITOR_CARD_DAYS]);
    const expected = creators.map((c) => {
      const l = latestO(c);
      const prev = knownDay(c, l + 1);
      const base = startOf(c, l, 7, 1);
      const fresh = c.videos
        .filter((v) => stored(v) && v.pubdate * 1000 > now - 7 * DAY_MS)
        .sort((x, y) => y.pubdate - x.pubdate);
      const events = fanEvents(c)
        .filter(([o]) => o < l + 7)
        .sort((x, y) => x[0] - y[0]); // newest first
      return {
        kolId: kolId(c),
        kolName: c.name,
        kolUid: c.mid,
        fansNum: fansAt(c, l),
        latestDay: dayO(l),
        prevDay: prev === null ? null : dayO(prev),
        dayChange: prev === l + 1 ? fansAt(c, l) - fansAt(c, prev) : null,
        weekChange: base === null ? null : fansAt(c, l) - fansAt(c, base),
        weekBaseDay: base === null ? null : dayO(base),
        weekDays: base === null ? null : base - l,
        newVideoNum: fresh.length,
        newVideos: fresh.slice(0, 3).map((v) => ({
          videoId: videoIdOf.get(v.aid),
          title: `${c.name}的视频${v.j}`,
          publishTime: new Date(v.pubdate * 1000).toISOString(),
          playNum: (storedStats(v) as Stats).play,
        })),
        fanEvents: events.slice(0, 3).map(([o, delta]) => ({ day: dayO(o), kind: delta > 0 ? 'rise' : 'drop', delta })),
      };
    });
    // creators with new videos or events first, then by the size of the 7-day change, then fans
    expected.sort(
      (x, y) =>
        Number(y.newVideoNum > 0 || y.fanEvents.length > 0) - Number(x.newVideoNum > 0 || x.fanEvents.length > 0) ||
        (y.weekChange === null ? -1 : Math.abs(y.weekChange)) - (x.weekChange === null ? -1 : Math.abs(x.weekChange)) ||
        y.fansNum - x.fansNum,
    );
    expect(card.monitors.map((m) => m.kolName)).toEqual(expected.map((e) => e.kolName));
    for (const [n, e] of expected.entries()) expect(card.monitors[n], e.kolName).toMatchObject(e);

    // the cases the data was built for
    const by = new Map(card.monitors.map((m) => [m.kolName, m]));
    const m = (name: string) => by.get(name) as MonitorChangeItem;
    expect(m('对比丙').latestDay).toBe(dayO(1)); // missing from the latest day's list
    expect(m('监测丁')).toMatchObject({ prevDay: dayO(2), dayChange: null, weekChange: null, weekDays: null });
    expect(m('对比乙')).toMatchObject({ weekBaseDay: dayO(6), weekDays: 6 });
    expect(m('对比甲')).toMatchObject({ weekDays: 7, fanEvents: [{ day: dayO(2), kind: 'rise' }] });
    expect(m('对比甲').dayChange).toBe(fansAt(creatorOf('对比甲'), 0) - fansAt(creatorOf('对比甲'), 1));
  });
});

describe('exports of imported data (myLinkKol, myLinkVideo, videoDataTendency)', () => {
  it('myLinkKol: the API rows carry the documented numbers and the file carries the API rows', async () => {
    const list = await get<MyLinkKolAnswer>('/api/user/myLinkKol', { type: 1, pageNo: 1, pageSize: 50 });
    expect(list.linkKols).toHaveLength(creators.length);
    for (const k of list.linkKols) {
      const c = creators.find((x) => x.mid === k.kolUid) as Creator;
      // 30日涨粉: the 30-day change on the rollup day (needs that day's snapshot; start up to 3 days late)
      const start = present(c, 0) ? startOf(c, 0, 30, 3) : null;
      expect(k, c.name).toMatchObject({
        kolName: c.name,
        fansNum: fansAt(c, latestO(c)),
        fansIncrease: start === null ? null : fansAt(c, 0) - fansAt(c, start),
        fansSinceAdd: fansAt(c, latestO(c)) - fansAt(c, knownDay(c, ADD_AFTER) as number),
        isMonitor: 1,
        themeName: PARTITION[c.tid]?.name,
      });
      expect(k.indexNum, `${c.name} 云指数`).toBeCloseTo(indexNum(c), 1);
    }
    const byName = new Map(list.linkKols.map((k) => [k.kolName, k]));
    expect(byName.get('对比乙')?.fansIncrease).toBe(fansAt(creatorOf('对比乙'), 0) - fansAt(creatorOf('对比乙'), 28));
    expect([byName.get('对比丙')?.fansIncrease, byName.get('监测戊')?.fansIncrease]).toEqual([null, null]);

    const sheets = xlsxOf(await call('GET', '/api/export/myLinkKol', { type: 1, export: 'all' }));
    expect(sheets[0]?.rows.slice(1).map((r) => cellValues(r, 12))).toEqual(list.linkKols.map(linkKolRow));
  });

  it('myLinkVideo: the saved videos carry their latest imported counters, in the file too', async () => {
    const list = await get<MyLinkVideoAnswer>('/api/user/myLinkVideo', { type: 1, pageNo: 1, pageSize: 50 });
    const saved = savedVideos();
    expect(list.linkVideos).toHaveLength(saved.length);
    for (const item of list.linkVideos) {
      const v = saved.find((x) => videoIdOf.get(x.aid) === item.videoId) as Video;
      const s = storedStats(v) as Stats;
      expect(item, String(v.aid)).toMatchObject({
        bvid: `BV1flow${v.aid}`,
        kolName: v.creator.name,
        publishTime: new Date(v.pubdate * 1000).toISOString(),
        ...answerCounts(s),
        playSinceAdd: s.play - (storedStats(v, ADD_AFTER) as Stats).play,
      });
    }
    expect(list.linkVideos.some((v) => v.playSinceAdd > 0)).toBe(true);
    const sheets = xlsxOf(await call('GET', '/api/export/myLinkVideo', { type: 1, export: 'all' }));
    expect(sheets[0]?.rows.slice(1).map((r) => cellValues(r, 13))).toEqual(list.linkVideos.map(linkVideoRow));
    expect(sheets[0]?.rows.slice(1).map((r) => r[14]?.value)).toEqual(list.linkVideos.map((v) => v.playSinceAdd));
  });

  it('videoDataTendency: the stored days’ totals, and increments only for days whose day before is stored', async () => {
    // 甲's old video: in the lists from the first day, with gaps of its own and the whole missing days
    const v = creatorOf('对比甲').videos.find((x) => x.pubO === 45) as Video;
    const id = videoIdOf.get(v.aid) as number;
    const days = listedDays(v);
    const last = days[days.length - 1] as number;
    const window = days.filter((o) => o < last + 30);
    const point = (o: number, s: Stats): VideoDayPoint => ({
      dataDate: dayO(o),
      ...answerCounts(s),
    });
    const totals = window.map((o) => point(o, v.stats(o)));
    const incs = window
      .filter((o) => listedOn(v, o + 1))
      .map((o) => {
        const a = v.stats(o);
        const b = v.stats(o + 1);
        return point(o, {
          play: a.play - b.play,
          likes: a.likes - b.likes,
          coin: a.coin - b.coin,
          favorite: a.favorite - b.favorite,
          share: a.share - b.share,
          reply: a.reply - b.reply,
          danmaku: a.danmaku - b.danmaku,
        });
      });
    // the data has gaps: stored days without an increment
    expect(totals.length - incs.length).toBeGreaterThanOrEqual(4);

    const report = await get<VideoDayDataAnswer>('/api/videoDayData', { id, dayNum: 30 });
    expect(report.videoDayData).toEqual(totals);
    expect(report.videoDayIncreaseData).toEqual(incs);

    const incOf = new Map(incs.map((d) => [d.dataDate, d]));
    const both = xlsxOf(await call('GET', '/api/export/videoDataTendency', { id, dayNum: 30, export: 'all' }));
    expect(both[0]?.rows.slice(1).map((r) => cellValues(r, 5))).toEqual(
      totals.map((d) => [
        `${d.dataDate} 00:00`,
        d.playNum,
        incOf.get(d.dataDate)?.playNum ?? null,
        d.praiseNum,
        incOf.get(d.dataDate)?.praiseNum ?? null,
      ]),
    );
    const only = xlsxOf(await call('GET', '/api/export/videoDataTendency', { id, dayNum: 30, type: 0, export: 'all' }));
    expect(only[0]?.rows.slice(1).map((r) => cellValues(r, 3))).toEqual(
      incs.map((d) => [`${d.dataDate} 00:00`, d.playNum, d.praiseNum]),
    );
  });
});

it('the imported data is what the checks assume: every video stored, no comment collected', async () => {
  const n = await sql<{ videos: string; comments: string }>`
    SELECT (SELECT count(*) FROM videos) AS videos, (SELECT count(*) FROM comments) AS comments`.execute(t.ctx.db);
  expect(n.rows[0]).toEqual({ videos: String(allVideos.length), comments: '0' });
});
