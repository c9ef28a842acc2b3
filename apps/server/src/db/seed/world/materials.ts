/**
 * Activities (投稿活动) and background music of the demo world, as pure data: the same seed and load day
 * always give the same catalogue, and a video's activity and music are a function of (seed, aid, publish time,
 * partition) only. The database seed (load.ts) and the simulator (sim/http/shapes) both use it, so the demo
 * data and what the collector reads from the simulator agree. Drawn from their own PRNG streams: the rest of
 * the world (generate.ts) is unchanged by them. See docs/metrics.md "Activities and materials".
 */
import { addDays, DAY_MS, dayStartMs } from './days.js';
import { rngFor } from './prng.js';

export interface ActivitySpec {
  /** the platform's activity id (mission_id / sid) */
  id: number;
  name: string;
  description: string;
  /** top-level partitions it invites; empty = every partition */
  tops: readonly number[];
  startMs: number;
  endMs: number;
  actUrl: string;
  cover: string;
}

export interface SongSpec {
  index: number;
  /** the platform's music id: 'MA' + 18 digits */
  musicId: string;
  name: string;
  /** the tag as view/detail shows it */
  tagName: string;
  /** popularity weight before the time curve (Zipf-like) */
  weight: number;
  /** the instant it starts being used (older songs: before the world's window) */
  launchMs: number;
}

export interface MaterialWorld {
  activities: readonly ActivitySpec[];
  songs: readonly SongSpec[];
}

export interface VideoMaterialInput {
  aid: number;
  pubMs: number;
  topTid: number;
  /** the generator's is_activity flag */
  isActivity: boolean;
}

export interface VideoMaterial {
  missionId: number | null;
  song: SongSpec | null;
}

/** Timed activities: name, description, invited top-level partitions, length in days. */
const TIMED: readonly (readonly [string, string, readonly number[], number])[] = [
  ['夏日美食挑战赛', '晒出你的夏日限定美食，瓜分流量与现金奖励', [211, 160], 35],
  ['科技猎手第3季', '数码测评、科技科普投稿赢奖金', [188, 36], 60],
  ['游戏高光时刻', '剪出你的游戏名场面，优秀作品获首页推荐', [4], 30],
  ['城市漫游计划', '用vlog记录你的城市角落', [160], 40],
  ['萌宠成长日记', '记录毛孩子的每一天', [217], 45],
  ['国风创作季', '汉服、古风音乐与传统手艺，等你来秀', [3, 129, 155], 42],
  ['毕业季·青春影像', '毕业照、毕业vlog与青春回忆', [160, 181], 28],
  ['健身打卡30天', '坚持打卡，赢取运动好礼', [234], 35],
  ['知识区开学季', '硬核科普与学习方法征集', [36], 30],
  ['翻唱新声计划', '翻唱、原创音乐人扶持', [3], 45],
  ['宅舞挑战赛', '同一支舞，不同的你', [129], 30],
  ['年度手机横评', '手机、平板、耳机测评征稿', [188], 32],
  ['自驾出行季', '自驾游、用车体验与汽车测评', [223, 160], 40],
  ['家常菜大赏', '一道拿手家常菜，温暖整个冬天', [211], 35],
  ['独立游戏推荐官', '安利你心中的宝藏独立游戏', [4], 28],
  ['动画短片创作大赛', '原创动画、手书与配音作品征集', [1, 167], 60],
  ['穿搭周记', '一周穿搭不重样', [155], 30],
  ['影视解说新人赏', '影视解说与二创剪辑', [181], 42],
  ['鬼畜全明星', '鬼畜调教与音MAD作品征集', [119], 35],
  ['校园生活图鉴', '宿舍、食堂与社团的故事', [160, 36], 30],
  ['露营与户外', '户外露营、徒步与登山记录', [234, 160], 38],
  ['春节回家vlog', '回家的路与年夜饭', [160, 211], 24],
  ['电竞观赛季', '赛事解说、集锦与复盘', [4], 45],
  ['手工达人秀', '手工、模型与改造作品', [1, 160], 36],
  ['AI创作实验室', 'AI工具教程与创意作品', [36, 188], 50],
  ['一人食计划', '一个人也要好好吃饭', [211], 30],
  ['舞蹈翻跳接力', '接力翻跳热门舞蹈', [129], 28],
  ['纪录片征集令', '用镜头讲述真实故事', [177, 36], 60],
  ['猫狗双厨大赛', '猫派还是狗派？', [217], 30],
  ['二次元新星计划', '动画区新人UP主扶持', [1, 13, 167], 45],
];

/** Long-running activities (whole window, every partition or a wide set). */
const PERENNIAL: readonly (readonly [string, string, readonly number[]])[] = [
  ['bilibili新星计划', '新人UP主专属流量扶持，投稿即可参与', []],
  ['知识分享官', '分享你的专业知识，优质内容获得认证', [36, 188, 177]],
  ['生活记录家', '记录生活中的美好瞬间', [160, 211, 217, 155]],
  ['游戏UP主成长计划', '游戏区创作者长期激励', [4, 119]],
  ['音乐人扶持计划', '原创与翻唱音乐长期征稿', [3, 129]],
];

/** Song titles (fictional) of the background-music catalogue, most used first. */
const SONGS: readonly string[] = [
  '晚风告白',
  'City Walk',
  'Sunny Day',
  '轻快日常',
  '夏夜汽水',
  'Hop',
  '慢慢喜欢你呀',
  'Lucky Star',
  '山海之间',
  '云端漫步',
  'Good Morning',
  '下一站春天',
  '橘子海',
  'Pixel Love',
  '小幸运日记',
  'Chill Vibes',
  '星河长明',
  '周末去野餐',
  'Dreamer',
  '白日梦游',
  '一起去旅行',
  'Bounce',
  '晴天碎片',
  '风吹麦浪',
  'Daylight',
  '故乡的云',
  '猫咪进行曲',
  'Lo-fi Study',
  '热血番外',
  '追光者们',
  'Happy Loop',
  '微醺时刻',
  '鲸落',
  'Summer Breeze',
  '深夜食堂BGM',
  '雨后操场',
  'Retro Funk',
  '人间烟火',
  'Night Drive',
  '花开半夏',
  '少年行',
  'Cozy Cafe',
  '极光之下',
  '快乐星球',
  'Boss Battle',
  '古城小巷',
  'Marshmallow',
  '海边的风',
  '电竞燃曲',
  '雪落无声',
  'Jazz Bar',
  '向日葵',
  'Ocean Eyes Remix',
  '江南烟雨',
  'Synth Rider',
  '小镇日落',
  '温柔晚安',
  'Funky Kitchen',
  '青春纪念册',
  '梦幻泡泡',
  'Tokyo Rain',
  '春日序曲',
  'Epic Trailer',
  '萤火',
  '甜甜圈',
  'Breakbeat 95',
  '烟花易冷Cover',
  '城南花已开',
  'Upbeat Pop',
  '风的形状',
  'Bedroom Pop',
  '天空之城Piano',
  '月光奏鸣',
  'Skyline',
  '小步舞曲',
  '旧时光',
  'Dance Monkey Cover',
  '追梦赤子',
  'Golden Hour',
  '一路向北Cover',
];

/** Share of each top-level partition's videos with a background-music tag (music-led content uses more). */
const BGM_SHARE: Readonly<Record<number, number>> = {
  129: 0.8,
  119: 0.55,
  160: 0.45,
  211: 0.45,
  217: 0.42,
  155: 0.5,
  181: 0.35,
  234: 0.35,
  3: 0.3,
  1: 0.3,
  223: 0.25,
  4: 0.2,
  188: 0.15,
  36: 0.12,
  202: 0.08,
};
const BGM_SHARE_DEFAULT = 0.25;

/** Real activity ids are 7-digit numbers around 4.0e6 (2024–2025); ours sit there too. */
const ACTIVITY_ID_BASE = 4_010_000;

function musicIdOf(seed: number, index: number): string {
  const rng = rngFor(seed, 'music-id', index);
  let digits = String(rng.int(4, 9));
  for (let i = 0; i < 17; i++) digits += String(rng.int(0, 9));
  return `MA${digits}`;
}

const cache = new Map<string, MaterialWorld>();

/**
 * The catalogue of a world (seed + load day). Timed activities are staggered over the generator's 180-day
 * window (a new one about every 6 days, 24–60 days long, the latest still running after the load day);
 * songs launch over the window with Zipf-like weights (the first third already known before it).
 */
export function materialWorld(seed: number, today: string): MaterialWorld {
  const key = `${seed}:${today}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const rng = rngFor(seed, 'materials', today);
  const todayMs = dayStartMs(today);
  const activities: ActivitySpec[] = [];
  TIMED.forEach(([name, description, tops, length], k) => {
    // k = 0 started ~190 days ago; the last ones start a few days before the load day
    const startDay = addDays(today, -(190 - k * 6 - rng.int(0, 3)));
    const startMs = dayStartMs(startDay);
    activities.push({
      id: ACTIVITY_ID_BASE + k * 1171 + rng.int(0, 99),
      name,
      description,
      tops,
      startMs,
      endMs: startMs + length * DAY_MS - 1000,
      actUrl: `https://www.bilibili.com/blackboard/era/${rng.hex(10)}.html`,
      cover: `https://i0.hdslb.com/bfs/activity-plat/static/${rng.hex(32)}/${rng.hex(10)}.jpg`,
    });
  });
  PERENNIAL.forEach(([name, description, tops], k) => {
    const startMs = todayMs - (300 + k * 20) * DAY_MS;
    activities.push({
      id: ACTIVITY_ID_BASE - 200_000 + k * 977,
      name,
      description,
      tops,
      startMs,
      endMs: todayMs + 365 * DAY_MS - 1000,
      actUrl: `https://www.bilibili.com/blackboard/era/${rng.hex(10)}.html`,
      cover: `https://i0.hdslb.com/bfs/activity-plat/static/${rng.hex(32)}/${rng.hex(10)}.jpg`,
    });
  });
  const songs: SongSpec[] = SONGS.map((name, index) => ({
    index,
    musicId: musicIdOf(seed, index),
    name,
    tagName: `发现《${name}》`,
    weight: 1 / Math.pow(index + 1, 0.8),
    launchMs:
      index % 3 === 0
        ? todayMs - rng.int(200, 900) * DAY_MS
        : todayMs - rng.int(3, 175) * DAY_MS - rng.int(0, 23) * 3600_000,
  }));
  const world = { activities, songs };
  cache.set(key, world);
  return world;
}

/**
 * A song's use at an instant relative to its launch: none before, rising over the first ~2 weeks, then a slow
 * decline — so recently launched songs climb the 飙升 (rising) sort.
 */
export function songHeat(song: SongSpec, atMs: number): number {
  const ageDays = (atMs - song.launchMs) / DAY_MS;
  if (ageDays < 0) return 0;
  return song.weight * (ageDays / (ageDays + 7)) * (0.35 + 0.65 * Math.exp(-ageDays / 60));
}

/** The activity (by the generator's is_activity flag) and background music of one video. */
export function videoMaterial(world: MaterialWorld, seed: number, v: VideoMaterialInput): VideoMaterial {
  const rng = rngFor(seed, 'video-material', v.aid);
  let missionId: number | null = null;
  if (v.isActivity) {
    const open = world.activities.filter(
      (a) => a.startMs <= v.pubMs && v.pubMs <= a.endMs && (a.tops.length === 0 || a.tops.includes(v.topTid)),
    );
    // an invited partition's timed activity is more likely than the long-running ones
    const weighted = open.map(
      (a) => [a, a.tops.length === 0 ? 1 : a.endMs - a.startMs > 200 * DAY_MS ? 2 : 6] as const,
    );
    missionId = weighted.length > 0 ? rng.weighted(weighted).id : null;
  }
  let song: SongSpec | null = null;
  if (rng.chance(BGM_SHARE[v.topTid] ?? BGM_SHARE_DEFAULT)) {
    const candidates = world.songs.map((s) => [s, songHeat(s, v.pubMs)] as const).filter(([, w]) => w > 0);
    song = candidates.length > 0 ? rng.weighted(candidates) : null;
  }
  return { missionId, song };
}
