/**
 * Test support for the pipeline (not used by the app): the simulator on a clock the test moves, a client
 * against it with a generous budget and tiny backoff, and a pipeline on the test's database with its loops
 * off — tests step it with `kit.pipeline.scheduler.tick()` and `kit.pipeline.runPending()`.
 */
import { loadConfig, type PipelineSettings } from '../config.js';
import type { AppContext } from '../context.js';
import { dayStartMs } from '../db/seed/world/days.js';
import { BilibiliClient, type AttemptEvent } from '../providers/bilibili/index.js';
import type { FaultRates } from '../sim/http/faults.js';
import { SIM_LOGIN_COOKIE, startSimulator, type RunningSimulator } from '../sim/index.js';
import { sessionsBetween, type LiveSession } from '../sim/world/live.js';
import type { SimWorld } from '../sim/world/world.js';
import { demoWorldToday } from './bootstrap.js';
import { Pipeline } from './runtime.js';

export interface TestClock {
  now(): number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start: number): TestClock {
  let t = start;
  return {
    now: () => t,
    set: (ms) => {
      t = ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

export interface PipelineKit {
  sim: RunningSimulator;
  client: BilibiliClient;
  clock: TestClock;
  pipeline: Pipeline;
  /** every attempt the client made (the client's onAttempt) */
  attempts: AttemptEvent[];
  /** the demo world's load day (the simulator's epoch day) */
  today: string;
  settings: PipelineSettings;
  close(): Promise<void>;
}

export interface PipelineKitOptions {
  ctx: AppContext;
  databaseUrl: string;
  /** the seeded demo world's seed and scale (test/constants.ts) */
  seed: number;
  scale: number;
  /**
   * The simulator's load day when the database has no demo world (an empty database the collector fills, SEED_DEMO=
   * false); by default the demo world's load day, and a database without one is refused.
   */
  today?: string;
  /** ms after the epoch (00:00 Asia/Shanghai of the load day) the clock starts at; default 10 h */
  startOffsetMs?: number;
  faults?: Partial<FaultRates>;
  settings?: Partial<PipelineSettings>;
  lockKey?: number;
  maxAttempts?: number;
  /** the client's budget (default 1000 requests/s) */
  rps?: number;
  attach?: boolean;
}

export async function startPipelineKit(options: PipelineKitOptions): Promise<PipelineKit> {
  const today = options.today ?? (await demoWorldToday(options.ctx.db));
  if (!today) throw new Error('the test database has no demo world (pass `today` for an empty database)');
  const clock = testClock(dayStartMs(today) + (options.startOffsetMs ?? 10 * 3600_000));
  const sim = await startSimulator({
    seed: options.seed,
    scale: options.scale,
    today,
    now: () => clock.now(),
    warm: false,
    faults: options.faults ?? {},
  });
  const attempts: AttemptEvent[] = [];
  const client = new BilibiliClient({
    hosts: { api: sim.url, live: sim.url, comment: sim.url, www: sim.url },
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    cookie: SIM_LOGIN_COOKIE,
    rps: options.rps ?? 1000,
    maxAttempts: options.maxAttempts ?? 8,
    timeoutMs: 5000,
    backoff: { baseMs: 2, capMs: 20 },
    onAttempt: (e) => attempts.push(e),
  });
  const settings: PipelineSettings = {
    ...loadConfig({ NODE_ENV: 'test' }).pipeline,
    commentVideos: 0,
    ...options.settings,
  };
  const pipeline = await Pipeline.start({
    databaseUrl: options.databaseUrl,
    db: options.ctx.db,
    client,
    settings,
    roles: { worker: false, scheduler: false },
    clock,
    jobs: { retryDelaySeconds: 0, pollingIntervalSeconds: 0.5, poolMax: 3 },
    lockKey: options.lockKey,
    quickTimeoutMs: 5000,
  });
  if (options.attach !== false) pipeline.attach(options.ctx);
  return {
    sim,
    client,
    clock,
    pipeline,
    attempts,
    today,
    settings,
    async close() {
      await pipeline.stop(1000);
      await sim.close();
    },
  };
}

/**
 * The creators with a live room (by id), and among them the one whose first live session of 30 minutes or more in
 * the day after `fromMs` starts earliest (its world index, room and that session); throws when no room has one.
 */
export async function earliestLongLiveSession(
  db: AppContext['db'],
  world: SimWorld,
  fromMs: number,
): Promise<{
  rooms: { id: string; mid: string; live_room_id: string | null }[];
  pick: { id: string; mid: string; index: number; room: string; session: LiveSession };
}> {
  const rooms = await db
    .selectFrom('creators')
    .select(['id', 'mid', 'live_room_id'])
    .where('live_room_id', 'is not', null)
    .orderBy('id')
    .execute();
  let pick: { id: string; mid: string; index: number; room: string; session: LiveSession } | null = null;
  for (const c of rooms) {
    const index = world.creatorIndexByMid(Number(c.mid));
    if (index === undefined) continue;
    const session = sessionsBetween(world, index, fromMs, fromMs + 24 * 3600_000).find(
      (s) => s.endMs - s.startMs >= 30 * 60_000,
    );
    if (session && (!pick || session.startMs < pick.session.startMs)) {
      pick = { id: c.id, mid: c.mid, index, room: c.live_room_id!, session };
    }
  }
  if (!pick) throw new Error('no live session in the next day');
  return { rooms, pick };
}
