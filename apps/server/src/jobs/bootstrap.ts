/**
 * The background of a server process (main.ts): the in-process Bilibili simulator when SIM_ENABLED and
 * BILIBILI_SOURCE=sim (its world is the seeded demo world: `today` = app_meta.demo_world.historyEnd + 1), the
 * Bilibili client against it (or the configured hosts), and the pipeline with the roles of this process.
 * It starts after the web listens, so the site is up at once while the collector warms up behind it.
 */
import pino from 'pino';
import type { AppConfig, ProcessRole } from '../config.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { DEMO_WORLD_KEY } from '../db/seed/demo-world.js';
import { addDays } from '../db/seed/world/days.js';
import { createBilibiliClient } from '../providers/bilibili/index.js';
import { SIM_LOGIN_COOKIE, startSimulator, type RunningSimulator } from '../sim/index.js';
import type { PipelineLogger } from './clock.js';
import { prettyLogStream, type LogFormat } from '../lib/log-format.js';
import { Pipeline } from './runtime.js';

export interface Roles {
  api: boolean;
  worker: boolean;
  scheduler: boolean;
}

export function rolesOf(role: ProcessRole): Roles {
  return {
    api: role === 'all' || role === 'api',
    worker: role === 'all' || role === 'worker',
    scheduler: role === 'all' || role === 'scheduler',
  };
}

export interface Background {
  sim: RunningSimulator | null;
  pipeline: Pipeline | null;
  stop(): Promise<void>;
}

export function pipelineLogger(level: string, format: LogFormat = 'json'): PipelineLogger {
  const options = { level, base: { component: 'pipeline' } };
  const logger = format === 'pretty' ? pino(options, prettyLogStream()) : pino(options);
  return {
    info: (message, extra) => logger.info(extra ?? {}, message),
    warn: (message, extra) => logger.warn(extra ?? {}, message),
    error: (message, extra) => logger.error(extra ?? {}, message),
  };
}

/** The seeded demo world's load day (historyEnd + 1), or undefined when no demo world is loaded. */
export async function demoWorldToday(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', DEMO_WORLD_KEY).executeTakeFirst();
  const historyEnd = (row?.value as { historyEnd?: unknown } | undefined)?.historyEnd;
  return typeof historyEnd === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(historyEnd) ? addDays(historyEnd, 1) : undefined;
}

export async function startBackground(options: {
  config: AppConfig;
  ctx: AppContext;
  databaseUrl: string;
  roles: Roles;
  say: (line: string) => void;
}): Promise<Background> {
  const { config, ctx, databaseUrl, roles, say } = options;
  let sim: RunningSimulator | null = null;
  let pipeline: Pipeline | null = null;
  const background: Background = {
    get sim() {
      return sim;
    },
    get pipeline() {
      return pipeline;
    },
    async stop() {
      if (pipeline) await pipeline.stop(10_000);
      if (sim) await sim.close().catch(() => undefined);
    },
  };
  if (!config.pipeline.enabled) {
    say('[pipeline] PIPELINE_ENABLED=false: no collector in this process');
    return background;
  }

  const sourceIsSim = config.bilibili.source === 'sim';
  if (sourceIsSim && config.sim.enabled) {
    const today = await demoWorldToday(ctx.db);
    sim = await startSimulator({
      seed: config.sim.seed,
      scale: config.sim.scale,
      speed: config.sim.speed,
      faults: config.sim.faults,
      port: config.sim.port,
      ...(today ? { today } : {}),
    });
    say(`[sim] Bilibili simulator at ${sim.url} (demo world day ${today ?? 'today'}, speed ×${config.sim.speed})`);
  }
  const client = createBilibiliClient(config.bilibili, {
    ...(sim ? { simBaseUrl: sim.url } : {}),
    ...(sourceIsSim && !config.bilibili.cookie ? { cookie: SIM_LOGIN_COOKIE } : {}),
  });
  if (!client) say(`[pipeline] no Bilibili source (BILIBILI_SOURCE=${config.bilibili.source}): collection is off`);

  pipeline = await Pipeline.start({
    databaseUrl,
    db: ctx.db,
    client,
    settings: config.pipeline,
    roles: { worker: roles.worker && client !== null, scheduler: roles.scheduler && client !== null },
    log: pipelineLogger(config.logLevel, config.logFormat),
  });
  pipeline.attach(ctx);
  const parts = [
    roles.worker && client ? `workers (concurrency ${config.pipeline.workerConcurrency})` : null,
    roles.scheduler && client ? 'scheduler' : null,
  ].filter(Boolean);
  say(
    `[pipeline] job system up${parts.length ? `: ${parts.join(', ')}` : ''} (${config.bilibili.rps} requests/s budget)`,
  );
  return background;
}
