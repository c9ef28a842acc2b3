import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/server/src/db/embedded.js';

/**
 * Starts PostgreSQL (TEST_DATABASE_URL's server with a fresh database, or an embedded one) and the built
 * server (`apps/server/dist/main.js`, which serves the built web app) on a free port, with a small demo
 * world. The journeys talk to it through Chromium; they may read the database (the sandbox SMS outbox).
 */
const root = path.resolve(import.meta.dirname, '..');
let server: ChildProcess | null = null;
let embedded: EmbeddedDatabase | null = null;
let dropDb: (() => Promise<void>) | null = null;

export default async function setup(project: TestProject) {
  let databaseUrl: string;
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const name = `xg_e2e_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(
      `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    );
    await admin.end();
    const u = new URL(external);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: external });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-e2e-pg-'));
    fs.chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres(dir, undefined, { tuning: 'small' });
    databaseUrl = embedded.url;
  }

  const port = await freePort();
  const logFile = path.join(root, 'artifacts', 'e2e-server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DEMO_SCALE: '0.2',
      DEMO_PASSWORD: 'e2e-demo-pass',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, 180_000);
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', databaseUrl);

  return async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server?.once('exit', r));
    }
    if (dropDb) await dropDb();
    if (embedded) await embedded.stop();
  };
}

async function waitForHealth(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null)
      throw new Error(`server exited with ${server?.exitCode}; see artifacts/e2e-server.log`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become healthy in time; see artifacts/e2e-server.log');
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}
