import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { ARTIFACTS, launch } from './browser.js';

/**
 * The Chromium of one e2e file: launched before its tests, closed after them. Call it at the top level of the
 * file; the answer gives the browser once `beforeAll` has run (each file used to repeat these hooks).
 */
export function suiteBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  beforeEach(({ onTestFailed, task }) => {
    onTestFailed(async () => {
      if (browser) await reportFailure(browser, task.name);
    });
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

const SERVER_LOG = path.join(import.meta.dirname, '..', 'artifacts', 'e2e-server.log');

/**
 * What a failed journey leaves for whoever reads CI's output: each open page's URL, the messages on it (toasts,
 * notifications, alerts, dialog titles) and a screenshot in artifacts/e2e, then the server log's last lines. CI
 * prints only the test's output, so without this a timeout says nothing of what the page showed.
 */
async function reportFailure(browser: Browser, name: string): Promise<void> {
  const lines: string[] = [`--- e2e failure: ${name}`];
  const slug = name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);
  let n = 0;
  for (const context of browser.contexts()) {
    for (const page of context.pages()) {
      n += 1;
      try {
        const shown = await page
          .locator('.ant-message-notice, .ant-notification-notice, .ant-alert, .ant-modal-title, .ant-popover-inner')
          .allInnerTexts();
        lines.push(`page ${n}: ${page.url()}`, ...shown.map((t) => `  shows: ${t.replace(/\s+/g, ' ').slice(0, 200)}`));
        fs.mkdirSync(ARTIFACTS, { recursive: true });
        const file = path.join(ARTIFACTS, `failed-${slug}-${n}.png`);
        await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
        lines.push(`  screenshot: ${file}`);
      } catch (err) {
        lines.push(`  (could not read page ${n}: ${String(err).slice(0, 200)})`);
      }
    }
  }
  try {
    const log = fs.readFileSync(SERVER_LOG, 'utf8').split('\n');
    lines.push('--- the server log, last 40 lines:', ...log.slice(-41).map((l) => l.slice(0, 400)));
  } catch {
    lines.push('--- no server log');
  }
  console.error(lines.join('\n'));
}
