/**
 * The trained sentiment model (model.json, written by scripts/sentiment/train.mjs): multinomial logistic
 * regression over the features of features.ts. Read from disk once, on first use; scoring is pure arithmetic.
 */
import { readFileSync } from 'node:fs';
import { forEachFeature, NUMERIC_FEATURES, numericFeaturesOf } from './features.js';
import { normalizeText } from './lexicon.js';

const K = 3;

/** The file's shape, as the training script writes it. */
interface ModelFile {
  version: number;
  labels: string[];
  temperature: number;
  bias: number[];
  numeric: Record<string, number[]>;
  grams: Record<string, number[]>;
}

export interface LoadedModel {
  temperature: number;
  bias: Float64Array;
  numeric: Float64Array;
  index: Map<string, number>;
  weights: Float64Array;
  /** Per n-gram, the number of the last call that added it: each n-gram counts once per text, as in training. */
  stamp: Uint32Array;
  calls: number;
}

function isNumbers(x: unknown, n: number): x is number[] {
  return Array.isArray(x) && x.length === n && x.every((v) => typeof v === 'number' && Number.isFinite(v));
}

/** Checks the file's shape (it is data from disk) and packs its weights into flat arrays. */
export function parseModel(json: unknown): LoadedModel {
  const m = json as Partial<ModelFile> | null;
  if (!m || m.version !== 1 || !isNumbers(m.bias, K) || typeof m.numeric !== 'object' || typeof m.grams !== 'object') {
    throw new Error('sentiment model: unexpected file shape');
  }
  if (m.labels?.join() !== 'negative,neutral,positive') throw new Error('sentiment model: unexpected labels');
  const temperature = m.temperature;
  if (typeof temperature !== 'number' || !(temperature > 0)) throw new Error('sentiment model: bad temperature');
  const numeric = new Float64Array(NUMERIC_FEATURES.length * K);
  NUMERIC_FEATURES.forEach((name, i) => {
    const w = m.numeric?.[name];
    if (!isNumbers(w, K)) throw new Error(`sentiment model: numeric feature ${name} missing`);
    numeric.set(w, i * K);
  });
  const entries = Object.entries(m.grams ?? {});
  const index = new Map<string, number>();
  const weights = new Float64Array(entries.length * K);
  entries.forEach(([gram, w], i) => {
    if (!isNumbers(w, K)) throw new Error(`sentiment model: bad weights for ${gram}`);
    index.set(gram, i);
    weights.set(w, i * K);
  });
  return {
    temperature,
    bias: Float64Array.from(m.bias),
    numeric,
    index,
    weights,
    stamp: new Uint32Array(entries.length),
    calls: 0,
  };
}

let loaded: LoadedModel | null = null;

/** The bundled model, read once (src/ under tests, dist/ once built: the build copies model.json beside this file). */
export function bundledModel(): LoadedModel {
  loaded ??= parseModel(JSON.parse(readFileSync(new URL('./model.json', import.meta.url), 'utf8')));
  return loaded;
}

/** P(negative), P(neutral), P(positive) of a text. */
export function probabilities(model: LoadedModel, text: string): [number, number, number] {
  let z0 = model.bias[0] ?? 0;
  let z1 = model.bias[1] ?? 0;
  let z2 = model.bias[2] ?? 0;
  const w = model.weights;
  const normalized = normalizeText(text);
  const call = (model.calls = (model.calls % 0xfffffffe) + 1);
  if (call === 1) model.stamp.fill(0);
  forEachFeature(normalized, (f) => {
    const i = model.index.get(f);
    if (i === undefined || model.stamp[i] === call) return;
    model.stamp[i] = call;
    z0 += w[i * K] ?? 0;
    z1 += w[i * K + 1] ?? 0;
    z2 += w[i * K + 2] ?? 0;
  });
  const num = numericFeaturesOf(normalized);
  const v = model.numeric;
  for (let n = 0; n < num.length; n++) {
    const x = num[n] ?? 0;
    if (x === 0) continue;
    z0 += (v[n * K] ?? 0) * x;
    z1 += (v[n * K + 1] ?? 0) * x;
    z2 += (v[n * K + 2] ?? 0) * x;
  }
  const m = Math.max(z0, z1, z2);
  const t = model.temperature;
  const e0 = Math.exp((z0 - m) / t);
  const e1 = Math.exp((z1 - m) / t);
  const e2 = Math.exp((z2 - m) / t);
  const s = e0 + e1 + e2;
  return [e0 / s, e1 / s, e2 / s];
}
