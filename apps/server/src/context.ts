import type pg from 'pg';
import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import type { PreparedPool, ReadReplica } from './db/read-replica.js';
import type { CreatorSearchBackend } from './modules/creators/search-backend.js';
import type { SessionService } from './modules/session/session.service.js';

/** What every module's routes receive: configuration, the database and the shared services. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  pool: pg.Pool;
  /**
   * Discovery reads (search, rankings, creator and video details, hot content, the dashboards' platform figures):
   * the streaming replica while it is healthy, else the primary (db/read-replica.ts). Absent (tools, tests that
   * build a context by hand): `db`. Accounts, money, quotas, lists, sessions and a user's own writes use `db`.
   */
  readDb?: Db;
  /** prepared statements of the discovery reads (same routing as readDb); absent: `pool` */
  readPool?: PreparedPool;
  /** the replica's health and routing (null/absent: no DATABASE_REPLICA_URL) */
  replica?: ReadReplica | null;
  sessions: SessionService;
  /** the in-memory creator search index (config.searchIndex), built in the background; null: SQL only */
  searchIndex?: CreatorSearchBackend | null;
}

/** The discovery modules' database: the replica-routed readDb and readPool, or the primary's when absent. */
export function discoveryReads(ctx: AppContext): { db: Db; pool: PreparedPool } {
  return { db: ctx.readDb ?? ctx.db, pool: ctx.readPool ?? ctx.pool };
}
