/**
 * Comments: a video has `countersAt(v, t).reply` root comments at world time t; comment i (0 = oldest)
 * arrives when that count first exceeds i, and everything else about it — author, sex, IP location, text
 * and sentiment, emotes — is a hash of (seed, video key, i). Only its like count moves with time.
 */
import { QIAFAN_COMMENTS, videoCommerce } from './commerce.js';
import { hexOf, intIn, normal, pickBy, Salt, unit, weightedPick } from './hash.js';
import { MAX_COMMENTS, MAX_ROOTS_WITH_REPLIES, MAX_SUB_REPLIES, rpidOf, subReplyRpidOf } from './ids.js';
import {
  COMMENT_TEMPLATES,
  commenterName,
  EMOTES_BY_SENTIMENT,
  fillText,
  LOCATIONS,
  sentimentOf,
  SEX_WEIGHTS,
  topicWord,
  type Sentiment,
} from './texts.js';
import { arrivalTime, countOf, playsAt, type SimVideo } from './video-model.js';
import type { SimWorld } from './world.js';
import { inIncident } from './incidents.js';

export interface SimCommenter {
  mid: number;
  uname: string;
  sex: '男' | '女' | '保密';
  level: number;
  avatar: string;
  /** 0 none, 1 monthly, 2 annual 大会员 */
  vipType: number;
}

export interface SimComment {
  /** a root comment's index in its video; a sub-reply's position under its root (0 = oldest) */
  index: number;
  /** 0 for a root comment; the root's rpid for a sub-reply */
  root: number;
  /** 0 for a root comment; the root's or the answered sub-reply's rpid for a sub-reply */
  parent: number;
  /** 1-based floor (楼层) */
  floor: number;
  rpid: number;
  ctimeMs: number;
  member: SimCommenter;
  /** e.g. 广东 (the answer shows `IP属地：广东`) */
  location: string;
  message: string;
  sentiment: Sentiment;
  emotes: string[];
  like: number;
}

const HOUR_MS = 3600_000;
const LEVELS: readonly (readonly [number, number])[] = [
  [2, 5],
  [3, 15],
  [4, 30],
  [5, 35],
  [6, 15],
];

export function commentCount(v: SimVideo, t: number): number {
  return Math.min(MAX_COMMENTS, countOf(playsAt(v, t) * v.ratios.reply));
}

/** A commenter drawn from (seed, salt, key, index); shared by comments and danmaku senders. */
export function commenter(seed: number, salt: number, key: number, index: number): SimCommenter {
  const p = [seed, salt, key, index, 0x6d] as const;
  const recent = unit(...p, 1) < 0.3;
  const mid = recent
    ? intIn(3_493_000_000_000_000, 3_546_999_999_999_999, ...p, 2)
    : Math.floor(10 ** (6 + 4 * unit(...p, 3)));
  return {
    mid,
    uname: commenterName(...p, 4),
    sex: weightedPick(SEX_WEIGHTS, unit(...p, 5)),
    level: weightedPick(LEVELS, unit(...p, 6)),
    avatar:
      unit(...p, 7) < 0.1
        ? 'https://i0.hdslb.com/bfs/face/member/noface.jpg'
        : `https://i${intIn(0, 2, ...p, 8)}.hdslb.com/bfs/face/${hexOf(40, ...p, 9)}.jpg`,
    vipType: unit(...p, 10) < 0.25 ? (unit(...p, 11) < 0.6 ? 2 : 1) : 0,
  };
}

/** Comment i of video v as seen at world time t (i must be below commentCount(v, t)). */
export function commentAt(world: SimWorld, v: SimVideo, i: number, t: number): SimComment {
  const p = [world.seed, Salt.comment, v.key, i] as const;
  const ctimeMs = arrivalTime(v, v.ratios.reply, i + 1);
  const sentiment = sentimentOf(unit(...p, 1), inIncident(world, v, ctimeMs));
  const templates = COMMENT_TEMPLATES[sentiment];
  const template = templates[Math.floor(unit(...p, 2) * templates.length)] ?? '';
  const creator = world.spec(v.creatorIndex);
  // on a sponsored / selling video some neutral comments talk about the deal (sim/world/commerce.ts)
  const share = sentiment === 'neutral' ? (videoCommerce(world.seed, v)?.qiafanShare ?? 0) : 0;
  let message =
    share > 0 && unit(...p, 12) < share / 2
      ? pickBy(QIAFAN_COMMENTS, ...p, 13)
      : fillText(template, creator.name, topicWord(v.topTid, ...p, 3));
  const emotes: string[] = [];
  const pool = EMOTES_BY_SENTIMENT[sentiment];
  // an emote-only comment has one to three emotes and nothing else
  const emoteOnly = sentiment === 'emote';
  if (emoteOnly || unit(...p, 4) < 0.45) emotes.push(pool[Math.floor(unit(...p, 5) * pool.length)] ?? '[doge]');
  if (unit(...p, 6) < (emoteOnly ? 0.6 : 0.12)) emotes.push(pool[Math.floor(unit(...p, 7) * pool.length)] ?? '[doge]');
  if (emoteOnly && unit(...p, 10) < 0.3) emotes.push(pool[Math.floor(unit(...p, 11) * pool.length)] ?? '[doge]');
  message += emotes.join('');
  const videoLikes = playsAt(v, t) * v.ratios.like;
  const potential = videoLikes * 0.0005 * Math.exp(1.4 * normal(...p, 8)) * (i < 30 ? 4 : 1);
  const ageHours = Math.max(0, (t - ctimeMs) / HOUR_MS);
  return {
    index: i,
    root: 0,
    parent: 0,
    floor: i + 1,
    rpid: rpidOf(v.key, i),
    ctimeMs,
    member: commenter(world.seed, Salt.comment, v.key, i),
    location: weightedPick(LOCATIONS, unit(...p, 9)),
    message,
    sentiment,
    emotes: [...new Set(emotes)],
    like: Math.floor(potential * Math.sqrt(Math.min(1, ageHours / 48))),
  };
}

/** Newest first: the comments at positions [offset, offset + limit) of the time-ordered list. */
export function commentsByTime(world: SimWorld, v: SimVideo, t: number, offset: number, limit: number): SimComment[] {
  const count = commentCount(v, t);
  const out: SimComment[] = [];
  for (let k = offset; k < offset + limit && k < count; k++) out.push(commentAt(world, v, count - 1 - k, t));
  return out;
}

/** Comments with floor ≤ maxFloor, newest first (cursor paging of reply/wbi/main in time mode). */
export function commentsBelowFloor(
  world: SimWorld,
  v: SimVideo,
  t: number,
  maxFloor: number,
  limit: number,
): SimComment[] {
  const top = Math.min(maxFloor, commentCount(v, t));
  const out: SimComment[] = [];
  for (let floor = top; floor >= 1 && out.length < limit; floor--) out.push(commentAt(world, v, floor - 1, t));
  return out;
}

const HOT_EARLY = 500;
const HOT_LATE = 100;
const hotCache = new Map<string, number[]>();

/**
 * The hot (by likes) order: the oldest 500 and newest 100 comments ranked by likes (an approximation that
 * keeps a request cheap on videos with 10⁵ comments); cached per video and world hour.
 */
export function hotOrder(world: SimWorld, v: SimVideo, t: number): number[] {
  const count = commentCount(v, t);
  const cacheKey = `${world.seed}|${world.scale}|${world.epochMs}|${v.key}|${Math.floor(t / HOUR_MS)}|${count}`;
  const cached = hotCache.get(cacheKey);
  if (cached) return cached;
  const indices: number[] = [];
  for (let i = 0; i < Math.min(count, HOT_EARLY); i++) indices.push(i);
  for (let i = Math.max(HOT_EARLY, count - HOT_LATE); i < count; i++) indices.push(i);
  const likes = new Map(indices.map((i) => [i, commentAt(world, v, i, t).like]));
  indices.sort((a, b) => (likes.get(b) ?? 0) - (likes.get(a) ?? 0) || a - b);
  hotCache.set(cacheKey, indices);
  if (hotCache.size > 256) {
    const oldest = hotCache.keys().next();
    if (!oldest.done) hotCache.delete(oldest.value);
  }
  return indices;
}

// ------------------------------------------------------------------------------------------------
// Sub-replies (楼中楼, x/v2/reply/reply)

/** Share of root comments that get sub-replies (the oldest 30, the likeliest hot ones, get them more often). */
const REPLIED_SHARE = 0.22;
const REPLIED_SHARE_EARLY = 0.6;
/** Mean size of a thread that has one (geometric), and the mean gap between its replies. */
const THREAD_MEAN = 2.6;
const REPLY_GAP_MEAN_MS = 75 * 60_000;
/** Sub-replies the root items of the list answers carry inline (the site shows three under a comment). */
export const INLINE_SUB_REPLIES = 3;

/**
 * The arrival times of every sub-reply root comment i will ever get (ascending; none for most roots): the thread
 * size and the gaps are hashes of (seed, video key, i), the first reply comes some minutes after the root.
 */
export function subReplyTimes(world: SimWorld, v: SimVideo, i: number): number[] {
  if (i >= MAX_ROOTS_WITH_REPLIES) return [];
  const p = [world.seed, Salt.subReply, v.key, i] as const;
  if (unit(...p, 1) >= (i < 30 ? REPLIED_SHARE_EARLY : REPLIED_SHARE)) return [];
  const n = Math.min(MAX_SUB_REPLIES, 1 + Math.floor(-Math.log(1 - unit(...p, 2)) * (THREAD_MEAN - 1)));
  const root = arrivalTime(v, v.ratios.reply, i + 1);
  if (!Number.isFinite(root)) return [];
  const out: number[] = [];
  let at = root;
  for (let j = 0; j < n; j++) {
    at += Math.max(30_000, -Math.log(1 - unit(...p, 10 + j)) * REPLY_GAP_MEAN_MS);
    out.push(at);
  }
  return out;
}

/** Sub-replies under root comment i at world time t. */
export function subReplyCount(world: SimWorld, v: SimVideo, i: number, t: number): number {
  return subReplyTimes(world, v, i).filter((at) => at <= t).length;
}

/**
 * Sub-reply j (0 = oldest) under root comment i as seen at world time t (j < subReplyCount). Its sentiment follows
 * the same mix and incidents as root comments; a reply to an earlier sub-reply starts with "回复 @name :" and
 * names it as its parent, as on the site.
 */
export function subReplyAt(world: SimWorld, v: SimVideo, i: number, j: number, t: number): SimComment {
  const times = subReplyTimes(world, v, i);
  const ctimeMs = times[j] ?? Infinity;
  const slot = i * MAX_SUB_REPLIES + j;
  const p = [world.seed, Salt.subReply, v.key, slot, 0x5b] as const;
  const sentiment = sentimentOf(unit(...p, 1), inIncident(world, v, ctimeMs));
  const templates = COMMENT_TEMPLATES[sentiment];
  const template = templates[Math.floor(unit(...p, 2) * templates.length)] ?? '';
  const creator = world.spec(v.creatorIndex);
  let message = fillText(template, creator.name, topicWord(v.topTid, ...p, 3));
  const emotes: string[] = [];
  const pool = EMOTES_BY_SENTIMENT[sentiment];
  if (sentiment === 'emote' || unit(...p, 4) < 0.35)
    emotes.push(pool[Math.floor(unit(...p, 5) * pool.length)] ?? '[doge]');
  message += emotes.join('');
  const rootRpid = rpidOf(v.key, i);
  let parent = rootRpid;
  if (j > 0 && unit(...p, 6) < 0.4) {
    const k = Math.floor(unit(...p, 7) * j);
    parent = subReplyRpidOf(v.key, i, k);
    message = `回复 @${commenter(world.seed, Salt.subReply, v.key, i * MAX_SUB_REPLIES + k).uname} :${message}`;
  }
  const ageHours = Math.max(0, (t - ctimeMs) / HOUR_MS);
  const potential = playsAt(v, t) * v.ratios.like * 0.00005 * Math.exp(1.2 * normal(...p, 8));
  return {
    index: j,
    root: rootRpid,
    parent,
    floor: 0,
    rpid: subReplyRpidOf(v.key, i, j),
    ctimeMs,
    member: commenter(world.seed, Salt.subReply, v.key, slot),
    location: weightedPick(LOCATIONS, unit(...p, 9)),
    message,
    sentiment,
    emotes: [...new Set(emotes)],
    like: Math.floor(potential * Math.sqrt(Math.min(1, ageHours / 48))),
  };
}

/** The sub-replies under root comment i at positions [offset, offset + limit), oldest first. */
export function subRepliesOf(
  world: SimWorld,
  v: SimVideo,
  i: number,
  t: number,
  offset: number,
  limit: number,
): SimComment[] {
  const count = subReplyCount(world, v, i, t);
  const out: SimComment[] = [];
  for (let j = offset; j < offset + limit && j < count; j++) out.push(subReplyAt(world, v, i, j, t));
  return out;
}
