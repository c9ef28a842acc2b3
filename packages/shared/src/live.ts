import { z } from 'zod';
import type { MonitorDuration } from './membership.js';
import { durationField, idOf, timeField, type MonitorState } from './placements.js';
import { blank, text } from './validation.js';

/**
 * Live monitoring (直播监测, screen livingMonitor) — spec §7.3 getLiveBasic, §7.4 live/addMonitor,
 * live/monitorHistory, live/sortData; §6 durations and gate (monitor.live); §9 durations. A window on a live room
 * (by room link, room number, creator homepage / UID, or a creator of ours): while the room is live inside the
 * window the collector takes one sample a minute (online) and keeps the room's message stream (danmaku, gifts,
 * super chats, guards). docs/api/monitoring.md § Live.
 */

/** Sampling grain of a live window (docs/pipeline.md § Monitoring). */
export const LIVE_INTERVAL_S = 60;
/** Two samples further apart than this are two sessions (开播场次). */
export const LIVE_SESSION_GAP_S = 5 * 60;

export const LiveMsg = {
  roomRequired: '请输入直播间链接、房间号或UP主主页链接',
  roomBadFormat: '输入的直播间链接格式错误，请重新输入',
  roomMissing: '未找到该直播间，请确认链接或房间号',
  creatorNoRoom: '该UP主暂未开通直播间',
  alreadyMonitored: '该直播间已在监测中，请勿重复添加',
  added: '添加成功，开播后每分钟采集一次数据',
  deleted: '已删除该直播监测',
  monitorMissing: '直播监测记录不存在或已被删除',
  sortTypeInvalid: '排行类型不正确',
  kindInvalid: '消息类型不正确',
  limit: (max: number) => `同时监测的直播间数量已达当前版本上限（${max}个），升级会员可监测更多`,
} as const;

/** What a live-room input names: a room number (long or short) or a creator (UID). */
export type LiveRoomRef = { roomId: number } | { mid: number };

/**
 * `https://live.bilibili.com/21452505?…`, `live.bilibili.com/h5/123`, a bare room number → the room;
 * `https://space.bilibili.com/546195`, `UID:546195` / `uid546195` → the creator. Anything else → null.
 */
export function parseLiveRoomLink(input: string): LiveRoomRef | null {
  const s = input.trim();
  const room = /^(?:https?:\/\/)?live\.bilibili\.com\/(?:h5\/|blanc\/)?(\d{1,12})(?:[/?#].*)?$/i.exec(s);
  if (room) return positive(room[1], (roomId) => ({ roomId }));
  const space = /^(?:https?:\/\/)?space\.bilibili\.com\/(\d{1,16})(?:[/?#].*)?$/i.exec(s);
  if (space) return positive(space[1], (mid) => ({ mid }));
  const uid = /^uid[:：]?\s*(\d{1,16})$/i.exec(s);
  if (uid) return positive(uid[1], (mid) => ({ mid }));
  if (/^\d{1,12}$/.test(s)) return positive(s, (roomId) => ({ roomId }));
  return null;
}

function positive(digits: string | undefined, f: (n: number) => LiveRoomRef): LiveRoomRef | null {
  const n = Number(digits);
  return Number.isSafeInteger(n) && n > 0 ? f(n) : null;
}

/** POST /api/live/addMonitor: roomUrl (link, room number or creator homepage) or kolId, duration, start. */
export const AddLiveMonitorParams = z.object({
  roomUrl: z.preprocess(blank, text(LiveMsg.roomBadFormat, { max: 300 }).trim().optional()),
  kolId: z.preprocess(blank, idOf(LiveMsg.roomMissing).optional()),
  monitorDuration: durationField,
  sTime: timeField,
});
export type AddLiveMonitorParams = z.infer<typeof AddLiveMonitorParams>;

/** GET /api/live/monitorHistory: the list (pageNo, pageSize), or one window's report with `id`. */
export const LiveMonitorHistoryParams = z.object({
  id: z.preprocess(blank, idOf(LiveMsg.monitorMissing).optional()),
  pageNo: z.preprocess(blank, z.coerce.number().int().min(1).max(1000).default(1)),
  pageSize: z.preprocess(blank, z.coerce.number().int().min(1).max(100).default(20)),
});
export type LiveMonitorHistoryParams = z.infer<typeof LiveMonitorHistoryParams>;

export const LiveMonitorRefParams = z.object({ id: idOf(LiveMsg.monitorMissing) });

/** live/sortData type: 1 by paid value (gifts, super chats, guards), 2 by danmaku sent. */
export const LIVE_SORT_TYPES = { 1: '礼物价值榜', 2: '弹幕发送榜' } as const;
export const LiveSortDataParams = z.object({
  id: idOf(LiveMsg.monitorMissing),
  type: z.preprocess(
    blank,
    z.coerce
      .number({ error: LiveMsg.sortTypeInvalid })
      .refine((v): v is 1 | 2 => v === 1 || v === 2, { error: LiveMsg.sortTypeInvalid })
      .default(1),
  ),
  size: z.preprocess(blank, z.coerce.number().int().min(1).max(100).default(20)),
});

export const LIVE_MESSAGE_KINDS = ['danmaku', 'gift', 'superchat', 'guard'] as const;
export type LiveMessageKind = (typeof LIVE_MESSAGE_KINDS)[number];
export const LIVE_MESSAGE_KIND_LABELS: Readonly<Record<LiveMessageKind, string>> = {
  danmaku: '弹幕',
  gift: '礼物',
  superchat: '醒目留言',
  guard: '上舰',
};

/** GET /api/live/messages (ours): a window's message stream, newest first; kind optional; before = cursor. */
export const LiveMessagesParams = z.object({
  id: idOf(LiveMsg.monitorMissing),
  kind: z.preprocess(
    blank,
    z
      .enum([...LIVE_MESSAGE_KINDS, 'paid'] as [LiveMessageKind | 'paid', ...(LiveMessageKind | 'paid')[]], {
        error: LiveMsg.kindInvalid,
      })
      .optional(),
  ),
  before: timeField,
  size: z.preprocess(blank, z.coerce.number().int().min(1).max(200).default(50)),
});

/** GET /api/getLiveBasic: a room by roomId, or a creator's room by kolId. */
export const LiveBasicParams = z.object({
  roomId: z.preprocess(blank, idOf(LiveMsg.roomMissing).optional()),
  kolId: z.preprocess(blank, idOf(LiveMsg.roomMissing).optional()),
});

/** getLiveBasic: what the platform's room answer and our creator row say about a room. */
export interface LiveBasic {
  roomId: number;
  kolId: number | null;
  kolName: string | null;
  kolImg: string | null;
  fansNum: number | null;
  /** 1 live now (as of the last sample or live-flag check), 0 not */
  isLive: 0 | 1;
  /** online of the last sample; null when never sampled */
  online: number | null;
  lastSampleTime: string | null;
  roomUrl: string;
}

export interface LiveMonitorItem extends LiveBasic {
  id: number;
  monitorDuration: MonitorDuration;
  sTime: string;
  eTime: string;
  monitorState: MonitorState;
  /** minute samples taken in the window (only while live) */
  samples: number;
  peakOnline: number | null;
  createTime: string;
}

/** One minute of a live window: online, and from the message stream danmaku and paid value (null: not covered). */
export interface LivePoint {
  ts: string;
  online: number;
  danmaku: number | null;
  giftValue: string | null;
}

export interface LiveSessionSummary {
  start: string;
  end: string;
  minutes: number;
  peakOnline: number;
  avgOnline: number;
}

export interface LiveFigures {
  samples: number;
  liveMinutes: number;
  peakOnline: number | null;
  peakAt: string | null;
  avgOnline: number | null;
  danmakuTotal: number;
  /** average danmaku per covered minute */
  danmakuPerMinute: number | null;
  /** gifts + super chats + guards, CNY */
  paidValue: string;
  giftValue: string;
  giftCount: number;
  superchatCount: number;
  superchatValue: string;
  guardCount: number;
  guardValue: string;
  /** distinct senders of any message */
  senders: number;
}

export interface LiveMonitorReport {
  monitor: LiveMonitorItem;
  points: LivePoint[];
  sessions: LiveSessionSummary[];
  figures: LiveFigures;
}

export interface LiveMessageItem {
  ts: string;
  kind: LiveMessageKind;
  uid: number;
  uname: string;
  text: string;
  num: number;
  value: string;
}

export interface LiveSortItem {
  rank: number;
  uid: number;
  uname: string;
  danmaku: number;
  value: string;
  messages: number;
}
