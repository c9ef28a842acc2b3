// The in-process creator search index at 1M–10M creators (issue #28 item 7; not part of `npm test`; see
// docs/scaling.md "The creator search index at 10M").
//
// No database: for each size in BENCH_SIZES (default 1e6,2e6,5e6,1e7) a child process draws that many creators
// with the demo world's own name draw (db/seed/world/generate.ts drawCreatorName: its nickname and organisation
// pools, names unique, 3 % organisations, its fans and UID laws), builds the index in memory exactly as a build
// from PostgreSQL does after its read (CreatorSearchIndex.inMemory: the same typed arrays, partition lists and
// gram posting lists; the name/UID/云指数/plays orders are sorted here where PostgreSQL sorts them for a real
// build), and prints:
//   - memory: the process's RSS and V8 heap + array buffers before the draw and after the build with the inputs
//     released (garbage-collected), per creator;
//   - build: the in-process steps in ms (rows → arrays, orders, grams; a real build adds the database read);
//   - searches: p50/p95 of BENCH_QUERIES searches of each kind against the built index (1-, 2-, 3-character
//     keywords, UID, filters with each sort, keyword + filter), single-threaded, no HTTP;
//   - the snapshot file: bytes, write ms, load ms (a restarted API process) and the memory after loading it.
// Run: npm run build -w apps/server && node bench/search-index-scale.mjs   (≈ 16 GB free needed for 1e7)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const env = process.env;
const say = (line) => process.stdout.write(`${line}\n`);

if (process.argv[2] !== '--child') {
  const sizes = (env.BENCH_SIZES ?? '1e6,2e6,5e6,1e7').split(',').map(Number);
  const results = [];
  say(
    `[index-scale] load at start: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  for (const n of sizes) {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=24000', new URL(import.meta.url).pathname, '--child', String(n)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      out += String(chunk);
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    const m = /^\[index-scale\] result (.*)$/m.exec(out);
    if (code !== 0 || !m) {
      say(`[index-scale] ${n}: child failed (exit ${code})`);
      continue;
    }
    results.push(JSON.parse(m[1]));
  }
  say('');
  say(
    '| creators | index MB (RSS) | B/creator (RSS) | B/creator (heap+buffers) | build in process s | 1-char p95 ms | 2-char p95 | 3-char p95 | UID p95 | filters p95 | kw+filter p95 | snapshot MB | write s | load s | load avg |',
  );
  say('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    const q = (k) => r.queries[k].p95.toFixed(1);
    say(
      `| ${r.n / 1e6}M | ${(r.rssBytes / 1e6).toFixed(0)} | ${(r.rssBytes / r.n).toFixed(0)} | ${(r.heapBytes / r.n).toFixed(0)} | ${(r.buildMs / 1000).toFixed(1)} | ${q('1-char')} | ${q('2-char')} | ${q('3-char')} | ${q('UID')} | ${q('filters')} | ${q('keyword+filter')} | ${(r.snapshotBytes / 1e6).toFixed(0)} | ${(r.writeMs / 1000).toFixed(1)} | ${(r.loadMs / 1000).toFixed(1)} | ${r.load} |`,
    );
  }
  say(`[index-scale] summary ${JSON.stringify(results)}`);
  process.exit(0);
}

// ---- child: one size --------------------------------------------------------------------------------------
const n = Number(process.argv[3]);
const { CreatorSearchIndex } = await import(dist('modules/creators/search-index.js'));
const { EMPTY_FILTER } = await import(dist('modules/creators/search.repository.js'));
const { creatorMatchFor } = await import(dist('modules/creators/creators.service.js'));
const { drawCreatorName } = await import(dist('db/seed/world/generate.js'));
const { rngFor } = await import(dist('db/seed/world/prng.js'));
const { PARTITIONS } = await import(dist('db/seed/world/partitions.js'));

const gc = () => {
  for (let i = 0; i < 3; i++) globalThis.gc();
};
const mem = () => {
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed + m.arrayBuffers + (m.external - m.arrayBuffers) };
};
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const tag = `[index-scale] ${n / 1e6}M`;
const base = mem();

// 1. the creators: the demo world's names, partitions, UIDs and fans; the other searchable columns drawn alike.
// The first UNIQUE_POOL names are drawn unique as planWorld does; past them, as the demo's own fallback for a taken
// name does, a drawn name plus a number 1–9999 (no uniqueness check: a 10M-name set is the bench's cost, not the
// index's), and UIDs are distinct by construction.
const UNIQUE_POOL = Number(env.BENCH_UNIQUE_POOL ?? 1_000_000);
let t = Date.now();
const rng = rngFor(Number(env.BENCH_SEED ?? 20261121), 'index-scale');
const seen = new Set();
const mids = new Set();
let names = new Array(n);
let midOf = new Float64Array(n);
let fansOf = new Float64Array(n);
let tidOf = new Int32Array(n);
let extra = new Float64Array(2 * n); // 云指数, plays
let small = new Uint8Array(4 * n); // level, sex, official, live
let mcnOf = new Int32Array(n);
for (let i = 0; i < n; i++) {
  const pooled = i < UNIQUE_POOL;
  const c = pooled ? drawCreatorName(rng, seen, mids) : drawCreatorName(rng, new Set(), new Set());
  names[i] = (pooled ? c.name : `${c.name}${rng.int(1, 9999)}`).toLowerCase();
  midOf[i] = pooled ? c.mid : 4_000_000_000 + i;
  fansOf[i] = c.fans;
  tidOf[i] = c.partitionTid;
  const lf = Math.log10(c.fans + 1);
  extra[2 * i] = Math.round(lf * 100 + rng.next() * 200);
  extra[2 * i + 1] = Math.round(c.fans * (2 + 30 * rng.next()));
  small[4 * i] = Math.min(6, Math.max(1, Math.round(lf - 1 + rng.normal() * 0.6)));
  small[4 * i + 1] = rng.int(0, 2);
  small[4 * i + 2] = rng.chance(0.05) ? 1 : rng.chance(0.03) ? 2 : 0;
  small[4 * i + 3] = rng.chance(0.016) ? 1 : 0;
  mcnOf[i] = rng.chance(0.15) ? rng.int(1, 400) : -1;
}
seen.clear();
mids.clear();
const drawMs = Date.now() - t;

// The orders PostgreSQL computes for a real build, here with native sorts of packed (value, id) keys: fans
// descending (the positions), UID, 云指数 and plays descending, then id; names in UTF-8 byte order, then id (UTF-16
// order is that order for names without surrogate pairs, checked).
t = Date.now();
const ID_BITS = 24n;
if (n >= 2 ** 24) throw new Error('at most 16.7M creators');
const packedOrder = (valueOf) => {
  const keys = new BigInt64Array(n);
  for (let i = 0; i < n; i++) keys[i] = (BigInt(valueOf(i)) << ID_BITS) | BigInt(i);
  keys.sort();
  return Int32Array.from(keys, (k) => Number(k & 0xffffffn));
};
const TOP = 2 ** 38;
let order = packedOrder((i) => TOP - fansOf[i]); // draw index by position
let posOf = new Int32Array(n);
for (let p = 0; p < n; p++) posOf[order[p]] = p;
const toPositions = (byIndex) => byIndex.map((i) => posOf[i]);
const orders = {
  byMid: toPositions(packedOrder((i) => midOf[i])),
  indexNum: toPositions(packedOrder((i) => TOP - extra[2 * i])),
  plays: toPositions(packedOrder((i) => TOP - extra[2 * i + 1])),
};
{
  if (names.some((x) => /[\uD800-\uDFFF]/.test(x))) throw new Error('a name with a surrogate pair: sort by bytes');
  const keys = names.map((x, i) => `${x}\u0001${i.toString(36).padStart(5, '0')}`);
  keys.sort();
  orders.byName = Int32Array.from(keys, (k) => posOf[parseInt(k.slice(k.lastIndexOf('\u0001') + 1), 36)]);
}
const sortMs = Date.now() - t;
say(
  `${tag}: ${n} creators drawn in ${(drawMs / 1000).toFixed(1)} s, ordered in ${(sortMs / 1000).toFixed(1)} s (load ${load()})`,
);

// 2. the build (the in-process part of a real build: rows into the arrays, partition lists, gram posting lists)
const timings = {};
t = Date.now();
let index = await CreatorSearchIndex.inMemory(
  n,
  (p) => {
    const i = order[p];
    return {
      id: i + 1,
      mid: midOf[i],
      lname: names[i],
      fans: fansOf[i],
      indexNum: extra[2 * i],
      plays: extra[2 * i + 1],
      tid: tidOf[i],
      level: small[4 * i],
      sex: small[4 * i + 1],
      official: small[4 * i + 2],
      mcn: mcnOf[i],
      live: small[4 * i + 3],
    };
  },
  timings,
  orders,
);
const buildMs = Date.now() - t;
// keep a sample of keys for the searches, then release the inputs
const sampleNames = Array.from({ length: 2000 }, () => names[rng.int(0, n - 1)]);
const sampleMids = Array.from({ length: 500 }, () => String(midOf[rng.int(0, n - 1)]));
names = midOf = fansOf = tidOf = extra = small = mcnOf = order = null;
orders.byName = orders.byMid = orders.indexNum = orders.plays = posOf = null;
const built = mem();
const rssBytes = built.rss - base.rss;
const heapBytes = built.heap - base.heap;
say(
  `${tag}: built in ${(buildMs / 1000).toFixed(1)} s (rows ${timings.rows} ms, orders copied ${timings.orders} ms, partitions + grams ${timings.grams} ms); ` +
    `memory +${(rssBytes / 1e6).toFixed(0)} MB RSS = ${(rssBytes / n).toFixed(0)} B/creator (V8 heap + buffers +${(heapBytes / 1e6).toFixed(0)} MB = ${(heapBytes / n).toFixed(0)} B/creator) (load ${load()})`,
);

// 3. searches against the index, one at a time
const chars = [...new Set(sampleNames.flatMap((x) => Array.from(x)).filter((c) => /[\u4e00-\u9fff]/.test(c)))];
const QUERIES = Number(env.BENCH_QUERIES ?? 200);
const tops = PARTITIONS.map((p) => p.children.map(([tid]) => tid));
const pick = (arr) => arr[rng.int(0, arr.length - 1)];
const filterOf = (over) => ({ ...EMPTY_FILTER, ...over });
const kinds = {
  '1-char': () => ({ kw: pick(chars), f: filterOf({}), sort: null }),
  '2-char': () => {
    const x = Array.from(pick(sampleNames));
    const i = rng.int(0, Math.max(0, x.length - 2));
    return { kw: x.slice(i, i + 2).join(''), f: filterOf({}), sort: null };
  },
  '3-char': () => ({ kw: Array.from(pick(sampleNames)).slice(1, 4).join(''), f: filterOf({}), sort: null }),
  UID: () => ({ kw: pick(sampleMids), f: filterOf({}), sort: null }),
  filters: () => ({
    kw: null,
    f: filterOf({
      tids: pick(tops),
      fansMin: pick([1_000, 10_000, 50_000, 100_000, 500_000]),
      levels: pick([[4, 5, 6], [5, 6], [6], [3, 4]]),
    }),
    sort: pick(['fans', 'indexNum', 'plays']),
  }),
  'keyword+filter': () => ({
    kw: pick(['小', '的', '老', '阿', '大']),
    f: filterOf({ fansMin: pick([10_000, 100_000, 500_000, 1_000_000]), approve: pick([[1, 2], [0], [1]]) }),
    sort: null,
  }),
};
const queries = {};
for (const [kind, make] of Object.entries(kinds)) {
  const ms = [];
  for (let i = 0; i < QUERIES; i++) {
    const q = make();
    const s = process.hrtime.bigint();
    const page = await index.page(q.kw === null ? null : creatorMatchFor(q.kw), q.f, q.sort, { limit: 20, offset: 0 });
    ms.push(Number(process.hrtime.bigint() - s) / 1e6);
    if (page === null) throw new Error(`index did not answer ${kind}`);
  }
  ms.sort((a, b) => a - b);
  const at = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
  queries[kind] = { p50: at(0.5), p95: at(0.95), max: ms[ms.length - 1] };
}
say(
  `${tag}: searches (${QUERIES} each, ms) ${Object.entries(queries)
    .map(([k, v]) => `${k} p50 ${v.p50.toFixed(1)} p95 ${v.p95.toFixed(1)}`)
    .join(', ')}`,
);

// 4. the snapshot file: written, then loaded by a fresh index (the first index released first)
const dir = fs.mkdtempSync(path.join(env.BENCH_TMP ?? os.tmpdir(), 'xg-index-scale-'));
const file = path.join(dir, 'search-index.bin');
t = Date.now();
await index.writeFile(file);
const writeMs = Date.now() - t;
const snapshotBytes = fs.statSync(file).size;
index = null;
const released = mem();
t = Date.now();
const loaded = new CreatorSearchIndex(null);
if (!(await loaded.loadFile(file))) throw new Error('snapshot not loaded');
const loadMs = Date.now() - t;
const afterLoad = mem();
fs.rmSync(dir, { recursive: true, force: true });
if (loaded.size !== n) throw new Error(`loaded ${loaded.size} creators, not ${n}`);
say(
  `${tag}: snapshot ${(snapshotBytes / 1e6).toFixed(0)} MB (${(snapshotBytes / n).toFixed(0)} B/creator), written in ${(writeMs / 1000).toFixed(1)} s, loaded in ${(loadMs / 1000).toFixed(1)} s; ` +
    `memory after loading +${((afterLoad.rss - released.rss) / 1e6).toFixed(0)} MB RSS, V8 heap + buffers +${((afterLoad.heap - released.heap) / 1e6).toFixed(0)} MB (load ${load()})`,
);
say(
  `[index-scale] result ${JSON.stringify({ n, rssBytes, heapBytes, buildMs, timings, queries, snapshotBytes, writeMs, loadMs, loadedRssBytes: afterLoad.rss - released.rss, loadedHeapBytes: afterLoad.heap - released.heap, load: load() })}`,
);
