import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db } from '../../db/client.js';

/** Kysely's view of migrations/0027_exports.sql, beside the only code that reads it (as membership.tables.ts). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Int8 = ColumnType<string, number | bigint | string, number | bigint | string>;
type GenInt8 = ColumnType<string, number | bigint | string | undefined, number | bigint | string>;
type Json = ColumnType<unknown, string, string>;

export interface ExportsTable {
  id: GenInt8;
  owner_id: Int8;
  user_id: Int8;
  list: string;
  scope: 'page' | 'first100' | 'all';
  params: Json;
  file_name: string;
  state: Generated<'running' | 'done' | 'failed'>;
  rows_total: number;
  rows_done: Generated<number>;
  quota_rows: Generated<number>;
  size_bytes: number | null;
  error: string | null;
  link_hash: string | null;
  link_expires_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: Timestamp | null;
  expires_at: Timestamp;
}

export interface ExportFilesTable {
  export_id: Int8;
  data: Buffer;
}

// A type alias, not an interface: withTables<T> needs T to have an implicit index signature.
export type ExportTables = {
  exports: ExportsTable;
  export_files: ExportFilesTable;
};
export type ExportDb = Kysely<Database & ExportTables>;

export function exportDb(db: Db): ExportDb {
  return db.withTables<ExportTables>();
}
