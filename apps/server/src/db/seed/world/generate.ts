/**
 * The demo world as pure data: no database here, so the same seed, scale and day always give the same
 * world (tested by running it twice). `planWorld` draws every creator's profile; `creatorContent` draws
 * one creator's videos and 90-day history from that creator's own PRNG stream, so creators can be
 * generated in any batch order. See docs/metrics.md for the model.
 */
import type { VideoCounts } from '../../schema.js';
import { aidToBvid } from './bvid.js';
import { addDays, DAY_MS, dayEndMs, dayStartMs } from './days.js';
import { PARTITIONS, type PartitionNode } from './partitions.js';
import {
  MCN_NAMES,
  NAME_ADJECTIVES,
  NAME_DIGITS,
  NAME_GIVEN,
  NAME_LATIN,
  NAME_NOUNS,
  NAME_PERSONS,
  NAME_PREFIXES,
  NAME_SEPARATORS,
  NAME_SURNAMES,
  ORG_BRANDS,
  ORG_KINDS_BY_TOP,
  ORG_SUFFIXES,
  PERSONAL_TITLES,
  PERSONAL_TITLES_BIG,
  SIGNS_BY_TOPIC,
  SIGNS_GENERIC,
  TOPIC_WORDS,
} from './pools.js';
import { countersOf, engagementRatios } from './engagement.js';
import { type Rng, rngFor } from './prng.js';
import { videoText } from './titles.js';

export const CREATORS_PER_SCALE = 5000;
export const VIDEOS_PER_CREATOR = 20;
export const HISTORY_DAYS = 90;
export const VIDEO_WINDOW_DAYS = 180;
/** History days of every video (video_daily): the video page's 30-day trend and its first increment. */
export const VIDEO_HISTORY_DAYS = 31;
/** Real recent aids are 15-digit numbers around 1.13e14; ours sit there too, 1,000 numbers per video slot. */
const AID_BASE = 113_000_000_000_000;
const AID_SLOT = 1000;
const DEFAULT_FACE = 'https://i0.hdslb.com/bfs/face/member/noface.jpg';

export interface WorldOptions {
  seed: number;
  scale: number;
  /** the load day in Asia/Shanghai ('YYYY-MM-DD'); history ends the day before */
  today: string;
}

export interface CreatorSpec {
  /** creators.id (kolId), 1-based */
  id: number;
  mid: number;
  name: string;
  face: string;
  sign: string;
  level: number;
  sex: number;
  officialType: number;
  officialTitle: string;
  /** child partition tid */
  partitionTid: number;
  topTid: number;
  /** index into MCN_NAMES, or null */
  mcnIndex: number | null;
  liveRoomId: number | null;
  isLive: number;
  fans: number;
  following: number;
  /** videos allocated to this creator (including deleted ones) and the global slot of the first */
  videoTotal: number;
  videoSlot: number;
}

export interface WorldPlan {
  seed: number;
  scale: number;
  today: string;
  /** the 90 history days, oldest first; the last is yesterday */
  days: string[];
  creators: CreatorSpec[];
  videoCount: number;
  mcnNames: readonly string[];
}

/** A video of the world: its metadata and its current counters. */
export interface VideoRow extends VideoCounts {
  id: number;
  aid: number;
  bvid: string;
  creatorId: number;
  title: string;
  cover: string;
  description: string;
  duration: number;
  pubdate: Date;
  tid: number;
  copyright: number;
  isActivity: number;
  status: number;
  /** the platform's tags of the video (videos.tags) */
  tags: string[];
}

/** One history day of a video (video_daily): its totals at the end of the day. */
export interface VideoDailyRow extends VideoCounts {
  videoId: number;
  day: string;
}

export interface DailyRow {
  creatorId: number;
  day: string;
  fans: number;
  following: number;
  likes: number;
  plays: number;
  videoCount: number;
}

export interface CreatorContent {
  videos: VideoRow[];
  daily: DailyRow[];
  /** the visible videos' last VIDEO_HISTORY_DAYS history days from their publication, oldest first per video */
  videoDaily: VideoDailyRow[];
  /** latest counters (equal to the last daily row) */
  likes: number;
  plays: number;
  videoCount: number;
}

export function creatorCount(scale: number): number {
  return Math.max(1, Math.round(CREATORS_PER_SCALE * scale));
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

// ------------------------------------------------------------------------------------------------
// Plan: every creator's profile

export function planWorld(options: WorldOptions): WorldPlan {
  const n = creatorCount(options.scale);
  const rng = rngFor(options.seed, 'plan');
  const names = new Set<string>();
  const mids = new Set<number>();
  const rooms = new Set<number>();
  const creators: CreatorSpec[] = [];
  const activity: number[] = [];

  for (let i = 0; i < n; i++) {
    const fans = drawFans(rng);
    const lf = Math.log10(fans + 1);
    const isOrg = rng.chance(0.03);
    const top = isOrg ? pickOrgPartition(rng) : pickPartition(rng);
    const partitionTid = rng.pick(top.children)[0];
    const name = uniqueName(rng, names, isOrg ? () => orgName(rng, top) : () => nickname(rng, top));
    const officialType = isOrg ? 2 : rng.chance(personalApproveChance(fans)) ? 1 : 0;
    const officialTitle =
      officialType === 2
        ? `${name.replace(/(官方账号|官方|频道)$/, '')}官方账号`
        : officialType === 1
          ? personalTitle(rng, top, fans)
          : '';
    const level = isOrg
      ? rng.int(4, 6)
      : clamp(Math.round(2 + 4 * clamp((lf - 2.5) / 3, 0, 1) + rng.normal() * 0.6), 1, 6);
    const sex = isOrg
      ? 2
      : rng.weighted([
          [0, 35],
          [1, 45],
          [2, 20],
        ] as const);
    const mcnIndex =
      !isOrg && rng.chance(0.14 + 0.5 * clamp((lf - 3.5) / 3, 0, 1)) ? rng.int(0, MCN_NAMES.length - 1) : null;
    let liveRoomId: number | null = null;
    let isLive = 0;
    if (rng.chance(0.2)) {
      liveRoomId = uniqueInt(rooms, () => (rng.chance(0.15) ? rng.int(1000, 999_999) : rng.int(1_000_000, 32_000_000)));
      isLive = rng.chance(0.08) ? 1 : 0;
    }
    creators.push({
      id: i + 1,
      mid: uniqueInt(mids, () => drawMid(rng, lf)),
      name,
      face: rng.chance(0.03) ? DEFAULT_FACE : `https://i${rng.int(0, 2)}.hdslb.com/bfs/face/${rng.hex(40)}.jpg`,
      sign: drawSign(rng, top),
      level,
      sex,
      officialType,
      officialTitle,
      partitionTid,
      topTid: top.tid,
      mcnIndex,
      liveRoomId,
      isLive,
      fans,
      following: Math.round(clamp(rng.logNormal(180, 1.1), 0, 2000)),
      videoTotal: 0,
      videoSlot: 0,
    });
    activity.push(rng.logNormal(1, 0.8) * (1 + 0.15 * clamp(lf - 3, 0, 4)));
  }

  // Exactly VIDEOS_PER_CREATOR × n videos: one each, the rest by activity weight (largest remainder).
  const total = VIDEOS_PER_CREATOR * n;
  const extra = total - n;
  const weightSum = activity.reduce((a, b) => a + b, 0);
  const quotas = activity.map((w) => (w / weightSum) * extra);
  const counts = quotas.map((q) => Math.floor(q));
  let left = extra - counts.reduce((a, b) => a + b, 0);
  const byRemainder = quotas.map((q, i) => [q - Math.floor(q), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k++, left--) {
    const idx = byRemainder[k % byRemainder.length]?.[1] ?? 0;
    counts[idx] = (counts[idx] ?? 0) + 1;
  }
  let slot = 0;
  creators.forEach((c, i) => {
    c.videoTotal = 1 + (counts[i] ?? 0);
    c.videoSlot = slot;
    slot += c.videoTotal;
  });

  const end = addDays(options.today, -1);
  const days = Array.from({ length: HISTORY_DAYS }, (_, k) => addDays(end, k - (HISTORY_DAYS - 1)));
  return {
    seed: options.seed,
    scale: options.scale,
    today: options.today,
    days,
    creators,
    videoCount: slot,
    mcnNames: MCN_NAMES,
  };
}

/**
 * One creator's name, partition and UID drawn as planWorld draws them (3 % organisations, the demo's nickname
 * pools, names unique within `seen`), without the rest of the profile: bench/search-index-scale.mjs draws 10M
 * names with it. planWorld does not call it (the demo world's draw order stays as it is).
 */
export function drawCreatorName(
  rng: Rng,
  seen: Set<string>,
  mids: Set<number>,
): { name: string; partitionTid: number; mid: number; fans: number } {
  const fans = drawFans(rng);
  const isOrg = rng.chance(0.03);
  const top = isOrg ? pickOrgPartition(rng) : pickPartition(rng);
  const partitionTid = rng.pick(top.children)[0];
  const name = uniqueName(rng, seen, isOrg ? () => orgName(rng, top) : () => nickname(rng, top));
  return { name, partitionTid, mid: uniqueInt(mids, () => drawMid(rng, Math.log10(fans + 1))), fans };
}

/** Fans: log-normal bulk (median 30k) plus a Pareto head (≈3 %), so a few creators pass 10M. */
function drawFans(rng: Rng): number {
  for (;;) {
    const raw = rng.chance(0.03) ? rng.pareto(300_000, 0.85) : rng.logNormal(30_000, 1.5);
    if (raw <= 40_000_000) return Math.max(120, Math.round(raw));
  }
}

/** Older accounts (bigger creators, on average) have shorter UIDs: 6–10 digits. */
function drawMid(rng: Rng, lf: number): number {
  const digits = clamp(10.2 - 0.55 * lf + rng.normal() * 1.1, 5.8, 9.98);
  return Math.floor(Math.pow(10, digits));
}

function personalApproveChance(fans: number): number {
  if (fans >= 3_000_000) return 0.9;
  if (fans >= 1_000_000) return 0.7;
  if (fans >= 300_000) return 0.4;
  if (fans >= 100_000) return 0.15;
  if (fans >= 30_000) return 0.08;
  return 0.025;
}

function personalTitle(rng: Rng, top: PartitionNode, fans: number): string {
  const pool = fans >= 2_000_000 && rng.chance(0.6) ? PERSONAL_TITLES_BIG : PERSONAL_TITLES;
  return rng
    .pick(pool)
    .replace('{year}', String(rng.int(2019, 2024)))
    .replace('{label}', top.label);
}

function pickPartition(rng: Rng): PartitionNode {
  return rng.weighted(PARTITIONS.filter((p) => p.weight > 0).map((p) => [p, p.weight] as const));
}

function pickOrgPartition(rng: Rng): PartitionNode {
  return rng.weighted(PARTITIONS.map((p) => [p, p.weight + (p.weight < 1 ? 3 : 0)] as const));
}

function uniqueInt(seen: Set<number>, draw: () => number): number {
  for (;;) {
    const v = draw();
    if (!seen.has(v)) {
      seen.add(v);
      return v;
    }
  }
}

function uniqueName(rng: Rng, seen: Set<string>, draw: () => string): string {
  for (let attempt = 0; attempt < 6; attempt++) {
    const name = draw();
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
  }
  for (;;) {
    const name = `${draw()}${rng.int(1, 9999)}`;
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
  }
}

function topicOf(rng: Rng, top: PartitionNode): string {
  return rng.pick(TOPIC_WORDS[top.tid] ?? [top.label]);
}

function nickname(rng: Rng, top: PartitionNode): string {
  const noun = () => rng.pick(NAME_NOUNS);
  const person = () => rng.pick(NAME_PERSONS);
  const realName = () =>
    `${rng.pick(NAME_SURNAMES)}${rng.pick(NAME_GIVEN)}${rng.chance(0.4) ? rng.pick(NAME_GIVEN) : ''}`;
  const base = rng.weighted<() => string>([
    [() => `${rng.pick(NAME_PREFIXES)}${noun()}`, 14],
    [() => `${rng.pick(NAME_ADJECTIVES)}${noun()}`, 14],
    [() => `${noun()}${person()}`, 10],
    [() => `${noun()}的${rng.pick(placeWord(top))}`, 7],
    [() => `${realName()}`, 8],
    [() => `${rng.pick(NAME_SURNAMES)}${person()}说${topicOf(rng, top)}`, 6],
    [() => `${topicOf(rng, top)}${rng.pick(NAME_SURNAMES)}${person()}`, 6],
    [() => `${rng.pick(NAME_PREFIXES)}${rng.pick(NAME_GIVEN)}的${topicOf(rng, top)}`, 6],
    [() => `${topicOf(rng, top)}${noun()}`, 7],
    [() => `${rng.pick(['爱', '会', '只会', '不爱', '沉迷'])}${topicOf(rng, top)}的${noun()}`, 5],
    [() => `${rng.pick(NAME_PREFIXES)}${rng.pick(NAME_SURNAMES)}${topicOf(rng, top)}`, 5],
  ])();
  const roll = rng.next();
  if (roll < 0.1) return `${base}${rng.pick(NAME_SEPARATORS)}${rng.pick(NAME_LATIN)}`;
  if (roll < 0.14) return `${rng.pick(NAME_LATIN)}${rng.pick(NAME_SEPARATORS)}${base}`;
  if (roll < 0.24) return `${base}${rng.pick(NAME_DIGITS)}`;
  return base;
}

/** An organisation's name: a brand, what it is in its own partition (ORG_KINDS_BY_TOP), a suffix. */
function orgName(rng: Rng, top: PartitionNode): string {
  return `${rng.pick(ORG_BRANDS)}${rng.pick(ORG_KINDS_BY_TOP[top.tid] ?? [top.label])}${rng.pick(ORG_SUFFIXES)}`;
}

/** “X的…” endings any creator may use; a kitchen or a game room only where the partition is food or games. */
function placeWord(top: PartitionNode): readonly string[] {
  const generic = ['日常', '小窝', '频道', '生活', '宇宙', '碎碎念'];
  if (top.tid === 211) return [...generic, '厨房'];
  if (top.tid === 4) return [...generic, '游戏间'];
  return generic;
}

function drawSign(rng: Rng, top: PartitionNode): string {
  if (rng.chance(0.06)) return '';
  const template = rng.chance(0.55) ? rng.pick(SIGNS_BY_TOPIC) : rng.pick(SIGNS_GENERIC);
  return template
    .replaceAll('{topic}', topicOf(rng, top))
    .replace('{person}', rng.pick(['普通人', '打工人', '大学生', '老阿姨', '社畜', '自由职业者']))
    .replace('{n}', String(rng.int(10, 900)));
}

// ------------------------------------------------------------------------------------------------
// Content: one creator's videos and daily history

const DURATION_MEDIAN: Readonly<Record<number, number>> = {
  36: 600,
  4: 780,
  188: 540,
  160: 360,
  3: 240,
  129: 180,
  119: 150,
  181: 480,
  211: 420,
};

/** Publication hour of day (Asia/Shanghai) and its weight: lunch and evening peaks (shared with the simulator). */
export const POST_HOURS: readonly (readonly [hour: number, weight: number])[] = [
  [8, 1],
  [10, 2],
  [11, 3],
  [12, 5],
  [14, 3],
  [16, 3],
  [17, 5],
  [18, 7],
  [19, 7],
  [20, 6],
  [21, 4],
  [22, 3],
  [23, 1],
];

/** Share of a video's eventual plays reached `ageDays` after publishing (fast start, long tail). */
export function playCurve(ageDays: number): number {
  if (ageDays <= 0) return 0;
  return 0.8 * (1 - Math.exp(-ageDays / 3)) + 0.2 * (1 - Math.exp(-ageDays / 60));
}

export function creatorContent(plan: WorldPlan, c: CreatorSpec): CreatorContent {
  const rng = rngFor(plan.seed, 'creator', c.id);
  const days = plan.days;
  const lastDay = days[days.length - 1] ?? plan.today;
  const endMs = dayEndMs(lastDay);
  const dayEnds = days.map(dayEndMs);
  const windowStartMs = dayStartMs(days[0] ?? lastDay);
  const top = PARTITIONS.find((p) => p.tid === c.topTid) ?? PARTITIONS[0];
  if (!top) throw new Error('no partitions');
  const durationMedian = DURATION_MEDIAN[c.topTid] ?? 420;

  const videos: VideoRow[] = [];
  const videoDaily: VideoDailyRow[] = [];
  const plays = new Float64Array(days.length);
  const likes = new Float64Array(days.length);
  const counts = new Int32Array(days.length);
  /** fan-growth weight added by hit videos, per history day */
  const hitBoost = new Float64Array(days.length);

  for (let j = 0; j < c.videoTotal; j++) {
    const slot = c.videoSlot + j;
    const aid = AID_BASE + slot * AID_SLOT + rng.int(0, AID_SLOT - 1);
    const dayOffset = rng.int(0, VIDEO_WINDOW_DAYS - 1);
    const hour = rng.weighted(POST_HOURS);
    const pubMs = dayStartMs(addDays(lastDay, -dayOffset)) + hour * 3600_000 + rng.int(0, 3599) * 1000;
    const ageEnd = (endMs - pubMs) / DAY_MS;
    const hit = rng.chance(0.04) ? clamp(rng.logNormal(8, 0.6), 3, 40) : 1;
    const full = c.fans * rng.logNormal(0.12, 0.9) * hit + rng.int(30, 600);
    const play = Math.max(1, Math.round(full * playCurve(ageEnd)));
    const status = rng.chance(0.012) ? -1 : 0;
    const tid = rng.chance(0.85) ? c.partitionTid : rng.pick(top.children)[0];
    const text = videoText(rng, tid, c.topTid, pubMs);
    const ratios = engagementRatios(() => rng.normal());
    const counts0 = countersOf(play, ratios);
    const video: VideoRow = {
      id: slot + 1,
      aid,
      bvid: aidToBvid(aid),
      creatorId: c.id,
      title: text.title,
      cover: `https://i${rng.int(0, 2)}.hdslb.com/bfs/archive/${rng.hex(40)}.jpg`,
      description: rng.chance(0.5)
        ? ''
        : rng.pick([
            '喜欢的话请一键三连支持一下！',
            '本期视频素材来自网络，如有侵权请联系删除',
            'BGM见评论区置顶',
            '有什么想看的内容可以在评论区告诉我',
            '感谢观看～',
          ]),
      duration: Math.round(clamp(rng.logNormal(durationMedian, 0.7), 15, 4 * 3600)),
      pubdate: new Date(pubMs),
      tid,
      copyright: rng.chance(0.92) ? 1 : 2,
      isActivity: rng.chance(0.05) ? 1 : 0,
      status,
      play,
      likes: counts0.like,
      coin: counts0.coin,
      favorite: counts0.favorite,
      share: counts0.share,
      reply: counts0.reply,
      danmaku: counts0.danmaku,
      tags: text.tags,
    };
    videos.push(video);
    if (status !== 0) continue; // deleted videos leave the creator's totals
    const finalShare = playCurve(ageEnd);
    for (let k = 0; k < days.length; k++) {
      const dayEnd = dayEnds[k] ?? endMs;
      if (dayEnd <= pubMs) continue;
      const ratio = k === days.length - 1 ? 1 : playCurve((dayEnd - pubMs) / DAY_MS) / finalShare;
      plays[k] = (plays[k] ?? 0) + video.play * ratio;
      likes[k] = (likes[k] ?? 0) + video.likes * ratio;
      counts[k] = (counts[k] ?? 0) + 1;
      if (k >= days.length - VIDEO_HISTORY_DAYS) {
        // the same curve as the creator's plays; the last day is the video's current counters
        const p = k === days.length - 1 ? video.play : Math.max(0, Math.round(video.play * ratio));
        const n = countersOf(p, ratios);
        videoDaily.push({
          videoId: video.id,
          day: days[k] ?? lastDay,
          play: p,
          likes: k === days.length - 1 ? video.likes : n.like,
          coin: k === days.length - 1 ? video.coin : n.coin,
          favorite: k === days.length - 1 ? video.favorite : n.favorite,
          share: k === days.length - 1 ? video.share : n.share,
          reply: k === days.length - 1 ? video.reply : n.reply,
          danmaku: k === days.length - 1 ? video.danmaku : n.danmaku,
        });
      }
    }
    if (hit > 1 && pubMs >= windowStartMs) {
      const k0 = Math.floor((pubMs - windowStartMs) / DAY_MS);
      for (let d = 0; d < 3 && k0 + d < days.length; d++)
        hitBoost[k0 + d] = (hitBoost[k0 + d] ?? 0) + hit * (2 / (d + 1));
    }
  }

  // Plays and likes of older videos (before the 180-day window) grow slowly.
  const legacyPlays = Math.round(c.fans * rng.logNormal(40, 0.8));
  const legacyLikes = Math.round(legacyPlays * rng.logNormal(0.05, 0.4));

  // Fans: a net 90-day change (a few creators decline), spread over daily weights with weekend bumps,
  // hit-video jumps and one random viral day for some, then walked back from today's count.
  const declining = rng.chance(0.06);
  const smallBoost = c.fans < 10_000 ? 2 : c.fans < 100_000 ? 1.3 : 1;
  const r = declining ? -(0.005 + rng.next() * 0.045) : Math.min(0.8, rng.logNormal(0.05, 0.8) * smallBoost);
  const growth = (c.fans * r) / (1 + r);
  const weights = new Float64Array(days.length);
  for (let k = 1; k < days.length; k++) {
    const weekday = new Date(Date.parse(`${days[k]}T00:00:00Z`)).getUTCDay();
    weights[k] = rng.logNormal(1, 0.35) * (weekday === 0 || weekday === 6 ? 1.15 : 1) + (hitBoost[k] ?? 0);
  }
  if (rng.chance(0.25)) {
    const k = rng.int(1, days.length - 1);
    weights[k] = (weights[k] ?? 0) + rng.int(5, 20);
  }
  const dropDay = !declining && rng.chance(0.03) ? rng.int(1, days.length - 1) : -1;
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const fans = new Float64Array(days.length);
  fans[days.length - 1] = c.fans;
  for (let k = days.length - 1; k >= 1; k--) {
    let inc = (growth * (weights[k] ?? 0)) / weightSum + (rng.normal() * 0.25 * Math.abs(growth)) / days.length;
    if (k === dropDay) inc = -c.fans * (0.002 + rng.next() * 0.008);
    fans[k - 1] = Math.max(1, (fans[k] ?? 0) - Math.round(inc));
  }

  const daily: DailyRow[] = days.map((day, k) => {
    const age = days.length - 1 - k;
    return {
      creatorId: c.id,
      day,
      fans: fans[k] ?? 0,
      following: c.following,
      likes: Math.round(legacyLikes * (1 - 0.0008 * age) + (likes[k] ?? 0)),
      plays: Math.round(legacyPlays * (1 - 0.0012 * age) + (plays[k] ?? 0)),
      videoCount: counts[k] ?? 0,
    };
  });
  const last = daily[daily.length - 1];
  return {
    videos,
    daily,
    videoDaily,
    likes: last?.likes ?? 0,
    plays: last?.plays ?? 0,
    videoCount: last?.videoCount ?? 0,
  };
}
