/**
 * `npm run rollup -- --from YYYY-MM-DD --to YYYY-MM-DD` (= `node apps/server/dist/jobs/rollup-cli.js …`): runs the
 * derived data (fan events, ranking lists, mcn_daily, and the current figures of the last day) for past days in date
 * order, with progress on the terminal. Idempotent. See USAGE and docs/pipeline.md, "Backfill".
 */
import { parseArgs } from 'node:util';
import { cliDatabase, runAsMain, type CliIo } from '../lib/cli.js';
import { parseDay } from '../modules/ingestion/index.js';
import { MAX_RANGE_DAYS, rollupRange } from '../modules/metrics/index.js';

export const USAGE = `Usage: npm run rollup -- --from YYYY-MM-DD --to YYYY-MM-DD
       node apps/server/dist/jobs/rollup-cli.js --from YYYY-MM-DD [--to YYYY-MM-DD]

Runs the nightly rollup for every day from --from to --to (Asia/Shanghai days), oldest first: each creator's
partition and (where the platform's own are missing) totals from the stored videos, then per day the fan events,
mcn_daily and every ranking list (日榜/周榜/月榜, each compared with the period before it), and for the last day the
current figures (云指数, commercial estimates, portraits). Running a range again gives the same rows. At most
${MAX_RANGE_DAYS} days at a time.

  --from YYYY-MM-DD  first day; required
  --to YYYY-MM-DD    last day (default: --from)
  -h, --help         this text

DATABASE_URL is required (the server's PostgreSQL, already migrated). The same work runs as the operator job
rollup.backfill (POST /api/admin/rollupBackfill {from, to}).`;

export type { CliIo };

/** Answers the exit code: 0 done, 1 failed, 2 bad usage. */
export async function runRollupCli(argv: readonly string[], io: CliIo, env?: NodeJS.ProcessEnv): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (e) {
    io.err(`${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const from = values.from === undefined ? null : parseDay(values.from);
  const to = values.to === undefined ? from : parseDay(values.to);
  if (!from || !to) {
    io.err(
      `--from YYYY-MM-DD is required and --to must be a day (got ${values.from ?? 'nothing'} / ${values.to ?? '-'})\n\n${USAGE}`,
    );
    return 2;
  }
  if (from > to) {
    io.err(`--from ${from} is after --to ${to}\n\n${USAGE}`);
    return 2;
  }
  const db = cliDatabase(env, io, USAGE);
  if (!db) return 2;
  try {
    io.out(`rollup ${from} … ${to}: creator partitions and totals first, then each day in order`);
    const s = await rollupRange(db, from, to, {
      onDay: ({ day, index, total, summary }) =>
        io.out(
          `  [${index}/${total}] ${day}: ${summary.events} fan event(s), ${summary.rankingRows} ranking row(s)` +
            `${summary.current ? ', current figures' : ''} in ${summary.ms} ms`,
        ),
    });
    io.out(`done: ${s.days} day(s), ${s.events} fan event(s), ${s.rankingRows} ranking row(s) in ${s.ms} ms`);
    return 0;
  } catch (e) {
    io.err(`rollup failed: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

await runAsMain(import.meta.url, runRollupCli);
