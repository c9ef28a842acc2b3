// Opinion analysis screen (issue #25): a video task whose video has BENCH_COMMENTS (default 100,000) scored
// comments and BENCH_DANMAKU (default 20,000) scored danmaku; each iteration opens the screen as the web does — the
// four calls at once (getOpinionTaskInfo, getOpinionBasic, getOpinionStatistics, opinionList page 1) — through the
// built app (buildApp + app.inject: sign check, session, gate, team check, the SQL; everything but the socket).
// The screen's time is the slowest of the four. Also times the list filtered by sentiment and by keyword.
//
// Against the bench database (BENCH_DB, default xg_bench_opinion): migrates it, loads the demo world at BENCH_SCALE
// when it has no creators, and — in this database only — gives one video the comments, danmaku and words (once).
// Prints p50 / p95 / p99 / max in ms and a JSON line. See bench/README.md and docs/performance.md.
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { openBenchApp, seedWhenEmpty } from './bench-db.mjs';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { seedMenus } = await import(dist('db/seed/menus.js'));
const { scorePending } = await import(dist('modules/opinion/opinion.scoring.js'));
const { opinionScorer } = await import(dist('modules/opinion/opinion.sentiment.js'));
const { signHeaders } = await import('@xg/shared');

const env = process.env;
const scale = Number(env.BENCH_SCALE ?? 0.05);
const seed = Number(env.BENCH_SEED ?? 20261121);
const iterations = Number(env.BENCH_ITERATIONS ?? 200);
const warmup = Number(env.BENCH_WARMUP ?? 20);
const commentsN = Number(env.BENCH_COMMENTS ?? 100_000);
const danmakuN = Number(env.BENCH_DANMAKU ?? 20_000);
const say = (line) => process.stdout.write(`${line}\n`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

const { app, ctx, q } = await openBenchApp(env, 'xg_bench_opinion', say);

await seedWhenEmpty(ctx.db, q, { scale, seed }, say);
await seedMenus(ctx.db);

// The bench video: its own row, so its texts are the bench's only.
const aid = 990_100_001;
let [video] = await q('SELECT id FROM videos WHERE aid = $1', [aid]);
if (!video) {
  const [c] = await q('SELECT id FROM creators ORDER BY id LIMIT 1');
  [video] = await q(
    `INSERT INTO videos (aid, bvid, creator_id, title, pubdate) VALUES ($1, 'BV1bench0pin1', $2, '舆情压测视频', now() - interval '7 days')
     RETURNING id`,
    [aid, c.id],
  );
}
const [{ n: have }] = await q('SELECT count(*)::int AS n FROM comments WHERE video_id = $1', [video.id]);
if (have < commentsN) {
  say(`[bench] writing ${commentsN - have} comments and ${danmakuN} danmaku … (${elapsed()})`);
  const TEXTS = [
    '太好看了吧！yyds[doge]',
    '这期有点水了，希望下次认真点',
    '可以，这很B站[doge]',
    '讲得好清楚，终于看懂原神了',
    '标题党，内容和标题不符',
    '广告也太长了吧',
    '打卡',
    '请问BGM叫什么名字？',
    '[笑哭][笑哭]',
    '宝藏UP主，相见恨晚',
    '又恰饭，取关了',
    '剪辑好用心，必须一键三连',
    '好家伙，恰饭恰得明明白白',
    '节奏太拖了，看得我快睡着了',
  ];
  await q(
    `INSERT INTO comments (video_id, rpid, mid, uname, sex, ip_location, message, ctime, likes, root, level)
     SELECT $1, 9000000000 + g, (g * 7919) % 500000, '用户' || g, g % 3, (ARRAY['广东','北京','上海','浙江','四川'])[1 + g % 5],
            ($2::text[])[1 + (g * 31) % array_length($2::text[], 1)],
            now() - make_interval(secs => (g * 6.048)::int), (g * 13) % 1000, CASE WHEN g % 10 = 0 THEN 9000000000 + g - 1 ELSE 0 END,
            1 + g % 6
     FROM generate_series($3::int + 1, $4::int) g
     ON CONFLICT (rpid) DO NOTHING`,
    [video.id, TEXTS, have, commentsN],
  );
  await q(
    `INSERT INTO danmaku (video_id, cid, progress_ms, ctime, mid_hash, text)
     SELECT $1, 1, (g * 997) % 600000, now() - make_interval(secs => (g * 30)::int), to_hex(g), ($2::text[])[1 + g % 6]
     FROM generate_series(1, $3::int) g ON CONFLICT DO NOTHING`,
    [video.id, ['好耶', '无聊', '哈哈哈哈哈', '就这？', '前方高能', '666'], danmakuN],
  );
  const before = Date.now();
  const scored = await scorePending(ctx.db, [Number(video.id)], opinionScorer());
  say(`[bench] scored ${scored} texts in ${((Date.now() - before) / 1000).toFixed(1)} s (${elapsed()})`);
  await q('ANALYZE comments; ANALYZE danmaku; ANALYZE opinion_words');
}

// Enterprise accounts, each with a task on the video: the opinion calls allow 300 requests a minute per user
// (OPINION_RATE_LIMIT), so the iterations rotate over BENCH_USERS accounts as that many analysts would.
const userCount = Number(env.BENCH_USERS ?? 10);
const runId = crypto.randomInt(10_000_000, 99_999_999);
const accounts = [];
for (let u = 0; u < userCount; u++) {
  const tag = `${runId}${u}`;
  const [user] = await q(
    `INSERT INTO users (username, phone, password_hash, invite_code, user_type, maturity_time)
     VALUES ($1, $2, 'x', $3, 3, now() + interval '30 days') RETURNING id`,
    [`舆情压测${tag}`, `15${tag.slice(-9)}`, `O${tag}`],
  );
  const [task] = await q(
    `INSERT INTO opinion_tasks (team_id, created_by, kind, video_id, name, duration, s_time, e_time)
     VALUES ($1, $1, 'video', $2, '舆情压测', 7, now(), now() + interval '7 days') RETURNING id`,
    [user.id, video.id],
  );
  await q('INSERT INTO opinion_task_videos (task_id, video_id) VALUES ($1, $2)', [task.id, video.id]);
  const token = await ctx.sessions.open(user.id, { ip: null, userAgent: null });
  accounts.push({ userId: user.id, taskId: task.id, token, id: String(task.id) });
}
let turn = 0;
const next = () => accounts[turn++ % accounts.length];

async function call(path, params, token) {
  const res = await app.inject({ method: 'GET', url: path, query: params, headers: signHeaders({ path, token }) });
  const body = res.json();
  if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.message}`);
  return body;
}
async function screen() {
  const { id, token } = next();
  const started = performance.now();
  const [, basic] = await Promise.all([
    call('/api/opinion/getOpinionTaskInfo', { id }, token),
    call('/api/opinion/getOpinionBasic', { id }, token),
    call('/api/opinion/getOpinionStatistics', { id, grain: 'hour' }, token),
    call('/api/opinion/opinionList', { id, pageNo: '1', pageSize: '20' }, token),
  ]);
  return { ms: performance.now() - started, total: basic.total };
}
const timeOf = async (fn) => {
  const s = performance.now();
  await fn();
  return performance.now() - s;
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const stats = (xs) => ({
  p50: +pct(xs, 50).toFixed(1),
  p95: +pct(xs, 95).toFixed(1),
  p99: +pct(xs, 99).toFixed(1),
  max: +Math.max(...xs).toFixed(1),
});

for (let i = 0; i < warmup; i++) await screen();
const screenMs = [];
let total = 0;
for (let i = 0; i < iterations; i++) {
  const r = await screen();
  screenMs.push(r.ms);
  total = r.total;
}
// the same screen with the 时间范围 filter (近24小时 ending now), as the analysis screen asks after a preset
const dayRange = () => ({
  startTime: new Date(Date.now() - 24 * 3600_000).toISOString(),
  endTime: new Date().toISOString(),
});
async function rangedScreen() {
  const { id, token } = next();
  const range = dayRange();
  const started = performance.now();
  await Promise.all([
    call('/api/opinion/getOpinionBasic', { id, ...range }, token),
    call('/api/opinion/getOpinionStatistics', { id, grain: 'hour', ...range }, token),
    call('/api/opinion/opinionList', { id, pageNo: '1', pageSize: '20', ...range }, token),
  ]);
  return performance.now() - started;
}
const rangeMs = [];
for (let i = 0; i < Math.max(20, iterations / 4); i++) rangeMs.push(await rangedScreen());
const negMs = [];
const kwMs = [];
for (let i = 0; i < Math.max(20, iterations / 4); i++) {
  const a = next();
  negMs.push(
    await timeOf(() =>
      call('/api/opinion/opinionList', { id: a.id, sentiment: 'negative', pageNo: String(1 + (i % 5)) }, a.token),
    ),
  );
  kwMs.push(await timeOf(() => call('/api/opinion/opinionList', { id: a.id, keyword: '恰饭' }, a.token)));
}
const result = {
  texts: total,
  screen: stats(screenMs),
  screenLast24h: stats(rangeMs),
  listNegative: stats(negMs),
  listKeyword: stats(kwMs),
};
say(
  `[bench] analysis screen (4 calls at once), ${total} texts: p50 ${result.screen.p50} ms, p95 ${result.screen.p95} ms, p99 ${result.screen.p99} ms, max ${result.screen.max} ms`,
);
say(
  `[bench] list, negative only: p95 ${result.listNegative.p95} ms; keyword 恰饭: p95 ${result.listKeyword.p95} ms; screen with 近24小时: p95 ${result.screenLast24h.p95} ms (${elapsed()})`,
);
say(JSON.stringify(result));
for (const a of accounts) {
  await q('DELETE FROM opinion_tasks WHERE id = $1', [a.taskId]);
  await q('DELETE FROM users WHERE id = $1', [a.userId]);
}
await app.close();
