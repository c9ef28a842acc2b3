/**
 * Comment answers: x/v2/reply (page numbers), x/v2/reply/wbi/main (cursor), x/v2/reply/count. The two
 * list endpoints carry different member/content variants, as in the real samples. Both show the
 * commenter's IP location in `reply_control.location` ("IP属地：广东") as the site does today.
 */
import { EMOTE_IDS } from '../../world/texts.js';
import { hexOf } from '../../world/hash.js';
import { videoCommerce } from '../../world/commerce.js';
import { MAX_COMMENTS, rpidOf } from '../../world/ids.js';
import {
  INLINE_SUB_REPLIES,
  subRepliesOf,
  subReplyCount,
  type SimComment,
  type SimCommenter,
} from '../../world/comments.js';
import { playsAt, type SimVideo } from '../../world/video-model.js';
import type { SimWorld } from '../../world/world.js';
import { emptyPendant, levelInfo, timeDesc, unixSeconds, vipOfMember, type VipInfo } from './common.js';

const FOLDING_RULE = 'https://www.bilibili.com/blackboard/foldingreply.html';
const ANSWER_GUIDE = {
  answer_guide_text: '需要升级成为lv2会员后才可以评论，先去答题转正吧！',
  answer_guide_icon_url: 'http://i0.hdslb.com/bfs/emote/96940d16602cacbbac796245b7bb99fa9b5c970c.png',
  answer_guide_ios_url: 'https://www.bilibili.com/h5/newbie/entry?navhide=1&re_src=12',
  answer_guide_android_url: 'https://www.bilibili.com/h5/newbie/entry?navhide=1&re_src=6',
};

/** The `control` of the x/v2/reply and x/v2/reply/reply pages (the same on both). */
const PAGE_CONTROL = {
  input_disable: false,
  root_input_text: '发一条友善的评论',
  child_input_text: '',
  giveup_input_text: '不发没关系，请继续友善哦~',
  bg_text: '看看下面~来发评论吧',
  web_selection: false,
  ...ANSWER_GUIDE,
  show_type: 1,
  show_text: '',
  disable_jump_emote: false,
};

/** The first fields of a comment's member, the same in every reply list. */
function memberHead(m: SimCommenter) {
  return { mid: String(m.mid), uname: m.uname, sex: m.sex, sign: '', avatar: m.avatar, rank: '10000' };
}

function memberVip(m: SimCommenter, epochMs: number): VipInfo {
  return { type: m.vipType, active: m.vipType > 0, dueMs: m.vipType > 0 ? epochMs + 90 * 86_400_000 : 0 };
}

function emoteMap(c: SimComment, seed: number, withSuggest: boolean) {
  const out: Record<string, unknown> = {};
  for (const text of c.emotes) {
    const id = EMOTE_IDS[text] ?? 1;
    out[text] = {
      id,
      package_id: 1,
      state: 0,
      type: 1,
      attr: 0,
      text,
      url: `https://i0.hdslb.com/bfs/emote/${hexOf(40, seed, 0xe3, id)}.png`,
      meta: withSuggest ? { size: 1, suggest: [''] } : { size: 1 },
      mtime: 1668688325,
      jump_title: text.slice(1, -1),
    };
  }
  return out;
}

/** A root comment's sub-replies: their count now and the oldest few shown inline (none for a sub-reply). */
function threadOf(world: SimWorld, v: SimVideo, c: SimComment, t: number) {
  if (c.root !== 0) return { count: 0, inline: [] as SimComment[] };
  const count = subReplyCount(world, v, c.index, t);
  return { count, inline: count > 0 ? subRepliesOf(world, v, c.index, t, 0, INLINE_SUB_REPLIES) : [] };
}

/** reply_control's thread texts, as the site words them */
function threadTexts(count: number) {
  return count > 0 ? { sub_reply_entry_text: `共${count}条回复`, sub_reply_title_text: `相关回复共${count}条` } : {};
}

function ids(v: SimVideo, c: SimComment, mid: number, rcount: number) {
  return {
    rpid: c.rpid,
    oid: v.aid,
    type: 1,
    mid,
    root: c.root,
    parent: c.parent,
    dialog: c.root === 0 ? 0 : c.parent === c.root ? c.rpid : c.parent,
    count: rcount,
    rcount,
    state: 0,
    fansgrade: 0,
    attr: 0,
    ctime: unixSeconds(c.ctimeMs),
  };
}

/** x/v2/reply → data.replies[] */
export function replyItem(
  world: SimWorld,
  v: SimVideo,
  c: SimComment,
  t: number,
  inThread = false,
): Record<string, unknown> {
  const m = c.member;
  const emote = emoteMap(c, world.seed, false);
  const thread = threadOf(world, v, c, t);
  return {
    ...ids(v, c, m.mid, thread.count),
    rpid_str: String(c.rpid),
    root_str: String(c.root),
    parent_str: String(c.parent),
    like: c.like,
    action: 0,
    member: {
      ...memberHead(m),
      DisplayRank: '0',
      face_nft_new: 0,
      is_senior_member: 0,
      level_info: levelInfo(m.level),
      pendant: emptyPendant(false),
      nameplate: { nid: 0, name: '', image: '', image_small: '', level: '', condition: '' },
      official_verify: { type: -1, desc: '' },
      vip: vipOfMember(memberVip(m, world.epochMs), false),
      fans_detail: null,
      following: 0,
      is_followed: 0,
      user_sailing: { pendant: null, cardbg: null, cardbg_with_focus: null },
      is_contractor: false,
      contract_desc: '',
    },
    content: {
      message: c.message,
      plat: 0,
      device: '',
      members: [] as unknown[],
      ...(c.emotes.length ? { emote } : {}),
      jump_url: {},
      max_line: 6,
    },
    // x/v2/reply/reply answers null here (its root and its sub-replies); the list answers an array
    replies: inThread ? null : thread.inline.map((r) => replyItem(world, v, r, t)),
    assist: 0,
    folder: { has_folded: false, is_folded: false, rule: FOLDING_RULE },
    up_action: { like: false, reply: false },
    show_follow: false,
    invisible: false,
    reply_control: {
      time_desc: timeDesc(c.ctimeMs, t),
      location: `IP属地：${c.location}`,
      ...threadTexts(thread.count),
    },
  };
}

function avatarItem(m: SimCommenter) {
  const spec = {
    pos_spec: { coordinate_pos: 2, axis_x: 0.9, axis_y: 0.9 },
    size_spec: { width: 1, height: 1 },
    render_spec: { opacity: 1 },
  };
  return {
    container_size: { width: 1.8, height: 1.8 },
    fallback_layers: {
      layers: [
        {
          visible: true,
          general_spec: spec,
          layer_config: {
            tags: { AVATAR_LAYER: {} },
            is_critical: true,
            layer_mask: {
              general_spec: spec,
              mask_src: {
                src_type: 3,
                draw: { draw_type: 1, fill_mode: 1, color_config: { day: { argb: '#FF000000' } } },
              },
            },
          },
          resource: {
            res_type: 3,
            res_image: {
              image_src: { src_type: 1, placeholder: 6, remote: { url: m.avatar, bfs_style: 'widget-layer-avatar' } },
            },
          },
        },
      ],
      is_critical_group: true,
    },
    mid: String(m.mid),
  };
}

/**
 * The creator's pinned comment of a video with commerce (sim/world/commerce.ts), shaped as a reply of
 * reply/wbi/main: its shop links are also `content.jump_url` keys, as the site marks links in comments.
 */
function pinnedItem(world: SimWorld, v: SimVideo, t: number) {
  const commerce = videoCommerce(world.seed, v);
  if (!commerce?.pinned) return null;
  const spec = world.spec(v.creatorIndex);
  const ctimeMs = Math.min(t, v.pubMs + 5 * 60_000);
  const c: SimComment = {
    index: MAX_COMMENTS - 1,
    root: 0,
    parent: 0,
    floor: 0,
    rpid: rpidOf(v.key, MAX_COMMENTS - 1),
    ctimeMs,
    member: { mid: spec.mid, uname: spec.name, sex: '保密', level: 6, avatar: spec.face, vipType: 2 },
    location: '上海',
    message: commerce.pinned,
    sentiment: 'neutral',
    emotes: [],
    like: Math.floor(playsAt(v, t) * 0.002),
  };
  const item = mainReplyItem(world, v, c, t);
  const jump = Object.fromEntries(
    commerce.pinnedUrls.map((url) => [url, { title: '商品链接', prefix_icon: '', extra: { is_word_search: false } }]),
  );
  return {
    ...item,
    content: { ...(item.content as Record<string, unknown>), jump_url: jump },
    reply_control: { ...(item.reply_control as Record<string, unknown>), is_up_top: true },
  };
}

/** x/v2/reply/wbi/main → data.replies[] */
export function mainReplyItem(world: SimWorld, v: SimVideo, c: SimComment, t: number): Record<string, unknown> {
  const m = c.member;
  const emote = emoteMap(c, world.seed, true);
  const thread = threadOf(world, v, c, t);
  const head = ids(v, c, m.mid, thread.count);
  return {
    ...head,
    mid_str: String(m.mid),
    oid_str: String(v.aid),
    rpid_str: String(c.rpid),
    root_str: String(c.root),
    parent_str: String(c.parent),
    dialog_str: String(head.dialog),
    like: c.like,
    action: 0,
    member: {
      ...memberHead(m),
      face_nft_new: 0,
      is_senior_member: 0,
      senior: {},
      level_info: levelInfo(m.level),
      pendant: emptyPendant(true),
      nameplate: { nid: 0, name: '', image: '', image_small: '', level: '', condition: '' },
      official_verify: { type: -1, desc: '' },
      vip: vipOfMember(memberVip(m, world.epochMs), true),
      fans_detail: null,
      user_sailing: { pendant: null, cardbg: null, cardbg_with_focus: null },
      user_sailing_v2: {},
      is_contractor: false,
      contract_desc: '',
      nft_interaction: null,
      avatar_item: avatarItem(m),
    },
    content: {
      message: c.message,
      members: [] as unknown[],
      ...(c.emotes.length ? { emote } : {}),
      jump_url: {},
      max_line: 6,
    },
    replies: thread.inline.map((r) => mainReplyItem(world, v, r, t)),
    assist: 0,
    up_action: { like: false, reply: false },
    invisible: false,
    reply_control: {
      max_line: 6,
      time_desc: timeDesc(c.ctimeMs, t),
      location: `IP属地：${c.location}`,
      ...threadTexts(thread.count),
    },
    folder: { has_folded: false, is_folded: false, rule: '' },
    dynamic_id_str: '0',
    note_cvid_str: '0',
    track_info: '',
  };
}

/** x/v2/reply → data */
export function replyPage(
  world: SimWorld,
  v: SimVideo,
  t: number,
  page: { num: number; size: number; count: number },
  replies: SimComment[],
  hots: SimComment[],
) {
  const upMid = world.spec(v.creatorIndex).mid;
  return {
    page: { num: page.num, size: page.size, count: page.count, acount: page.count },
    config: {
      showadmin: 1,
      showentry: 1,
      showfloor: 0,
      showtopic: 1,
      show_up_flag: true,
      read_only: false,
      show_del_log: false,
    },
    replies: replies.map((c) => replyItem(world, v, c, t)),
    hots: hots.map((c) => replyItem(world, v, c, t)),
    upper: { mid: upMid, top: null, vote: null },
    top: null,
    notice: null,
    vote: 0,
    blacklist: 0,
    assist: 0,
    mode: 3,
    support_mode: [1, 2, 3],
    folder: { has_folded: false, is_folded: false, rule: FOLDING_RULE },
    lottery_card: null,
    show_bvid: false,
    control: PAGE_CONTROL,
  };
}

export interface MainCursor {
  isBegin: boolean;
  isEnd: boolean;
  prev: number;
  next: number;
  mode: 2 | 3;
  allCount: number;
  /** the opaque next_offset string (empty at the end) */
  nextOffset: string;
}

/** x/v2/reply/wbi/main → data */
export function mainPage(world: SimWorld, v: SimVideo, t: number, cursor: MainCursor, replies: SimComment[]) {
  const upMid = world.spec(v.creatorIndex).mid;
  const pinned = cursor.isBegin ? pinnedItem(world, v, t) : null;
  return {
    cursor: {
      is_begin: cursor.isBegin,
      prev: cursor.prev,
      next: cursor.next,
      is_end: cursor.isEnd,
      mode: cursor.mode,
      mode_text: '',
      all_count: cursor.allCount,
      support_mode: [2, 3],
      name: cursor.mode === 2 ? '最新评论' : '热门评论',
      pagination_reply: { next_offset: cursor.nextOffset },
      session_id: '',
    },
    replies: replies.map((c) => mainReplyItem(world, v, c, t)),
    // the creator's pinned comment (a goods list or a sponsor's thanks) on the first page, as the site sends it
    top: { admin: null, upper: pinned, vote: null },
    top_replies: pinned ? [pinned] : ([] as unknown[]),
    up_selection: { pending_count: 0, ignore_count: 0 },
    effects: { preloading: '' },
    assist: 0,
    blacklist: 0,
    vote: 0,
    config: { showtopic: 1, show_up_flag: true, read_only: false },
    upper: { mid: upMid },
    control: {
      input_disable: false,
      root_input_text: '发一条友善的评论',
      child_input_text: '发一条友善的评论',
      giveup_input_text: '不发没关系，请继续友善哦~',
      screenshot_icon_state: 1,
      upload_picture_icon_state: 1,
      ...ANSWER_GUIDE,
      bg_text: '',
      empty_page: null,
      show_type: 1,
      show_text: '',
      web_selection: false,
      disable_jump_emote: false,
      enable_charged: false,
      enable_cm_biz_helper: false,
      preload_resources: null,
    },
    note: 1,
    esports_grade_card: null,
    callbacks: null,
    context_feature: '',
  };
}

/** x/v2/reply/reply → data: one root comment and a page of its sub-replies, oldest first */
export function replyRepliesPage(
  world: SimWorld,
  v: SimVideo,
  t: number,
  page: { num: number; size: number; count: number },
  root: SimComment,
  replies: SimComment[],
) {
  const upMid = world.spec(v.creatorIndex).mid;
  return {
    config: {
      showadmin: 0,
      showentry: 0,
      showfloor: 0,
      showtopic: 0,
      show_up_flag: false,
      read_only: false,
      show_del_log: false,
    },
    control: PAGE_CONTROL,
    page,
    replies: replies.map((c) => replyItem(world, v, c, t, true)),
    root: replyItem(world, v, root, t, true),
    show_bvid: false,
    show_text: '',
    show_type: 1,
    upper: { mid: upMid },
  };
}
