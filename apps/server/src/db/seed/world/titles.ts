/**
 * Video titles and tags of the synthetic worlds — the one title generator of the demo seed (generate.ts),
 * the simulator's new videos (sim/world/texts.ts) and the 1M bench world (bench/world-1m.mjs), each drawing
 * its choices from its own source (a seeded PRNG or a hash).
 *
 * Titles come from templates of the video's own child partition (a 亲子 video is about children, a 出行
 * video about trips), many per partition; a template's year is the year of the video's publication (a
 * year-end recap only in December or January–February, about the year just ended). A video's tags are the
 * subject words its title was filled with (the game, the dish, the device, the city…), as Bilibili's channel
 * tags name a video's subject.
 */
import { PARTITIONS, type PartitionNode } from './partitions.js';
import { CITIES, DEFAULT_TITLES, DEVICES, TITLES, TOPIC_WORDS, type TitleSet } from './pools.js';

/** A source of choices: `int(lo, hi)` gives an integer in [lo, hi], each call a new draw. */
export interface Draw {
  int: (min: number, max: number) => number;
}

const pick = <T>(draw: Draw, items: readonly T[]): T => {
  const item = items[draw.int(0, items.length - 1)];
  if (item === undefined) throw new Error('empty pool');
  return item;
};

const GAMES = [
  '原神',
  '塞尔达传说',
  '艾尔登法环',
  '黑神话悟空',
  '我的世界',
  '星露谷物语',
  '泰拉瑞亚',
  '只狼',
  '空洞骑士',
  '文明6',
  '双人成行',
  '博德之门3',
  '怪物猎人',
  '赛博朋克2077',
  '幻兽帕鲁',
  '饥荒',
];
const MOBILE_GAMES = [
  '王者荣耀',
  '和平精英',
  '原神',
  '崩坏星穹铁道',
  '明日方舟',
  '金铲铲之战',
  '蛋仔派对',
  '第五人格',
  '鸣潮',
];
const ONLINE_GAMES = ['英雄联盟', '永劫无间', '无畏契约', '守望先锋', '魔兽世界', '三角洲行动', '逆水寒', '剑网3'];
const ESPORTS = ['英雄联盟', '王者荣耀', '无畏契约', 'CS2', 'DOTA2'];
const ANIME = [
  '葬送的芙莉莲',
  '间谍过家家',
  '孤独摇滚',
  '咒术回战',
  '进击的巨人',
  '电锯人',
  '鬼灭之刃',
  '海贼王',
  '火影忍者',
  '药屋少女的呢喃',
];
const SONGS = [
  '晴天',
  '起风了',
  '孤勇者',
  '夜空中最亮的星',
  '稻香',
  '青花瓷',
  '海阔天空',
  '平凡之路',
  '小幸运',
  '光年之外',
];
const DANCE_SONGS = ['极乐净土', '恋爱循环', '桃花笑', '新宝岛', '卡路里', '芒种', '热爱105度的你'];
const DISHES = [
  '红烧肉',
  '糖醋排骨',
  '麻婆豆腐',
  '可乐鸡翅',
  '番茄炒蛋',
  '酸菜鱼',
  '蛋炒饭',
  '小龙虾',
  '葱油拌面',
  '回锅肉',
];
const FOODS = ['火锅', '烧烤', '米粉', '小笼包', '牛肉面', '早茶', '烤鸭', '螺蛳粉', '煎饼果子'];
const MOVIES = [
  '流浪地球',
  '霸王别姬',
  '让子弹飞',
  '星际穿越',
  '盗梦空间',
  '千与千寻',
  '肖申克的救赎',
  '哪吒之魔童闹海',
];
const DRAMAS = ['繁花', '漫长的季节', '狂飙', '庆余年', '甄嬛传', '父母爱情'];

/** Title sets by child partition tid; a child without one uses its top-level partition's set (pools.ts). */
export const CHILD_TITLES: Readonly<Record<number, TitleSet>> = {
  // 游戏
  17: {
    templates: [
      '【{game}】萌新第一次玩，结果……',
      '{game}全收集攻略（上）',
      '{game}隐藏结局怎么触发？',
      '当你在{game}里{action}',
      '{game}通关后的一些感想',
      '【{game}】{n}小时速通挑战',
      '{game}最难的{n}个BOSS排名',
      '重玩{game}，才发现这些细节',
    ],
    slots: { game: GAMES, action: ['当了一回好人', '建了一座城', '只用新手武器', '钓了一整天的鱼', '开了一家店'] },
    tagSlots: ['game'],
  },
  172: {
    templates: [
      '{game}新版本强度排行',
      '【{game}】零氪玩家的第{ep}天',
      '{game}新角色实战演示',
      '{game}抽卡{n}连，欧皇附体',
      '{game}平民阵容推荐',
      '{game}这个活动千万别错过',
    ],
    slots: { game: MOBILE_GAMES },
    tagSlots: ['game'],
  },
  65: {
    templates: [
      '{game}新赛季上分思路',
      '【{game}】国服第一{role}教学',
      '{game}版本答案是谁？',
      '和粉丝开黑{game}，笑到停不下来',
      '{game}这波操作你给几分',
      '{game}新手入坑指南',
    ],
    slots: { game: ONLINE_GAMES, role: ['打野', '辅助', '狙击手', '坦克', '法师'] },
    tagSlots: ['game'],
  },
  171: {
    templates: [
      '{game}全球总决赛{round}复盘',
      '【{game}】{team}vs{team2} 精彩集锦',
      '{game}职业选手第一视角',
      '{team}夺冠之路回顾',
      '{game}赛事数据解读：{team}为什么能赢',
    ],
    slots: {
      game: ESPORTS,
      round: ['八强赛', '半决赛', '决赛', '小组赛'],
      team: ['BLG', 'JDG', 'TES', 'T1', 'EDG', 'AG超玩会'],
      team2: ['GEN', 'HLE', 'WBG', 'LNG', 'RNG'],
    },
    tagSlots: ['game', 'team'],
  },
  173: {
    templates: ['{game}新手规则{n}分钟讲清楚', '和朋友玩了一晚上{game}', '{game}高手都在用的技巧', '{game}桌游开箱'],
    slots: { game: ['三国杀', '狼人杀', '围棋', '象棋', '麻将', '卡坦岛', '阿瓦隆'] },
    tagSlots: ['game'],
  },
  136: {
    templates: ['{game}最高难度全连', '手残党挑战{game}', '{game}自制谱面：{song}'],
    slots: { game: ['Phigros', 'Arcaea', '节奏大师', 'maimai', '太鼓达人'], song: SONGS },
    tagSlots: ['game'],
  },
  // 知识
  201: {
    templates: [
      '为什么{q}？{n}分钟带你看懂',
      '【硬核科普】{topic}到底是怎么回事',
      '{topic}的{n}个冷知识',
      '一口气讲完{topic}',
      '{topic}被误解最深的地方',
    ],
    slots: {
      q: ['天空是蓝色的', '猫总是从高处跳下', '冬天会下雪', '飞机能飞起来', '人会做梦'],
      topic: ['量子力学', '黑洞', '相对论', '基因编辑', '核聚变', '人工智能', '气候变化'],
    },
    tagSlots: ['topic'],
  },
  228: {
    templates: ['一口气讲完{era}', '{era}的普通人怎么生活', '【历史】{person}的一生', '{era}为什么会灭亡'],
    slots: {
      era: ['宋朝', '唐朝', '明朝', '罗马帝国', '三国', '春秋战国'],
      person: ['苏轼', '李白', '王阳明', '拿破仑', '诸葛亮'],
    },
    tagSlots: ['era', 'person'],
  },
  207: {
    templates: ['{topic}到底是什么？普通人该怎么办', '{n}分钟看懂{topic}', '{company}财报解读', '普通人如何开始理财'],
    slots: {
      topic: ['通货膨胀', '降息', '房价', '基金定投', '养老金'],
      company: ['腾讯', '比亚迪', '茅台', '小米', '苹果'],
    },
    tagSlots: ['topic', 'company'],
  },
  208: {
    templates: [
      '{subject}{n}天提分经验',
      '考研{subject}复习规划',
      '学霸的{subject}笔记分享',
      '{recapYear}年考研上岸经验',
    ],
    slots: { subject: ['高数', '英语', '线性代数', '政治', '物理', '化学'] },
    tagSlots: ['subject'],
  },
  124: {
    templates: ['{effect}：你中招了吗', '【法律】{case}该怎么维权', '心理学告诉你如何{goal}'],
    slots: {
      effect: ['达克效应', '鸟笼效应', '沉没成本', '幸存者偏差'],
      case: ['租房押金不退', '网购遇到假货', '被拖欠工资'],
      goal: ['提高专注力', '克服拖延', '缓解焦虑'],
    },
    tagSlots: ['effect'],
  },
  209: {
    templates: ['{job}的一天', '转行做{job}，我后悔了吗', '{job}真实收入揭秘', '面试{job}被问到的{n}个问题'],
    slots: { job: ['程序员', '产品经理', '护士', '律师', '设计师', '公务员'] },
    tagSlots: ['job'],
  },
  // 科技
  95: {
    templates: [
      '{device}深度评测：{verdict}',
      '花{price}元买了{device}，值吗？',
      '{device}拆解：做工到底如何',
      '{year}年{device}选购指南',
      '用了{n}天{device}，说说真实感受',
      '{n}款{device}横评',
    ],
    slots: { device: DEVICES, verdict: ['真香', '有点失望', '这次真的不一样', '性价比之王'] },
    tagSlots: ['device'],
  },
  231: {
    templates: [
      '{n}分钟入门{lang}',
      '用{lang}写了一个{thing}',
      '程序员必备的{n}个{lang}技巧',
      '从零开始学{lang} 第{ep}课',
    ],
    slots: { lang: ['Python', 'Rust', 'JavaScript', 'Go', 'C++'], thing: ['小游戏', '爬虫', '个人网站', '聊天机器人'] },
    tagSlots: ['lang'],
  },
  230: {
    templates: ['{app}的{n}个隐藏功能', '效率翻倍：{app}使用技巧', '{app}和{app2}怎么选'],
    slots: { app: ['Notion', '剪映', 'Excel', 'Obsidian', 'Photoshop'], app2: ['飞书', '达芬奇', 'WPS'] },
    tagSlots: ['app'],
  },
  // 生活
  21: {
    templates: [
      '{city}vlog｜{activity}',
      '记录一下{thing}的一天',
      '独居第{n}天',
      '【日常】{thing}的周末',
      '普通{thing}的一天',
      '在{city}生活的第{n}天',
    ],
    slots: {
      activity: ['周末逛菜市场', '搬家了', '收拾房间', '一个人吃火锅'],
      thing: ['上班族', '打工人', '大学生', '程序员', '外卖小哥'],
    },
    tagSlots: ['thing'],
  },
  250: {
    templates: [
      '{city}{n}天旅行攻略',
      '第一次去{city}，{verdict}',
      '骑行{n}公里去{city}',
      '{city}citywalk路线分享',
      '自驾{city}，这条路太美了',
    ],
    slots: { verdict: ['比想象中好', '踩坑了', '一定要去'] },
  },
  251: {
    templates: ['农村老家的{seasonDay}', '在农村种了{n}亩{crop}', '回村第{n}天：{activity}', '{crop}丰收了'],
    slots: {
      crop: ['水稻', '玉米', '西瓜', '茶叶', '柑橘'],
      activity: ['帮爷爷修屋顶', '赶集', '挖竹笋', '抓鱼'],
    },
    tagSlots: ['crop'],
  },
  239: {
    templates: ['{n}平米小家改造', '出租屋改造花了{price}元', '装修避坑：{thing}', '{city}买房还是租房'],
    slots: { thing: ['瓷砖', '定制柜', '全屋智能', '水电改造'] },
  },
  161: {
    templates: ['用{material}做了一个{thing}', '手工{thing}教程', '花{n}天做了一个{thing}'],
    slots: { material: ['木头', '黏土', '毛线', '纸'], thing: ['台灯', '书架', '手办', '小房子'] },
  },
  162: {
    templates: ['{n}小时画一幅{subject}', '零基础学{style}第{ep}天', '{style}板绘过程', '画了{n}个{subject}'],
    slots: { subject: ['风景', '人像', '猫猫', '城市夜景'], style: ['水彩', '油画', '素描', '厚涂'] },
    tagSlots: ['style'],
  },
  138: {
    templates: ['当{who}遇上{what}', '{who}的迷惑行为大赏', '这段我笑了{n}遍', '沙雕{who}日常'],
    slots: { who: ['室友', '老妈', '同事', '老板', '我弟'], what: ['网购', '催婚', '加班', '减肥'] },
  },
  254: {
    templates: ['带{kid}去{place}', '{kid}第一次{activity}', '宝宝{n}个月成长记录', '二胎家庭的周末'],
    slots: {
      kid: ['女儿', '儿子', '宝宝', '双胞胎'],
      place: ['动物园', '海边', '游乐园', '博物馆'],
      activity: ['上幼儿园', '学走路', '自己吃饭', '学游泳'],
    },
  },
  // 美食
  76: {
    templates: ['{dish}的家常做法，{n}分钟搞定', '给家人做了一桌{dish}', '一个人的晚餐：{dish}', '零失败{dish}教程'],
    slots: { dish: DISHES },
    tagSlots: ['dish'],
  },
  212: {
    templates: [
      '在{city}吃了{n}家{food}，这家最好吃',
      '【探店】{city}人气{food}排队{n}小时值吗',
      '挑战{price}元吃遍{city}',
    ],
    slots: { food: FOODS },
    tagSlots: ['food'],
  },
  213: {
    templates: ['{n}款{snack}测评', '便利店{snack}测评，这款最好吃', '{price}元的{snack}值不值'],
    slots: { snack: ['速食面', '自热火锅', '薯片', '酸奶', '预制菜'] },
    tagSlots: ['snack'],
  },
  214: {
    templates: ['山里的{seasonDay}，做一顿{dish}', '用柴火灶做{dish}', '采{thing}做成美食'],
    slots: { dish: DISHES, thing: ['野菜', '竹笋', '蘑菇'] },
  },
  215: {
    templates: ['今天吃{food}', '{city}的早餐有多便宜', '一周的晚饭记录'],
    slots: { food: FOODS },
    tagSlots: ['food'],
  },
  // 音乐
  31: {
    templates: ['【翻唱】{song}', '{song}（{style}版）', '挑战{n}种风格唱{song}', '深夜翻唱{song}'],
    slots: { song: SONGS, style: ['摇滚', '电音', '古风', '爵士', '民谣'] },
    tagSlots: ['song'],
  },
  59: {
    templates: ['用{instrument}演奏{song}', '{instrument}零基础第{ep}课', '{instrument}版{song}'],
    slots: { song: SONGS, instrument: ['吉他', '钢琴', '古筝', '小提琴', '二胡', '口琴'] },
    tagSlots: ['instrument'],
  },
  28: {
    templates: ['原创歌曲《{title}》', '写了一首关于{theme}的歌', '【原创】{title}'],
    slots: { title: ['晚风', '远方', '小城', '夏天的尾巴', '归途'], theme: ['毕业', '故乡', '离别', '夏天'] },
  },
  243: {
    templates: ['【乐评】{recapYear}年最好听的{n}首歌', '{recapYear}年度华语金曲盘点', '{singer}的歌为什么好听'],
    slots: { singer: ['周杰伦', '陈奕迅', '林俊杰', '王菲', '李健'] },
    tagSlots: ['singer'],
  },
  // 舞蹈
  20: {
    templates: ['【{dancer}】{song}翻跳', '{song}宅舞翻跳', '{n}个人的{song}'],
    slots: { dancer: ['竖屏', '横屏', '一镜到底'], song: DANCE_SONGS },
    tagSlots: ['song'],
  },
  198: {
    templates: ['在{city}街头跳街舞', '街舞battle现场', '{style}零基础教学 第{ep}课'],
    slots: { style: ['Breaking', 'Popping', 'Locking', 'Hiphop'] },
    tagSlots: ['style'],
  },
  156: {
    templates: ['{style}零基础教学 第{ep}课', '{n}分钟学会{song}', '{style}分解教学'],
    slots: { style: ['爵士舞', '中国舞', '手势舞', '韩舞'], song: DANCE_SONGS },
    tagSlots: ['style'],
  },
  // 动画
  253: {
    templates: ['{anime}第{n}集解析', '盘点{anime}里的名场面', '{anime}为什么能火', '新番{animeMonth}月导视'],
    slots: { anime: ANIME },
    tagSlots: ['anime'],
  },
  24: {
    templates: ['【MAD】{anime}', '{anime}燃向混剪', '【AMV】{anime}×{song}'],
    slots: { anime: ANIME, song: SONGS },
    tagSlots: ['anime'],
  },
  210: {
    templates: ['{anime}手办开箱', '{price}元的模型值不值', '拼了{n}小时的高达'],
    slots: { anime: ANIME },
    tagSlots: ['anime'],
  },
  // 动物圈
  218: {
    templates: ['我家{pet}又在{action}', '捡到一只{pet}', '{pet}的{n}个迷惑行为', '养{pet}第{n}天'],
    slots: { pet: ['橘猫', '布偶猫', '狸花猫', '英短'], action: ['拆家', '偷吃', '装睡', '撒娇'] },
    tagSlots: ['pet'],
  },
  219: {
    templates: ['我家{pet}又在{action}', '{pet}第一次见到雪', '养{pet}第{n}天', '{pet}训练教程'],
    slots: { pet: ['柴犬', '柯基', '金毛', '边牧', '哈士奇'], action: ['拆家', '偷吃', '装睡', '撒娇'] },
    tagSlots: ['pet'],
  },
  221: {
    templates: ['{animal}的一生', '在野外拍到了{animal}', '{animal}为什么{q}'],
    slots: { animal: ['雪豹', '大熊猫', '东北虎', '座头鲸', '金丝猴'], q: ['这么难找', '濒临灭绝', '会迁徙'] },
    tagSlots: ['animal'],
  },
  // 影视
  182: {
    templates: [
      '《{movie}》影评：{verdict}',
      '{n}分钟看完{movie}',
      '盘点{recapYear}年被低估的{n}部电影',
      '{movie}的{n}个细节',
    ],
    slots: { movie: MOVIES, verdict: ['神作', '被低估了', '值得二刷'] },
    tagSlots: ['movie'],
  },
  183: {
    templates: ['【剪辑】{movie}', '{drama}名场面混剪', '{movie}高燃混剪'],
    slots: { movie: MOVIES, drama: DRAMAS },
    tagSlots: ['movie'],
  },
  // 汽车
  247: {
    templates: ['{car}长测{n}公里', '{car}冬季续航实测', '{price}元预算买什么电车', '{car}车主真实用车感受'],
    slots: { car: ['小米SU7', '比亚迪海豹', '特斯拉Model Y', '理想L6', '问界M7'] },
    tagSlots: ['car'],
  },
  240: {
    templates: ['{bike}提车作业', '骑{bike}跑了{n}公里', '新手摩托车怎么选'],
    slots: { bike: ['春风450SR', '无极300AC', '本田CB400'] },
    tagSlots: ['bike'],
  },
  // 运动
  235: {
    templates: ['{player}生涯{n}佳球', '篮球零基础教学：{skill}', '野球场单挑'],
    slots: { player: ['詹姆斯', '库里', '科比', '约基奇'], skill: ['运球', '投篮', '上篮'] },
    tagSlots: ['player'],
  },
  249: {
    templates: ['{team}本赛季战术分析', '足球技巧教学：{skill}', '{player}的{n}个经典进球'],
    slots: {
      team: ['曼城', '皇马', '阿森纳', '国足'],
      skill: ['停球', '射门', '过人'],
      player: ['梅西', 'C罗', '姆巴佩'],
    },
    tagSlots: ['team', 'player'],
  },
  164: {
    templates: ['坚持{n}天{sport}的变化', '跟练｜{n}分钟{sport}', '{sport}常见错误，你中了几个', '减脂期一天吃什么'],
    slots: { sport: ['健身', '跑步', '跳绳', '瑜伽', '普拉提'] },
    tagSlots: ['sport'],
  },
  // 时尚
  157: {
    templates: ['{price}元{item}测评', '新手化妆教程：{style}', '{n}款{item}横评'],
    slots: { item: ['口红', '粉底液', '防晒', '面霜'], style: ['伪素颜', '通勤妆', '约会妆'] },
    tagSlots: ['item'],
  },
  158: {
    templates: ['{season}穿搭｜{style}', '{n}套通勤穿搭', '小个子{season}穿搭'],
    slots: { style: ['温柔风', '通勤风', '学院风', '运动风'] },
  },
  // 娱乐
  71: {
    templates: ['{show}名场面', '{show}第{ep}期精彩合集', '盘点{show}里的爆笑瞬间'],
    slots: { show: ['脱口秀大会', '奔跑吧', '乘风破浪', '歌手'] },
    tagSlots: ['show'],
  },
  // 鬼畜
  22: {
    templates: ['【鬼畜】{subject}', '{subject}但是{twist}', '全程高能：{subject}'],
    slots: { subject: ['当代大学生图鉴', '打工人之歌', '期末考试', '早八人'], twist: ['每句都押韵', '越来越快'] },
  },
  26: {
    templates: ['【音MAD】{subject}', '{subject}但是{twist}'],
    slots: { subject: ['周一综合征', '打工人之歌', '期末考试'], twist: ['用了{n}种乐器', '越来越快'] },
  },
  // 资讯
  203: {
    templates: ['{n}分钟了解本周热点', '{topic}最新进展', '关于{topic}，你需要知道的{n}件事'],
    slots: { topic: ['人工智能', '新能源车', '航天发射', '极端天气'] },
    tagSlots: ['topic'],
  },
};

/** Endings authors add to a title (a share of titles get one; `{ep}` makes series episodes distinct). */
const ENDINGS = [
  '｜第{ep}期',
  '（上）',
  '（下）',
  '！',
  '？',
  '……',
  '，建议收藏',
  '，真的绝了',
  '，一定要看到最后',
  '，求三连',
  '，我哭死',
  '（完整版）',
  '｜{city}',
  '，{n}天后的变化',
  '，这次不一样',
  '，新手必看',
];
/** Share of titles with an ending from ENDINGS. */
const ENDING_SHARE = 0.45;

/**
 * Shared slots: `{n}`, `{ep}`, `{city}`, `{price}`, `{topic}`, and those of the publication date: `{year}`, `{recapYear}`,
 * `{season}` (春季…), `{seasonDay}` (春天…), `{animeMonth}` (the next season's first month: 一/四/七/十).
 */
const SHARED = new Set(['n', 'ep', 'city', 'price', 'year', 'recapYear', 'topic', 'season', 'seasonDay', 'animeMonth']);

const SEASONS = ['冬', '春', '夏', '秋'] as const;
/** The season of a month (1–12): 冬 Dec–Feb, 春 Mar–May, 夏 Jun–Aug, 秋 Sep–Nov. */
const seasonOf = (month: number): string => SEASONS[Math.floor((month % 12) / 3)] ?? '冬';
/** The month (一/四/七/十) of the next anime season after `month` (new shows start in Jan, Apr, Jul, Oct). */
const animeMonthOf = (month: number): string => ['一', '四', '七', '十'][(Math.floor((month - 1) / 3) + 1) % 4] ?? '一';

export function partitionOfTop(topTid: number): PartitionNode {
  const p = PARTITIONS.find((x) => x.tid === topTid) ?? PARTITIONS[0];
  if (!p) throw new Error('no partitions');
  return p;
}

export function titleSetOf(childTid: number, topTid: number): TitleSet {
  return CHILD_TITLES[childTid] ?? TITLES[topTid] ?? DEFAULT_TITLES;
}

/**
 * The year a `{recapYear}` template is about: the year just ended in January–February, the current year in
 * December, none otherwise (such a template is not drawn then).
 */
export function recapYearOf(pubMs: number): number | null {
  const d = new Date(pubMs + 8 * 3600_000); // Asia/Shanghai
  const month = d.getUTCMonth() + 1;
  if (month === 12) return d.getUTCFullYear();
  if (month <= 2) return d.getUTCFullYear() - 1;
  return null;
}

export interface VideoText {
  title: string;
  /** the platform tags of the video: the subject words of its title */
  tags: string[];
}

/** A video's title and tags for its child partition, published at `pubMs`. */
export function videoText(draw: Draw, childTid: number, topTid: number, pubMs: number): VideoText {
  const set = titleSetOf(childTid, topTid);
  const top = partitionOfTop(topTid);
  const recapYear = recapYearOf(pubMs);
  const usable = recapYear === null ? set.templates.filter((t) => !t.includes('{recapYear}')) : set.templates;
  const base = pick(draw, usable.length > 0 ? usable : set.templates);
  const template = draw.int(0, 99) < ENDING_SHARE * 100 ? `${base}${pick(draw, ENDINGS)}` : base;
  const topic = () => pick(draw, TOPIC_WORDS[topTid] ?? [top.label]);
  const tags = new Set<string>();
  const local = new Date(pubMs + 8 * 3600_000); // Asia/Shanghai
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const title = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (SHARED.has(key) && !set.slots[key]) {
      switch (key) {
        case 'n':
          return String(pick(draw, [3, 5, 7, 10, 12, 24, 30, 50, 100]));
        case 'ep':
          return String(draw.int(1, 120));
        case 'city': {
          const city = pick(draw, CITIES);
          tags.add(city);
          return city;
        }
        case 'price':
          return String(pick(draw, [9.9, 50, 100, 299, 999, 3000, 5000, 10000]));
        case 'year':
          return String(year);
        case 'recapYear':
          return String(recapYear ?? year - 1);
        case 'season':
          return `${seasonOf(month)}季`;
        case 'seasonDay':
          return `${seasonOf(month)}天`;
        case 'animeMonth':
          return animeMonthOf(month);
        default:
          return topic();
      }
    }
    const pool = set.slots[key];
    if (!pool) return topic();
    const value = pick(draw, pool).replace('{n}', String(draw.int(2, 100)));
    if (set.tagSlots?.includes(key)) tags.add(value);
    return value;
  });
  return { title, tags: [...tags] };
}
