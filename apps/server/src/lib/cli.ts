import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.js';
import { createDb, type Db } from '../db/client.js';

/** What a command-line tool writes: its output and its errors, a line at a time (tests collect them). */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * A command-line tool's database (two connections) at DATABASE_URL; null, with the tool's usage on stderr, when
 * DATABASE_URL is not set (the tool then exits 2, bad usage).
 */
export function cliDatabase(env: NodeJS.ProcessEnv | undefined, io: CliIo, usage: string): Db | null {
  const config = loadConfig(env);
  if (!config.databaseUrl) {
    io.err(`DATABASE_URL is not set.\n\n${usage}`);
    return null;
  }
  return createDb(config.databaseUrl, 2).db;
}

/**
 * Runs a tool when its module is the process's entry point (`node dist/…/cli.js args`; not when a test imports it):
 * the arguments after the script, stdout and stderr, its answer as the exit code.
 */
export async function runAsMain(
  moduleUrl: string,
  run: (argv: readonly string[], io: CliIo) => Promise<number>,
): Promise<void> {
  if (process.argv[1] === undefined || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  process.exitCode = await run(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
