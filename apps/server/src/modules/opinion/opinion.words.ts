import { STOP_WORDS, addDictionaryWords, segmenter } from '../hot/keywords.js';

/**
 * The words of a comment or danmaku for the word cloud (docs/metrics.md "Opinion"): the platform's emotes
 * ([doge], [笑哭] …) removed, segmented by jieba (the segmenter of modules/hot, one dictionary per process),
 * nouns, adjectives, idioms, unknown words and the slang of comments (退款, 翻车 …, whatever their tag) kept, the hot-topic stop list and the filler words of comments
 * removed; each word once per text.
 */
const EMOTE = /\[[^[\]\s]{1,12}\]/gu;
const TAGS = new Set(['n', 'nr', 'nrt', 'nrfg', 'ns', 'nt', 'nz', 'vn', 'an', 'a', 'ad', 'i', 'l', 'j', 'eng', 'x']);
const FILLERS: ReadonlySet<string> = new Set([
  '哈哈',
  '哈哈哈',
  '哈哈哈哈',
  '哈哈哈哈哈',
  '好家伙',
  '来了',
  '第一',
  '前排',
  '打卡',
  '路过',
  '已阅',
  '下次',
  '一定',
  '大家',
  '有人',
  '时候',
  '之前',
  '下期',
  '这期',
  '期待',
  '朋友',
  '第一次',
  '很多',
  '一样',
  '一直',
  '最后',
  '有点',
  '恰得',
  '讲得',
  '看得',
]);
/** Slang of comments jieba's dictionary cuts apart, added as words once. */
const SLANG = [
  '标题党',
  '退款',
  '取关',
  '恰饭',
  '好看',
  '一键三连',
  '爷青回',
  '翻车',
  '劝退',
  '敷衍',
  '水视频',
  '宝藏',
  '良心',
  '干货',
];
const SLANG_WORDS: ReadonlySet<string> = new Set(SLANG);
let slangAdded = false;
const HAS_LETTER = /\p{L}/u;
const FUNCTION_CHARS = /[的了是在都也很就么吗呢吧啊着过把被让给又才还再和与或这那你我他她它们个]/u;

/** The site's prefix of a sub-reply that answers another one: "回复 @某人 :" (the name is not what was said). */
const REPLY_PREFIX = /^\s*回复\s*@[^\s:：]{1,40}\s*[:：]\s*/u;

/** A comment's own words: the sub-reply prefix "回复 @name :" removed (scores and word counts read this). */
export function ownText(text: string): string {
  return text.replace(REPLY_PREFIX, '');
}

export function textWords(text: string): string[] {
  if (!slangAdded) {
    addDictionaryWords(SLANG);
    slangAdded = true;
  }
  const clean = ownText(text).replace(EMOTE, ' ').trim();
  if (clean === '') return [];
  const out = new Set<string>();
  for (const { word, tag } of segmenter().tag(clean, true)) {
    const w = word.trim().toLowerCase();
    if (!TAGS.has(tag) && !SLANG_WORDS.has(w)) continue;
    const n = Array.from(w).length;
    if (n < 2 || n > 12 || !HAS_LETTER.test(w)) continue;
    if (tag === 'x' && (!/^[\p{L}\d]+$/u.test(w) || FUNCTION_CHARS.test(w))) continue;
    if (STOP_WORDS.has(w) || FILLERS.has(w)) continue;
    out.add(w);
  }
  return [...out];
}

/** Word counts over texts, most frequent first (ties by word). */
export function countWords(texts: Iterable<string>, limit: number): { name: string; value: number }[] {
  const counts = new Map<string, number>();
  for (const t of texts) for (const w of textWords(t)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, limit);
}
