/**
 * Live answers (api.live.bilibili.com) → LiveRoomRecord: `room/v1/Room/get_info`,
 * `room/v1/Room/get_status_info_by_uids` (a map uid → room; `[]` when none of the uids has a room),
 * `room/v1/Room/room_init`.
 */
import { z } from 'zod';
import type { DanmuInfo } from '../live-stream/connection.js';
import type { LiveRoomInit, LiveRoomRecord } from '../records.js';
import { absoluteUrl, num, numOr, optNum, str } from './common.js';

/** "2024-08-12 19:26:00" (Asia/Shanghai) → Unix seconds; "0000-00-00 00:00:00", "" or 0 → null. */
export function liveTimeSeconds(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '' || value === 0) return null;
  if (typeof value === 'number') return value > 0 ? value : null;
  if (/^\d+$/.test(value)) return Number(value) > 0 ? Number(value) : null;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!m || m[1] === '0000') return null;
  const ms = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

const liveTime = z.union([z.string(), z.number()]).nullish().transform(liveTimeSeconds);

/** What room_init answers; get_info answers it too, with the room's figures. */
const RoomInitData = z.object({
  room_id: num,
  short_id: numOr(0),
  uid: num,
  live_status: numOr(0),
  live_time: liveTime,
});

const RoomInfoData = RoomInitData.extend({
  attention: optNum,
  online: numOr(0),
  title: str,
  user_cover: str,
  area_name: str,
  parent_area_name: z.string().nullish(),
});

function roomInitOf(d: z.infer<typeof RoomInitData>): LiveRoomInit {
  return {
    roomId: d.room_id,
    shortId: d.short_id,
    uid: d.uid,
    liveStatus: d.live_status,
    liveStartedAt: d.live_status === 1 ? d.live_time : null,
  };
}

/** `room/v1/Room/room_init`: resolves a short room id to the long one. */
export function parseLiveRoomInit(data: unknown): LiveRoomInit {
  return roomInitOf(RoomInitData.parse(data));
}

/** `room/v1/Room/get_info` */
export function parseLiveRoomInfo(data: unknown): LiveRoomRecord {
  const d = RoomInfoData.parse(data);
  return {
    ...roomInitOf(d),
    isLive: d.live_status === 1,
    online: d.online,
    attention: d.attention,
    title: d.title,
    cover: absoluteUrl(d.user_cover),
    areaName: d.area_name,
    parentAreaName: d.parent_area_name ?? null,
    uname: null,
  };
}

const StatusItem = z.object({
  uid: num,
  room_id: num,
  short_id: numOr(0),
  online: numOr(0),
  live_status: numOr(0),
  live_time: liveTime,
  title: str,
  cover_from_user: str,
  area_v2_name: str,
  area_v2_parent_name: z.string().nullish(),
  uname: z.string().nullish(),
});

const StatusData = z.union([z.record(z.string(), StatusItem), z.array(z.unknown()).max(0), z.null()]);

/** `room/v1/Room/get_status_info_by_uids`: one record per uid that has a room. */
export function parseLiveStatusByUids(data: unknown): LiveRoomRecord[] {
  const d = StatusData.parse(data);
  if (d === null || Array.isArray(d)) return [];
  return Object.values(d).map((r) => ({
    uid: r.uid,
    roomId: r.room_id,
    shortId: r.short_id,
    liveStatus: r.live_status,
    isLive: r.live_status === 1,
    online: r.online,
    attention: null,
    title: r.title,
    cover: absoluteUrl(r.cover_from_user),
    areaName: r.area_v2_name,
    parentAreaName: r.area_v2_parent_name ?? null,
    liveStartedAt: r.live_status === 1 ? r.live_time : null,
    uname: r.uname ?? null,
  }));
}

const DanmuInfoData = z.object({
  token: z.string(),
  host_list: z
    .array(z.object({ host: z.string(), port: numOr(2243), wss_port: numOr(443), ws_port: numOr(2244) }))
    .min(1),
});

/** `xlive/web-room/v1/index/getDanmuInfo`: the message-stream token and hosts of a room. */
export function parseDanmuInfo(data: unknown): DanmuInfo {
  const d = DanmuInfoData.parse(data);
  return {
    token: d.token,
    hosts: d.host_list.map((h) => ({ host: h.host, port: h.port, wssPort: h.wss_port, wsPort: h.ws_port })),
  };
}
