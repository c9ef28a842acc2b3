// Comparison PDF (issue #17 item 7): how long renderContrastPdf takes for the 5-creator fixture (landscape, 5 pages,
// 8 vector charts). The bar of issue #17 is ≤ 2 s. No database: the report is the fixture the tests render.
//   BENCH_ITERATIONS (default 30) timed renders after BENCH_WARMUP (default 2) untimed ones (the first loads the
//   two 10 MB font files and ECharts); prints p50 / p95 / max and the mean file size, and `uptime`'s load.
// Run from the repository root after building the server: npx tsc -b apps/server && node bench/contrast-pdf.mjs
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const root = new URL('../', import.meta.url);
const dist = (p) => new URL(`apps/server/dist/${p}`, root).href;
const { renderContrastPdf } = await import(dist('modules/contrast-pdf/contrast-pdf.js'));
const { contrastReportFixture } = await import(dist('modules/contrast-pdf/contrast-pdf.fixtures.js'));

const iterations = Number(process.env.BENCH_ITERATIONS ?? 30);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const creators = Number(process.env.BENCH_CREATORS ?? 5);
const say = (line) => process.stdout.write(`${line}\n`);
const report = contrastReportFixture(creators);
const opts = { productName: '霞光数据' };

const first = performance.now();
await renderContrastPdf(report, opts);
say(`first render (fonts and ECharts loaded): ${(performance.now() - first).toFixed(0)} ms`);
for (let i = 1; i < warmup; i += 1) await renderContrastPdf(report, opts);

const times = [];
let bytes = 0;
const cpu0 = process.cpuUsage();
for (let i = 0; i < iterations; i += 1) {
  const t = performance.now();
  const pdf = await renderContrastPdf(report, opts);
  times.push(performance.now() - t);
  bytes += pdf.length;
}
const cpu = process.cpuUsage(cpu0);
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
say(
  `${creators} creators, ${iterations} renders: p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms`,
);
say(
  `CPU per render ${((cpu.user + cpu.system) / 1000 / iterations).toFixed(0)} ms; mean file ${(bytes / iterations / 1024).toFixed(0)} KB; RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`,
);
say(`bar: p95 ≤ 2000 ms → ${at(0.95) <= 2000 ? 'met' : 'MISSED'}`);
say(`uptime: ${execFileSync('uptime').toString().trim()}`);
