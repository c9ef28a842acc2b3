/**
 * Sentiment bench: accuracy of the built scorer on the held-out set bench/sentiment/eval.tsv (hand-written and
 * hand-labelled, never read by training), per-class precision / recall, the confusion matrix, accuracy per kind
 * of text, and single-core throughput.
 *
 *   npm run build -w apps/server && node --import tsx bench/sentiment.mjs [--errors]
 *
 * (tsx only so that the overlap check can compose the training corpus, whose pools import the lexicon from
 * src; the scorer measured is the built one in apps/server/dist.)
 *
 * Also reports how many evaluation texts occur verbatim in the training corpus (the fixed vocabulary of short
 * danmaku is shared by design) and the accuracy without them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { scoreMany, scoreSentiment } from '../apps/server/dist/modules/sentiment/index.js';
import { generate, handwritten } from '../scripts/sentiment/corpus.mjs';

const root = path.resolve(import.meta.dirname, '..');
const LABELS = ['positive', 'neutral', 'negative'];
const rows = fs
  .readFileSync(path.join(root, 'bench/sentiment/eval.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [label, kind, text] = l.split('\t');
    if (!LABELS.includes(label) || !kind || text === undefined) throw new Error(`bad line: ${l}`);
    return { label, kind, text };
  });

const trainTexts = new Set([...generate(1, 40_000), ...handwritten()].map(([t]) => t.trim()));

// The first call reads the model file: timed apart from the throughput below.
const t0 = process.hrtime.bigint();
scoreSentiment('预热');
const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;

const predicted = scoreMany(rows.map((r) => r.text)).map((r) => r.label);
const confusion = Object.fromEntries(LABELS.map((a) => [a, Object.fromEntries(LABELS.map((b) => [b, 0]))]));
const byKind = new Map();
let correct = 0;
let unseen = 0;
let unseenCorrect = 0;
rows.forEach((r, i) => {
  const p = predicted[i];
  confusion[r.label][p]++;
  const ok = p === r.label;
  if (ok) correct++;
  const k = byKind.get(r.kind) ?? { n: 0, ok: 0 };
  k.n++;
  if (ok) k.ok++;
  byKind.set(r.kind, k);
  if (!trainTexts.has(r.text.trim())) {
    unseen++;
    if (ok) unseenCorrect++;
  }
  if (!ok && process.argv.includes('--errors')) console.log(`  ${r.label} → ${p}  [${r.kind}] ${r.text}`);
});

const pct = (x) => (x * 100).toFixed(1) + '%';
console.log(
  `held-out set: ${rows.length} texts (${LABELS.map((l) => `${l} ${rows.filter((r) => r.label === l).length}`).join(', ')})`,
);
console.log(`accuracy: ${(correct / rows.length).toFixed(3)} (${correct}/${rows.length})`);
console.log(
  `texts not in the training corpus verbatim: ${unseen}, accuracy on them ${(unseenCorrect / unseen).toFixed(3)}`,
);
console.log('\n| class | precision | recall | F1 | support |\n| --- | --- | --- | --- | --- |');
for (const l of LABELS) {
  const tp = confusion[l][l];
  const predictedL = LABELS.reduce((s, a) => s + confusion[a][l], 0);
  const actualL = LABELS.reduce((s, b) => s + confusion[l][b], 0);
  const p = predictedL ? tp / predictedL : 0;
  const r = actualL ? tp / actualL : 0;
  console.log(
    `| ${l} | ${p.toFixed(3)} | ${r.toFixed(3)} | ${(p + r ? (2 * p * r) / (p + r) : 0).toFixed(3)} | ${actualL} |`,
  );
}
console.log(`\n| true \\ predicted | ${LABELS.join(' | ')} |\n| --- | --- | --- | --- |`);
for (const a of LABELS) console.log(`| ${a} | ${LABELS.map((b) => confusion[a][b]).join(' | ')} |`);
console.log('\n| kind | texts | accuracy |\n| --- | --- | --- |');
for (const [k, v] of byKind) console.log(`| ${k} | ${v.n} | ${pct(v.ok / v.n)} |`);

// Throughput: one core (this process), after a warm-up; all evaluation texts, then only the longer ones (comments
// and reviews of 15 characters or more, repeated three times into one text of ~60–100 characters).
function throughput(texts, n) {
  const batch = Array.from({ length: n }, (_, i) => texts[i % texts.length]);
  scoreMany(batch.slice(0, 5000));
  const t = process.hrtime.bigint();
  scoreMany(batch);
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  const avg = batch.reduce((a, x) => a + x.length, 0) / n;
  return `${Math.round(n / s)} texts/s on one core (${n} texts, mean ${avg.toFixed(1)} characters, ${s.toFixed(2)} s)`;
}
const all = rows.map((r) => r.text);
const long = all.filter((t) => t.length >= 15).map((t) => `${t}，${t}。${t}`);
console.log(`\nthroughput, held-out texts: ${throughput(all, 100_000)}`);
console.log(`throughput, long texts: ${throughput(long, 20_000)}`);
console.log(`first call incl. model load: ${loadMs.toFixed(0)} ms`);
