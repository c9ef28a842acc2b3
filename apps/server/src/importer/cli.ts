/**
 * `npm run import -- --date 2026-11-01 [--type …] <file…>` (= `node apps/server/dist/importer/cli.js …`):
 * backfills history from saved Bilibili responses. See USAGE and docs/data-sources.md § Importer.
 */
import { parseArgs } from 'node:util';
import { cliDatabase, runAsMain, type CliIo } from '../lib/cli.js';
import {
  checkDay,
  IMPORT_TYPES,
  ImportError,
  importFiles,
  readFiles,
  type ImportSummary,
  type ImportType,
} from './import-file.js';
import { createIngestion, parseDay } from '../modules/ingestion/index.js';
import { ActivityDetailWriter } from './detail-writer.js';
import { keepRawResponses } from './raw-store.js';

export const USAGE = `Usage: node apps/server/dist/importer/cli.js --date YYYY-MM-DD [--type TYPE] [--dry-run] FILE...
       npm run import -- --date YYYY-MM-DD [--type TYPE] [--dry-run] FILE...

Loads files in Bilibili's own response format (the JSON the web API answered, saved as it came: one
response per file, a JSON array of responses, or JSON Lines) and writes their creators, videos and daily
snapshots for the given day through the ingestion upserts; a view/detail response also writes the video's
activity (mission id; the activity's page is read later by the collector) and background music. Importing the
same files again changes nothing. Popular / ranking items that carry the owner's fan count (owner.follower)
write the owner's snapshot of the day too. A day's rows come from that day's responses only and current values
move only forward in time, so days may be imported in any order (a backfill gives what an in-order import
gives). Then run the rollup for them: npm run rollup -- --from FIRST-DAY --to LAST-DAY (docs/pipeline.md).

Refused before anything is written (exit 1): a --date after today (Asia/Shanghai), responses holding videos
published after --date, a list with 0 items of its shape. A list's data saved without its envelope
({"number": …, "list": [ … ]}) is read as that list.

  --date YYYY-MM-DD  the day (Asia/Shanghai) the responses were taken; required
  --type TYPE        ${IMPORT_TYPES.join(' | ')} | auto (default: auto, detected from each response's shape)
                       popular  x/web-interface/popular        ranking  x/web-interface/ranking/v2
                       weekly   popular/series/one (每周必看)    card     x/web-interface/card
                       view     x/web-interface/view           detail   x/web-interface/view/detail
  --dry-run          parse and count only; no database needed
  -h, --help         this text

DATABASE_URL is required: the PostgreSQL the server uses (postgres://user:pass@host:port/db, already
migrated — the server migrates its database when it starts). The importer does not start the embedded
PostgreSQL; to import into a local setup, run the server with DATABASE_URL pointing at a PostgreSQL
server and give the importer the same URL.`;

export type { CliIo };

function formatSummary(s: ImportSummary): string[] {
  const lines = s.files.map((f) => {
    const types = Object.entries(f.byType)
      .map(([t, n]) => `${t}×${n}`)
      .join(', ');
    const skipped = f.skipped.length
      ? `; skipped ${f.skipped.map((k) => `#${k.index + 1} code ${k.code} ${k.message}`).join(', ')}`
      : '';
    return `  ${f.file}: ${f.responses} response(s) ${types}${skipped}`;
  });
  lines.push(
    `creators: ${s.creators.inserted} new, ${s.creators.updated} updated, ${s.creators.dailyWritten} daily rows written (${s.day})`,
    `videos:   ${s.videos.inserted} new, ${s.videos.updated} updated, ${s.videos.dailyWritten} daily rows written; ` +
      `${s.videos.ownersInserted} owner(s) created, ${s.videos.ownerSnapshots ?? 0} owner fan snapshot(s) (owner.follower)`,
    `details:  ${s.details.videos} video detail(s) written, ${s.details.missions} activity id(s) set, ` +
      `${s.details.newActivities} new activit(ies) to read, ${s.details.materialLinks} music link(s) added`,
    `ranking positions read: ${s.rankingPositions} (not stored: no table for the platform's lists yet)`,
    `raw store: ${s.rawKept} response(s) kept as they came (raw_responses; fields the parsers do not know stay there)`,
  );
  if (s.viewOnlyMissions > 0) {
    lines.push(
      `${s.viewOnlyMissions} video(s) name an activity in a view only (not written: import their view/detail, ` +
        'which carries the music too)',
    );
  }
  if (s.details.unknownVideos > 0) lines.push(`${s.details.unknownVideos} detail(s) of videos not stored: skipped`);
  if (s.videos.unknownPartitions.length) {
    const list = s.videos.unknownPartitions.map((p) => `${p.tid}${p.tname ? ` ${p.tname}` : ''}`).join(', ');
    lines.push(
      `unknown partitions (videos stored with tid NULL and recorded in unknown_partition_videos, shown in pipeline ` +
        `health; add the tid to the partitions table and the next rollup moves them): ${list}`,
    );
  }
  return lines;
}

/** Runs the importer; answers the process exit code (0 done, 1 failed, 2 bad usage). `env` defaults to the process's (read by config.ts). */
export async function runCli(argv: readonly string[], io: CliIo, env?: NodeJS.ProcessEnv): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        date: { type: 'string' },
        type: { type: 'string', default: 'auto' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    io.err(`${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = args;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const day = values.date === undefined ? null : parseDay(values.date);
  if (!day) {
    io.err(`--date YYYY-MM-DD is required (got ${values.date ?? 'nothing'})\n\n${USAGE}`);
    return 2;
  }
  const typeArg = values.type;
  const type = typeArg === 'auto' ? 'auto' : IMPORT_TYPES.find((t) => t === typeArg);
  if (!type) {
    io.err(`--type must be auto or one of ${IMPORT_TYPES.join(', ')} (got ${typeArg})\n\n${USAGE}`);
    return 2;
  }
  if (positionals.length === 0) {
    io.err(`no files given\n\n${USAGE}`);
    return 2;
  }

  try {
    if (values['dry-run']) {
      const { records, files } = await readFiles(positionals, type);
      checkDay(records, day);
      for (const f of files) io.out(`  ${f.file}: ${f.responses} response(s), ${f.skipped.length} skipped`);
      io.out(
        `dry run for ${day}: ${records.creators.length} creator(s), ${records.videos.length} video(s), ` +
          `${records.details.length} video detail(s), ${records.rankings.length} ranking position(s); nothing written`,
      );
      return 0;
    }
    const db = cliDatabase(env, io, USAGE);
    if (!db) return 2;
    try {
      const ingestion = createIngestion(db);
      const summary = await importFiles(
        positionals,
        { day, type: type satisfies ImportType | 'auto' },
        ingestion.records,
        new ActivityDetailWriter(db, ingestion.activities),
        (raw, d) => keepRawResponses(db, raw, d),
      );
      io.out(`imported ${positionals.length} file(s) for ${day}:`);
      for (const line of formatSummary(summary)) io.out(line);
    } finally {
      await db.destroy();
    }
    return 0;
  } catch (e) {
    io.err(
      e instanceof ImportError
        ? `import failed, nothing written: ${e.message}`
        : `import failed: ${e instanceof Error ? e.message : String(e)}`,
    );
    return 1;
  }
}

await runAsMain(import.meta.url, runCli);
