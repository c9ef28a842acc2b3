/**
 * Creator answers: x/web-interface/card, x/relation/stat, x/space/wbi/acc/info, x/space/upstat,
 * x/space/navnum, and the owner card inside view/detail. Field sets follow the real samples.
 */
import type { CreatorSpec } from '../../../db/seed/world/generate.js';
import { hexOf, Salt } from '../../world/hash.js';
import { liveState } from '../../world/live.js';
import type { CreatorState, SimWorld } from '../../world/world.js';
import {
  creatorVip,
  DEFAULT_SPACE_L,
  DEFAULT_SPACE_S,
  emptyPendant,
  levelInfo,
  nameplateOf,
  officialOf,
  officialVerifyOf,
  SEX_TEXT,
  vipOfCard,
  vipOfDetailCard,
  vipOfSpace,
} from './common.js';

function cardBase(spec: CreatorSpec) {
  return {
    mid: String(spec.mid),
    name: spec.name,
    approve: false,
    sex: SEX_TEXT[spec.sex] ?? '保密',
    rank: '10000',
    face: spec.face,
  };
}

function cardMiddle(spec: CreatorSpec, state: CreatorState) {
  return {
    DisplayRank: '0',
    regtime: 0,
    spacesta: 0,
    birthday: '',
    place: '',
    description: '',
    article: 0,
    attentions: [] as number[],
    fans: state.fans,
    friend: state.following,
    attention: state.following,
    sign: spec.sign,
    level_info: levelInfo(spec.level),
  };
}

/** A creator's profile, its counters at `t` and its membership: what the card and space shapes are made of. */
function creatorAt(world: SimWorld, index: number, t: number) {
  const spec = world.spec(index);
  return { spec, state: world.creatorState(index, t), vip: creatorVip(world.seed, spec, world.epochMs) };
}

/** x/web-interface/card (`space` only with photo=true, as the real API). */
export function userCard(world: SimWorld, index: number, t: number, photo: boolean) {
  const { spec, state, vip } = creatorAt(world, index, t);
  return {
    card: {
      ...cardBase(spec),
      ...cardMiddle(spec, state),
      pendant: emptyPendant(false),
      nameplate: nameplateOf(state.plays),
      Official: officialOf(spec),
      official_verify: officialVerifyOf(spec),
      vip: vipOfCard(vip),
    },
    ...(photo ? { space: { s_img: DEFAULT_SPACE_S, l_img: DEFAULT_SPACE_L } } : {}),
    following: false,
    archive_count: state.videoCount,
    article_count: 0,
    follower: state.fans,
    like_num: state.likes,
  };
}

/** view/detail → Card */
export function detailCard(world: SimWorld, index: number, t: number) {
  const { spec, state, vip } = creatorAt(world, index, t);
  return {
    card: {
      ...cardBase(spec),
      face_nft: 0,
      face_nft_type: 0,
      ...cardMiddle(spec, state),
      pendant: emptyPendant(true),
      nameplate: nameplateOf(state.plays),
      Official: officialOf(spec),
      official_verify: officialVerifyOf(spec),
      vip: vipOfDetailCard(vip),
      is_senior_member: 0,
      name_render: null,
    },
    space: { s_img: DEFAULT_SPACE_S, l_img: DEFAULT_SPACE_L },
    following: false,
    archive_count: state.videoCount,
    article_count: 0,
    follower: state.fans,
    like_num: state.likes,
  };
}

export function relationStat(world: SimWorld, index: number, t: number) {
  const spec = world.spec(index);
  const m = world.model(index);
  return { mid: spec.mid, following: world.followingAt(m, t), whisper: 0, black: 0, follower: world.fansAt(m, t) };
}

export function upstat(world: SimWorld, index: number, t: number) {
  const state = world.creatorState(index, t);
  return { archive: { view: state.plays }, article: { view: 0 }, likes: state.likes };
}

export function navnum(world: SimWorld, index: number, t: number) {
  const state = world.creatorState(index, t);
  return {
    video: state.videoCount,
    bangumi: 0,
    cinema: 0,
    channel: { master: 0, guest: 0 },
    favourite: { master: 0, guest: 0 },
    tag: 0,
    article: 0,
    playlist: 0,
    album: 0,
    audio: 0,
    pugv: 0,
    season_num: 0,
    opus: 0,
  };
}

/** x/space/wbi/acc/info */
export function spaceInfo(world: SimWorld, index: number, t: number) {
  const { spec, state, vip } = creatorAt(world, index, t);
  const live = liveState(world, index, t);
  return {
    mid: spec.mid,
    name: spec.name,
    sex: SEX_TEXT[spec.sex] ?? '保密',
    face: spec.face,
    face_nft: 0,
    face_nft_type: 0,
    sign: spec.sign,
    rank: 10000,
    level: spec.level,
    jointime: 0,
    moral: 0,
    silence: 0,
    coins: 0,
    fans_badge: spec.fans >= 1000,
    fans_medal: { show: false, wear: false, medal: null },
    official: officialOf(spec),
    vip: vipOfSpace(vip),
    pendant: emptyPendant(true),
    nameplate: nameplateOf(state.plays),
    user_honour_info: { mid: 0, colour: null, tags: [] as string[], is_latest_100honour: 0 },
    is_followed: false,
    top_photo: DEFAULT_SPACE_L,
    theme: {},
    sys_notice: {},
    live_room: live
      ? {
          roomStatus: 1,
          liveStatus: live.liveStatus === 1 ? 1 : 0,
          url: `https://live.bilibili.com/${live.roomId}?broadcast_type=0&is_room_feed=1`,
          title: live.title,
          cover: `http://i0.hdslb.com/bfs/live/new_room_cover/${hexOf(40, world.seed, Salt.liveTitle, spec.mid, 7)}.jpg`,
          roomid: live.roomId,
          roundStatus: live.liveStatus === 2 ? 1 : 0,
          broadcast_type: 0,
          watched_show: {
            switch: true,
            num: live.online,
            text_small: String(live.online),
            text_large: `${live.online}人看过`,
            icon: 'https://i0.hdslb.com/bfs/live/a725a9e61242ef44d764ac911691a7ce07f36c1d.png',
            icon_location: '',
            icon_web: 'https://i0.hdslb.com/bfs/live/8d9d0f33ef8bf6f308742752d13dd0df731df19c.png',
          },
        }
      : null,
    birthday: '',
    school: { name: '' },
    profession: { name: '', department: '', title: '', is_show: 0 },
    tags: null,
    series: { user_upgrade_status: 3, show_upgrade_window: false },
    is_senior_member: 0,
    mcn_info: null,
    gaia_res_type: 0,
    gaia_data: null,
    is_risk: false,
    elec: {
      show_info: {
        show: spec.fans >= 10_000,
        state: spec.fans >= 10_000 ? 1 : 0,
        title: '',
        icon: '',
        jump_url: `?oid=${spec.mid}`,
      },
    },
    contract: { is_display: false, is_follow_display: false },
    certificate_show: false,
    name_render: null,
  };
}
