/**
 * Text templates of the simulated world: comments and danmaku of mixed sentiment, commenter names and
 * IP locations, live-room titles and areas, new-video titles (filled from the demo world's own title pools).
 */
import { NAME_ADJECTIVES, NAME_NOUNS, NAME_PERSONS, NAME_PREFIXES, TOPIC_WORDS } from '../../db/seed/world/pools.js';
import { videoText, type Draw, type VideoText } from '../../db/seed/world/titles.js';
import { PARTITIONS, type PartitionNode } from '../../db/seed/world/partitions.js';
import { intIn, normal, pickBy, unit, weightedPick } from './hash.js';

/**
 * What a text means (docs/simulator.md "Comments"): praise and criticism are plain; irony (阴阳怪气) says
 * something nice and means the opposite (a negative text with positive words); emote is a text of emotes
 * only ([doge][doge]); neutral and question carry no opinion.
 */
export type Sentiment = 'praise' | 'criticism' | 'neutral' | 'question' | 'irony' | 'emote';

/** Share of each sentiment among comments and danmaku (most audiences are friendly). */
export const SENTIMENT_WEIGHTS: readonly (readonly [Sentiment, number])[] = [
  ['praise', 40],
  ['criticism', 14],
  ['neutral', 22],
  ['question', 12],
  ['irony', 7],
  ['emote', 5],
];

/**
 * The mix while a video is in an incident (舆情事件, docs/simulator.md): mostly criticism and irony. The
 * platform-wide 'negative' share (criticism + irony) rises from 21 % to 75 %.
 */
export const INCIDENT_WEIGHTS: readonly (readonly [Sentiment, number])[] = [
  ['praise', 5],
  ['criticism', 55],
  ['neutral', 8],
  ['question', 7],
  ['irony', 20],
  ['emote', 5],
];

/** `{up}` = the creator's name, `{topic}` = a topic word of the video's partition. */
export const COMMENT_TEMPLATES: Readonly<Record<Sentiment, readonly string[]>> = {
  praise: [
    '太好看了吧！{up}yyds',
    '这期质量也太高了，三连了',
    '每次更新都第一时间来看，{up}辛苦了',
    '讲得好清楚，终于看懂{topic}了',
    '前排支持！',
    '剪辑好用心，必须一键三连',
    '从去年关注到现在，越来越好了',
    '看完心情变好了，谢谢{up}',
    '这就是我关注你的原因',
    '宝藏UP主，相见恨晚',
    '笑死我了哈哈哈哈',
    '收藏了，以后慢慢看',
    '{topic}区的天花板，没有之一',
  ],
  criticism: [
    '这期有点水了，希望下次认真点',
    '标题党，内容和标题不符',
    '广告也太长了吧',
    '感觉不如以前了',
    '节奏太拖了，看得我快睡着了',
    '这个观点我不太认同',
    '数据有问题吧，建议核实一下',
    '又恰饭，取关了',
    'BGM太吵了，人声都听不清',
    '内容太浅了，{topic}不是这样的',
  ],
  neutral: [
    '来了来了',
    '打卡',
    '第一次刷到{up}的视频',
    '{topic}区的朋友们好',
    '看到最后才发现是{up}',
    '已阅',
    '蹲一个后续',
    '周末一起看{topic}',
    '路过',
    '3:15 那里笑死',
  ],
  question: [
    '请问BGM叫什么名字？',
    '求{up}出一期{topic}入门教程',
    '这是在哪里拍的呀？',
    '有人知道片头用的是什么设备吗？',
    '下期什么时候更新？',
    '{topic}新手应该从哪里开始？',
    '这个多少钱能买到？',
    'UP主用的什么剪辑软件？',
  ],
  irony: [
    '可以，这很{up}[doge]',
    '好家伙，恰饭恰得明明白白',
    '真是“良心”视频呢，我谢谢你啊',
    '不愧是你，又双叒叕翻车了',
    '就这？还以为多厉害呢',
    '建议改名叫{topic}劝退指南',
    '这波啊，这波是教科书级别的敷衍',
    '感谢{up}让我学会了怎么浪费十分钟',
    '好好好，这么玩是吧',
    '节目效果拉满，内容为零',
  ],
  emote: ['', '', '', ''],
};

export const DANMAKU_TEMPLATES: Readonly<Record<Sentiment, readonly string[]>> = {
  praise: [
    '好耶',
    '太强了',
    'awsl',
    '三连了',
    '泪目',
    '神作',
    '前方高能',
    '妙啊',
    '爷青回',
    '这也太好看了',
    '全体起立',
    '{up}yyds',
  ],
  criticism: ['无聊', '尬', '好水', '标题党', '广告来了', '有点拖', '听不清', '取关了', '就这？'],
  neutral: [
    '哈哈哈哈哈',
    '2333',
    '来了',
    '第一',
    '打卡',
    '前排',
    '666',
    '？？？',
    '好家伙',
    '草',
    '下次一定',
    '空降成功',
  ],
  question: ['这是什么歌？', '在哪里能买到', 'UP几岁了', '这是哪里', '有人吗', '{topic}是什么梗'],
  irony: ['就这', '好家伙', '我谢谢你', '真会恰', '学到了（指浪费时间）', '又翻车'],
  emote: ['[doge]', '[笑哭]', '[打call]', '[吃瓜]', '[微笑]'],
};

/** Emotes written into comments, by the sentiment they tend to go with. */
export const EMOTES_BY_SENTIMENT: Readonly<Record<Sentiment, readonly string[]>> = {
  praise: ['[打call]', '[喜欢]', '[星星眼]', '[妙啊]', '[doge]', '[笑哭]'],
  criticism: ['[生气]', '[无语]', '[辣眼睛]', '[捂脸]', '[doge]'],
  neutral: ['[doge]', '[吃瓜]', '[笑哭]', '[OK]', '[微笑]'],
  question: ['[思考]', '[doge]', '[大哭]'],
  irony: ['[doge]', '[微笑]', '[吃瓜]', '[捂脸]'],
  emote: ['[doge]', '[笑哭]', '[打call]', '[吃瓜]', '[微笑]', '[星星眼]', '[辣眼睛]'],
};

/** Emote catalogue: text → id (ids and image names are the simulator's own). */
export const EMOTE_IDS: Readonly<Record<string, number>> = {
  '[微笑]': 1,
  '[OK]': 2,
  '[星星眼]': 3,
  '[大哭]': 5,
  '[doge]': 26,
  '[妙啊]': 27,
  '[笑哭]': 29,
  '[喜欢]': 31,
  '[辣眼睛]': 33,
  '[吃瓜]': 34,
  '[生气]': 36,
  '[捂脸]': 41,
  '[思考]': 42,
  '[无语]': 43,
  '[打call]': 61,
};

/** IP属地 provinces, weighted roughly by online population. */
export const LOCATIONS: readonly (readonly [string, number])[] = [
  ['广东', 12],
  ['江苏', 7],
  ['山东', 7],
  ['浙江', 7],
  ['河南', 6],
  ['四川', 6],
  ['湖北', 5],
  ['湖南', 5],
  ['河北', 5],
  ['福建', 4],
  ['上海', 4],
  ['北京', 4],
  ['安徽', 4],
  ['辽宁', 3],
  ['陕西', 3],
  ['江西', 3],
  ['重庆', 3],
  ['广西', 3],
  ['云南', 2],
  ['山西', 2],
  ['黑龙江', 2],
  ['吉林', 2],
  ['天津', 2],
  ['贵州', 2],
  ['内蒙古', 1],
  ['新疆', 1],
  ['甘肃', 1],
  ['海南', 1],
  ['宁夏', 0.5],
  ['青海', 0.3],
  ['西藏', 0.2],
  ['中国香港', 0.4],
  ['中国台湾', 0.4],
  ['中国澳门', 0.1],
  ['日本', 0.3],
  ['美国', 0.3],
  ['澳大利亚', 0.1],
];

export const SEX_WEIGHTS: readonly (readonly ['男' | '女' | '保密', number])[] = [
  ['男', 42],
  ['女', 33],
  ['保密', 25],
];

export function partitionOf(topTid: number): PartitionNode {
  const p = PARTITIONS.find((x) => x.tid === topTid) ?? PARTITIONS[0];
  if (!p) throw new Error('no partitions');
  return p;
}

/** tid → [name, top-level tid] for every child and top-level partition. */
export const PARTITION_NAMES: ReadonlyMap<number, readonly [string, number]> = new Map(
  PARTITIONS.flatMap((p) => [
    [p.tid, [p.name, p.tid] as const] as const,
    ...p.children.map(([tid, name]) => [tid, [name, p.tid] as const] as const),
  ]),
);

export function topicWord(topTid: number, ...parts: number[]): string {
  const p = partitionOf(topTid);
  return pickBy(TOPIC_WORDS[topTid] ?? [p.label], ...parts);
}

export function fillText(template: string, up: string, topic: string): string {
  return template.replaceAll('{up}', up).replaceAll('{topic}', topic);
}

/** A commenter's nickname: word-built like the creators' names, or the site's default `bili_…` name. */
export function commenterName(...parts: number[]): string {
  const u = unit(...parts, 1);
  if (u < 0.2) return `bili_${intIn(10_000_000_000, 99_999_999_999, ...parts, 2)}`;
  if (u < 0.5) return `${pickBy(NAME_PREFIXES, ...parts, 3)}${pickBy(NAME_NOUNS, ...parts, 4)}`;
  if (u < 0.75)
    return `${pickBy(NAME_ADJECTIVES, ...parts, 5)}${pickBy(NAME_NOUNS, ...parts, 6)}${intIn(1, 999, ...parts, 7)}`;
  return `${pickBy(NAME_NOUNS, ...parts, 8)}${pickBy(NAME_PERSONS, ...parts, 9)}`;
}

/**
 * A source of choices for the shared generators of db/seed/world (titles, engagement) from the hash of
 * (parts, k): the k-th call gives the k-th draw, so the same parts always give the same choices.
 */
export function hashDraw(...parts: number[]): Draw & { normal: () => number } {
  let k = 0;
  return {
    int: (min: number, max: number) => intIn(min, max, ...parts, k++),
    normal: () => normal(...parts, k++),
  };
}

/** A new video's title and tags: the demo world's generator (db/seed/world/titles.ts) drawing from hashes. */
export function newVideoText(tid: number, topTid: number, pubMs: number, ...parts: number[]): VideoText {
  return videoText(hashDraw(...parts), tid, topTid, pubMs);
}

export const NEW_VIDEO_DESCRIPTIONS: readonly string[] = [
  '',
  '',
  '喜欢的话请一键三连支持一下！',
  '有什么想看的内容可以在评论区告诉我',
  'BGM见评论区置顶',
  '感谢观看～',
  '本期视频拍摄于上周末，剪了好久',
];

export const LIVE_TITLES: readonly string[] = [
  '{topic}直播中',
  '今晚聊聊{topic}',
  '【{topic}】陪你到深夜',
  '周末{topic}杂谈',
  '新人主播求关注～',
  '{up}的直播间',
  '抽奖！{topic}福利局',
];

export interface LiveArea {
  parentId: number;
  parentName: string;
  areaId: number;
  areaName: string;
  /** the pre-2020 area id (`old_area_id` / `area`) */
  oldAreaId: number;
  oldAreaName: string;
}

const area = (
  parentId: number,
  parentName: string,
  areaId: number,
  areaName: string,
  oldAreaId: number,
  oldAreaName: string,
): LiveArea => ({
  parentId,
  parentName,
  areaId,
  areaName,
  oldAreaId,
  oldAreaName,
});

/** Live areas by the creator's top-level partition (a plausible subset of the site's area tree). */
export const LIVE_AREAS: Readonly<Record<number, readonly LiveArea[]>> = {
  4: [
    area(6, '单机游戏', 236, '主机游戏', 1, '单机联机'),
    area(2, '网游', 86, '英雄联盟', 4, '网络游戏'),
    area(3, '手游', 35, '王者荣耀', 12, '手游直播'),
  ],
  3: [area(5, '电台', 190, '唱见电台', 10, '唱见舞见'), area(1, '娱乐', 143, '才艺', 10, '唱见舞见')],
  129: [area(1, '娱乐', 207, '舞见', 10, '唱见舞见')],
  36: [area(11, '知识', 376, '人文社科', 11, '学习'), area(11, '知识', 372, '科技科普', 11, '学习')],
  188: [area(11, '知识', 372, '科技科普', 11, '学习')],
  160: [area(10, '生活', 646, '日常', 6, '生活娱乐'), area(1, '娱乐', 145, '视频聊天', 6, '生活娱乐')],
  211: [area(10, '生活', 369, '美食', 6, '生活娱乐')],
  217: [area(10, '生活', 370, '萌宠', 6, '生活娱乐')],
  1: [area(9, '虚拟主播', 371, '虚拟日常', 6, '生活娱乐'), area(1, '娱乐', 145, '视频聊天', 6, '生活娱乐')],
};
export const DEFAULT_LIVE_AREAS: readonly LiveArea[] = [area(1, '娱乐', 145, '视频聊天', 6, '生活娱乐')];

export function liveAreaOf(topTid: number, ...parts: number[]): LiveArea {
  return pickBy(LIVE_AREAS[topTid] ?? DEFAULT_LIVE_AREAS, ...parts);
}

export function sentimentOf(u: number, incident = false): Sentiment {
  return weightedPick(incident ? INCIDENT_WEIGHTS : SENTIMENT_WEIGHTS, u);
}
