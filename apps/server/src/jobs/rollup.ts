/**
 * The nightly rollups belong to the metrics module (modules/metrics, another engineer's part). The contract:
 * `export async function runNightlyRollups(db: Db, day: string): Promise<void>` exported from
 * `modules/metrics/index.ts`. It is loaded at run time, so the pipeline builds and runs before that module
 * exists; while it is missing, `rollup.nightly` logs and skips.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client.js';

export type NightlyRollups = (db: Db, day: string) => Promise<void>;

const METRICS_SPECIFIER = '../modules/metrics/index.js';

/** The metrics module's entry point, or null when the module (or the export) does not exist. */
export async function loadNightlyRollups(): Promise<NightlyRollups | null> {
  const js = fileURLToPath(new URL(METRICS_SPECIFIER, import.meta.url));
  const ts = js.replace(/\.js$/, '.ts');
  if (!fs.existsSync(js) && !fs.existsSync(ts)) return null;
  const specifier: string = METRICS_SPECIFIER;
  const mod = (await import(specifier)) as { runNightlyRollups?: unknown };
  return typeof mod.runNightlyRollups === 'function' ? (mod.runNightlyRollups as NightlyRollups) : null;
}
