/**
 * Trains the sentiment model and writes apps/server/src/modules/sentiment/model.json.
 *
 *   node --import tsx scripts/sentiment/train.mjs            train on the whole corpus, write the model
 *   node --import tsx scripts/sentiment/train.mjs --dev      also report accuracy on a development split
 *
 * Model: multinomial logistic regression (3 classes) over the features of features.ts (character 1–3-grams,
 * emote tokens, lexicon numbers), trained by AdaGrad with L2. The corpus is corpus.mjs (composed from the
 * hand-written pools plus data/train.tsv). The development split is a corpus of another seed plus every fifth
 * hand-written sentence; the held-out evaluation set bench/sentiment/eval.tsv is never read here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generate, handwritten } from './corpus.mjs';
import { NUMERIC_FEATURES, numericFeatures, sparseFeatures } from '../../apps/server/src/modules/sentiment/features.ts';

const root = path.resolve(import.meta.dirname, '../..');
const MODEL = path.join(root, 'apps/server/src/modules/sentiment/model.json');
const K = 3;
const opts = {
  corpus: 40_000,
  handwrittenRepeat: 4,
  epochs: 12,
  rate: 0.3,
  l2: 2e-6,
  minCount: 2,
  prune: 0.002,
  // Logits are divided by this before the softmax so that P(positive) is calibrated: the value is the one that
  // minimises the log-loss on the hand-written development split (printed by --dev), the n-gram weights being
  // over-confident on composed texts.
  temperature: 2.25,
};
// Development runs may override an option: OPT_l2=1e-4 node --import tsx scripts/sentiment/train.mjs --dev
for (const k of Object.keys(opts)) if (process.env[`OPT_${k}`]) opts[k] = Number(process.env[`OPT_${k}`]);

function vectorize(data, index, grow) {
  const counts = new Map();
  if (grow) for (const [text] of data) for (const f of sparseFeatures(text)) counts.set(f, (counts.get(f) ?? 0) + 1);
  if (grow) for (const [f, c] of counts) if (c >= opts.minCount && !index.has(f)) index.set(f, index.size);
  return data.map(([text, label]) => ({
    ids: sparseFeatures(text)
      .map((f) => index.get(f))
      .filter((i) => i !== undefined),
    num: numericFeatures(text),
    label,
  }));
}

function softmax(z) {
  const m = Math.max(...z);
  const e = z.map((x) => Math.exp(x - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / s);
}

function train(rows, nFeatures) {
  const nNum = NUMERIC_FEATURES.length;
  const W = new Float64Array(nFeatures * K);
  const G = new Float64Array(nFeatures * K).fill(1e-8);
  const V = new Float64Array(nNum * K);
  const GV = new Float64Array(nNum * K).fill(1e-8);
  const b = new Float64Array(K);
  const gb = new Float64Array(K).fill(1e-8);
  // Class weights: each class counts the same in the loss.
  const perClass = [0, 0, 0];
  for (const r of rows) perClass[r.label]++;
  const cw = perClass.map((c) => rows.length / (K * c));
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const order = rows.map((_, i) => i);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    let loss = 0;
    for (const idx of order) {
      const r = rows[idx];
      const z = [b[0], b[1], b[2]];
      for (const f of r.ids) for (let k = 0; k < K; k++) z[k] += W[f * K + k];
      for (let n = 0; n < nNum; n++) if (r.num[n]) for (let k = 0; k < K; k++) z[k] += V[n * K + k] * r.num[n];
      const p = softmax(z);
      loss -= Math.log(p[r.label] + 1e-12) * cw[r.label];
      for (let k = 0; k < K; k++) {
        const g = (p[k] - (k === r.label ? 1 : 0)) * cw[r.label];
        for (const f of r.ids) {
          const at = f * K + k;
          const gg = g + opts.l2 * W[at];
          G[at] += gg * gg;
          W[at] -= (opts.rate * gg) / Math.sqrt(G[at]);
        }
        for (let n = 0; n < nNum; n++) {
          if (!r.num[n]) continue;
          const at = n * K + k;
          const gg = g * r.num[n];
          GV[at] += gg * gg;
          V[at] -= (opts.rate * gg) / Math.sqrt(GV[at]);
        }
        gb[k] += g * g;
        b[k] -= (opts.rate * g) / Math.sqrt(gb[k]);
      }
    }
    if (process.env.VERBOSE) console.log(`epoch ${epoch + 1}: loss ${(loss / rows.length).toFixed(4)}`);
  }
  return { W, V, b };
}

function logits(model, r) {
  const z = [model.b[0], model.b[1], model.b[2]];
  for (const f of r.ids) for (let k = 0; k < K; k++) z[k] += model.W[f * K + k];
  for (let n = 0; n < r.num.length; n++) for (let k = 0; k < K; k++) z[k] += model.V[n * K + k] * r.num[n];
  return z;
}

/** The temperature that minimises the mean log-loss of the rows. */
function bestTemperature(model, rows) {
  let best = [1, Infinity];
  for (let t = 0.5; t <= 8; t += 0.25) {
    let loss = 0;
    for (const r of rows) loss -= Math.log(softmax(logits(model, r).map((x) => x / t))[r.label] + 1e-12);
    if (loss < best[1]) best = [t, loss];
  }
  return best[0];
}

function predict(model, r) {
  const p = softmax(logits(model, r));
  return p.indexOf(Math.max(...p));
}

function accuracy(model, rows) {
  let ok = 0;
  for (const r of rows) if (predict(model, r) === r.label) ok++;
  return ok / rows.length;
}

function corpus(dev) {
  const hand = handwritten();
  const handTrain = dev ? hand.filter((_, i) => i % 5 !== 0) : hand;
  const data = generate(1, opts.corpus);
  for (let i = 0; i < opts.handwrittenRepeat; i++) data.push(...handTrain);
  return { data, handDev: hand.filter((_, i) => i % 5 === 0) };
}

const round = (x) => Math.round(x * 1000) / 1000;

function main() {
  const dev = process.argv.includes('--dev');
  const { data, handDev } = corpus(dev);
  const index = new Map();
  const rows = vectorize(data, index, true);
  const t0 = Date.now();
  const model = train(rows, index.size);
  console.log(`trained on ${data.length} texts, ${index.size} n-grams, in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`training accuracy ${accuracy(model, rows).toFixed(4)}`);
  if (dev) {
    const genDev = vectorize(generate(2, 4000), index, false);
    const hd = vectorize(handDev, index, false);
    if (process.env.ERRORS)
      for (let i = 0; i < hd.length; i++) {
        const y = predict(model, hd[i]);
        if (y !== hd[i].label) console.log(`  ${hd[i].label} → ${y}: ${handDev[i][0]}`);
      }
    console.log(`temperature minimising the hand-written dev log-loss: ${bestTemperature(model, hd)}`);
    console.log(
      `dev: composed (seed 2) ${accuracy(model, genDev).toFixed(4)}, hand-written held out ${accuracy(model, hd).toFixed(4)} (${hd.length})`,
    );
    return;
  }
  const grams = {};
  let kept = 0;
  for (const [f, i] of index) {
    const w = [model.W[i * K], model.W[i * K + 1], model.W[i * K + 2]];
    if (Math.max(...w.map(Math.abs)) < opts.prune) continue;
    grams[f] = w.map(round);
    kept++;
  }
  const out = {
    version: 1,
    labels: ['negative', 'neutral', 'positive'],
    trainedOn: { texts: data.length, options: opts },
    temperature: opts.temperature,
    bias: Array.from(model.b, round),
    numeric: Object.fromEntries(NUMERIC_FEATURES.map((n, i) => [n, [0, 1, 2].map((k) => round(model.V[i * K + k]))])),
    grams,
  };
  fs.writeFileSync(MODEL, JSON.stringify(out) + '\n');
  console.log(
    `wrote ${path.relative(root, MODEL)}: ${kept} n-grams, ${(fs.statSync(MODEL).size / 1024).toFixed(0)} KiB`,
  );
}

main();
