/**
 * Live answers (api.live.bilibili.com): room/v1/Room/get_info, room/v1/Room/room_init and
 * room/v1/Room/get_status_info_by_uids. Field sets follow the real samples.
 */
import { hexOf, Salt } from '../../world/hash.js';
import type { LiveState } from '../../world/live.js';
import type { SimWorld } from '../../world/world.js';
import { shanghaiDateTime, unixSeconds } from './common.js';

const HOT_WORDS = [
  '2333333',
  '红红火火恍恍惚惚',
  '666666666',
  '老司机带带我',
  '你为什么这么熟练啊',
  'gg',
  '打call',
  '前方高能',
  '囍',
  '下次一定',
];

const emptyFrame = () => ({
  name: '',
  value: '',
  position: 0,
  desc: '',
  area: 0,
  area_old: 0,
  bg_color: '',
  bg_pic: '',
  use_old_area: false,
});

function cover(world: SimWorld, mid: number): string {
  return `https://i0.hdslb.com/bfs/live/new_room_cover/${hexOf(40, world.seed, Salt.liveTitle, mid, 7)}.jpg`;
}

function keyframe(world: SimWorld, live: LiveState): string {
  return `https://i0.hdslb.com/bfs/live-key-frame/keyframe${hexOf(24, world.seed, Salt.liveTitle, live.roomId, 8)}.jpg`;
}

/** get_info → data */
export function roomInfo(world: SimWorld, index: number, live: LiveState, t: number) {
  const spec = world.spec(index);
  const fans = world.fansAt(world.model(index), t);
  return {
    uid: spec.mid,
    room_id: live.roomId,
    short_id: 0,
    attention: fans,
    online: live.online,
    is_portrait: false,
    description: spec.sign,
    live_status: live.liveStatus,
    area_id: live.area.areaId,
    parent_area_id: live.area.parentId,
    parent_area_name: live.area.parentName,
    old_area_id: live.area.oldAreaId,
    background: '',
    title: live.title,
    user_cover: cover(world, spec.mid),
    keyframe: keyframe(world, live),
    is_strict_room: false,
    live_time: live.session ? shanghaiDateTime(live.session.startMs) : '0000-00-00 00:00:00',
    tags: '',
    is_anchor: 0,
    room_silent_type: '',
    room_silent_level: 0,
    room_silent_second: 0,
    area_name: live.area.areaName,
    pendants: '',
    area_pendants: '',
    hot_words: HOT_WORDS,
    hot_words_status: 0,
    verify: '',
    new_pendants: {
      frame: emptyFrame(),
      badge: { name: '', position: 0, value: '', desc: '' },
      mobile_frame: emptyFrame(),
      mobile_badge: null,
    },
    up_session: '',
    pk_status: 0,
    pk_id: 0,
    battle_id: 0,
    allow_change_area_time: 0,
    allow_upload_cover_time: 0,
    studio_info: { status: 0, master_list: [] as unknown[] },
  };
}

/** room_init → data */
export function roomInit(world: SimWorld, index: number, live: LiveState) {
  const spec = world.spec(index);
  return {
    room_id: live.roomId,
    short_id: 0,
    uid: spec.mid,
    need_p2p: 0,
    is_hidden: false,
    is_locked: false,
    is_portrait: false,
    live_status: live.liveStatus,
    hidden_till: 0,
    lock_till: 0,
    encrypted: false,
    pwd_verified: false,
    live_time: live.session ? unixSeconds(live.session.startMs) : 0,
    room_shield: 0,
    is_sp: 0,
    special_type: 0,
  };
}

/** get_status_info_by_uids → data[uid] */
export function statusInfo(world: SimWorld, index: number, live: LiveState) {
  const spec = world.spec(index);
  return {
    title: live.title,
    room_id: live.roomId,
    uid: spec.mid,
    online: live.online,
    live_time: live.session ? unixSeconds(live.session.startMs) : 0,
    live_status: live.liveStatus,
    short_id: 0,
    area: live.area.oldAreaId,
    area_name: live.area.oldAreaName,
    area_v2_id: live.area.areaId,
    area_v2_name: live.area.areaName,
    area_v2_parent_name: live.area.parentName,
    area_v2_parent_id: live.area.parentId,
    uname: spec.name,
    face: spec.face,
    tag_name: '日常,学习,手机直播',
    tags: '',
    cover_from_user: cover(world, spec.mid),
    keyframe: live.liveStatus === 1 ? keyframe(world, live) : '',
    lock_till: '0000-00-00 00:00:00',
    hidden_till: '0000-00-00 00:00:00',
    broadcast_type: 0,
  };
}
