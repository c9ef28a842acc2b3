import { z } from 'zod';
import type { ApiEnvelope } from './codes.js';
import { pagingShape, type KolItem, type VideoItem } from './discovery.js';
import { blank, text } from './validation.js';

/**
 * The team's own lists (issue #15; spec §3, §4, §5, §7.3, §9): saved creators and videos (collect type 1,
 * delivery list type 4), custom groups (customizeSortList type 4), the monitoring switch and the order.
 * A team is a parent account with its sub-accounts; they share every list (who added what is kept).
 */

/** §9 favourite types: 1 collect, 4 delivery list. */
export const LinkType = { COLLECT: 1, PUT: 4 } as const;
export type LinkType = (typeof LinkType)[keyof typeof LinkType];
export const LINK_TYPES = [LinkType.COLLECT, LinkType.PUT] as const;
export const LINK_TYPE_LABELS: Readonly<Record<LinkType, string>> = { 1: '收藏', 4: '投放清单' };

/** customizeSortList type of the custom groups (§7.3). */
export const CUSTOM_GROUP_TYPE = 4;
/** The group that holds ungrouped entries; never offered as a choice (§5). */
export const DEFAULT_GROUP_NAME = 'default_group';
/** Shown for the default group wherever a group name is displayed. */
export const DEFAULT_GROUP_LABEL = '未分组';
export const GROUP_NAME_MAX_LENGTH = 10;

/** Texts of the lists (ours, where the spec shows only "the server success message on 200", §8). */
export const ListMsg = {
  typeInvalid: '收藏类型不正确',
  kolIdInvalid: 'UP主编号不正确',
  videoIdInvalid: '视频编号不正确',
  kolMissing: '该UP主不存在或已被删除',
  videoMissing: '该视频不存在或已被删除',
  collectAdded: '收藏成功',
  collectRemoved: '已取消收藏',
  putAdded: '已加入投放清单',
  putRemoved: '已移出投放清单',
  notInList: '该UP主不在列表中',
  videoNotInList: '该视频不在列表中',
  monitorOn: '已开启监测，该UP主的数据将按最高频率更新',
  monitorOff: '已关闭监测',
  monitorInvalid: '监测开关参数有误',
  moved: '排序已保存',
  sortInvalid: '排序方式不正确',
  groupNameRequired: '请输入分组名称',
  groupNameTooLong: `分组名称最多${GROUP_NAME_MAX_LENGTH}个字`,
  groupNameReserved: '该分组名称不可用，请换一个名称',
  groupNameTaken: '分组名称已存在',
  groupMissing: '分组不存在或已被删除',
  groupIdInvalid: '分组编号不正确',
  groupDefaultLocked: '默认分组不可修改或删除',
  groupAdded: '添加成功',
  groupUpdated: '修改成功',
  groupDeleted: '删除成功，组内UP主已移至未分组',
  groupMoved: '已移动到所选分组',
  keywordTooLong: '搜索内容最多20个字',
  /** the limit messages end with the upgrade prompt; the answer also carries the popup's target */
  limitCollect: (max: number) => `收藏UP主数量已达当前版本上限（${max}个），升级会员可收藏更多`,
  limitPut: (max: number) => `投放清单数量已达当前版本上限（${max}个），升级会员可添加更多`,
  limitVideo: (max: number) => `收藏视频数量已达当前版本上限（${max}个），升级会员可收藏更多`,
  limitGroup: (max: number) => `自定义分组数量已达当前版本上限（${max}个），升级会员可创建更多`,
  limitMonitor: (max: number) => `监测UP主数量已达当前版本上限（${max}个），升级会员可监测更多`,
} as const;

const positiveId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2 ** 53 - 1, {
      error: message,
    });
const linkType = z.coerce
  .number({ error: ListMsg.typeInvalid })
  .int({ error: ListMsg.typeInvalid })
  .refine((v): v is LinkType => v === 1 || v === 4, { error: ListMsg.typeInvalid });
const optLinkType = z.preprocess(blank, linkType.default(LinkType.COLLECT));
const flag = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .refine((v) => v === 0 || v === 1, { error: message });

/** POST /api/user/addLinkKol, GET delLinkKol: type (1 collect, 4 delivery list) plus kolId (§7.3). */
export const LinkKolParams = z.object({ type: linkType, kolId: positiveId(ListMsg.kolIdInvalid) });
export type LinkKolParams = z.infer<typeof LinkKolParams>;

/** POST /api/user/addLinkVideo, GET delLinkVideo: type plus videoId. */
export const LinkVideoParams = z.object({ type: linkType, videoId: positiveId(ListMsg.videoIdInvalid) });
export type LinkVideoParams = z.infer<typeof LinkVideoParams>;

export const LINK_KOL_SORTS = ['custom', 'addTime', 'fans', 'fansSinceAdd', 'index'] as const;
export type LinkKolSort = (typeof LINK_KOL_SORTS)[number];
export const LINK_KOL_SORT_LABELS: Readonly<Record<LinkKolSort, string>> = {
  custom: '自定义排序',
  addTime: '最近添加',
  fans: '粉丝数',
  fansSinceAdd: '添加后涨粉',
  index: '云指数',
};
const optKeyword = z.preprocess(
  blank,
  text(ListMsg.keywordTooLong, { max: 20, tooLong: ListMsg.keywordTooLong }).trim().optional(),
);

/** GET /api/user/myLinkKol: one page of the team's saved creators. */
export const MyLinkKolParams = z.object({
  type: optLinkType,
  ...pagingShape,
  sort: z.preprocess(blank, z.enum(LINK_KOL_SORTS, { error: ListMsg.sortInvalid }).default('custom')),
  /** a group id; 0 = the ungrouped (default group) */
  groupId: z.preprocess(
    blank,
    z.coerce.number({ error: ListMsg.groupIdInvalid }).int({ error: ListMsg.groupIdInvalid }).min(0).optional(),
  ),
  isMonitor: z.preprocess(blank, flag(ListMsg.monitorInvalid).optional()),
  keyword: optKeyword,
});
export type MyLinkKolParams = z.infer<typeof MyLinkKolParams>;

/** GET /api/user/myLinkVideo. */
export const MyLinkVideoParams = z.object({
  type: optLinkType,
  ...pagingShape,
  sort: z.preprocess(
    blank,
    z.enum(['custom', 'addTime', 'play', 'publishTime'], { error: ListMsg.sortInvalid }).default('addTime'),
  ),
  keyword: optKeyword,
});
export type MyLinkVideoParams = z.infer<typeof MyLinkVideoParams>;

/** GET /api/user/setOpenMonitor: the monitoring switch of a saved creator (§4). */
export const SetOpenMonitorParams = z.object({
  type: optLinkType,
  kolId: positiveId(ListMsg.kolIdInvalid),
  isOpen: flag(ListMsg.monitorInvalid),
});
export type SetOpenMonitorParams = z.infer<typeof SetOpenMonitorParams>;

/**
 * GET /api/user/moveLinkKolSort (§4 "saved creators can be reordered"): kolId takes the place of targetKolId
 * in the team's order (the rows between shift by one). Relative to another row, so a drag stays right while
 * a teammate adds or removes rows elsewhere.
 */
export const MoveLinkKolSortParams = z.object({
  type: optLinkType,
  kolId: positiveId(ListMsg.kolIdInvalid),
  targetKolId: positiveId(ListMsg.kolIdInvalid),
});
export type MoveLinkKolSortParams = z.infer<typeof MoveLinkKolSortParams>;

/** POST /api/user/moveLinkKolGroup: a saved creator into a group (0 = 未分组). */
export const MoveLinkKolGroupParams = z.object({
  type: optLinkType,
  kolId: positiveId(ListMsg.kolIdInvalid),
  groupId: z.coerce.number({ error: ListMsg.groupIdInvalid }).int({ error: ListMsg.groupIdInvalid }).min(0, {
    error: ListMsg.groupIdInvalid,
  }),
});
export type MoveLinkKolGroupParams = z.infer<typeof MoveLinkKolGroupParams>;

const groupName = text(ListMsg.groupNameRequired)
  .trim()
  .min(1, { error: ListMsg.groupNameRequired })
  .refine((v) => v.toLowerCase() !== DEFAULT_GROUP_NAME, { error: ListMsg.groupNameReserved, abort: true })
  .refine((v) => Array.from(v).length <= GROUP_NAME_MAX_LENGTH, { error: ListMsg.groupNameTooLong });

const groupType = z.preprocess(
  blank,
  z.coerce
    .number({ error: ListMsg.typeInvalid })
    .int()
    .refine((v) => v === CUSTOM_GROUP_TYPE, { error: ListMsg.typeInvalid })
    .default(CUSTOM_GROUP_TYPE),
);
/** GET /api/user/customizeSortList (type 4 → userThemeInfos). */
export const CustomizeSortListParams = z.object({ type: groupType });
/** POST /api/user/addCustomizeSort. */
export const AddCustomizeSortParams = z.object({ type: groupType, themeName: groupName });
export type AddCustomizeSortParams = z.infer<typeof AddCustomizeSortParams>;
/** POST /api/user/updateCustomizeSort: rename and/or move (sortFlag = the new position, 1-based). */
export const UpdateCustomizeSortParams = z
  .object({
    id: positiveId(ListMsg.groupIdInvalid),
    themeName: z.preprocess(blank, groupName.optional()),
    sortFlag: z.preprocess(
      blank,
      z.coerce.number({ error: ListMsg.sortInvalid }).int({ error: ListMsg.sortInvalid }).min(1).max(1000).optional(),
    ),
  })
  .refine((v) => v.themeName !== undefined || v.sortFlag !== undefined, { error: ListMsg.groupNameRequired });
export type UpdateCustomizeSortParams = z.infer<typeof UpdateCustomizeSortParams>;
/** GET /api/user/delCustomizeSort. */
export const DelCustomizeSortParams = z.object({ id: positiveId(ListMsg.groupIdInvalid) });

// ---------------------------------------------------------------------------------------------------------
// Answers

/** A custom group entry of §3 (userThemeInfos: id, themeName, sortFlag) plus how many creators it holds. */
export interface UserThemeInfo {
  id: number;
  themeName: string;
  sortFlag: number;
  /** 1 for the default group (never a choice, §5) */
  isDefault: number;
  kolNum: number;
}
export interface CustomizeSortListAnswer extends ApiEnvelope {
  userThemeInfos: UserThemeInfo[];
  limit: number;
}

/** The limit of a list for the caller's tier, and how much of it is used. */
export interface ListUsage {
  count: number;
  limit: number;
}

/** A saved creator (§3 "linked creator entries carry a sort order and a monitoring on/off flag"). */
export interface LinkKolItem extends KolItem {
  type: LinkType;
  sort: number;
  isMonitor: number;
  groupId: number;
  groupName: string;
  addTime: string;
  addedBy: string;
  /** fans now minus fans when saved */
  fansSinceAdd: number;
  /** the latest collection of the creator (ISO), null if never */
  updateTime: string | null;
}
export interface MyLinkKolAnswer extends ApiEnvelope, ListUsage {
  linkKols: LinkKolItem[];
  total: number;
  pageNo: number;
  pageSize: number;
  monitorCount: number;
  monitorLimit: number;
}

export interface LinkVideoItem extends VideoItem {
  type: LinkType;
  addTime: string;
  addedBy: string;
  /** plays now minus plays when saved */
  playSinceAdd: number;
}
export interface MyLinkVideoAnswer extends ApiEnvelope, ListUsage {
  linkVideos: LinkVideoItem[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** The answer of add/del/monitor calls: the new flag, so the client sets it only on 200 (§4). */
export interface LinkToggleAnswer extends ApiEnvelope {
  type: LinkType;
  kolId?: number;
  videoId?: number;
  /** the flag after the call: isCollect (type 1) or isPut (type 4) */
  linked: number;
}

// ---------------------------------------------------------------------------------------------------------
// upAttention (/middleground/upAttention): the creators a team monitors and what changed since the user's
// last look. GET /api/attention/list, POST /api/attention/markSeen.

/** Without a previous look, changes are measured over this many days. */
export const ATTENTION_FIRST_DAYS = 7;

export const AttentionMsg = {
  marked: '已全部标为已看',
} as const;

export interface AttentionVideo {
  videoId: number;
  title: string;
  publishTime: string;
  playNum: number;
}
export interface AttentionFanEvent {
  day: string;
  kind: 'rise' | 'drop';
  delta: number;
}
export interface AttentionItem extends KolItem {
  /** the baseline: the user's last look (ISO), or null (first look: ATTENTION_FIRST_DAYS) */
  seenAt: string | null;
  since: string;
  fansSince: number;
  newVideoNum: number;
  newVideos: AttentionVideo[];
  fanEvents: AttentionFanEvent[];
  updateTime: string | null;
}
export interface AttentionListAnswer extends ApiEnvelope {
  attentions: AttentionItem[];
  /** the user's last "mark all seen" (ISO), null if never */
  lastSeenAt: string | null;
  monitorCount: number;
  monitorLimit: number;
}

// ---------------------------------------------------------------------------------------------------------
// The dashboard's monitored-creators card (issue #15 item 1: "its changes appear on the dashboard"):
// GET /api/dashboard/monitorChanges. The fan changes follow the gap rules of docs/metrics.md: a change
// since the previous snapshot exists only when the previous stored day is the day before; the 7-day change
// needs a snapshot at the window's start (one day later at most, then it covers 6 days); otherwise null.

/** The window of the card's 7-day change, new videos and fan events (days). */
export const MONITOR_CARD_DAYS = 7;
/** The window's start may be this many days late (the 周 tolerance of docs/metrics.md "Gaps"). */
export const MONITOR_CARD_TOLERANCE = 1;
/** How many monitored creators the card shows (the rest are on upAttention). */
export const MONITOR_CARD_ROWS = 8;

export interface MonitorChangeItem {
  kolId: number;
  kolName: string;
  kolUid: number;
  kolImg: string;
  /** fans now (the creator's latest collection) */
  fansNum: number;
  /** the latest stored day (Asia/Shanghai, YYYY-MM-DD); null: no daily snapshot yet */
  latestDay: string | null;
  /** the stored day before latestDay (however old); null: only one snapshot */
  prevDay: string | null;
  /** fans(latestDay) − fans(latestDay − 1); null unless prevDay is the day before */
  dayChange: number | null;
  /** fans(latestDay) − fans(start), start = latestDay − 7 (or − 6); null without such a snapshot */
  weekChange: number | null;
  /** the start used for weekChange, and how many days it covers (7, or 6 marked 按6天计) */
  weekBaseDay: string | null;
  weekDays: number | null;
  /** videos published in the last MONITOR_CARD_DAYS days (count, and the newest three) */
  newVideoNum: number;
  newVideos: AttentionVideo[];
  /** fan events (docs/metrics.md) dated in the window, newest first, at most three */
  fanEvents: AttentionFanEvent[];
  /** the latest collection (ISO), null if never */
  updateTime: string | null;
}
export interface MonitorChangesAnswer extends ApiEnvelope {
  /** the team's monitored creators, those with changes first, at most MONITOR_CARD_ROWS */
  monitors: MonitorChangeItem[];
  monitorCount: number;
  monitorLimit: number;
  days: number;
}
