/**
 * Building blocks shared by several answers: VIP blocks (each endpoint family has its own variant, as in
 * the real samples), official verification, pendant, nameplate, time and duration formats.
 */
import type { CreatorSpec } from '../../../db/seed/world/generate.js';
import { hash32, hexOf, intIn, Salt, unit, weightedPick } from '../../world/hash.js';
import { LOCATIONS } from '../../world/texts.js';

export const SEX_TEXT = ['女', '男', '保密'] as const;
export const DEFAULT_SPACE_S = 'http://i1.hdslb.com/bfs/space/768cc4fd97618cf589d23c2711a1d1a729f42235.png';
export const DEFAULT_SPACE_L = 'http://i1.hdslb.com/bfs/space/cb1c3ef50e22b6096fde67febe863494caefebad.png';
const VIP_ICON = 'http://i0.hdslb.com/bfs/vip/icon_Certification_big_member_22_3x.png';
const VIP_LABEL_STATIC = 'https://i0.hdslb.com/bfs/vip/8d4f8bfc713826a5412a0a27eaaac4d6b9ede1d9.png';
const VIP_LABEL_STATIC_NONE = 'https://i0.hdslb.com/bfs/vip/d7b702ef65a976b20ed854cbd04cb9e27341bb79.png';
const VIP_LABEL_HANT =
  'https://i0.hdslb.com/bfs/activity-plat/static/20220614/e369244d0b14644f5e1a06431e22a4d5/KJunwh19T5.png';
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

export interface VipInfo {
  /** 0 none, 1 monthly, 2 annual */
  type: number;
  active: boolean;
  dueMs: number;
}

/** A creator's 大会员 status: a stable draw per mid, due a year after the epoch. */
export function creatorVip(seed: number, spec: CreatorSpec, epochMs: number): VipInfo {
  const u = unit(seed, 0x7619, spec.mid);
  if (u < 0.45)
    return { type: 2, active: true, dueMs: epochMs + intIn(30, 700, seed, 0x7619, spec.mid, 1) * 86_400_000 };
  if (u < 0.55)
    return { type: 1, active: false, dueMs: epochMs - intIn(30, 900, seed, 0x7619, spec.mid, 2) * 86_400_000 };
  return { type: 0, active: false, dueMs: 0 };
}

function labelBase(v: VipInfo) {
  const on = v.active && v.type > 0;
  return {
    path: '',
    text: on ? (v.type === 2 ? '年度大会员' : '大会员') : '',
    label_theme: on ? (v.type === 2 ? 'annual_vip' : 'vip') : '',
    text_color: on ? '#FFFFFF' : '',
    bg_style: on ? 1 : 0,
    bg_color: on ? '#FB7299' : '',
    border_color: '',
  };
}

function labelImages(v: VipInfo) {
  const on = v.active && v.type > 0;
  return {
    use_img_label: true,
    img_label_uri_hans: '',
    img_label_uri_hant: '',
    img_label_uri_hans_static: on ? VIP_LABEL_STATIC : VIP_LABEL_STATIC_NONE,
    img_label_uri_hant_static: VIP_LABEL_HANT,
  };
}

function vipCore(v: VipInfo) {
  const on = v.active && v.type > 0;
  return {
    type: v.type,
    status: on ? 1 : 0,
    due_date: v.dueMs,
    vip_pay_type: 0,
    theme_type: 0,
  };
}

/** x/web-interface/card → card.vip */
export function vipOfCard(v: VipInfo) {
  const on = v.active && v.type > 0;
  return {
    ...vipCore(v),
    label: labelBase(v),
    avatar_subscript: on ? 1 : 0,
    nickname_color: on ? '#FB7299' : '',
    role: on ? (v.type === 2 ? 3 : 1) : 0,
    avatar_subscript_url: on ? VIP_ICON : '',
    vipType: v.type,
    vipStatus: on ? 1 : 0,
  };
}

/** x/space/wbi/acc/info → vip, and view → staff[].vip (`avatar_icon` with an icon type) */
export function vipOfSpace(v: VipInfo, withIconType = true) {
  const on = v.active && v.type > 0;
  return {
    ...vipCore(v),
    label: { ...labelBase(v), ...labelImages(v) },
    avatar_subscript: on ? 1 : 0,
    nickname_color: on ? '#FB7299' : '',
    role: on ? (v.type === 2 ? 3 : 1) : 0,
    avatar_subscript_url: '',
    tv_vip_status: 0,
    tv_vip_pay_type: 0,
    tv_due_date: 0,
    avatar_icon: withIconType ? { icon_type: on ? 1 : 0, icon_resource: {} } : { icon_resource: {} },
  };
}

/** view/detail → Card.card.vip */
export function vipOfDetailCard(v: VipInfo) {
  return { ...vipOfSpace(v, false), vipType: v.type, vipStatus: v.active && v.type > 0 ? 1 : 0 };
}

/** Comment members' vip block (x/v2/reply: 7-key label; reply/wbi/main: with label images). */
export function vipOfMember(v: VipInfo, withImages: boolean) {
  const on = v.active && v.type > 0;
  return {
    vipType: v.type,
    vipDueDate: v.dueMs,
    dueRemark: '',
    accessStatus: 0,
    vipStatus: on ? 1 : 0,
    vipStatusWarn: '',
    themeType: 0,
    label: withImages ? { ...labelBase(v), ...labelImages(v) } : labelBase(v),
    avatar_subscript: on ? 1 : 0,
    ...(withImages ? {} : { avatar_subscript_url: on ? VIP_ICON : '' }),
    nickname_color: on ? '#FB7299' : '',
  };
}

/** official.role/type and official_verify.type from the demo world's officialType (0 none, 1 personal, 2 org). */
export function officialOf(spec: CreatorSpec) {
  if (spec.officialType === 2) return { role: 3, title: spec.officialTitle, desc: '', type: 1 };
  if (spec.officialType === 1) return { role: 1, title: spec.officialTitle, desc: '', type: 0 };
  return { role: 0, title: '', desc: '', type: -1 };
}

export function officialVerifyOf(spec: CreatorSpec) {
  const o = officialOf(spec);
  return { type: o.type, desc: o.title };
}

export function emptyPendant(withNPid: boolean) {
  return {
    pid: 0,
    name: '',
    image: '',
    expire: 0,
    image_enhance: '',
    image_enhance_frame: '',
    ...(withNPid ? { n_pid: 0 } : {}),
  };
}

/** The plays-based nameplates (勋章), highest first: the first whose floor a creator's total plays reach. */
const NAMEPLATES = [
  {
    floor: 1_000_000,
    nid: 8,
    name: '知名偶像',
    image: 'https://i0.hdslb.com/bfs/face/27a952195555e64508310e366b3e38bd4cd143fc.png',
    image_small: 'https://i0.hdslb.com/bfs/face/0497be49e08357bf05bca56e33a0637a273a7610.png',
    level: '稀有勋章',
    condition: '所有自制视频总播放数>=100万',
  },
  {
    floor: 500_000,
    nid: 9,
    name: '出道偶像',
    image: 'https://i0.hdslb.com/bfs/face/3f2d64f048b39fb6c26f3db39df47e6080ec0f9c.png',
    image_small: 'https://i0.hdslb.com/bfs/face/90c35d41d8a19b19474d6bac672394c17b444ce8.png',
    level: '高级勋章',
    condition: '所有自制视频总播放数>=50万',
  },
  {
    floor: 100_000,
    nid: 10,
    name: '见习偶像',
    image: 'https://i2.hdslb.com/bfs/face/e93dd9edfa7b9e18bf46fd8d71862327a2350923.png',
    image_small: 'https://i2.hdslb.com/bfs/face/275b468b043ec246737ab8580a2075bee0b1263b.png',
    level: '普通勋章',
    condition: '所有自制视频总播放数>=10万',
  },
];

/** The plays-based nameplate (勋章) a creator shows. */
export function nameplateOf(totalPlays: number) {
  const plate = NAMEPLATES.find((n) => totalPlays >= n.floor);
  if (!plate) return { nid: 0, name: '', image: '', image_small: '', level: '', condition: '' };
  const { nid, name, image, image_small, level, condition } = plate;
  return { nid, name, image, image_small, level, condition };
}

export function levelInfo(level: number) {
  return { current_level: level, current_min: 0, current_exp: 0, next_exp: 0 };
}

/** 'm:ss' (minutes not capped at 60), as in search results. */
export function minSec(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** 'mm:ss' with two-digit minutes, as in a space's video list. */
export function mmSs(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai. */
export function shanghaiDateTime(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** The relative time the comment area shows ("21分钟前发布"). */
export function timeDesc(ctimeMs: number, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - ctimeMs) / 60_000));
  if (minutes < 1) return '刚刚发布';
  if (minutes < 60) return `${minutes}分钟前发布`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}小时前发布`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days}天前发布`;
  return `${shanghaiDateTime(ctimeMs).slice(0, 10)}发布`;
}

/** A creator's home province (pub_location of their videos). */
export function homeProvince(seed: number, mid: number): string {
  return weightedPick(LOCATIONS.slice(0, 31), unit(seed, 0x9c1, mid));
}

/** A video's frame size: mostly landscape 1080p, some portrait. */
export function dimensionOf(seed: number, aid: number) {
  const portrait = unit(seed, Salt.dimension, aid) < 0.15;
  return portrait ? { width: 1080, height: 1920, rotate: 0 } : { width: 1920, height: 1080, rotate: 0 };
}

export function firstFrameOf(seed: number, aid: number): string {
  return `http://i${hash32(seed, Salt.dimension, aid, 1) % 3}.hdslb.com/bfs/storyff/n${hexOf(31, seed, Salt.dimension, aid, 2)}_firsti.jpg`;
}
