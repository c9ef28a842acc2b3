/**
 * The sentiment training corpus: texts composed from the hand-written pools in pools.mjs plus the hand-written
 * sentences of data/train.tsv. Deterministic for a given seed. Never reads bench/sentiment/eval.tsv.
 *
 * Labels: 0 = negative, 1 = neutral, 2 = positive.
 */
import fs from 'node:fs';
import * as P from './pools.mjs';
import { NEGATIVE_WORDS, POSITIVE_WORDS } from '../../apps/server/src/modules/sentiment/lexicon.ts';

/** The lexicon's own words (weight ≥ 1) also appear in training texts, so the n-grams learn them too. */
const LEX_POS = Object.entries(POSITIVE_WORDS)
  .filter(([, w]) => w >= 1)
  .map(([t]) => t);
const LEX_NEG = Object.entries(NEGATIVE_WORDS)
  .filter(([, w]) => w >= 1)
  .map(([t]) => t);

export const NEG = 0;
export const NEU = 1;
export const POS = 2;

/** mulberry32: a small seeded PRNG so the corpus is the same on every run. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generate(seed, size) {
  const r = rng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const maybe = (p, s) => (r() < p ? s : '');
  const aspect = () => (r() < 0.6 ? pick(P.VIDEO_ASPECTS) : pick(P.REVIEW_ASPECTS));
  const end = () => pick(['', '', '', '！', '!', '。', '～', '啊', '呀', '了', '！！', '...', '哈哈']);
  const sep = () => pick(['，', '，', ',', ' ', '。', '！']);
  const emote = (pool, p) => (r() < p ? (r() < 0.3 ? pick(pool) + pick(pool) : pick(pool)) : '');
  const out = [];
  const add = (text, label) => out.push([text.trim(), label]);

  const posWord = () => (r() < 0.6 ? pick(P.POS_PREDICATES) : pick(LEX_POS));
  const negWord = () => (r() < 0.6 ? pick(P.NEG_PREDICATES) : pick(LEX_NEG));
  const posClause = () =>
    r() < 0.55 ? `${aspect()}${pick(P.INTENSIFIERS)}${posWord()}` : r() < 0.8 ? pick(P.POS_REMARKS) : pick(LEX_POS);
  const negClause = () =>
    r() < 0.55 ? `${aspect()}${pick(P.INTENSIFIERS)}${negWord()}` : r() < 0.8 ? pick(P.NEG_REMARKS) : pick(LEX_NEG);
  const negatedPos = () =>
    `${aspect()}${pick(['不', '不太', '一点都不', '并不', '没那么', '不怎么', '不是很', '根本不', '完全不'])}${pick(P.NEGATABLE_POS)}`;
  const negatedNeg = () =>
    `${aspect()}${pick(['不', '一点都不', '一点也不', '完全不', '并不', '没有', '也不'])}${pick(P.NEGATABLE_NEG)}`;
  const fill = (t) =>
    t
      .replace('{thing}', pick(P.THINGS))
      .replace('{place}', pick(P.PLACES))
      .replace('{time}', pick(P.TIMES))
      .replace('{person}', pick(P.PERSONS))
      .replace('{color}', pick(P.COLORS))
      .replace('{weather}', pick(P.WEATHERS))
      .replace('{weekday}', pick(P.WEEKDAYS))
      .replace('{letter2}', pick(P.LETTERS))
      .replace(/\{letter\}/g, pick(P.LETTERS))
      .replace('{year}', String(2019 + Math.floor(r() * 8)))
      .replace('{mm}', String(Math.floor(r() * 40)))
      .replace('{ss}', String(Math.floor(r() * 60)).padStart(2, '0'))
      .replace(/\{n\}/g, String(1 + Math.floor(r() * (r() < 0.7 ? 10 : 500))));
  const irony = () =>
    pick(P.IRONY_FRAMES)
      .replace('{p}', r() < 0.5 ? pick(P.POS_REMARKS) : pick(P.INTENSIFIERS) + pick(P.POS_PREDICATES))
      .replace('{bad}', pick(P.BAD_FACTS))
      .replace('{badName}', pick(P.BAD_NAMES))
      .replace('{goodName}', pick(P.GOOD_NAMES))
      .replace('{badExp}', pick(P.BAD_EXPERIENCES))
      .replace('{bad2}', pick(P.BAD_FEELINGS));

  const kinds = [
    // [weight, make]
    [
      14,
      () =>
        add(
          pick(P.POS_OPENERS) + posClause() + maybe(0.45, sep() + posClause()) + end() + emote(P.EMOTES_POSITIVE, 0.25),
          POS,
        ),
    ],
    [
      14,
      () =>
        add(
          pick(P.NEG_OPENERS) + negClause() + maybe(0.45, sep() + negClause()) + end() + emote(P.EMOTES_NEGATIVE, 0.25),
          NEG,
        ),
    ],
    [5, () => add(negatedPos() + maybe(0.3, sep() + negClause()) + end() + emote(P.EMOTES_NEGATIVE, 0.15), NEG)],
    [5, () => add(negatedNeg() + maybe(0.4, sep() + posClause()) + end() + emote(P.EMOTES_POSITIVE, 0.15), POS)],
    [
      4,
      () =>
        add(
          `${pick(['虽然', '尽管', ''])}${negClause()}${sep()}${pick(['但是', '但', '不过', '可是'])}${posClause()}${end()}`,
          POS,
        ),
    ],
    [
      4,
      () =>
        add(
          `${posClause()}${sep()}${pick(['但是', '但', '不过', '可惜', '就是', '可是', '只是'])}${negClause()}${end()}`,
          NEG,
        ),
    ],
    [6, () => add(irony() + emote(P.EMOTES_IRONIC, 0.25), NEG)],
    [3, () => add(pick(P.POS_REMARKS) + emote(P.EMOTES_IRONIC, 1), NEG)],
    [
      16,
      () =>
        add(
          fill(pick(P.NEUTRAL_TEMPLATES)) + pick(['', '', '', '？', '?', '。', '~']) + emote(P.EMOTES_NEUTRAL, 0.15),
          NEU,
        ),
    ],
    [6, () => add(pick(P.SHORT_POSITIVE) + pick(['', '', '', '！', '!!!', '~', '啊']), POS)],
    [6, () => add(pick(P.SHORT_NEGATIVE) + pick(['', '', '', '！', '。', '...', '？']), NEG)],
    [6, () => add(pick(P.SHORT_NEUTRAL) + pick(['', '', '', '～', '。']), NEU)],
    [2, () => add(emote(P.EMOTES_POSITIVE, 1) + maybe(0.4, pick(P.EMOTES_POSITIVE)), POS)],
    [2, () => add(emote(P.EMOTES_NEGATIVE, 1) + maybe(0.4, pick(P.EMOTES_NEGATIVE)), NEG)],
    [2, () => add(emote(P.EMOTES_NEUTRAL, 1), NEU)],
    [1, () => add(emote(P.EMOTES_IRONIC, 1), NEG)],
    [2, () => add(fill(pick(P.NEUTRAL_TEMPLATES)) + sep() + pick(P.POS_REMARKS) + end(), POS)],
    [2, () => add(fill(pick(P.NEUTRAL_TEMPLATES)) + sep() + pick(P.NEG_REMARKS) + end(), NEG)],
    [
      2,
      () =>
        add(
          `${aspect()}${pick(['比以前', '比之前', '比别家', '比上一期', '比想象中'])}${pick(['好', '强', '好看', '好太多', '好多了', '进步多了', '用心多了'])}${end()}`,
          POS,
        ),
    ],
    [
      2,
      () =>
        add(
          `${aspect()}${pick(['不如', '还不如', '没有', '比不上'])}${pick(['以前', '上一期', '别家', '想象中', '宣传的'])}${pick(['', '好', '好看', '的一半'])}${end()}`,
          NEG,
        ),
    ],
  ];
  const total = kinds.reduce((s, [w]) => s + w, 0);
  while (out.length < size) {
    let x = r() * total;
    for (const [w, make] of kinds) {
      x -= w;
      if (x < 0) {
        make();
        break;
      }
    }
  }
  return out;
}

const LABELS = { negative: NEG, neutral: NEU, positive: POS };

/** data/train.tsv: label<TAB>text, hand-written for training. */
export function handwritten() {
  const file = new URL('./data/train.tsv', import.meta.url);
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [label, text] = l.split('\t');
      if (!(label in LABELS) || !text) throw new Error(`bad line in train.tsv: ${l}`);
      return [text, LABELS[label]];
    });
}
