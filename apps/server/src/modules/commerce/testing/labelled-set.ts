/**
 * The labelled set of the commerce detectors (docs/metrics.md "Commerce detection"): texts shaped like real
 * Bilibili titles, descriptions, pinned comments, danmaku and comments, written for this measurement and
 * labelled by hand BEFORE the detectors were tuned on them. Three parts:
 * - VIDEO_CASES: whole videos, labelled sponsored (a brand paid: 商业合作 / 商单) or not;
 * - BRAND_CASES: single texts with the brands they name (false friends included: 小米粥, 吃苹果, 大众点评 …);
 * - LINK_CASES: texts with the shop items they link (platform + item id) and short links kept as evidence.
 * `detect.metrics.test.ts` measures precision and recall on it and asserts the thresholds.
 */
import type { LinkPlatform } from '../detect-links.js';

export interface VideoCase {
  title: string;
  desc?: string;
  tags?: string[];
  pinned?: string;
  danmaku?: string[];
  comments?: string[];
  label?: string;
  goods?: ('desc' | 'pinned_comment' | 'goods_area')[];
  sponsored: boolean;
}

/** filler danmaku of an ordinary video */
const D = ['前排', '哈哈哈哈哈', '来了来了', '好家伙', '下次一定', '三连了', '太真实了', '？？？', '2333', '笑死'];
const many = (n: number, items: string[]) => Array.from({ length: n }, (_, i) => items[i % items.length] ?? '');
const CONTACT = '商务合作请联系：bizwork@qq.com';

export const VIDEO_CASES: VideoCase[] = [
  // ---- sponsored: the platform's label ---------------------------------------------------------------
  { title: '打工人的一天，通勤路上终于不困了', label: '商业推广', desc: '日常vlog', sponsored: true },
  { title: '我花三天做了一个机械键盘', label: '商业合作', desc: '工具清单见置顶', sponsored: true },
  { title: '【4K】西藏自驾第五天', label: '商业推广', tags: ['旅行', '自驾'], sponsored: true },
  { title: '挑战一周只吃便利店', label: '商业推广', danmaku: D, sponsored: true },
  { title: '给我妈换了台新手机', label: '商业合作', desc: '本视频无任何商业合作', sponsored: true },
  { title: '装机实录：全白海景房', label: '商业推广', goods: ['goods_area'], sponsored: true },
  { title: '宿舍改造计划', label: '商业推广', desc: '#宿舍改造#', sponsored: true },
  { title: '我的2026年度好物', label: '商业合作', sponsored: true },
  // ---- sponsored: the creator says so ----------------------------------------------------------------
  { title: '手机摄影的十个技巧', desc: '本视频由vivo赞助播出\n拍摄设备：vivo X200 Pro', sponsored: true },
  { title: '一口气看完宋朝三百年', desc: '本期视频由网易游戏《逆水寒》独家冠名', sponsored: true },
  { title: '沉浸式收纳我的房间', desc: '感谢宜家对本视频的支持！\n' + CONTACT, sponsored: true },
  { title: '健身三个月的变化', desc: '感谢Keep对本期视频的赞助\nBGM：Beyond', sponsored: true },
  { title: '如何高效背单词', desc: '本视频包含商业推广\n学习方法都是真实经验', sponsored: true },
  { title: '开箱：这台扫地机能爬楼梯吗', desc: '【商单】感谢追觅的支持', sponsored: true },
  { title: '第一次做蛋糕就成功了', desc: '#商单# 使用的烤箱见置顶', goods: ['pinned_comment'], sponsored: true },
  { title: '两千块装一台能玩黑神话的电脑', desc: '本视频由七彩虹赞助', sponsored: true },
  {
    title: '夏天必备的防晒大测评',
    pinned: '本期恰个饭，感谢薇诺娜爸爸的支持，链接放这里啦',
    goods: ['pinned_comment'],
    sponsored: true,
  },
  { title: '用AI写了一首歌', desc: '感谢 科大讯飞 对本视频的赞助', sponsored: true },
  { title: '住进了海景房', desc: '本视频为携程推广', sponsored: true },
  { title: '30天学会弹吉他（第3天）', desc: '本期视频由多邻国赞助播出，一起学语言吧', sponsored: true },
  { title: '把家里的灯全换了', desc: '本视频含有品牌合作内容\n灯具：米家', sponsored: true },
  { title: '在东北过冬是什么体验', desc: '感谢波司登的赞助！羽绒服真的暖', sponsored: true },
  {
    title: '我的桌面2.0',
    pinned: '【广告】感谢罗技对本视频的支持，键鼠链接👇 https://b23.tv/a1B2c3D',
    goods: ['pinned_comment'],
    sponsored: true,
  },
  { title: '云南旅行vlog', desc: '本期视频由飞猪旅行支持', sponsored: true },
  { title: '一个人吃火锅', desc: '特别鸣谢：海底捞', sponsored: true },
  { title: '猫咪体检全记录', desc: '感谢麦富迪爸爸！\n猫粮链接在评论区', goods: ['pinned_comment'], sponsored: true },
  { title: '零基础学剪辑', desc: '本视频由夸克赞助，网盘资料自取', sponsored: true },
  { title: '通宵打完了这个游戏', desc: '本期视频由鹰角网络赞助 #明日方舟#', sponsored: true },
  { title: '一周穿搭不重样', desc: '这期恰饭，感谢优衣库', sponsored: true },
  { title: '给女朋友的礼物清单', desc: '本视频含广告推广\n其余都是自费', sponsored: true },
  { title: '新能源车冬天续航实测', desc: '感谢比亚迪对本期视频的支持', sponsored: true },
  { title: '我是怎么做到早起的', desc: '本视频得到了瑞幸咖啡的支持', sponsored: true },
  { title: '学生党护肤指南', desc: '本期为品牌合作视频，感谢珀莱雅', sponsored: true },
  { title: '极限挑战：24小时只用手机办公', desc: '感谢WPS对本视频的赞助', sponsored: true },
  { title: '露营装备分享', desc: '【推广】本视频由迪卡侬赞助', sponsored: true },
  // ---- sponsored: the audience says so and a brand is in the title -------------------------------------
  {
    title: '华为Mate70深度体验：一个月后说说真实感受',
    danmaku: [
      ...many(60, D),
      '恰饭了恰饭了',
      '恰饭！',
      '金主爸爸',
      '这是恰饭视频吧',
      '恰烂钱',
      '商单无疑',
      '恰饭也支持',
      '丝滑的广告',
      '恰饭',
      '又恰饭',
    ],
    sponsored: true,
  },
  {
    title: '元气森林新口味试喝',
    danmaku: [...many(40, D), '恰饭', '恰饭恰饭', '金主', '广告来了', '恰饭支持'],
    sponsored: true,
  },
  {
    title: '三只松鼠年货大礼包开箱',
    comments: ['恰饭了哈哈', '恰饭要恰到', 'up主恰饭也这么用心', '金主爸爸大气', '商单实锤', '好吃吗'],
    sponsored: true,
  },
  {
    title: '理想L6冬季实测：增程到底香不香',
    danmaku: [...many(30, D), '恰饭', '商单吧', '恰饭视频', '金主打钱'],
    sponsored: true,
  },
  // ---- sponsored but hard (missed by design: no signal on the page) -----------------------------------
  { title: '我为什么离不开这款耳机', desc: '用了半年，真心推荐', sponsored: true },
  { title: '平价好用的洗面奶', desc: '都是我自己在用的', tags: ['护肤'], sponsored: true },
  { title: '在家也能喝到好咖啡', desc: '三顿半yyds', danmaku: [...many(20, D), '恰饭？'], sponsored: true },
  // ---- not sponsored: plain videos ---------------------------------------------------------------------
  { title: '【原创动画】小猫的一天', desc: '画了两个月，求三连', danmaku: D, sponsored: false },
  { title: '高考数学压轴题讲解', desc: '2025新高考一卷', sponsored: false },
  { title: '我在乡下种了一亩小米', desc: '今年收成不错，小米粥真香', tags: ['三农', '种地'], sponsored: false },
  { title: '一个苹果的100种吃法', desc: '苹果派、苹果汁都安排上了', sponsored: false },
  { title: '和朋友去长沙恰饭', desc: '吃了茶颜悦色和臭豆腐，都是自费的', sponsored: false },
  {
    title: '周末去恰饭，这家店太好吃了',
    desc: '店名在视频里，不是广告',
    danmaku: [...many(20, D), '这不是恰饭是真恰饭哈哈'],
    sponsored: false,
  },
  { title: '万里长城一日游', desc: '登长城的攻略都在这里', sponsored: false },
  { title: '游戏剪辑：王者荣耀五杀集锦', desc: CONTACT, sponsored: false },
  { title: '我的理想是成为一名宇航员', desc: '给十年后的自己', sponsored: false },
  { title: '【钢琴】卡农 完整版', desc: '商务合作：vx xxxx\n' + CONTACT, sponsored: false },
  { title: '家常菜：红烧肉', desc: '商业合作请私信', danmaku: D, sponsored: false },
  { title: '城市夜景延时摄影', desc: '器材：索尼A7M4\n合作请联系邮箱', sponsored: false },
  { title: '大众审美真的变了吗', desc: '聊聊社会大众的审美变化', sponsored: false },
  { title: '数学不好的人如何学编程', desc: '广告位招租', sponsored: false },
  { title: '读《骆驼祥子》有感', desc: '老舍先生的作品', sponsored: false },
  { title: '夏天的第一口西瓜', desc: '今天恰西瓜', sponsored: false },
  { title: '一把吉他走天涯', desc: '特别鸣谢：@阿明 提供的场地', sponsored: false },
  { title: '古风翻唱《长安》', desc: '特别鸣谢：混音 @小鱼 后期 @大熊', sponsored: false },
  { title: '入站必刷：十年老粉的回忆', desc: '感谢大家的支持！', sponsored: false },
  { title: '我的第一百个视频', desc: '感谢各位观众老爷一直以来的支持', sponsored: false },
  {
    title: '暴雨天的城市',
    desc: '随手拍',
    danmaku: [...many(30, D), '求恰饭', '快去恰饭', 'up什么时候恰饭'],
    sponsored: false,
  },
  {
    title: '手绘一张世界地图',
    desc: '第三期',
    danmaku: [...many(30, D), '这都不恰饭？', '居然不是恰饭', '还以为是广告'],
    sponsored: false,
  },
  {
    title: '老家的年夜饭',
    desc: '妈妈做的菜',
    comments: ['好想恰饭', '恰饭时间到', '看饿了', '我也要恰饭'],
    sponsored: false,
  },
  // ---- not sponsored: reviews naming brands, bought by the creator ------------------------------------
  { title: 'iPhone 16 Pro 三个月使用体验', desc: '自费购买，不吹不黑', sponsored: false },
  { title: '小米15 Ultra 拍照实测', desc: '自费购入，本视频无任何商业合作', sponsored: false },
  { title: '五款扫地机器人横评：科沃斯、石头、追觅谁更强', desc: '全部自费购买', sponsored: false },
  { title: '特斯拉Model Y 提车一年', desc: '真实车主分享', danmaku: D, sponsored: false },
  { title: 'RTX 5090 显卡评测', desc: '显卡为自购', sponsored: false },
  { title: '为什么我不再推荐戴森吹风机', desc: '纯个人观点', sponsored: false },
  { title: '耐克和阿迪的跑鞋哪个好', desc: '都是我自己穿了半年的', sponsored: false },
  {
    title: '肯德基疯狂星期四到底值不值',
    desc: 'v我50',
    danmaku: [...many(30, D), '疯狂星期四', 'v我50'],
    sponsored: false,
  },
  {
    title: '华为 vs 苹果：谁的影像更强',
    desc: '非商单，放心看',
    danmaku: [...many(40, D), '恰饭吗', '不是恰饭'],
    sponsored: false,
  },
  { title: '比亚迪秦L 试驾', desc: '4S店试驾，没有收钱', sponsored: false },
  { title: '农夫山泉和怡宝盲测', desc: '都是超市买的', sponsored: false },
  { title: '原神5.0 新角色抽卡', desc: '欧皇附体', tags: ['原神', '抽卡'], sponsored: false },
  { title: '任天堂Switch 2 首发开箱', desc: '排队买到了', sponsored: false },
  // ---- not sponsored: selling only (goods links without a brand deal) ---------------------------------
  { title: '我的露营装备清单', desc: '同款都在置顶评论', goods: ['pinned_comment'], sponsored: false },
  { title: '日常穿搭分享', desc: '衣服链接见简介', goods: ['desc'], sponsored: false },
  { title: '桌面好物推荐', goods: ['goods_area', 'pinned_comment'], sponsored: false },
  {
    title: '宿舍小电器推荐',
    desc: '链接都在评论区',
    goods: ['desc', 'pinned_comment'],
    danmaku: [...many(20, D), '带货了'],
    sponsored: false,
  },
  { title: '学生党平价口红', goods: ['goods_area'], sponsored: false },
  // ---- not sponsored: 广告 words that are no ad --------------------------------------------------------
  { title: '分析一下这支广告片为什么火了', desc: '广告学专业的作业', sponsored: false },
  {
    title: '十年前的电视广告合集',
    desc: '童年回忆',
    danmaku: [...many(40, D), '广告太多', '这个广告我记得', '小时候的广告'],
    sponsored: false,
  },
  { title: '如何屏蔽视频广告', desc: '广告拦截插件推荐', sponsored: false },
  { title: '跳过片头广告的小技巧', sponsored: false },
  { title: '我从来不接广告', desc: '这个频道不接商单，所有东西自费', sponsored: false },
  { title: '做了三年UP主，说说收入', desc: '接商单是怎么回事？这期聊聊', sponsored: false },
];

export interface BrandCase {
  text: string;
  brands: string[];
}

export const BRAND_CASES: BrandCase[] = [
  { text: '雷军发布小米15，起售价4499', brands: ['小米'] },
  { text: '早上喝一碗小米粥，养胃', brands: [] },
  { text: '小米椒炒肉，下饭神器', brands: [] },
  { text: '黄小米和糯小米的区别', brands: [] },
  { text: '小米手环9上手', brands: ['小米'] },
  { text: '小米汽车SU7 Ultra 赛道实测', brands: ['小米汽车'] },
  { text: 'Redmi K80 Pro 游戏测试', brands: ['红米'] },
  { text: '红米饭南瓜汤，老区的味道', brands: [] },
  { text: '苹果发布会：iPhone 17 来了', brands: ['苹果'] },
  { text: '每天一个苹果，医生远离我', brands: [] },
  { text: '削苹果皮不断的技巧', brands: [] },
  { text: '苹果肌下垂怎么办', brands: [] },
  { text: 'MacBook Air M4 值不值得买', brands: ['苹果'] },
  { text: 'MAC子弹头口红试色，色号是 Chili', brands: ['魅可'] },
  { text: '大众点评上排名第一的火锅', brands: [] },
  { text: '大众朗逸 2025款 落地价', brands: ['大众汽车'] },
  { text: '广大大众的选择', brands: [] },
  { text: '万里长城永不倒', brands: [] },
  { text: '长城汽车坦克300 越野', brands: ['长城汽车'] },
  { text: '理想L9 增程 冬季续航', brands: ['理想汽车'] },
  { text: '我的理想是当一名老师', brands: [] },
  { text: '理想主义者的浪漫', brands: [] },
  { text: '王者荣耀新赛季上分', brands: ['腾讯游戏'] },
  { text: '荣耀Magic7 Pro 影像测试', brands: ['荣耀'] },
  { text: '为了集体的荣耀而战', brands: [] },
  { text: '三只松鼠每日坚果，一天一包', brands: ['三只松鼠'] },
  { text: '院子里有三只松鼠在树上跳', brands: [] },
  { text: '美的空调一晚上几度电', brands: ['美的'] },
  { text: '这是我见过最美的风景', brands: [] },
  { text: '统一老坛酸菜牛肉面', brands: ['统一'] },
  { text: '统一思想，统一行动', brands: [] },
  { text: '好奇纸尿裤铂金装测评', brands: ['好奇'] },
  { text: '宝宝对什么都很好奇', brands: [] },
  { text: '宝马X5 提车作业', brands: ['宝马'] },
  { text: '香车宝马，古人的排场', brands: [] },
  { text: '奔驰E级 和 宝马5系 怎么选', brands: ['奔驰', '宝马'] },
  { text: '骏马在草原上奔驰', brands: [] },
  { text: '哪吒之魔童闹海 票房破百亿', brands: [] },
  { text: '哪吒L 纯电版试驾', brands: ['哪吒汽车'] },
  { text: '长安十二时辰 第一集解说', brands: [] },
  { text: '长安汽车 UNI-V 改装', brands: ['长安汽车'] },
  { text: '五星红旗迎风飘扬', brands: [] },
  { text: '红旗H9 行政级轿车体验', brands: ['红旗'] },
  { text: '骆驼冲锋衣 两百块的平替', brands: ['骆驼'] },
  { text: '沙漠里的骆驼队', brands: [] },
  { text: '始祖鸟化石的发现', brands: [] },
  { text: '始祖鸟 Beta AR 冲锋衣 开箱', brands: ['始祖鸟'] },
  { text: '饿了么 外卖红包 怎么领', brands: ['饿了么'] },
  { text: '你饿了么？我去做饭', brands: [] },
  { text: '夸克网盘 会员 值得买吗', brands: ['夸克'] },
  { text: '上夸克和下夸克的区别', brands: [] },
  { text: '喜马拉雅APP 听书推荐', brands: ['喜马拉雅'] },
  { text: '攀登喜马拉雅山脉的纪录片', brands: [] },
  { text: '粉笔公考 行测 技巧', brands: ['粉笔'] },
  { text: '一根粉笔画出整个宇宙', brands: [] },
  { text: '太NB了这操作', brands: [] },
  { text: 'NB 990v6 跑鞋 上脚', brands: ['新百伦'] },
  { text: 'NBA 总决赛 集锦', brands: [] },
  { text: 'HP 只剩一格了', brands: [] },
  { text: 'HP 暗影精灵10 游戏本 评测', brands: ['惠普'] },
  { text: 'LOL 笑死我了', brands: [] },
  { text: 'LOL S15 总决赛 英雄联盟', brands: ['英雄联盟'] },
  { text: 'keep going，不要放弃', brands: [] },
  { text: 'Keep 课程 跟练 30天', brands: ['Keep'] },
  { text: '华为 Mate 70 Pro+ 一个月体验', brands: ['华为'] },
  { text: 'good mate, cheers', brands: [] },
  { text: '一加 Ace 5 发布会', brands: ['一加'] },
  { text: '一加一等于几', brands: [] },
  { text: '联想拯救者 Y9000P 散热测试', brands: ['联想'] },
  { text: '看到这个我联想到了小时候', brands: [] },
  { text: '蓝月亮洗衣液 大促', brands: ['蓝月亮'] },
  { text: '天上挂着一轮蓝月亮', brands: [] },
  { text: '老板电器 油烟机 安装', brands: ['老板电器'] },
  { text: '我老板今天又加班', brands: [] },
  { text: '石头扫地机 P10 Pro 体验', brands: ['石头科技'] },
  { text: '石头剪刀布 谁输谁洗碗', brands: [] },
  { text: '坚果投影 N1S 开箱', brands: ['坚果投影'] },
  { text: '每天吃一把坚果', brands: [] },
  { text: '现代汽车 伊兰特 保养', brands: ['现代汽车'] },
  { text: '现代社会的焦虑', brands: [] },
  { text: '滴滴打车 被坑了', brands: ['滴滴'] },
  { text: '闹钟滴滴滴响个不停', brands: [] },
  { text: '闲鱼二手 挂了个显卡', brands: ['闲鱼'] },
  { text: '咸鱼翻身的一天', brands: [] },
  { text: '心动游戏《出发吧麦芬》', brands: ['心动网络'] },
  { text: '第一次见面就很心动', brands: [] },
  { text: '元气森林 外星人电解质水 对比', brands: ['元气森林', '外星人饮料'] },
  { text: '特斯拉 Model 3 焕新版', brands: ['特斯拉'] },
  { text: '尼古拉·特斯拉的一生', brands: [] },
  { text: '谷雨 光感水 用了一个月', brands: ['谷雨'] },
  { text: '谷雨时节 种瓜点豆', brands: [] },
  { text: '星巴克新品 和 瑞幸 对比', brands: ['星巴克', '瑞幸'] },
  { text: 'DJI Mini 4 Pro 航拍', brands: ['大疆'] },
  { text: '海天酱油 配料表', brands: ['海天'] },
  { text: '海天一色的美景', brands: [] },
];

export interface LinkCase {
  text: string;
  /** expected links: platform and item id (null for short links / tokens / shops) */
  links: { platform: LinkPlatform; itemId: string | null }[];
}

export const LINK_CASES: LinkCase[] = [
  {
    text: '同款键盘：https://item.taobao.com/item.htm?id=712345678901',
    links: [{ platform: 'taobao', itemId: '712345678901' }],
  },
  {
    text: '天猫旗舰店 https://detail.tmall.com/item.htm?spm=a1z10&id=623456789012&skuId=1',
    links: [{ platform: 'tmall', itemId: '623456789012' }],
  },
  {
    text: '京东自营：https://item.jd.com/100012345678.html 现在有券',
    links: [{ platform: 'jd', itemId: '100012345678' }],
  },
  { text: '手机版 item.m.jd.com/product/10087654321.html', links: [{ platform: 'jd', itemId: '10087654321' }] },
  {
    text: '会员购手办预定 https://mall.bilibili.com/neul-next/index.html?page=mall-up_itemDetail&itemsId=10123456',
    links: [{ platform: 'bilibili', itemId: '10123456' }],
  },
  { text: '周边：mall.bilibili.com/detail.html?itemsId=1102345', links: [{ platform: 'bilibili', itemId: '1102345' }] },
  {
    text: '拼多多百亿补贴 https://mobile.yangkeduo.com/goods.html?goods_id=456789012345',
    links: [{ platform: 'pdd', itemId: '456789012345' }],
  },
  { text: '链接👉 https://b23.tv/Ab3dEf9', links: [{ platform: 'b23', itemId: null }] },
  { text: '上期视频 https://b23.tv/BV1xx411c7mD 记得看', links: [] },
  { text: '淘宝短链 https://m.tb.cn/h.5XyZabc 复制打开', links: [{ platform: 'taobao', itemId: null }] },
  { text: '复制这条信息￥AbCd1234Ef￥后打开手机淘宝', links: [{ platform: 'taobao', itemId: null }] },
  { text: '京东短链 https://u.jd.com/aBcDeF1', links: [{ platform: 'jd', itemId: null }] },
  { text: '2024年(20240101)的数据', links: [] },
  { text: '我的主页 https://space.bilibili.com/12345', links: [] },
  { text: 'GitHub: https://github.com/abc/def', links: [] },
  {
    text: '键盘 https://item.jd.com/100055555555.html\n鼠标 https://item.taobao.com/item.htm?id=700000000001\n耳机 https://b23.tv/q9W8e7R',
    links: [
      { platform: 'jd', itemId: '100055555555' },
      { platform: 'taobao', itemId: '700000000001' },
      { platform: 'b23', itemId: null },
    ],
  },
  { text: '店铺：https://shop123456789.taobao.com 欢迎来逛', links: [{ platform: 'taobao', itemId: null }] },
  { text: 'a.m.taobao.com/i612345678901.htm', links: [{ platform: 'taobao', itemId: '612345678901' }] },
  { text: '没有链接，只是提到淘宝和京东', links: [] },
  { text: '拼团 https://p.pinduoduo.com/aB1cD2eF', links: [{ platform: 'pdd', itemId: null }] },
];
