// Monitoring cadence (issue #24): BENCH_VIDEOS monitored videos (default 500) and BENCH_ROOMS live rooms (default
// 50, as many as the world has) at once, for BENCH_MINUTES of wall time (default 11: two 5-minute slots of every
// video), with the real pieces: the built server's scheduler and job workers (Pipeline, roles worker + scheduler,
// the system clock), its Bilibili client at BENCH_RPS requests/s (default: the configured BILIBILI_RPS), and the
// simulator on its own port. The windows start at random instants within the first 5 minutes, as users add them.
//
// Measured: every 2 s the bench reads which (video, slot) samples exist and notes when it first saw each; lateness =
// first seen − slot instant (an upper bound: includes up to 2 s of polling). A slot is due when its instant is at
// least 35 s before the end. Share within 30 s = samples first seen ≤ 30 s after their slot ÷ slots due (a slot
// never sampled counts as late). Also the live minute samples and stream messages written, and this process's
// CPU (user + system ÷ wall) and peak RSS — the worker, the scheduler, the client and the simulator share it.
//
// Against the bench database (BENCH_DB, default xg_bench_monitor): migrates it, loads the demo world at BENCH_SCALE
// (default 0.05) when it has no creators, removes the previous run's bench targets. Prints a JSON line. See
// bench/README.md and docs/performance.md § Monitoring cadence.
import { performance } from 'node:perf_hooks';
import { openBenchApp, seedWhenEmpty } from './bench-db.mjs';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { startSimulator, SIM_LOGIN_COOKIE } = await import(dist('sim/index.js'));
const { BilibiliClient } = await import(dist('providers/bilibili/index.js'));
const { Pipeline } = await import(dist('jobs/runtime.js'));
const { demoWorldToday } = await import(dist('jobs/bootstrap.js'));

const env = process.env;
const scale = Number(env.BENCH_SCALE ?? 0.05);
const seed = Number(env.BENCH_SEED ?? 20261121);
const videosN = Number(env.BENCH_VIDEOS ?? 500);
const roomsN = Number(env.BENCH_ROOMS ?? 50);
const minutes = Number(env.BENCH_MINUTES ?? 11);
const say = (line) => process.stdout.write(`${line}\n`);
const BENCH_SOURCE = 'monitor';

const { benchUrl, config, app, ctx, q } = await openBenchApp(env, 'xg_bench_monitor', say);
await seedWhenEmpty(ctx.db, q, { scale, seed }, say);
await q(`DELETE FROM monitor_targets WHERE source = $1 AND team_id IS NULL`, [BENCH_SOURCE]);

const today = await demoWorldToday(ctx.db);
const sim = await startSimulator({ seed, scale, today, warm: false });
const rps = Number(env.BENCH_RPS ?? config.bilibili.rps);
const client = new BilibiliClient({
  hosts: { api: sim.url, live: sim.url, comment: sim.url, www: sim.url },
  userAgent: config.bilibili.userAgent,
  cookie: SIM_LOGIN_COOKIE,
  rps,
  maxAttempts: config.bilibili.maxAttempts,
  timeoutMs: config.bilibili.timeoutMs,
});

// The targets: videos the world shows, windows starting at random instants of the first 5 minutes.
const start = Date.now();
const videos = await q(`SELECT id FROM videos WHERE status = 0 ORDER BY pubdate DESC LIMIT $1`, [videosN]);
const rooms = await q(
  `SELECT id, live_room_id FROM creators WHERE live_room_id IS NOT NULL ORDER BY fans DESC LIMIT $1`,
  [roomsN],
);
for (const v of videos) {
  const s = new Date(start + Math.floor(Math.random() * 300_000));
  await q(
    `INSERT INTO monitor_targets (kind, video_id, window_start, window_end, tail_until, source)
     VALUES ('video', $1, $2, $3, $3, $4)`,
    [v.id, s, new Date(s.getTime() + 24 * 3600_000), BENCH_SOURCE],
  );
}
for (const r of rooms) {
  await q(
    `INSERT INTO monitor_targets (kind, creator_id, room_id, window_start, window_end, source)
     VALUES ('live', $1, $2, $3, $4, $5)`,
    [r.id, r.live_room_id, new Date(start), new Date(start + 24 * 3600_000), BENCH_SOURCE],
  );
  // half of the rooms on air for the whole run (an operator session), so streams and minute samples run
  if (rooms.indexOf(r) % 2 === 0) {
    await fetch(`${sim.url}/__sim/live-session?room_id=${r.live_room_id}&minutes=${minutes + 5}`, { method: 'POST' });
  }
}
say(`[bench] ${videos.length} video windows, ${rooms.length} live windows; ${minutes} min at ${rps} req/s …`);

const pipeline = await Pipeline.start({
  databaseUrl: benchUrl,
  db: ctx.db,
  client,
  settings: config.pipeline,
  roles: { worker: true, scheduler: true },
  log: { info: () => undefined, warn: () => undefined, error: (m) => say(`[pipeline] ${m}`) },
});

const ids = videos.map((v) => v.id);
const firstSeen = new Map();
let peakRss = 0;
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
const endAt = start + minutes * 60_000;
while (Date.now() < endAt) {
  const now = Date.now();
  for (const row of await q(`SELECT video_id, ts FROM video_samples WHERE video_id = ANY($1::bigint[]) AND ts >= $2`, [
    ids,
    new Date(start - 60_000),
  ])) {
    const key = `${row.video_id}@${new Date(row.ts).getTime()}`;
    if (!firstSeen.has(key)) firstSeen.set(key, now);
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  await new Promise((r) => setTimeout(r, 2000));
}
const cpu = process.cpuUsage(cpu0);
const wallMs = performance.now() - wall0;

// Slots due: every 300 s from each window start up to 35 s before the end.
const targets = await q(
  `SELECT video_id, window_start FROM monitor_targets WHERE source = $1 AND kind = 'video' AND team_id IS NULL`,
  [BENCH_SOURCE],
);
let due = 0;
let within30 = 0;
let taken = 0;
const late = [];
for (const t of targets) {
  for (let ts = new Date(t.window_start).getTime(); ts <= endAt - 35_000; ts += 300_000) {
    due += 1;
    const seen = firstSeen.get(`${t.video_id}@${ts}`);
    if (seen === undefined) continue;
    taken += 1;
    const lateness = (seen - ts) / 1000;
    late.push(lateness);
    if (lateness <= 30) within30 += 1;
  }
}
late.sort((a, b) => a - b);
const pct = (p) => (late.length ? late[Math.min(late.length - 1, Math.floor(p * late.length))] : null);
const [live] = await q(
  `SELECT (SELECT count(*)::int FROM live_samples WHERE ts >= $1) AS samples,
          (SELECT count(*)::int FROM live_messages WHERE ts >= $1) AS messages`,
  [new Date(start)],
);
await pipeline.stop(5000);
await sim.close();
await app.close();

const result = {
  videos: videos.length,
  rooms: rooms.length,
  roomsOnAir: Math.ceil(rooms.length / 2),
  minutes,
  rps,
  slotsDue: due,
  samplesTaken: taken,
  shareWithin30s: due ? Math.round((within30 / due) * 10000) / 100 : null,
  latenessSeconds: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99), max: late.at(-1) ?? null },
  liveSamples: live.samples,
  liveMessages: live.messages,
  cpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 1000) / 10,
  peakRssMb: Math.round(peakRss / 1024 / 1024),
};
say(JSON.stringify(result));
process.exit(0);
