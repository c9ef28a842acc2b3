/**
 * Bilibili's two-level partitions (分区) with their real tids (the classic web partition table; child
 * names as the web API's `tname` shows them, e.g. 47 短片·手书·配音, 250 出行). `weight` is the share of
 * demo creators whose main partition lies under the top-level partition; official-content partitions
 * (番剧, 电影, 电视剧 …) get few or no creators, like on the real site.
 */
export interface PartitionNode {
  tid: number;
  name: string;
  /** a short label used in titles such as `bilibili 知名游戏UP主` */
  label: string;
  weight: number;
  children: readonly (readonly [tid: number, name: string])[];
}

export const PARTITIONS: readonly PartitionNode[] = [
  {
    tid: 1,
    name: '动画',
    label: '动画',
    weight: 7,
    children: [
      [24, 'MAD·AMV'],
      [25, 'MMD·3D'],
      [47, '短片·手书·配音'],
      [210, '手办·模玩'],
      [86, '特摄'],
      [253, '动漫杂谈'],
      [27, '综合'],
    ],
  },
  {
    tid: 13,
    name: '番剧',
    label: '番剧',
    weight: 0.3,
    children: [
      [33, '连载动画'],
      [32, '完结动画'],
      [51, '资讯'],
      [152, '官方延伸'],
    ],
  },
  {
    tid: 167,
    name: '国创',
    label: '国创',
    weight: 0.7,
    children: [
      [153, '国产动画'],
      [168, '国产原创相关'],
      [169, '布袋戏'],
      [195, '动态漫·广播剧'],
      [170, '资讯'],
    ],
  },
  {
    tid: 3,
    name: '音乐',
    label: '音乐',
    weight: 7,
    children: [
      [28, '原创音乐'],
      [31, '翻唱'],
      [30, 'VOCALOID·UTAU'],
      [59, '演奏'],
      [193, 'MV'],
      [29, '音乐现场'],
      [130, '音乐综合'],
      [243, '乐评盘点'],
      [244, '音乐教学'],
    ],
  },
  {
    tid: 129,
    name: '舞蹈',
    label: '舞蹈',
    weight: 4,
    children: [
      [20, '宅舞'],
      [198, '街舞'],
      [199, '明星舞蹈'],
      [200, '国风舞蹈'],
      [255, '手势·网红舞'],
      [154, '舞蹈综合'],
      [156, '舞蹈教程'],
    ],
  },
  {
    tid: 4,
    name: '游戏',
    label: '游戏',
    weight: 16,
    children: [
      [17, '单机游戏'],
      [171, '电子竞技'],
      [172, '手机游戏'],
      [65, '网络游戏'],
      [173, '桌游棋牌'],
      [121, 'GMV'],
      [136, '音游'],
      [19, 'Mugen'],
    ],
  },
  {
    tid: 36,
    name: '知识',
    label: '知识',
    weight: 11,
    children: [
      [201, '科学科普'],
      [124, '社科·法律·心理'],
      [228, '人文历史'],
      [207, '财经商业'],
      [208, '校园学习'],
      [209, '职业职场'],
      [229, '设计·创意'],
      [122, '野生技能协会'],
    ],
  },
  {
    tid: 188,
    name: '科技',
    label: '数码',
    weight: 6,
    children: [
      [95, '数码'],
      [230, '软件应用'],
      [231, '计算机技术'],
      [232, '科工机械'],
      [233, '极客DIY'],
    ],
  },
  {
    tid: 234,
    name: '运动',
    label: '运动',
    weight: 3,
    children: [
      [235, '篮球'],
      [249, '足球'],
      [164, '健身'],
      [236, '竞技体育'],
      [237, '运动文化'],
      [238, '运动综合'],
    ],
  },
  {
    tid: 223,
    name: '汽车',
    label: '汽车',
    weight: 3,
    children: [
      [258, '汽车知识科普'],
      [245, '赛车'],
      [246, '改装玩车'],
      [247, '新能源车'],
      [248, '房车'],
      [240, '摩托车'],
      [227, '购车攻略'],
      [176, '汽车生活'],
    ],
  },
  {
    tid: 160,
    name: '生活',
    label: '生活',
    weight: 14,
    children: [
      [138, '搞笑'],
      [250, '出行'],
      [251, '三农'],
      [239, '家居房产'],
      [161, '手工'],
      [162, '绘画'],
      [21, '日常'],
      [254, '亲子'],
    ],
  },
  {
    tid: 211,
    name: '美食',
    label: '美食',
    weight: 7,
    children: [
      [76, '美食制作'],
      [212, '美食侦探'],
      [213, '美食测评'],
      [214, '田园美食'],
      [215, '美食记录'],
    ],
  },
  {
    tid: 217,
    name: '动物圈',
    label: '萌宠',
    weight: 3,
    children: [
      [218, '喵星人'],
      [219, '汪星人'],
      [220, '动物二创'],
      [221, '野生动物'],
      [222, '小宠异宠'],
      [75, '动物综合'],
    ],
  },
  {
    tid: 119,
    name: '鬼畜',
    label: '鬼畜',
    weight: 2,
    children: [
      [22, '鬼畜调教'],
      [26, '音MAD'],
      [126, '人力VOCALOID'],
      [216, '鬼畜剧场'],
      [127, '教程演示'],
    ],
  },
  {
    tid: 155,
    name: '时尚',
    label: '时尚',
    weight: 3,
    children: [
      [157, '美妆护肤'],
      [252, '仿妆cos'],
      [158, '穿搭'],
      [159, '时尚潮流'],
    ],
  },
  {
    tid: 202,
    name: '资讯',
    label: '资讯',
    weight: 1,
    children: [
      [203, '热点'],
      [204, '环球'],
      [205, '社会'],
      [206, '综合'],
    ],
  },
  {
    tid: 5,
    name: '娱乐',
    label: '娱乐',
    weight: 3,
    children: [
      [71, '综艺'],
      [241, '娱乐杂谈'],
      [242, '粉丝创作'],
      [137, '明星综合'],
    ],
  },
  {
    tid: 181,
    name: '影视',
    label: '影视',
    weight: 5,
    children: [
      [182, '影视杂谈'],
      [183, '影视剪辑'],
      [85, '小剧场'],
      [184, '预告·资讯'],
      [256, '短片'],
    ],
  },
  {
    tid: 177,
    name: '纪录片',
    label: '纪录片',
    weight: 0.3,
    children: [
      [37, '人文·历史'],
      [178, '科学·探索·自然'],
      [179, '军事'],
      [180, '社会·美食·旅行'],
    ],
  },
  {
    tid: 23,
    name: '电影',
    label: '电影',
    weight: 0,
    children: [
      [147, '华语电影'],
      [145, '欧美电影'],
      [146, '日本电影'],
      [83, '其他国家'],
    ],
  },
  {
    tid: 11,
    name: '电视剧',
    label: '电视剧',
    weight: 0,
    children: [
      [185, '国产剧'],
      [187, '海外剧'],
    ],
  },
];

export interface PartitionRow {
  tid: number;
  parentId: number | null;
  name: string;
  sort: number;
}

/** Rows for the `partitions` table: parents first (the foreign key needs them), then children. */
export function partitionRows(): PartitionRow[] {
  const parents: PartitionRow[] = PARTITIONS.map((p, i) => ({ tid: p.tid, parentId: null, name: p.name, sort: i + 1 }));
  const children: PartitionRow[] = PARTITIONS.flatMap((p) =>
    p.children.map(([tid, name], j) => ({ tid, parentId: p.tid, name, sort: j + 1 })),
  );
  return [...parents, ...children];
}
