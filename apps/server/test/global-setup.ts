import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';
import { createDb } from '../src/db/client.js';
import { runSeeds } from '../src/db/seed/index.js';
import { loadConfig } from '../src/config.js';
import { SessionRepository } from '../src/modules/session/session.repository.js';
import { SessionService } from '../src/modules/session/session.service.js';
import { TEST_DEMO_PASSWORD, TEST_SCALE, TEMPLATE_PREFIX } from './constants.js';

/**
 * Once per `npm test`: a PostgreSQL server (TEST_DATABASE_URL, or an embedded one in a temp dir), and a
 * template database migrated and seeded with a small demo world. Each test file clones the template
 * (CREATE DATABASE … TEMPLATE …), so files run in parallel without sharing rows.
 */
let embedded: EmbeddedDatabase | null = null;
let adminUrl = '';
let templateName = '';

export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    adminUrl = external;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-test-pg-'));
    fs.chmodSync(dir, 0o755); // the embedded server runs as its own OS user
    embedded = await startEmbeddedPostgres(dir, undefined, { tuning: 'small' });
    adminUrl = embedded.url;
  }
  templateName = `${TEMPLATE_PREFIX}${process.pid}_${Date.now()}`;
  await createDatabase(adminUrl, templateName);
  const templateUrl = withDatabase(adminUrl, templateName);
  await migrate(templateUrl, path.resolve(import.meta.dirname, '../src/db/migrations'));
  const { db, pool } = createDb(templateUrl, 4);
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), databaseUrl: templateUrl };
  await runSeeds(
    { config, db, pool, sessions: new SessionService(new SessionRepository(db)) },
    { demo: true, scale: TEST_SCALE, seed: 7, demoPassword: TEST_DEMO_PASSWORD, log: () => undefined },
  );
  await db.destroy();
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateName);

  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    const rows = await cleanup.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `${TEMPLATE_PREFIX}${process.pid}_%`,
    ]);
    for (const r of rows.rows) await cleanup.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await cleanup.end();
    if (embedded) await embedded.stop();
  };
}

/**
 * A new database `name` on the server of `adminUrl`: a copy of `template`, or without one an empty database in UTF-8
 * with the C.UTF-8 locale (so pg_trgm handles Chinese).
 */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  await onServer(
    adminUrl,
    template
      ? `CREATE DATABASE ${name} TEMPLATE ${template}`
      : `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  );
}

/** Drops the database `name` of the server of `adminUrl` (connections to it are ended). */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}
