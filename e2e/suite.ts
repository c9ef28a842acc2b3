import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser.js';

/**
 * The Chromium of one e2e file: launched before its tests, closed after them. Call it at the top level of the
 * file; the answer gives the browser once `beforeAll` has run (each file used to repeat these hooks).
 */
export function suiteBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll: call it inside a test or hook');
    return browser;
  };
}

/** A client of the e2e server's database for one file: connected before its tests, ended after them. */
export function suiteDb(): pg.Client {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  beforeAll(async () => {
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
  });
  return db;
}

/** The simulator's URL, from the e2e server's log (`[sim] Bilibili simulator at …`). */
export function simUrl(): string {
  const log = fs.readFileSync(path.join(import.meta.dirname, '..', 'artifacts', 'e2e-server.log'), 'utf8');
  const m = /\[sim\] Bilibili simulator at (http:\/\/\S+)/.exec(log);
  if (!m?.[1]) throw new Error('no simulator URL in the server log');
  return m[1];
}
