/**
 * The hand-written knowledge of the sentiment scorer: Bilibili emotes, short danmaku, irony markers, negators
 * and a small polarity lexicon. It is used twice: as the whole scorer's fallback (`lexiconPolarity`) and as
 * features of the trained model (`lexiconFeatures`), so what the lexicon knows also reaches the classifier.
 */

/** Emotes (`[name]`) by the polarity they carry on their own; ironic ones are listed in IRONIC_EMOTES. */
export const EMOTE_POLARITY: Readonly<Record<string, number>> = {
  // warm
  '[打call]': 2,
  '[喜欢]': 2,
  '[星星眼]': 2,
  '[妙啊]': 2,
  '[爱心]': 2,
  '[给心心]': 2,
  '[点赞]': 2,
  '[支持]': 2,
  '[鼓掌]': 1.5,
  '[干杯]': 1.5,
  '[大笑]': 1.5,
  '[呲牙]': 1,
  '[偷笑]': 1,
  '[笑]': 1,
  '[tv_大笑]': 1.5,
  '[tv_点赞]': 2,
  '[脱单doge]': 1,
  '[笑哭]': 1,
  '[歪嘴]': 0.5,
  '[奋斗]': 1,
  '[666]': 2,
  '[赞]': 2,
  '[好耶]': 2,
  '[酸了]': 0.5,
  '[害羞]': 1,
  '[OK]': 0.5,
  // cold
  '[生气]': -2,
  '[怒]': -2,
  '[无语]': -2,
  '[辣眼睛]': -2,
  '[嫌弃]': -2,
  '[吐]': -2,
  '[抠鼻]': -1,
  '[翻白眼]': -2,
  '[白眼]': -2,
  '[大哭]': -1,
  '[难过]': -1.5,
  '[委屈]': -1,
  '[撇嘴]': -1,
  '[捂脸]': -0.5,
  '[疑惑]': -0.5,
  '[尴尬]': -1,
  '[囧]': -0.5,
  '[鄙视]': -2,
  '[傲娇]': 0,
  // neutral
  '[doge]': 0,
  '[吃瓜]': 0,
  '[思考]': 0,
  '[滑稽]': 0,
  '[惊讶]': 0,
  '[灵魂出窍]': 0,
};

/** Emotes that usually mean the opposite of their face: the 微笑 of Chinese social media is a cold smile. */
export const IRONIC_EMOTES: ReadonlySet<string> = new Set(['[微笑]', '[呵呵]', '[tv_微笑]']);

/** Whole danmaku (after trimming punctuation) whose meaning is fixed by the platform's usage. */
export const SHORT_DANMAKU: Readonly<Record<string, number>> = {
  '666': 2,
  '6666': 2,
  '66666': 2,
  awsl: 2,
  yyds: 2,
  好耶: 2,
  妙啊: 2,
  泪目: 1.5,
  爷青回: 2,
  绷不住了: 1,
  绷不住: 1,
  笑死: 1.5,
  草: 1,
  艹: 1,
  '2333': 1,
  '23333': 1,
  xswl: 1.5,
  nb: 2,
  牛: 2,
  牛啊: 2,
  强: 2,
  太强了: 2,
  神作: 2,
  全体起立: 1.5,
  名场面: 1,
  高能: 0.5,
  前方高能: 0.5,
  典: -1.5,
  典中典: -1.5,
  急了: -1.5,
  他急了: -1.5,
  就这: -2,
  就这啊: -2,
  尬: -2,
  无聊: -2,
  好水: -2,
  水: -1.5,
  下头: -2,
  寄: -1.5,
  寄了: -1.5,
  孝: -1.5,
  乐: -1,
  蚌埠住了: 1,
  哈人: -1,
  一般: -0.5,
  退钱: -2,
  取关: -2,
  取关了: -2,
  举报了: -2,
  差评: -2,
  好评: 2,
  打卡: 0,
  前排: 0,
  第一: 0,
  来了: 0,
  路过: 0,
  已阅: 0,
  下次一定: 0,
  空降成功: 0,
  好家伙: 0,
};

/** Laughter written out: 哈哈哈, 233…, hhh; on Bilibili it is amusement, read as mildly positive. */
export const LAUGHTER = /(哈{2,}|h{3,}|2333+|嘿嘿|嘻嘻|xswl|笑死|笑疯|笑不活了|绷不住)/;

/** Phrases that turn the praise around them into sarcasm. */
export const IRONY_MARKERS: readonly string[] = [
  '呵呵',
  '真是好样的',
  '可真行',
  '真有你的',
  '不愧是你',
  '可真是',
  '好一个',
  '建议改名',
  '我谢谢你',
  '谢谢你啊',
  '真会玩',
  '太会了',
  '就这',
  '就这？',
  '鉴定为',
  '急了',
  '典中典',
  '还得是你',
  '您可真',
  '小丑',
  '笑死，',
  '这也能',
  '这也叫',
  '不会吧不会吧',
  '懂的都懂',
  '资本',
];

/** Words that flip the next polarity word within a few characters. */
export const NEGATORS: readonly string[] = ['不', '没', '没有', '别', '无', '非', '未', '不太', '不是', '并不', '毫不'];

/** Polarity words: weight in (0, 2]. Longest-first matching; a negator just before flips the sign. */
export const POSITIVE_WORDS: Readonly<Record<string, number>> = {
  好看: 2,
  好听: 2,
  好棒: 2,
  棒: 1.5,
  厉害: 2,
  优秀: 2,
  精彩: 2,
  喜欢: 1.5,
  爱了: 2,
  爱死: 2,
  支持: 1.5,
  感谢: 1.5,
  谢谢: 1,
  辛苦了: 1.5,
  三连: 2,
  一键三连: 2,
  投币: 1,
  收藏: 1,
  推荐: 1,
  良心: 2,
  用心: 2,
  认真: 1,
  专业: 1.5,
  清楚: 1,
  干货: 2,
  宝藏: 2,
  天花板: 2,
  封神: 2,
  神作: 2,
  绝了: 2,
  绝绝子: 2,
  牛逼: 2,
  牛批: 2,
  nb: 2,
  强: 1,
  太强: 2,
  好耶: 2,
  开心: 1.5,
  快乐: 1.5,
  感动: 1.5,
  泪目: 1.5,
  治愈: 2,
  温柔: 1.5,
  可爱: 1.5,
  帅: 1.5,
  美: 1,
  漂亮: 1.5,
  舒服: 1.5,
  过瘾: 1.5,
  期待: 1,
  满意: 1.5,
  值得: 1.5,
  值了: 1.5,
  不错: 1.5,
  挺好: 1.5,
  很好: 1.5,
  真好: 1.5,
  太好了: 2,
  好评: 2,
  有趣: 1.5,
  有意思: 1.5,
  好笑: 1,
  妙: 1.5,
  赞: 1.5,
  顶: 1,
  yyds: 2,
  awsl: 2,
  相见恨晚: 2,
  学到了: 1.5,
  涨知识: 1.5,
  看懂了: 1,
  终于: 0.5,
  加油: 1,
  恭喜: 1.5,
  成功: 1,
  完美: 2,
  惊艳: 2,
  震撼: 1.5,
  好活: 1.5,
  上头: 1,
  舒适: 1.5,
  良作: 2,
  佳作: 2,
  高质量: 2,
};

export const NEGATIVE_WORDS: Readonly<Record<string, number>> = {
  难看: 2,
  难听: 2,
  垃圾: 2,
  辣鸡: 2,
  恶心: 2,
  讨厌: 1.5,
  失望: 2,
  无聊: 1.5,
  烂: 1.5,
  差: 1,
  太差: 2,
  差劲: 2,
  糟糕: 2,
  坑: 1,
  骗: 1.5,
  骗子: 2,
  智商税: 2,
  标题党: 2,
  恰饭: 1,
  广告: 1,
  水了: 1.5,
  有点水: 2.5,
  希望下次: 1,
  太水: 2,
  敷衍: 2,
  拖: 1,
  尴尬: 1.5,
  尬: 1.5,
  吵: 1,
  听不清: 1,
  看不懂: 1,
  不如: 1,
  取关: 2,
  退钱: 2,
  举报: 1.5,
  翻车: 1.5,
  离谱: 1.5,
  无语: 1.5,
  生气: 1.5,
  愤怒: 2,
  气死: 2,
  难过: 1.5,
  伤心: 1.5,
  心疼: 0.5,
  可惜: 1,
  遗憾: 1,
  后悔: 1.5,
  浪费: 1.5,
  问题: 0.5,
  错误: 1,
  错: 0.5,
  抄袭: 2,
  搬运: 1,
  洗稿: 2,
  下头: 2,
  油腻: 1.5,
  做作: 1.5,
  脑残: 2,
  弱智: 2,
  傻逼: 2,
  sb: 2,
  滚: 2,
  呵呵: 1.5,
  小丑: 2,
  割韭菜: 2,
  吃相: 1.5,
  难吃: 2,
  崩了: 1.5,
  卡顿: 1.5,
  睡着: 1,
  劝退: 2,
  避雷: 2,
  踩雷: 2,
  黑心: 2,
  粗糙: 1.5,
  烂尾: 2,
  拉胯: 2,
  拉跨: 2,
  寄: 1,
  裂开: 1,
  破防: 0.5,
  血压: 1,
  引战: 1.5,
  带节奏: 1.5,
  饭圈: 1,
};

/** Counts the lexicon finds in a normalised text. */
export interface LexiconHits {
  positive: number;
  negative: number;
  irony: number;
  emotePositive: number;
  emoteNegative: number;
  emoteIronic: number;
  emoteOnly: boolean;
  laughter: boolean;
  question: boolean;
  exclaim: boolean;
  short: number | null;
}

const EMOTE_RE = /\[[^[\]\s]{1,12}\]/g;
const STRIP_RE = /[\s!！?？。.,，~～…、:：;；"'“”‘’()（）]+/g;

/** NFKC (full-width to half-width), lower case, trimmed; emotes keep their brackets. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim();
}

/** The emotes of a normalised text, in order. */
export function emotesOf(text: string): string[] {
  return text.match(EMOTE_RE) ?? [];
}

function polarityWords(words: Readonly<Record<string, number>>): (readonly [string, number])[] {
  return Object.entries(words).sort((a, b) => b[0].length - a[0].length);
}
const POSITIVE_LIST = polarityWords(POSITIVE_WORDS);
const NEGATIVE_LIST = polarityWords(NEGATIVE_WORDS);

function negatedAt(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 3), at);
  return NEGATORS.some((n) => before.endsWith(n) || (n.length === 1 && before.slice(0, -1).endsWith(n)));
}

/** Sums the weights of the polarity words found, each occurrence once, a negated one counted on the other side. */
function wordHits(text: string): { positive: number; negative: number } {
  const taken = new Uint8Array(text.length);
  let positive = 0;
  let negative = 0;
  const scan = (list: (readonly [string, number])[], sign: 1 | -1) => {
    for (const [word, weight] of list) {
      let at = text.indexOf(word);
      while (at >= 0) {
        let free = true;
        for (let i = at; i < at + word.length; i++) if (taken[i]) free = false;
        if (free) {
          taken.fill(1, at, at + word.length);
          const s = negatedAt(text, at) ? -sign : sign;
          if (s > 0) positive += weight;
          else negative += weight;
        }
        at = text.indexOf(word, at + word.length);
      }
    }
  };
  // Longer words win over their parts whichever list they are in: scan both lists merged by length.
  const merged = [
    ...POSITIVE_LIST.map(([w, x]) => [w, x, 1] as const),
    ...NEGATIVE_LIST.map(([w, x]) => [w, x, -1] as const),
  ].sort((a, b) => b[0].length - a[0].length);
  for (const [w, x, s] of merged) scan([[w, x]], s);
  return { positive, negative };
}

/** What the lexicon sees in a text. */
export function lexiconHits(raw: string): LexiconHits {
  const text = normalizeText(raw);
  const emotes = emotesOf(text);
  let emotePositive = 0;
  let emoteNegative = 0;
  let emoteIronic = 0;
  for (const e of emotes) {
    const key = e === '[ok]' ? '[OK]' : e;
    if (IRONIC_EMOTES.has(key)) emoteIronic += 1;
    const p = EMOTE_POLARITY[key] ?? 0;
    if (p > 0) emotePositive += p;
    else if (p < 0) emoteNegative -= p;
  }
  const bare = text.replace(EMOTE_RE, ' ');
  const stripped = bare.replace(STRIP_RE, '');
  const words = wordHits(bare);
  let irony = 0;
  for (const m of IRONY_MARKERS) if (bare.includes(m)) irony += 1;
  return {
    positive: words.positive,
    negative: words.negative,
    irony,
    emotePositive,
    emoteNegative,
    emoteIronic,
    emoteOnly: emotes.length > 0 && stripped.length === 0,
    laughter: LAUGHTER.test(stripped),
    question: /[?？]|吗$|什么|怎么|哪里|为啥|为什么|多少|求/.test(bare),
    exclaim: /[!！]/.test(bare),
    short: SHORT_DANMAKU[stripped] ?? null,
  };
}

/** The lexicon's polarity of a text: > 0 positive, < 0 negative, about 0 neutral. */
export function lexiconPolarity(raw: string): number {
  const h = lexiconHits(raw);
  if (h.short !== null && h.emotePositive + h.emoteNegative + h.emoteIronic === 0) return h.short;
  let s = h.positive - h.negative + 0.8 * (h.emotePositive - h.emoteNegative);
  if (h.laughter) s += 0.8;
  if (h.short !== null) s += h.short;
  // Irony: praise next to a cold smile or a sarcasm marker reads as its opposite.
  const ironic = h.emoteIronic + h.irony;
  if (ironic > 0) s = -Math.abs(s) - 1.5 * ironic;
  return s;
}
