import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables created by migrations/*.sql (snake_case, as in SQL). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Int8 = ColumnType<string, number | bigint | string, number | bigint | string>;
type GenInt8 = ColumnType<string, number | bigint | string | undefined, number | bigint | string>;

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
  level: Generated<number>;
  sex: Generated<number>;
  official_type: Generated<number>;
  official_title: Generated<string>;
  partition_tid: number | null;
  mcn_id: number | null;
  live_room_id: Int8 | null;
  is_live: Generated<number>;
  fans: GenInt8;
  following: GenInt8;
  likes: GenInt8;
  plays: GenInt8;
  video_count: Generated<number>;
  index_num: ColumnType<string, number | string | undefined, number | string>;
  tracked_since: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CreatorDailyTable {
  creator_id: Int8;
  day: ColumnType<string, string, string>;
  fans: Int8;
  following: GenInt8;
  likes: Int8;
  plays: Int8;
  video_count: number;
  charging: Generated<number>;
}

export interface VideosTable {
  id: GenInt8;
  aid: Int8;
  bvid: string;
  creator_id: Int8;
  title: string;
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
}

export interface VideoDailyTable {
  video_id: Int8;
  day: ColumnType<string, string, string>;
  play: Int8;
  likes: Int8;
  coin: Int8;
  favorite: Int8;
  share: Int8;
  reply: Int8;
  danmaku: Int8;
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
  video_daily: VideoDailyTable;
  wechat_identities: WechatIdentitiesTable;
  qr_tickets: QrTicketsTable;
  account_tickets: AccountTicketsTable;
  mail_outbox: MailOutboxTable;
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
