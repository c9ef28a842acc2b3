import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables created by migrations/*.sql (snake_case, as in SQL). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Int8 = ColumnType<string, number | bigint | string, number | bigint | string>;
type GenInt8 = ColumnType<string, number | bigint | string | undefined, number | bigint | string>;
/** a bigint column that may be NULL (unknown) */
type NullInt8 = ColumnType<string | null, number | bigint | string | null | undefined, number | bigint | string | null>;

export interface AppMetaTable {
  key: string;
  value: unknown;
  updated_at: Generated<Date>;
}

export interface UsersTable {
  id: GenInt8;
  username: string;
  phone: string | null;
  email: string | null;
  password_hash: string;
  user_image: Generated<string>;
  cover_image: Generated<string>;
  user_type: Generated<number>;
  version_type: Generated<number>;
  maturity_time: Timestamp | null;
  parent_id: Int8 | null;
  buy_month_num: Generated<number>;
  is_old_password: Generated<number>;
  identity_type: number | null;
  invite_code: string;
  invited_by: Int8 | null;
  register_parent: string | null;
  source: string | null;
  ta_id: string | null;
  is_demo: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: GenInt8;
  user_id: Int8;
  token_hash: string;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: 'replaced' | 'logout' | 'expired' | 'admin' | null;
  ip: string | null;
  user_agent: string | null;
}

export interface CaptchasTable {
  id: string;
  code_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  ip: string | null;
}

export interface SmsCodesTable {
  id: GenInt8;
  phone: string;
  type: number;
  code: string;
  provider: string;
  ip: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  attempts: Generated<number>;
  /** 'sms' or 'mail' (migration 0004); for 'mail' the phone column holds the address */
  channel: Generated<string>;
}

export interface MenusTable {
  id: number;
  parent_id: number | null;
  path: string;
  name: string;
  component: string;
  redirect: string | null;
  hidden: Generated<boolean>;
  title: string;
  icon: string | null;
  tag: string | null;
  parent_title: string | null;
  sort: Generated<number>;
  min_user_type: Generated<number>;
  open_default: Generated<boolean>;
  enabled: Generated<boolean>;
}

export interface PartitionsTable {
  tid: number;
  parent_id: number | null;
  name: string;
  sort: Generated<number>;
}

export interface McnsTable {
  id: Generated<number>;
  name: string;
}

export interface CreatorsTable {
  id: GenInt8;
  mid: Int8;
  name: string;
  name_grams: ColumnType<string[], never, never>;
  face: Generated<string>;
  sign: Generated<string>;
  /** 0031: NULL when the platform did not send it (shown "-") */
  level: ColumnType<number | null, number | null | undefined, number | null>;
  sex: Generated<number>;
  official_type: Generated<number>;
  official_title: Generated<string>;
  partition_tid: number | null;
  mcn_id: number | null;
  live_room_id: Int8 | null;
  is_live: Generated<number>;
  fans: GenInt8;
  /** 0031: NULL when the platform did not send it (shown "-") */
  following: NullInt8;
  likes: GenInt8;
  plays: GenInt8;
  video_count: Generated<number>;
  index_num: ColumnType<string, number | string | undefined, number | string>;
  tracked_since: Generated<Date>;
  updated_at: Generated<Date>;
  /** 0016: hash of the profile fields of the record last applied by the ingestor; NULL after any other write */
  profile_hash: Int8 | null;
  /**
   * 0018: the platform's own totals (plays, likes, video count) were collected at least once; false → the rollup
   * derives them from the stored videos (docs/metrics.md, "Creator totals")
   */
  platform_totals: Generated<boolean>;
  /** 0031: the day of the newest creator record whose profile the row holds (NULL: none since 0031) */
  profile_day: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The collector's scheduling state of a creator (migration 0014, docs/pipeline.md § Cadence). A creator without
 * a row: cadence 'daily', never collected, no slot yet, never viewed.
 */
export interface CreatorScheduleTable {
  creator_id: Int8;
  /** collection cadence class */
  cadence: ColumnType<CreatorCadence, CreatorCadence | undefined, CreatorCadence>;
  last_collected_at: Timestamp | null;
  /** the next collection slot or a claim lease; null: no slot yet */
  next_collect_at: Timestamp | null;
  viewed_at: Timestamp | null;
}

export interface CreatorDailyTable {
  creator_id: Int8;
  day: ColumnType<string, string, string>;
  fans: Int8;
  /** 0031: NULL when neither the day nor an earlier day carried it */
  following: NullInt8;
  likes: Int8;
  plays: Int8;
  video_count: number;
  charging: Generated<number>;
  /** 0031: bits of the counters the day's own responses carried (fans 1, following 2, likes 4, plays 8, video_count 16); NULL = all */
  known: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface VideosTable {
  id: GenInt8;
  aid: Int8;
  bvid: string;
  creator_id: Int8;
  title: string;
  /** 0008: unigrams and bigrams of lower(title), for 1–2 character title search */
  title_grams: ColumnType<string[], never, never>;
  cover: Generated<string>;
  description: Generated<string>;
  duration: Generated<number>;
  pubdate: Timestamp;
  tid: number | null;
  copyright: Generated<number>;
  is_activity: Generated<number>;
  status: Generated<number>;
  play: GenInt8;
  likes: GenInt8;
  coin: GenInt8;
  favorite: GenInt8;
  share: GenInt8;
  reply: GenInt8;
  danmaku: GenInt8;
  updated_at: Generated<Date>;
  /** 0016: hash of the non-counter fields of the record last applied by the ingestor; NULL after any other write */
  meta_hash: Int8 | null;
  /** 0023: the platform's channel and topic tags of the video (view/detail `Tags`, not background music) */
  tags: Generated<string[]>;
  /** 0059: taller than wide per the platform's `dimension`; NULL until an answer carrying it was read */
  vertical: boolean | null;
}

/** 0017: the newest day of each daily snapshot table, kept by statement triggers (it only rises) */
export interface DailyHighWaterTable {
  table_name: 'creator_daily' | 'video_daily';
  day: ColumnType<string, string, string>;
}

/** A video's counters as a daily row and a monitor sample both store them. */
export interface VideoCounterColumns {
  play: Int8;
  likes: Int8;
  coin: Int8;
  favorite: Int8;
  share: Int8;
  reply: Int8;
  danmaku: Int8;
}

/** The same counters as a raw sql`` read answers them (int8 as text). */
export type VideoCounterText = { [K in keyof VideoCounterColumns]: string };

/** The same counters as numbers (the demo generator's rows, figures computed from them). */
export type VideoCounts = { [K in keyof VideoCounterColumns]: number };

export interface VideoDailyTable extends VideoCounterColumns {
  video_id: Int8;
  day: ColumnType<string, string, string>;
}

export interface Database {
  app_meta: AppMetaTable;
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  menus: MenusTable;
  partitions: PartitionsTable;
  mcns: McnsTable;
  creators: CreatorsTable;
  creator_daily: CreatorDailyTable;
  videos: VideosTable;
  daily_high_water: DailyHighWaterTable;
  video_daily: VideoDailyTable;
  wechat_identities: WechatIdentitiesTable;
  qr_tickets: QrTicketsTable;
  account_tickets: AccountTicketsTable;
  mail_outbox: MailOutboxTable;
  // pipeline (migration 0006)
  comments: CommentsTable;
  danmaku: DanmakuTable;
  comment_crawls: CommentCrawlsTable;
  video_samples: VideoSamplesTable;
  live_samples: LiveSamplesTable;
  // messages of monitored live rooms (migration 0067)
  live_messages: LiveMessagesTable;
  collection_requests: CollectionRequestsTable;
  monitor_targets: MonitorTargetsTable;
  job_stats: JobStatsTable;
  job_status: JobStatusTable;
  pipeline_state: PipelineStateTable;
  // scheduling state of the creators (migration 0014)
  creator_schedule: CreatorScheduleTable;
  // derived data (migration 0007, docs/metrics.md)
  partition_priors: PartitionPriorsTable;
  region_priors: RegionPriorsTable;
  fan_events: FanEventsTable;
  creator_metrics: CreatorMetricsTable;
  partition_portraits: PartitionPortraitsTable;
  mcn_daily: McnDailyTable;
  rankings: RankingsTable;
  // real data (migration 0018)
  unknown_partition_videos: UnknownPartitionVideosTable;
  raw_responses: RawResponsesTable;
  // creators whose partition the next rollup derives (migration 0030)
  creator_partition_stale: CreatorPartitionStaleTable;
}

// Accounts (migration 0004) ---------------------------------------------------------------------------

export interface WechatIdentitiesTable {
  id: GenInt8;
  openid: string;
  nickname: Generated<string>;
  provider: 'official' | 'sandbox';
  user_id: Int8 | null;
  created_at: Generated<Date>;
  linked_at: Timestamp | null;
}

export interface QrTicketsTable {
  id: GenInt8;
  sign_hash: string;
  scene: string;
  flag: number;
  status: ColumnType<
    'waiting' | 'scanned' | 'done',
    'waiting' | 'scanned' | 'done' | undefined,
    'waiting' | 'scanned' | 'done'
  >;
  identity_id: Int8 | null;
  ta_id_hash: string | null;
  ta_expires_at: Timestamp | null;
  ta_used_at: Timestamp | null;
  ip: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  scanned_at: Timestamp | null;
  done_at: Timestamp | null;
}

export interface AccountTicketsTable {
  id: GenInt8;
  user_id: Int8;
  purpose: 'phone_change';
  ticket_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface MailOutboxTable {
  id: GenInt8;
  to_address: string;
  subject: string;
  body: string;
  provider: string;
  created_at: Generated<Date>;
}

// Pipeline (migration 0006, docs/pipeline.md) ----------------------------------------------------------------

export type CreatorCadence = 'hot' | 'high' | 'daily' | 'viewed';

export interface CommentsTable {
  id: GenInt8;
  video_id: Int8;
  rpid: Int8;
  mid: Int8;
  uname: string;
  sex: Generated<number>;
  ip_location: string | null;
  message: string;
  ctime: Timestamp;
  likes: Generated<number>;
  sentiment: number | null;
  collected_at: Generated<Date>;
  root: Generated<string>;
}

export interface DanmakuTable {
  id: GenInt8;
  video_id: Int8;
  cid: Int8;
  progress_ms: number;
  ctime: Timestamp;
  mid_hash: string;
  text: string;
  sentiment: number | null;
  dmid: string | null;
}

export interface CommentCrawlsTable {
  video_id: Int8;
  comments_at: Timestamp | null;
  comments_seen: Generated<number>;
  danmaku_at: Timestamp | null;
  danmaku_seen: Generated<number>;
}

export interface VideoSamplesTable extends VideoCounterColumns {
  video_id: Int8;
  ts: Timestamp;
}

export interface LiveSamplesTable {
  room_id: Int8;
  creator_id: Int8 | null;
  ts: Timestamp;
  live_status: number;
  online: number;
  danmaku_rate: number | null;
  gift_value: ColumnType<string | null, number | string | null | undefined, number | string | null>;
}

export interface LiveMessagesTable {
  room_id: Int8;
  ts: Timestamp;
  kind: 'danmaku' | 'gift' | 'superchat' | 'guard';
  uid: Int8;
  uname: string;
  text: string;
  num: number;
  value: ColumnType<string, number | string | undefined, number | string>;
}

export type CollectionRequestState = 'queued' | 'searchable' | 'done' | 'failed' | 'not_found';

export interface CollectionRequestsTable {
  id: GenInt8;
  mid: Int8;
  requested_by: Int8 | null;
  input: string | null;
  state: ColumnType<CollectionRequestState, CollectionRequestState | undefined, CollectionRequestState>;
  creator_id: Int8 | null;
  error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MonitorTargetsTable {
  id: GenInt8;
  kind: 'video' | 'live';
  video_id: Int8 | null;
  room_id: Int8 | null;
  creator_id: Int8 | null;
  window_start: Timestamp;
  window_end: Timestamp;
  /** null: 300 s (video) / 60 s (live) */
  interval_seconds: number | null;
  created_by: Int8 | null;
  created_at: Generated<Date>;
}

export interface JobStatsTable {
  name: string;
  minute: Timestamp;
  ok: Generated<number>;
  failed: Generated<number>;
}

export interface JobStatusTable {
  name: string;
  last_success_at: Timestamp | null;
  last_failure_at: Timestamp | null;
  last_error: string | null;
  successes: GenInt8;
  failures: GenInt8;
}

export interface PipelineStateTable {
  key: string;
  value: unknown;
  updated_at: Generated<Date>;
}

// Derived data (migration 0007, docs/metrics.md "Derived data") ----------------------------------------------

type DerivedDate = ColumnType<string, string, string>;
type DerivedNum = ColumnType<string, number | string, number | string>;

export interface PartitionPriorsTable {
  tid: number;
  name: string;
  price_factor: DerivedNum;
  male_pct: DerivedNum;
  age_pct: ColumnType<string[], (number | string)[], (number | string)[]>;
}

export interface RegionPriorsTable {
  region: string;
  weight: DerivedNum;
}

export interface FanEventsTable {
  creator_id: Int8;
  day: DerivedDate;
  kind: 'rise' | 'drop';
  delta: Int8;
  baseline: DerivedNum | null;
  fans: Int8;
  cause_video_id: Int8 | null;
}

export interface CreatorMetricsTable {
  creator_id: Int8;
  day: DerivedDate;
  /** the creator's partition on `day` (0029: similar creators' candidates, index with fans) */
  partition_tid: number | null;
  fans: Int8;
  fans_change_1: Int8 | null;
  fans_change_7: Int8 | null;
  fans_change_30: Int8 | null;
  index_num: DerivedNum;
  sample_window: number;
  week_video_num: number;
  week_avg_play: Int8;
  avg_praise: Int8;
  week_avg_collect: Int8;
  week_avg_share: Int8;
  week_avg_comment: Int8;
  week_cast_currency: Int8;
  charging_num: number;
  recent_avg_play: Int8;
  engagement_rate: number;
  videos_30d: number;
  normal_price: Int8;
  video_price: Int8;
  implantation_price: Int8;
  special_price: Int8;
  business_value: Int8;
  /** NULL (with the other two) when portrait_tid names the partition portrait the creator shows (migration 0013). */
  gender_portrait: string | null;
  age_portrait: string | null;
  area_portrait: string | null;
  /** partition_portraits.tid whose strings stand for the three above when they are NULL. */
  portrait_tid: number | null;
  portrait_source: 'creator' | 'partition';
  portrait_sample: number;
  audience_male_pct: DerivedNum;
  audience_top_region: string | null;
  computed_at: Generated<Date>;
}

export interface PartitionPortraitsTable {
  tid: number;
  day: DerivedDate;
  sample_size: number;
  male_pct: DerivedNum;
  gender_portrait: string;
  age_portrait: string;
  area_portrait: string;
  top_region: string | null;
  computed_at: Generated<Date>;
}

export interface McnDailyTable {
  mcn_id: number;
  day: DerivedDate;
  creator_count: number;
  fans_sum: Int8;
  fans_gain: Int8;
}

export interface RankingsTable {
  kind: 'fans' | 'increase' | 'decrease' | 'business' | 'company';
  period: 'day' | 'week' | 'month';
  day: DerivedDate;
  partition_tid: number;
  rank: number;
  period_start: DerivedDate;
  creator_id: Int8 | null;
  mcn_id: number | null;
  value: Int8;
  /** 0018: NULL when there is nothing to compare with (docs/metrics.md, "较上期") */
  delta: Int8 | null;
  fans: Int8;
  creator_count: number | null;
  /** 0018: the snapshot days the value and the change start come from */
  value_day: DerivedDate | null;
  base_day: DerivedDate | null;
}

/** The raw store (migration 0019): every imported response as it came. */
export interface RawResponsesTable {
  id: GenInt8;
  kind: string;
  day: DerivedDate;
  body: unknown;
  body_md5: string;
  source: Generated<string>;
  received_at: Generated<Date>;
}

/** Videos whose reported tid the partition tree does not have (migration 0018). */
export interface UnknownPartitionVideosTable {
  aid: Int8;
  tid: number;
  tname: string | null;
  day: DerivedDate;
}

/** Marked by triggers on videos when a video's tid, status, pubdate or owner changes (migration 0030). */
export interface CreatorPartitionStaleTable {
  creator_id: Int8;
}
