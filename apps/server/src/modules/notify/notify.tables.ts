import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db } from '../../db/client.js';

/** Kysely's view of migrations/0035_notify.sql, beside the only code that reads it (as export.tables.ts). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Int8 = ColumnType<string, number | bigint | string, number | bigint | string>;
type GenInt8 = ColumnType<string, number | bigint | string | undefined, number | bigint | string>;
type Json = ColumnType<unknown, string | null, string | null>;

export type NotifyChannel = 'mail' | 'wecom' | 'dingtalk' | 'feishu';
export type DeliveryStatus = 'sent' | 'failed' | 'sandbox' | 'skipped';

export interface NotificationsTable {
  id: GenInt8;
  team_id: Int8;
  user_id: Int8 | null;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  dedupe_key: string;
  created_at: Generated<Date>;
  read_at: Timestamp | null;
}

export interface TeamWebhooksTable {
  id: GenInt8;
  team_id: Int8;
  provider: 'wecom' | 'dingtalk' | 'feishu';
  url: string;
  enabled: Generated<boolean>;
  created_by: Int8 | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface NotificationDeliveriesTable {
  id: GenInt8;
  notification_id: Int8 | null;
  team_id: Int8;
  channel: NotifyChannel;
  status: DeliveryStatus;
  payload: Json;
  detail: string | null;
  created_at: Generated<Date>;
}

// A type alias, not an interface: withTables<T> needs T to have an implicit index signature.
export type NotifyTables = {
  notifications: NotificationsTable;
  team_webhooks: TeamWebhooksTable;
  notification_deliveries: NotificationDeliveriesTable;
};
export type NotifyDb = Kysely<Database & NotifyTables>;

export function notifyDb(db: Db): NotifyDb {
  return db.withTables<NotifyTables>();
}
