// The HTTP load the benches share (bench/discovery-lib.mjs, library-search.mjs, lists.mjs): the built app in a
// server process of its own (bench/discovery-server.mjs) and autocannon runs of GETs signed like the web client's.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { quantile } from './bench-db.mjs';

const { signHeaders } = await import(new URL('../packages/shared/dist/index.js', import.meta.url).href);

/**
 * bench/discovery-server.mjs in its own process on a free port, with `serverEnv` (BENCH_MODE, BENCH_URL, …) over this
 * process's environment; BENCH_SERVER_ARGS adds node flags, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof". Its log
 * (stdout, at `info`) is read until "ready <port>", then drained like a real log.
 */
export async function startBenchServer(serverEnv) {
  const nodeArgs = process.env.BENCH_SERVER_ARGS ? process.env.BENCH_SERVER_ARGS.split(' ') : [];
  const child = spawn(process.execPath, [...nodeArgs, new URL('discovery-server.mjs', import.meta.url).pathname], {
    env: { ...process.env, ...serverEnv, BENCH_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // a listener, not `for await … break`: breaking destroys the pipe, and the server's next log line died of EPIPE
  let text = '';
  let port = 0;
  await new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      if (port) return; // drained, like a real log
      text += String(chunk);
      const m = /^ready (\d+)$/m.exec(text);
      if (m) {
        port = Number(m[1]);
        resolve();
      }
      if (text.length > 1_000_000) text = text.slice(-10_000);
    });
    child.once('exit', resolve);
  });
  if (!port) throw new Error(`server ${serverEnv.BENCH_MODE} did not start: ${text.slice(-2000)}`);
  return { child, port, startedAt: Date.now() };
}

/**
 * Waits until the server's start-up work is done (its creator search index built or loaded: /api/health says so),
 * so that no timed load runs beside it (issue #28); says how long that took. Returns the milliseconds since start.
 */
export async function waitForSearchIndex(server, say) {
  for (;;) {
    const health = await fetch(`http://127.0.0.1:${server.port}/api/health`).then((r) => r.json());
    if (health.searchIndex === null || health.searchIndex.creators !== null) {
      say(
        `[bench] search index: ${health.searchIndex === null ? 'off' : `${health.searchIndex.creators} creators`} (ready ${Date.now() - server.startedAt} ms after start)`,
      );
      return Date.now() - server.startedAt;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function stopBenchServer(server) {
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
}

/**
 * Every key once, in an order shuffled by `random` (0 … 1; a seeded one repeats the order); `wraps` counts how often
 * the pool ran out.
 */
export function fresh(arr, random = Math.random) {
  const order = arr
    .map((x) => [random(), x])
    .sort((a, b) => a[0] - b[0])
    .map((x) => x[1]);
  let i = 0;
  const next = () => {
    if (i >= order.length) {
      next.wraps++;
      i = 0;
    }
    return order[i++];
  };
  next.wraps = 0;
  return next;
}

/**
 * One autocannon run of signed GETs for `seconds` (or `amount` requests in all) with `connections` in all, split evenly over `ports` (a port, or
 * several API processes behind no balancer). Each connection repeats visits: `makeVisit()` gives a visit's `calls`
 * requests ({ path, query } each), all made with one of `tokens` drawn at random. An answer other than HTTP 200 with
 * code 200 is an error (the first one kept in `firstBad`). `figures`: req/s, p50 / p95 / p99 in ms, requests,
 * errors; `perCall`: the sorted latencies of each call position.
 */
export async function signedLoad({ ports, connections, seconds, amount, tokens, makeVisit, calls = 1 }) {
  const latencies = [];
  const perCall = Array.from({ length: calls }, () => []);
  let bad = 0;
  let firstBad = null;
  const list = Array.isArray(ports) ? ports : [ports];
  const started = process.hrtime.bigint();
  const runs = await Promise.all(
    list.map((p) =>
      autocannon({
        url: `http://127.0.0.1:${p}`,
        connections: Math.max(1, Math.round(connections / list.length)),
        // `amount`: this many requests in all, then stop (an uncached pool used once, even when it lasts < seconds)
        ...(amount ? { amount: Math.max(1, Math.round(amount / list.length)) } : { duration: seconds }),
        requests: Array.from({ length: calls }, (_, i) => ({
          setupRequest: (req, context) => {
            if (i === 0) {
              context.visit = makeVisit();
              context.token = tokens[Math.floor(Math.random() * tokens.length)];
            }
            const { path, query } = context.visit[i];
            const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
            return {
              ...req,
              method: 'GET',
              path: qs ? `${path}?${qs}` : path,
              headers: signHeaders({ path, token: context.token }),
            };
          },
          onResponse: (status, body) => {
            if (status !== 200 || !body.startsWith('{"code":200')) {
              bad++;
              firstBad ??= `${status} ${body.slice(0, 200)}`;
            }
          },
        })),
        setupClient: (client) => {
          let n = 0;
          client.on('response', (_status, _bytes, ms) => {
            latencies.push(ms);
            perCall[n % calls].push(ms);
            n++;
          });
        },
      }),
    ),
  );
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  for (const l of perCall) l.sort((a, b) => a - b);
  const figures = {
    // responses over the run's wall time: autocannon's own figure averages whole-second samples, so a run ended by
    // `amount` (an uncached pool of 3,300 keys, 6–8 s) read as 3,300 / 6, / 7 or / 8 (550, 471, 413 req/s)
    rps: latencies.length / wallSeconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    requests: latencies.length,
    errors: runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0) + bad,
  };
  return { figures, perCall, firstBad };
}
