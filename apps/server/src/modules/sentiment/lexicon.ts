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
  贴心: 1.5,
  热情: 1.5,
  耐心: 1.5,
  周到: 1.5,
  实惠: 1.5,
  划算: 1.5,
  超值: 2,
  物美价廉: 2,
  性价比高: 2,
  好用: 1.5,
  好吃: 2,
  美味: 2,
  可口: 1.5,
  新鲜: 1,
  正宗: 1.5,
  干净: 1.5,
  整洁: 1.5,
  舒心: 1.5,
  安心: 1,
  放心: 1,
  靠谱: 1.5,
  给力: 2,
  到位: 1.5,
  出色: 2,
  精致: 1.5,
  细腻: 1.5,
  流畅: 1.5,
  丝滑: 1.5,
  稳定: 1,
  清晰: 1,
  鲜艳: 1,
  生动: 1.5,
  有深度: 1.5,
  有创意: 1.5,
  有才: 1.5,
  用心良苦: 1,
  走心: 1.5,
  暖心: 2,
  温暖: 1.5,
  温馨: 1.5,
  幸福: 1.5,
  欣慰: 1.5,
  激动: 1,
  兴奋: 1,
  惊喜: 1.5,
  感激: 1.5,
  敬佩: 2,
  佩服: 2,
  致敬: 1.5,
  钦佩: 2,
  崇拜: 1.5,
  欣赏: 1.5,
  认可: 1.5,
  称赞: 1.5,
  夸: 1,
  好评如潮: 2,
  推荐入手: 2,
  回购: 1.5,
  必买: 2,
  入股不亏: 2,
  不亏: 1.5,
  赚到了: 1.5,
  物超所值: 2,
  无可挑剔: 2,
  挑不出毛病: 2,
  满分: 2,
  五星: 1.5,
  一流: 2,
  顶级: 2,
  卓越: 2,
  杰出: 2,
  精湛: 2,
  高超: 2,
  娴熟: 1.5,
  扎实: 1.5,
  大气: 1,
  高级: 1,
  有质感: 1.5,
  绝美: 2,
  好美: 2,
  帅气: 1.5,
  迷人: 1.5,
  动听: 2,
  悦耳: 2,
  热血: 1.5,
  燃: 1,
  感人: 1.5,
  触动: 1.5,
  共鸣: 1.5,
  启发: 1.5,
  受益: 1.5,
  收获: 1,
  进步: 1,
  成长: 1,
  励志: 1.5,
  正能量: 2,
  祝福: 1.5,
  愉快: 1.5,
  爽: 1,
  解压: 1.5,
  乖: 1,
  聪明: 1.5,
  机智: 1.5,
  懂事: 1.5,
  善良: 1.5,
  真诚: 1.5,
  实在: 1,
  负责: 1.5,
  便宜: 1,
  快速: 1,
  及时: 1,
  准时: 1,
  方便: 1,
  便捷: 1,
  合身: 1,
  柔软: 1,
  耐用: 1.5,
  结实: 1,
  醍醐灌顶: 2,
  通透: 1.5,
  明白了: 1,
  听懂了: 1,
  治好了: 1.5,
  救了: 1,
  意犹未尽: 2,
  停不下来: 1.5,
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
  敷衍了事: 2,
  粗制滥造: 2,
  偷工减料: 2,
  以次充好: 2,
  货不对板: 2,
  不符: 1.5,
  破损: 1.5,
  划痕: 1.5,
  坏了: 1.5,
  故障: 1.5,
  闪退: 2,
  掉帧: 1.5,
  卡死: 2,
  死机: 2,
  发热: 1,
  烫手: 1.5,
  断线: 1.5,
  漏水: 1.5,
  异味: 1.5,
  臭: 1.5,
  脏: 1.5,
  潮湿: 1.5,
  嘈杂: 1.5,
  噪音: 1.5,
  拥挤: 1,
  简陋: 1.5,
  破旧: 1.5,
  老旧: 1,
  冷漠: 2,
  傲慢: 2,
  态度差: 2,
  态度恶劣: 2,
  爱答不理: 2,
  踢皮球: 2,
  推三阻四: 2,
  不理: 1,
  不回: 1,
  慢: 0.5,
  太慢: 1.5,
  拖延: 1.5,
  迟到: 1,
  延误: 1.5,
  缺货: 1,
  退款: 1,
  退货: 1.5,
  投诉: 1.5,
  维权: 1.5,
  贵: 1,
  太贵: 2,
  昂贵: 1.5,
  不值: 2,
  亏: 1,
  上当: 2,
  被骗: 2,
  虚假: 2,
  欺骗: 2,
  忽悠: 2,
  套路: 1,
  难喝: 2,
  变质: 2,
  过期: 2,
  太咸: 1.5,
  腻: 1,
  生硬: 1.5,
  别扭: 1.5,
  乏味: 1.5,
  拖沓: 2,
  冗长: 1.5,
  啰嗦: 1.5,
  空洞: 1.5,
  肤浅: 1.5,
  幼稚: 1.5,
  低级: 1.5,
  低俗: 2,
  庸俗: 2,
  俗套: 1.5,
  老套: 1.5,
  狗血: 1.5,
  烂俗: 2,
  浮夸: 1.5,
  出戏: 1.5,
  面瘫: 1.5,
  尬演: 2,
  五毛: 1.5,
  糊: 1,
  模糊: 1,
  大失所望: 2,
  失落: 1.5,
  沮丧: 1.5,
  郁闷: 1.5,
  烦躁: 1.5,
  烦: 1.5,
  心累: 1.5,
  心寒: 2,
  寒心: 2,
  痛心: 1.5,
  悲伤: 1.5,
  难受: 1.5,
  痛苦: 1.5,
  绝望: 2,
  崩溃: 1.5,
  委屈: 1,
  憋屈: 1.5,
  窝火: 2,
  恼火: 2,
  可恶: 2,
  可耻: 2,
  无耻: 2,
  虚伪: 2,
  作秀: 1.5,
  摆拍: 1.5,
  炒作: 1.5,
  蹭热度: 1.5,
  营销号: 2,
  水军: 1.5,
  控评: 1.5,
  误导: 1.5,
  误人子弟: 2,
  胡说: 2,
  瞎说: 2,
  扯淡: 2,
  一派胡言: 2,
  错误百出: 2,
  漏洞百出: 2,
  一塌糊涂: 2,
  乱七八糟: 2,
  稀碎: 2,
  稀烂: 2,
  糟透: 2,
  惨不忍睹: 2,
  不忍直视: 2,
  灾难: 2,
  没救了: 2,
  没用: 1.5,
  没帮助: 1.5,
  没意思: 1.5,
  没劲: 1.5,
  无趣: 1.5,
  昏昏欲睡: 2,
  看不下去: 2,
  听不下去: 2,
  差评: 2,
  一星: 1.5,
  劣质: 2,
  山寨: 1.5,
  盗版: 1.5,
  欺诈: 2,
  黑店: 2,
  宰客: 2,
  强制: 1,
  坑钱: 2,
  恶劣: 2,
  不靠谱: 2,
  毛病: 1,
  缺点: 0.5,
  不足: 0.5,
  白瞎: 1.5,
  白费: 1.5,
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
  /** Polarity words after the last turn (但是, 不过, 结果, 可惜…): the clause that usually decides. */
  tailPositive: number;
  tailNegative: number;
}

/** Words that turn a sentence: what follows the last of them usually carries its verdict. */
const TURN_RE = /(但是|但|不过|可是|然而|结果|可惜|就是|只是|没想到|却)/g;

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

/** Polarity words of both lists by first character, longest first: forward maximum matching. */
const POLARITY_BY_FIRST = new Map<string, (readonly [string, number, 1 | -1])[]>();
for (const [list, sign] of [
  [POSITIVE_LIST, 1],
  [NEGATIVE_LIST, -1],
] as const) {
  for (const [word, weight] of list) {
    const first = word[0] ?? '';
    const bucket = POLARITY_BY_FIRST.get(first) ?? [];
    bucket.push([word, weight, sign]);
    POLARITY_BY_FIRST.set(first, bucket);
  }
}
for (const bucket of POLARITY_BY_FIRST.values()) bucket.sort((x, y) => y[0].length - x[0].length);

/**
 * Sums the weights of the polarity words found left to right, the longest word at each place winning (差评
 * over 差), a word just after a negator counted on the other side.
 */
function wordHits(text: string): { positive: number; negative: number } {
  let positive = 0;
  let negative = 0;
  let i = 0;
  while (i < text.length) {
    const bucket = POLARITY_BY_FIRST.get(text[i] ?? '');
    const hit = bucket?.find(([word]) => text.startsWith(word, i));
    if (!hit) {
      i++;
      continue;
    }
    const [word, weight, sign] = hit;
    const s = negatedAt(text, i) ? -sign : sign;
    if (s > 0) positive += weight;
    else negative += weight;
    i += word.length;
  }
  return { positive, negative };
}

/** What the lexicon sees in a text. */
export function lexiconHits(raw: string): LexiconHits {
  return lexiconHitsOf(normalizeText(raw));
}

/** lexiconHits of an already normalised text. */
export function lexiconHitsOf(text: string): LexiconHits {
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
  let tail = { positive: 0, negative: 0 };
  let lastTurn = -1;
  for (const m of bare.matchAll(TURN_RE)) lastTurn = m.index + m[0].length;
  if (lastTurn > 0) tail = wordHits(bare.slice(lastTurn));
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
    tailPositive: tail.positive,
    tailNegative: tail.negative,
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
