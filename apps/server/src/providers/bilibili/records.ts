/**
 * Domain records: what every Bilibili source (the real web API, the simulator, saved response files) yields
 * after parsing, independent of the platform's JSON. Counters a response does not carry are `null`
 * ("unknown, keep what we have"), never 0 — ingestion coalesces them with the stored values.
 * Times are Unix seconds; ids are JS numbers (mids and aids stay below 2^53); danmaku ids, which do not,
 * stay strings.
 */

/** 0 female, 1 male, 2 unknown/secret (creators.sex) — from 女 / 男 / 保密. */
export type Sex = 0 | 1 | 2;
/** 0 none, 1 personal verification, 2 organisation verification (creators.official_type, spec isApprove). */
export type OfficialType = 0 | 1 | 2;

export interface CreatorRecord {
  mid: number;
  name: string;
  face: string;
  sign: string;
  /** 0–6, null when the response has no level */
  level: number | null;
  sex: Sex;
  officialType: OfficialType;
  officialTitle: string;
  fans: number | null;
  following: number | null;
  /** likes received over all videos */
  likes: number | null;
  /** plays over all videos (upstat archive.view) */
  plays: number | null;
  videoCount: number | null;
  liveRoomId: number | null;
  isLive: boolean | null;
}

/** `x/relation/stat` */
export interface RelationStat {
  mid: number;
  fans: number;
  following: number;
}

/** `x/space/upstat` (empty without a logged-in cookie: every field null then) */
export interface UpStat {
  plays: number | null;
  articleViews: number | null;
  likes: number | null;
}

/** `x/space/navnum` */
export interface NavNum {
  videos: number;
  articles: number;
  albums: number;
  audios: number;
}

export interface VideoOwner {
  mid: number;
  name: string;
  face: string | null;
  /**
   * The owner's follower count when the response was taken (`owner.follower` of popular / ranking items in
   * saved responses); absent or null when the response does not carry it. Ingestion writes it as the creator's
   * fans snapshot of the day (PgIngestor.ingestOwnerCounters).
   */
  fans?: number | null;
}

/** Counters of one video; null where the response does not carry one (arc search has no likes or coins). */
export interface VideoStats {
  view: number | null;
  danmaku: number | null;
  reply: number | null;
  favorite: number | null;
  coin: number | null;
  share: number | null;
  like: number | null;
}

/** videos.status: 0 visible, −1 deleted / no longer visible */
export type VideoStatus = 0 | -1;

export interface VideoRecord {
  aid: number;
  bvid: string;
  owner: VideoOwner;
  title: string;
  cover: string;
  desc: string;
  /** seconds */
  duration: number;
  /** Unix seconds */
  pubdate: number;
  /** partition (分区) id and name as the platform reports them; may be absent from our partitions table */
  tid: number | null;
  tname: string | null;
  /** 1 original, 2 reprint; null when the response does not say (search results) */
  copyright: 1 | 2 | null;
  /** takes part in an activity (mission_id); null when the response does not say */
  isActivity: boolean | null;
  /** the activity's id (`mission_id`, the `sid` of x/activity/subject/info); null when none or not said */
  missionId: number | null;
  /** the platform's raw archive state (0 open, −100 deleted by the owner, …); null when absent */
  state: number | null;
  status: VideoStatus;
  /** first page's cid (for danmaku), null when absent */
  cid: number | null;
  /**
   * Taller than wide per the archive's `dimension` (rotate 1 swaps width and height; issue #26, the short-video
   * library). Optional: absent or null when the response does not carry `dimension` (a creator's video list).
   */
  vertical?: boolean | null;
  stats: VideoStats;
  /**
   * Counters of list items beyond VideoStats, kept when the response carries them: `stat.vv` (plays counted
   * as the list's "vv"), `stat.now_rank` / `stat.his_rank` (the video's rank now and its best rank). Optional:
   * sources that never carry them leave them out.
   */
  listStats?: { vv: number | null; nowRank: number | null; hisRank: number | null };
}

/** A background-music tag of view/detail (`Tags[]` with `tag_type: 'bgm'`): 发现《曲名》 and its music id. */
export interface BgmRecord {
  musicId: string;
  /** the title inside 《》, else the whole tag */
  name: string;
  tagName: string;
  jumpUrl: string;
}

/** `x/activity/subject/info?sid=`: an activity (投稿活动) page. Times are Unix seconds, null when 0 or absent. */
export interface ActivityRecord {
  id: number;
  name: string;
  actUrl: string;
  cover: string;
  description: string;
  stime: number | null;
  etime: number | null;
}

export interface PageRecord {
  cid: number;
  page: number;
  part: string;
  /** seconds */
  duration: number;
}

export interface CommentRecord {
  rpid: number;
  /** the commented object (aid for videos) */
  oid: number;
  /** 1 = video */
  type: number;
  mid: number;
  uname: string;
  sex: Sex;
  /** the commenter's level 0–6 (`member.level_info.current_level`), null when absent */
  level: number | null;
  /** province/country from `reply_control.location` ("IP属地：广东" → "广东"), null when hidden */
  ipLocation: string | null;
  message: string;
  /** Unix seconds */
  ctime: number;
  like: number;
  /** 0 for a top-level comment */
  root: number;
  parent: number;
  /** number of replies under it */
  replyCount: number;
  /** a root comment's sub-replies shown inline in list answers (the oldest or hottest few; absent when none) */
  inlineReplies?: CommentRecord[];
}

export interface DanmakuRecord {
  /** position in the video, milliseconds */
  progressMs: number;
  /** 1-3 scrolling, 4 bottom, 5 top, 6 reverse, 7 advanced, 8 code, 9 BAS */
  mode: number;
  fontSize: number;
  color: number;
  /** send time, Unix seconds */
  ctime: number;
  /** 0 normal, 1 subtitle, 2 special */
  pool: number;
  /** hash of the sender's mid (hex) */
  midHash: string;
  /** danmaku id (exceeds 2^53, kept as a string) */
  dmid: string;
  weight: number | null;
  text: string;
}

export interface LiveRoomRecord {
  uid: number;
  roomId: number;
  shortId: number;
  /** 0 offline, 1 live, 2 carousel (轮播) */
  liveStatus: number;
  isLive: boolean;
  online: number;
  /** room followers; null when the response does not carry it */
  attention: number | null;
  title: string;
  cover: string;
  areaName: string;
  parentAreaName: string | null;
  /** Unix seconds the current live began; null when offline or unknown */
  liveStartedAt: number | null;
  uname: string | null;
}

/** `room/v1/Room/room_init`: short id → long id */
export interface LiveRoomInit {
  roomId: number;
  shortId: number;
  uid: number;
  liveStatus: number;
  liveStartedAt: number | null;
}

export type RankingList = 'popular' | 'ranking' | 'weekly';

export interface RankingRecord {
  list: RankingList;
  /** 1-based position in the list (popular: across pages) */
  position: number;
  /** ranking/v2 score (often 0 in recent answers), null for lists without one */
  score: number | null;
  /** popular's rcmd_reason ("百万播放") or the weekly list's reason */
  reason: string | null;
  video: VideoRecord;
}

export interface SearchUserRecord {
  mid: number;
  name: string;
  face: string;
  sign: string;
  fans: number;
  videos: number;
  level: number;
  sex: Sex;
  officialType: OfficialType;
  officialTitle: string;
  isLive: boolean;
  liveRoomId: number | null;
}

/** What a saved response or a collection step yields for ingestion. */
export interface DomainRecords {
  creators: CreatorRecord[];
  videos: VideoRecord[];
  rankings: RankingRecord[];
}

export function emptyRecords(): DomainRecords {
  return { creators: [], videos: [], rankings: [] };
}

/** Adds the counters of relation stat / upstat / navnum answers to a profile record (the patches win where they have a value). */
export function withCreatorStats(
  record: CreatorRecord,
  patch: { relation?: RelationStat | null; upStat?: UpStat | null; navNum?: NavNum | null },
): CreatorRecord {
  const { relation, upStat, navNum } = patch;
  return {
    ...record,
    fans: relation?.fans ?? record.fans,
    following: relation?.following ?? record.following,
    plays: upStat?.plays ?? record.plays,
    likes: upStat?.likes ?? record.likes,
    videoCount: navNum?.videos ?? record.videoCount,
  };
}
