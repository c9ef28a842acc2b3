import type pg from 'pg';
import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import type { CreatorSearchIndex } from './modules/creators/search-index.js';
import type { SessionService } from './modules/session/session.service.js';

/** What every module's routes receive: configuration, the database and the shared services. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  pool: pg.Pool;
  sessions: SessionService;
  /** the in-memory creator search index (config.searchIndex), built in the background; null: SQL only */
  searchIndex?: CreatorSearchIndex | null;
}
