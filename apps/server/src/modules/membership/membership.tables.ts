import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db } from '../../db/client.js';

/**
 * Kysely's view of the tables of migrations/0005_membership.sql. They are kept here, beside the only code
 * that reads them, and joined to the app's `Database` with `db.withTables<MembershipTables>()`; they can
 * move into db/schema.ts unchanged.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Int8 = ColumnType<string, number | bigint | string, number | bigint | string>;
type GenInt8 = ColumnType<string, number | bigint | string | undefined, number | bigint | string>;
type Numeric = ColumnType<string, number | string, number | string>;

export interface PriceOptionsTable {
  id: Generated<number>;
  level: number;
  title: string;
  month_num: number;
  price: Numeric;
  original_price: Numeric;
  save_money: Numeric;
  unit_price: Numeric;
  is_default: Generated<boolean>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface PaymentOrdersTable {
  id: GenInt8;
  order_no: string;
  user_id: Int8;
  kind: 'new' | 'renew' | 'upgrade';
  request_type: number;
  level: number;
  month_num: number;
  price_option_id: number | null;
  price_fen: number;
  credit_fen: Generated<number>;
  amount_fen: number;
  pay_type: number;
  provider: 'alipay' | 'wechatpay' | 'sandbox';
  status: Generated<'created' | 'paid' | 'closed' | 'failed'>;
  code_url: string | null;
  trade_no: string | null;
  fail_reason: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  closed_at: Timestamp | null;
  updated_at: Generated<Date>;
}

export interface PaymentNotifiesTable {
  id: GenInt8;
  provider: string;
  order_no: string | null;
  outcome: string;
  detail: string | null;
  created_at: Generated<Date>;
}

export interface MembershipPeriodsTable {
  id: GenInt8;
  user_id: Int8;
  level: number;
  version_type: Generated<number>;
  start_at: Timestamp;
  end_at: Timestamp;
  source: 'order' | 'trial' | 'admin';
  order_id: Int8 | null;
  created_at: Generated<Date>;
}

export interface QuotaRulesTable {
  kind: 'contrast' | 'export';
  user_type: number;
  monthly_total: number;
}

export interface QuotaUsageTable {
  owner_id: Int8;
  kind: 'contrast' | 'export';
  month: ColumnType<string, string, string>;
  used: Generated<number>;
  updated_at: Generated<Date>;
}

export interface FreeVipApplicationsTable {
  id: GenInt8;
  user_id: Int8;
  company: string;
  contact_name: string;
  phone: string;
  position: string;
  needs: string | null;
  status: 'granted' | 'pending' | 'rejected';
  created_at: Generated<Date>;
  decided_at: Timestamp | null;
}

// A type alias, not an interface: withTables<T> needs T to have an implicit index signature.
export type MembershipTables = {
  price_options: PriceOptionsTable;
  payment_orders: PaymentOrdersTable;
  payment_notifies: PaymentNotifiesTable;
  membership_periods: MembershipPeriodsTable;
  quota_rules: QuotaRulesTable;
  quota_usage: QuotaUsageTable;
  free_vip_applications: FreeVipApplicationsTable;
};

export type MemberDatabase = Database & MembershipTables;
/** The app's database or a transaction, seeing the membership tables too. */
export type MemberDb = Kysely<MemberDatabase>;
export type MemberTrx = Transaction<MemberDatabase>;

export function memberDb(db: Db): MemberDb {
  return db.withTables<MembershipTables>();
}
