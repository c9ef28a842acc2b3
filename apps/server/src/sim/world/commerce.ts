/**
 * Commerce on simulated videos (issue #26; docs/simulator.md "Commerce"): which videos sell goods (带货) or are
 * sponsored (商单), and how their pages show it — shop links in the description, a pinned comment with links,
 * goods cards in the page's goods area, the commercial-partnership label, 恰饭 danmaku and comments. A pure
 * function of (seed, video) like the rest of the world; goods prices move by Asia/Shanghai day.
 *
 * Brand names are those of the brand dictionary (migration 0061), written as creators write them, so the
 * product's detectors find them; a few sponsored videos carry no signal at all (an undisclosed deal), as real
 * ones do.
 */
import { DAY_MS } from '../../db/seed/world/days.js';
import { Salt, hash32, intIn, pickBy, unit } from './hash.js';
import type { SimVideo } from './video-model.js';

export type SimPlatform = 'taobao' | 'tmall' | 'jd' | 'bilibili' | 'pdd';
export type SimGoodsSource = 'desc' | 'pinned_comment' | 'goods_area';

export interface SimGoods {
  /** index in GOODS (stable: the item's identity) */
  index: number;
  platform: SimPlatform;
  itemId: string;
  title: string;
  brand: string;
  category: string;
  shop: string;
  basePrice: number;
  url: string;
}

export interface SimVideoCommerce {
  sponsored: boolean;
  /** the sponsor (sponsored) or the main goods' brand */
  brand: string;
  /** the commercial-partnership label shown on the page, null when none */
  label: string | null;
  /** lines appended to the description */
  descLines: string[];
  /** the creator's pinned comment, null when none */
  pinned: string | null;
  /** URLs of the pinned comment (its jump_url keys) */
  pinnedUrls: string[];
  /** goods and where each is shown */
  goods: { goods: SimGoods; source: SimGoodsSource; link: string }[];
  /** share of neutral danmaku / comments replaced by 恰饭 words */
  qiafanShare: number;
}

type Row = readonly [brand: string, title: string, price: number];

/** Goods by category (real brands of the dictionary, realistic items and list prices in yuan). */
const CATALOG: Readonly<Record<string, readonly Row[]>> = {
  数码: [
    ['罗技', '罗技 MX Master 3S 无线鼠标 静音办公', 699],
    ['罗技', '罗技 G Pro X 机械键盘 游戏电竞', 899],
    ['绿联', '绿联 65W 氮化镓充电器 多口快充', 129],
    ['绿联', '绿联 Type-C 扩展坞 十合一', 239],
    ['漫步者', '漫步者 Lolli Pro 3 真无线降噪耳机', 399],
    ['倍思', '倍思 20000mAh 移动电源 自带线', 119],
    ['安克', 'Anker 安克 磁吸充电宝 10000mAh', 199],
    ['大疆', '大疆 DJI Osmo Pocket 3 口袋云台相机', 3499],
    ['影石', '影石 Insta360 X4 全景运动相机', 2999],
    ['小米', '小米手环9 NFC版 智能运动手环', 269],
  ],
  家电: [
    ['追觅', '追觅 X40 Ultra 扫拖一体机器人', 5999],
    ['石头科技', '石头扫地机 P10S Pro 自动集尘', 3799],
    ['戴森', '戴森 Supersonic 吹风机 HD15', 2999],
    ['九阳', '九阳 破壁机 家用低音 多功能', 499],
    ['小熊电器', '小熊电器 养生壶 1.5L 煮茶器', 129],
    ['美的', '美的 空调 1.5匹 新一级能效 变频', 2599],
    ['飞科', '飞科 电动剃须刀 全身水洗', 159],
    ['添可', '添可 芙万3.0 洗地机 家用', 2699],
  ],
  游戏: [
    ['任天堂', '任天堂 Switch OLED 游戏机 国行', 2099],
    ['索尼', '索尼 PS5 Slim 光驱版 游戏主机', 3499],
    ['北通', '北通 阿修罗3 无线游戏手柄', 249],
    ['8BitDo', '8BitDo 八位堂 猎户座 游戏手柄', 299],
    ['雷蛇', '雷蛇 炼狱蝰蛇V3 游戏鼠标', 269],
    ['万代', '万代 高达 MG 模型 拼装', 389],
  ],
  汽车: [
    ['米其林', '米其林轮胎 浩悦四代 225/45R18', 899],
    ['壳牌', '壳牌 超凡喜力 全合成机油 4L', 369],
    ['美孚', '美孚1号 全合成机油 0W-40 4L', 439],
  ],
  食品饮料: [
    ['三只松鼠', '三只松鼠 每日坚果 750g/30包 零食礼包', 99],
    ['良品铺子', '良品铺子 肉脯 零食大礼包', 69],
    ['元气森林', '元气森林 气泡水 480ml×15瓶 整箱', 69],
    ['农夫山泉', '农夫山泉 东方树叶 茉莉花茶 500ml×15', 59],
    ['卫龙', '卫龙 大面筋辣条 零食 小包装', 29.9],
    ['三顿半', '三顿半 精品速溶咖啡 超即溶 24颗', 169],
    ['自嗨锅', '自嗨锅 自热火锅 懒人速食 4盒', 79],
    ['王饱饱', '王饱饱 烤燕麦片 水果麦片 早餐', 49.9],
    ['拉面说', '拉面说 日式豚骨拉面 4盒装', 59.9],
    ['好欢螺', '好欢螺 螺蛳粉 400g×5袋', 59.9],
  ],
  美妆: [
    ['完美日记', '完美日记 小细跟口红 哑光唇膏', 79],
    ['花西子', '花西子 空气蜜粉 定妆散粉', 149],
    ['珀莱雅', '珀莱雅 双抗精华 3.0 抗氧化 30ml', 299],
    ['薇诺娜', '薇诺娜 舒敏保湿特护霜 50g', 268],
    ['橘朵', '橘朵 九色眼影盘 大地色', 69],
    ['欧莱雅', '欧莱雅 小黑瓶 精华肌底液 50ml', 399],
    ['兰蔻', '兰蔻 小黑瓶 精华肌底液 50ml', 1080],
    ['可复美', '可复美 重组胶原蛋白 修护面膜 5片', 169],
  ],
  服饰: [
    ['优衣库', '优衣库 男女款 摇粒绒外套', 199],
    ['李宁', '李宁 赤兔7 PRO 跑步鞋', 599],
    ['安踏', '安踏 C202 5GT 竞速跑鞋', 699],
    ['蕉下', '蕉下 防晒衣 冰丝 UPF50+', 299],
    ['波司登', '波司登 羽绒服 短款 鹅绒', 1299],
    ['回力', '回力 帆布鞋 经典款 百搭', 79],
  ],
  个护: [
    ['usmile', 'usmile 笑容加 电动牙刷 Y10 PRO', 499],
    ['徕芬', '徕芬 高速吹风机 LF03', 599],
    ['多芬', '多芬 沐浴露 深层营润 1kg', 59.9],
    ['滋源', '滋源 无硅油 洗发水 535ml', 89],
    ['舒客', '舒客 益生菌牙膏 3支装', 49.9],
  ],
  家居: [
    ['宜家', '宜家 升降桌 电动 办公学习', 1699],
    ['源氏木语', '源氏木语 实木书桌 北欧 简约', 999],
    ['网易严选', '网易严选 人体工学椅 小蛮腰', 1499],
    ['水星家纺', '水星家纺 四件套 纯棉 1.8m床', 399],
    ['名创优品', '名创优品 桌面收纳盒 多格', 39.9],
    ['晨光', '晨光文具 中性笔 0.5mm 12支', 19.9],
  ],
  母婴: [
    ['babycare', 'babycare 婴儿湿巾 80抽×10包', 89],
    ['帮宝适', '帮宝适 一级帮 拉拉裤 XL', 169],
    ['飞鹤', '飞鹤 星飞帆 卓睿 3段 奶粉 700g', 339],
    ['可优比', '可优比 婴儿推车 轻便 可折叠', 899],
  ],
  宠物: [
    ['麦富迪', '麦富迪 BARF 全价猫粮 1.5kg', 139],
    ['小佩', '小佩 PETKIT 智能猫砂盆 MAX', 1699],
    ['卫仕', '卫仕 猫多维 维生素片 200片', 79],
    ['网易天成', '网易天成 冻干双拼 全价猫粮 1.8kg', 129],
  ],
  运动户外: [
    ['迪卡侬', '迪卡侬 速干T恤 男女 跑步健身', 59.9],
    ['凯乐石', '凯乐石 登山鞋 防水 徒步', 899],
    ['牧高笛', '牧高笛 露营帐篷 自动速开', 599],
    ['Keep', 'Keep 智能跳绳 计数', 99],
  ],
  教育: [
    ['有道', '网易有道词典笔 X6 Pro 扫读笔', 799],
    ['科大讯飞', '科大讯飞 学习机 T20 Pro', 5999],
  ],
  互联网服务: [
    ['夸克', '夸克网盘 超级会员 年卡', 188],
    ['百度网盘', '百度网盘 超级会员 年卡', 248],
    ['网易云音乐', '网易云音乐 黑胶VIP 年卡', 158],
  ],
};

/** The retailer that sells an item, by platform. */
const SHOPS: Readonly<Record<SimPlatform, string>> = {
  taobao: '{b}官方企业店',
  tmall: '{b}官方旗舰店',
  jd: '{b}京东自营旗舰店',
  bilibili: '哔哩哔哩会员购',
  pdd: '{b}官方旗舰店',
};

/** Partitions (top-level tid) → the categories their creators sell. */
const CATEGORIES_BY_TOP: Readonly<Record<number, readonly string[]>> = {
  188: ['数码', '数码', '家电', '教育'],
  4: ['游戏', '游戏', '数码'],
  223: ['汽车', '数码'],
  211: ['食品饮料', '食品饮料', '家电'],
  155: ['美妆', '美妆', '服饰', '个护'],
  160: ['家居', '家电', '食品饮料', '母婴', '个护'],
  217: ['宠物'],
  234: ['运动户外', '服饰'],
  36: ['教育', '互联网服务', '数码'],
};
const DEFAULT_CATEGORIES = ['食品饮料', '互联网服务', '数码', '游戏'];

/** Share of videos with commerce: the commerce-heavy partitions and the rest. */
const COMMERCE_SHARE_HIGH = 0.3;
const COMMERCE_SHARE = 0.08;
const HIGH = new Set([188, 4, 223, 211, 155, 160, 217, 234]);

export const GOODS: readonly SimGoods[] = buildGoods();

function buildGoods(): SimGoods[] {
  const out: SimGoods[] = [];
  for (const [category, rows] of Object.entries(CATALOG)) {
    for (const [brand, title, price] of rows) {
      const index = out.length;
      const h = hash32(0x6d11, index);
      const platform: SimPlatform =
        category === '游戏' && h % 5 === 0
          ? 'bilibili'
          : ((['taobao', 'tmall', 'jd', 'jd', 'tmall', 'pdd', 'taobao', 'bilibili'] as const)[h % 8] ?? 'jd');
      const itemId =
        platform === 'jd'
          ? String(100_000_000_000 + (h % 90_000_000_000))
          : platform === 'bilibili'
            ? String(10_000_000 + (h % 9_000_000))
            : String(600_000_000_000 + (h % 99_000_000_000));
      out.push({
        index,
        platform,
        itemId,
        title,
        brand,
        category,
        shop: SHOPS[platform].replace('{b}', brand),
        basePrice: price,
        url: itemUrl(platform, itemId),
      });
    }
  }
  return out;
}

export function itemUrl(platform: SimPlatform, itemId: string): string {
  switch (platform) {
    case 'taobao':
      return `https://item.taobao.com/item.htm?id=${itemId}`;
    case 'tmall':
      return `https://detail.tmall.com/item.htm?id=${itemId}`;
    case 'jd':
      return `https://item.jd.com/${itemId}.html`;
    case 'bilibili':
      return `https://mall.bilibili.com/neul-next/index.html?page=mall-up_itemDetail&itemsId=${itemId}`;
    case 'pdd':
      return `https://mobile.yangkeduo.com/goods.html?goods_id=${itemId}`;
  }
}

const PLATFORM_NAMES: Readonly<Record<SimPlatform, string>> = {
  taobao: '淘宝',
  tmall: '天猫',
  jd: '京东',
  bilibili: '会员购',
  pdd: '拼多多',
};

/**
 * The price of an item on a world day (0 = the load day): the list price, 0.2 % lower each 30 days, and on a
 * promotion day (one day in six) 5–25 % off. Rounded to 0.1 yuan, as shops price.
 */
export function goodsPrice(seed: number, g: SimGoods, t: number): number {
  const day = Math.floor(t / DAY_MS);
  const drift = 1 - 0.002 * Math.floor((day % 3650) / 30);
  const promo =
    unit(seed, Salt.commerce, g.index, day, 1) < 1 / 6 ? 0.05 + 0.2 * unit(seed, Salt.commerce, g.index, day, 2) : 0;
  return Math.round(g.basePrice * drift * (1 - promo) * 10) / 10;
}

const SPONSOR_STATEMENTS = [
  '本视频由{b}赞助播出',
  '感谢{b}对本视频的支持！',
  '本期视频由{b}独家冠名',
  '【商业合作】感谢{b}',
  '本期恰个饭，感谢{b}爸爸的支持',
];

const memo = new Map<string, SimVideoCommerce | null>();

/** The commerce of a video, or null (most videos have none). Memoised: danmaku and comments ask per item. */
export function videoCommerce(seed: number, v: SimVideo): SimVideoCommerce | null {
  const key = `${seed}:${v.key}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  if (memo.size >= 20_000) memo.clear();
  const value = computeCommerce(seed, v);
  memo.set(key, value);
  return value;
}

function computeCommerce(seed: number, v: SimVideo): SimVideoCommerce | null {
  const p = [seed, Salt.commerce, v.key] as const;
  const share = HIGH.has(v.topTid) ? COMMERCE_SHARE_HIGH : COMMERCE_SHARE;
  if (unit(...p, 10) >= share) return null;
  const category = pickBy(CATEGORIES_BY_TOP[v.topTid] ?? DEFAULT_CATEGORIES, ...p, 11);
  const pool = GOODS.filter((g) => g.category === category);
  if (pool.length === 0) return null;
  const r = unit(...p, 12);
  // 35 % sponsored only, 20 % sponsored and selling, 45 % selling only
  const sponsored = r < 0.55;
  const selling = r >= 0.35;
  const first = pickBy(pool, ...p, 13);
  const goods: SimVideoCommerce['goods'] = [];
  if (selling) {
    const n = intIn(1, Math.min(3, pool.length), ...p, 14);
    const picked = new Set<number>([first.index]);
    for (let i = 1; picked.size < n && i < 12; i += 1) picked.add(pickBy(pool, ...p, 15, i).index);
    let k = 0;
    for (const index of picked) {
      const g = GOODS[index];
      if (!g) continue;
      const u = unit(...p, 16, k);
      const source: SimGoodsSource = u < 0.4 ? 'goods_area' : u < 0.75 ? 'pinned_comment' : 'desc';
      // a description link is a b23.tv short link one time in four (its target unknown without following it)
      const short = source === 'desc' && unit(...p, 17, k) < 0.25;
      const link = short ? `https://b23.tv/${shortCode(seed, v.key, k)}` : g.url;
      goods.push({ goods: g, source, link });
      k += 1;
    }
  }
  const brand = first.brand;
  const descLines: string[] = [];
  const pinnedLines: string[] = [];
  let label: string | null = null;
  if (sponsored) {
    const u = unit(...p, 18);
    // 45 % label + statement, 20 % label only, 25 % statement only, 10 % nothing at all (undisclosed)
    if (u < 0.65) label = '商业推广';
    if (u < 0.45 || (u >= 0.65 && u < 0.9)) {
      const statement = pickBy(SPONSOR_STATEMENTS, ...p, 19).replace('{b}', brand);
      (unit(...p, 20) < 0.7 ? descLines : pinnedLines).push(statement);
    }
  }
  const inDesc = goods.filter((g) => g.source === 'desc');
  if (inDesc.length > 0) {
    descLines.push('视频同款：');
    for (const g of inDesc) descLines.push(`${g.goods.title} ${g.link}`);
  }
  const inPinned = goods.filter((g) => g.source === 'pinned_comment');
  if (inPinned.length > 0) {
    pinnedLines.push('视频里用到的东西都在这里啦👇');
    for (const g of inPinned) pinnedLines.push(`【${PLATFORM_NAMES[g.goods.platform]}】${g.goods.title} ${g.link}`);
  }
  return {
    sponsored,
    brand,
    label,
    descLines,
    pinned: pinnedLines.length > 0 ? pinnedLines.join('\n') : null,
    pinnedUrls: inPinned.map((g) => g.link),
    goods,
    qiafanShare: sponsored ? 0.3 : selling ? 0.06 : 0,
  };
}

function shortCode(seed: number, key: number, k: number): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let h = hash32(seed, Salt.commerce, key, k, 99);
  let out = '';
  for (let i = 0; i < 7; i += 1) {
    out += alphabet[h % alphabet.length] ?? 'a';
    h = Math.floor(h / alphabet.length) + hash32(h, i);
  }
  return out;
}

/** What the audience writes on a sponsored / selling video (replaces some neutral danmaku and comments). */
export const QIAFAN_DANMAKU: readonly string[] = [
  '恰饭了恰饭了',
  '恰饭！',
  '金主爸爸',
  '丝滑的广告',
  '恰饭也支持',
  '这转折太丝滑了',
  '恰烂钱（不是）',
  '商单无疑',
  '恰饭环节',
  '又恰饭',
];
export const QIAFAN_COMMENTS: readonly string[] = [
  '恰饭了哈哈，支持一下',
  'up主恰饭也这么用心',
  '金主爸爸大气',
  '恰饭视频也好看',
  '广告做得比正片还认真',
  '同款已下单',
];

/** The description a video's page shows: the world's text, then its commerce lines. */
export function pageDescription(seed: number, v: SimVideo): string {
  const c = videoCommerce(seed, v);
  if (!c || c.descLines.length === 0) return v.description;
  return v.description === '' ? c.descLines.join('\n') : `${v.description}\n${c.descLines.join('\n')}`;
}
