/**
 * Comment answers → CommentRecord: `x/v2/reply` (page numbers), `x/v2/reply/wbi/main` (cursor),
 * `x/v2/reply/reply` (the replies under one comment), `x/v2/reply/count`.
 * The commenter's sex comes from `member.sex` (男/女/保密), the IP location from `reply_control.location`
 * ("IP属地：广东"; absent on older answers).
 */
import { z } from 'zod';
import type { CommentRecord } from '../records.js';
import { ipLocation, num, numOr, optNum, sexFromText, str } from './common.js';

const Reply = z.object({
  rpid: num,
  oid: num,
  type: numOr(1),
  mid: num,
  root: numOr(0),
  parent: numOr(0),
  rcount: numOr(0),
  ctime: num,
  like: numOr(0),
  member: z.object({ uname: str, sex: str, level_info: z.object({ current_level: optNum }).nullish() }),
  content: z.object({ message: str }),
  reply_control: z.object({ location: z.string().nullish() }).nullish(),
  /** a root's inline sub-replies (read one level deep; an item that does not parse is left out) */
  replies: z.array(z.unknown()).nullish(),
});
type Reply = z.infer<typeof Reply>;

function inlineOf(r: Reply): CommentRecord[] {
  if (r.root !== 0 || !r.replies?.length) return [];
  const out: CommentRecord[] = [];
  for (const item of r.replies) {
    const sub = Reply.safeParse(item);
    if (sub.success && sub.data.root === r.rpid) out.push(replyToComment({ ...sub.data, replies: null }));
  }
  return out;
}

export function replyToComment(r: Reply): CommentRecord {
  const inline = inlineOf(r);
  return {
    rpid: r.rpid,
    oid: r.oid,
    type: r.type,
    mid: r.mid,
    uname: r.member.uname,
    sex: sexFromText(r.member.sex),
    level: r.member.level_info?.current_level ?? null,
    ipLocation: ipLocation(r.reply_control?.location),
    message: r.content.message,
    ctime: r.ctime,
    like: r.like,
    root: r.root,
    parent: r.parent,
    replyCount: r.rcount,
    ...(inline.length ? { inlineReplies: inline } : {}),
  };
}

const replies = z
  .array(Reply)
  .nullish()
  .transform((v) => (v ?? []).map(replyToComment));

const ReplyPageData = z.object({
  page: z.object({ num: numOr(1), size: numOr(0), count: numOr(0), acount: optNum }),
  replies,
  hots: replies,
});

export interface CommentPage {
  comments: CommentRecord[];
  /** hot comments shown above page 1 (may repeat comments of later pages) */
  hots: CommentRecord[];
  page: { num: number; size: number; count: number; acount: number | null };
}

/** `x/v2/reply` */
export function parseReplyPage(data: unknown): CommentPage {
  const d = ReplyPageData.parse(data);
  return { comments: d.replies, hots: d.hots, page: d.page };
}

const ReplyMainData = z.object({
  cursor: z.object({
    is_end: z.boolean(),
    all_count: optNum,
    pagination_reply: z.object({ next_offset: z.string().nullish() }).nullish(),
  }),
  replies,
  top_replies: replies,
});

export interface CommentCursorPage {
  comments: CommentRecord[];
  /** pinned comments */
  top: CommentRecord[];
  isEnd: boolean;
  /** pass to the next call as `offset`; null at the end */
  nextOffset: string | null;
  allCount: number | null;
}

/** `x/v2/reply/wbi/main` */
export function parseReplyMain(data: unknown): CommentCursorPage {
  const d = ReplyMainData.parse(data);
  const next = d.cursor.pagination_reply?.next_offset ?? null;
  return {
    comments: d.replies,
    top: d.top_replies,
    isEnd: d.cursor.is_end,
    nextOffset: d.cursor.is_end || !next ? null : next,
    allCount: d.cursor.all_count,
  };
}

const ReplyRepliesData = z.object({
  page: z.object({ num: numOr(1), size: numOr(0), count: numOr(0) }),
  root: Reply.nullish(),
  replies,
});

export interface ReplyRepliesPage {
  root: CommentRecord | null;
  comments: CommentRecord[];
  page: { num: number; size: number; count: number };
}

/** `x/v2/reply/reply` */
export function parseReplyReplies(data: unknown): ReplyRepliesPage {
  const d = ReplyRepliesData.parse(data);
  return { root: d.root ? replyToComment(d.root) : null, comments: d.replies, page: d.page };
}

/** `x/v2/reply/count` */
export function parseReplyCount(data: unknown): number {
  return z.object({ count: num }).parse(data).count;
}
