/**
 * Title keywords for hot topics (docs/metrics.md "Hot content", docs/decisions.md "Chinese word segmentation"):
 * the words of a title cut by jieba (`@node-rs/jieba`, the maintained Rust port of the standard Chinese
 * segmenter, with its own dictionary and part-of-speech tags), kept when they are content words — nouns,
 * names, places, brands, verbal nouns, Latin words, and words the dictionary does not know (new game and
 * product names found by jieba's HMM) — at least two characters long and not on the stop list. Never
 * character n-grams: a keyword is always a whole word the segmenter cut.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * Words a Bilibili title uses for its form, not its subject ("the first time", "this episode", "vlog"…),
 * plus jieba's function words that its tags let through. Lower-case; Latin words are compared lower-cased.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // time and sequence
  '一天',
  '今天',
  '明天',
  '昨天',
  '每天',
  '今年',
  '去年',
  '明年',
  '年度',
  '时候',
  '时间',
  '第一次',
  '最后',
  '一期',
  '本期',
  '这期',
  '上期',
  '下期',
  '第一期',
  '合集',
  '系列',
  '全集',
  '上集',
  '下集',
  '后续',
  '番外',
  '分钟',
  '小时',
  '秒钟',
  '周年',
  '一年',
  '半年',
  '一周',
  '一个月',
  // people and pronoun-like nouns
  '大家',
  '自己',
  '我们',
  '你们',
  '他们',
  '朋友',
  '家人',
  '小伙伴',
  '网友',
  '粉丝',
  'up',
  'up主',
  '博主',
  '本人',
  // generic things
  '东西',
  '事情',
  '问题',
  '方法',
  '办法',
  '原因',
  '结果',
  '样子',
  '地方',
  '感觉',
  '心情',
  '体验',
  '内容',
  '视频',
  '版本',
  '全网',
  '全站',
  '史上',
  '人生',
  '世界',
  '程度',
  '部分',
  '方式',
  '情况',
  '水平',
  '区别',
  '真相',
  '秘密',
  '故事',
  '记录',
  '日常',
  '分享',
  '推荐',
  '教程',
  '攻略',
  '测评',
  '评测',
  '总结',
  '盘点',
  '解说',
  '合辑',
  '成就',
  '全成就',
  '一切',
  '所有',
  '什么',
  '怎么',
  '为什么',
  '如何',
  '多少',
  '多少钱',
  '这个',
  '那个',
  '这些',
  '那些',
  '一下',
  '一起',
  '一次',
  '一点',
  '一种',
  '一个',
  '那么',
  '这么',
  '真的',
  '居然',
  '竟然',
  '到底',
  '终于',
  '已经',
  '可以',
  '不是',
  '没有',
  '还是',
  '就是',
  '只是',
  '而已',
  '里面',
  '外面',
  '上面',
  '下面',
  '之后',
  '之前',
  '生活',
  '求三连',
  '附体',
  '歌曲',
  '完整版',
  '变化',
  '天后',
  '一镜',
  '规则',
  '回村',
  '深度',
  'mad',
  'amv',
  '普通人',
  '功能',
  '风格',
  '原创',
  '效率',
  '避坑',
  '竖屏',
  '横屏',
  '一镜到底',
  '精彩',
  '基础',
  '零基础',
  '强度',
  '挑战',
  '教学',
  '实况',
  '通关',
  '关卡',
  '萌新',
  '平民',
  '场面',
  '名场面',
  '排行',
  '开箱',
  '解析',
  '横评',
  '拆解',
  '指南',
  '选购',
  '感受',
  '真实',
  '做法',
  '家常',
  '技巧',
  '玩法',
  '细节',
  '瞬间',
  '经验',
  '规划',
  '笔记',
  '现场',
  '集锦',
  '混剪',
  '剪辑',
  '过程',
  '路线',
  '预算',
  '作业',
  '以后',
  '以前',
  '时代',
  '新手',
  '入门',
  '进阶',
  '必看',
  '干货',
  '建议',
  '收藏',
  '三连',
  '一键三连',
  '高能',
  'vlog',
  'bgm',
  'pv',
  'mv',
  'cv',
  'hd',
  '4k',
  '1080p',
  'p1',
  'ep',
]);

/** Part-of-speech tags (jieba's ICTCLAS set) of content words. */
const CONTENT_TAGS = new Set(['n', 'nr', 'nrt', 'nrfg', 'ns', 'nt', 'nz', 'vn', 'an', 'eng', 'x', 'j']);
/** A word the dictionary does not know (tag `x`) is kept only without these function characters. */
const FUNCTION_CHARS = /[的了是在都也很就够么吗呢吧啊着过把被让给又才还再和与或这那你我他她它们个]/u;

/**
 * Names common on Bilibili that jieba's general dictionary cuts apart or tags as verbs (英雄/联盟, 外卖/v):
 * added to the dictionary as nouns so a title keeps them whole.
 */
export const DOMAIN_WORDS: readonly string[] = [
  '英雄联盟',
  '王者荣耀',
  '原神',
  '崩坏星穹铁道',
  '星穹铁道',
  '绝区零',
  '鸣潮',
  '明日方舟',
  '我的世界',
  '黑神话悟空',
  '黑神话',
  '艾尔登法环',
  '塞尔达',
  '和平精英',
  '永劫无间',
  '金铲铲之战',
  '第五人格',
  '蛋仔派对',
  '三角洲行动',
  '幻兽帕鲁',
  '赛博朋克',
  '博德之门',
  '怪物猎人',
  '宝可梦',
  '炉石传说',
  '无畏契约',
  '守望先锋',
  '植物大战僵尸',
  '外卖',
  '外卖小哥',
  '预制菜',
  '露营',
  '骑行',
  '飞盘',
  '城市漫步',
  '特种兵旅游',
  '考研',
  '考公',
  '雅思',
  '高考',
  '大学生',
  '打工人',
  '新能源',
  '电动车',
  '手机评测',
  '机械键盘',
  '显卡',
  '大模型',
  '人工智能',
  '健身',
  '减脂',
  '增肌',
  '萌宠',
  '猫咪',
  '柯基',
  '二次元',
  '番剧',
  '国创',
  '鬼畜',
  '虚拟主播',
  '翻唱',
  '宅舞',
  '街舞',
];
/** A keyword has at least one letter (Han or Latin) and is not a number with a unit. */
const HAS_LETTER = /\p{L}/u;
const NUMERIC = /^[\d.]+[a-z%]*$/iu;

let jieba: Jieba | null = null;

/** The segmenter, loaded once on first use (≈ 0.3 s for the dictionary); also segments comments (modules/opinion). */
export function segmenter(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    jieba.loadDict(Buffer.from(DOMAIN_WORDS.map((w) => `${w} 100000 nz`).join('\n')));
  }
  return jieba;
}

const added = new Set<string>();

/**
 * Adds words to the dictionary as nouns (the platform tags of collected videos: a title that names a tag keeps
 * it whole). Words already added are skipped, so calling it for every window costs only the new ones.
 */
export function addDictionaryWords(words: Iterable<string>): void {
  const fresh: string[] = [];
  for (const w of words) {
    const word = w.trim();
    if (Array.from(word).length < 2 || /\s/u.test(word) || added.has(word)) continue;
    added.add(word);
    fresh.push(`${word} 100000 nz`);
  }
  if (fresh.length > 0) segmenter().loadDict(Buffer.from(fresh.join('\n')));
}

/** The content words of a title, lower-cased Latin, in order of first appearance, each once. */
export function titleKeywords(title: string): string[] {
  const out = new Set<string>();
  for (const { word, tag } of segmenter().tag(title, true)) {
    const w = word.trim().toLowerCase();
    if (!CONTENT_TAGS.has(tag)) continue;
    if (Array.from(w).length < 2 || !HAS_LETTER.test(w) || NUMERIC.test(w)) continue;
    if (tag === 'x' && (!/^[\p{L}\d]+$/u.test(w) || FUNCTION_CHARS.test(w))) continue; // punctuation, HMM fragments
    if (STOP_WORDS.has(w)) continue;
    out.add(w);
  }
  return [...out];
}
