import type { ContrastKolData, ContrastOverlapPair, KolContrastResultAnswer } from '@xg/shared';

/**
 * Report fixtures in the shape of GET /api/user/kolContrastResult, for the PDF's tests and `bench/contrast-pdf.mjs`
 * (compiled to dist so the bench can load them). The numbers are invented but of the demo world's orders.
 */

/** The fixtures' partitions (tid → name). */
const SORTS: Readonly<Record<number, string>> = {
  36: '知识',
  201: '科学科普',
  4: '游戏',
  17: '单机游戏',
  188: '科技',
  95: '数码',
  207: '财经商业',
  211: '美食',
  76: '美食制作',
};

const CREATORS: Omit<ContrastKolData, 'isCollect' | 'isPut' | 'isAdmire'>[] = [
  base(101, '影视飓风', 946534, 1, [36, 201], 1),
  base(102, '老番茄', 546880, 1, [4, 17], 0.62),
  base(103, '何同学爱折腾的数码实验室', 163338, 0, [188, 95], 0.38),
  base(104, '半佛仙人', 258002, 1, [36, 207], 0.27),
  base(105, '绵羊料理', 93120, 0, [211, 76], 0.12),
];

function base(
  kolId: number,
  kolName: string,
  kolUid: number,
  isApprove: number,
  sorts: readonly number[],
  scale: number,
): Omit<ContrastKolData, 'isCollect' | 'isPut' | 'isAdmire'> {
  const male = Math.round((48 + kolId * 3.7) % 40) + 30;
  return {
    kolId,
    kolName,
    kolUid,
    kolImg: `https://i0.hdslb.com/bfs/face/${kolId}.jpg`,
    isApprove,
    twoSortFlag: sorts.map((id) => ({ id, name: SORTS[id] ?? '' })),
    fansNum: Math.round(12_800_000 * scale),
    indexNum: Math.round(920 * Math.sqrt(scale)),
    weekVideoNum: 1 + (kolId % 4),
    weekAvgPlayNum: Math.round(3_450_000 * scale),
    avgPraiseNum: Math.round(286_000 * scale),
    weekAvgCollectNum: Math.round(98_500 * scale),
    weekAvgShareNum: Math.round(21_300 * scale),
    weekAvgCommentNum: Math.round(9_870 * scale),
    weekCastCurrencyNum: Math.round(143_000 * scale),
    chargingNum: Math.round(4_100 * scale),
    genderPortrait: JSON.stringify([
      { 性别: '男', 比例: male },
      { 性别: '女', 比例: 100 - male },
    ]),
    agePortrait: JSON.stringify([
      { 年龄: '17岁以下', 比例: 8 + (kolId % 5) },
      { 年龄: '18-23岁', 比例: 38 - (kolId % 5) },
      { 年龄: '24-30岁', 比例: 31 },
      { 年龄: '31-40岁', 比例: 17 },
      { 年龄: '41岁以上', 比例: 6 },
    ]),
    areaPortrait: JSON.stringify([
      { 地域: '广东', 比例: 14.2 },
      { 地域: '北京', 比例: 9.6 },
      { 地域: '上海', 比例: 8.1 },
      { 地域: '浙江', 比例: 7.4 },
      { 地域: '江苏', 比例: 6.9 },
      { 地域: '四川', 比例: 5.2 },
    ]),
    portraitKind: kolId === 105 ? 'partition' : 'creator',
    portraitSource:
      kolId === 105
        ? '该UP主评论用户样本不足30人（当前12人），此处为所在分区「美食」的整体画像估算，并非该UP主粉丝的数据'
        : `基于该UP主${Math.round(4200 * scale)}位评论用户估算：性别、地域为评论用户的统计，年龄为模型估算（B站不公开年龄）`,
    portraitSampleSize: kolId === 105 ? 12 : Math.round(4200 * scale),
    fansIncrease30: kolId === 104 ? -12_400 : Math.round(210_000 * scale),
    engagementRate:
      Math.round(((286_000 + 98_500 + 21_300 + 9_870 + 143_000) / 3_450_000) * 1000 * (1 + kolId / 500)) / 10,
    libraryPrice: kolId === 103 || kolId === 105 ? null : Math.round(380_000 * scale),
    pricePlaysDays: kolId === 103 || kolId === 105 ? null : kolId === 104 ? 30 : 7,
    pricePerThousandPlays:
      kolId === 103 || kolId === 105 ? null : Math.round(((380_000 * scale) / (3_450_000 * scale)) * 1000 * 100) / 100,
  };
}

/** A report of the first `n` (2–5) fixture creators; the second one is the intended creator. */
export function contrastReportFixture(n: number, contrastId = 9000 + n): KolContrastResultAnswer {
  const kols: ContrastKolData[] = CREATORS.slice(0, n).map((k, i) => ({
    ...k,
    isCollect: i % 2 === 0 ? 1 : 0,
    isPut: i === 0 ? 1 : 0,
    isAdmire: i === 1 ? 1 : 0,
  }));
  const pairs: ContrastOverlapPair[] = [];
  for (let a = 0; a < kols.length; a += 1) {
    for (let b = a + 1; b < kols.length; b += 1) {
      const ka = kols[a];
      const kb = kols[b];
      if (!ka || !kb) continue;
      const commentersA = 1800 - a * 250;
      const commentersB = 1800 - b * 250;
      const shared = b === 4 ? 3 : 40 + ((a * 7 + b * 13) % 60);
      const jaccard = (shared / (commentersA + commentersB - shared)) * 100;
      const small = b === 4;
      pairs.push({
        kolIdA: ka.kolId,
        kolIdB: kb.kolId,
        commentersA,
        commentersB: small ? 24 : commentersB,
        shared,
        overlapPercent: small ? null : Math.round(jaccard * 10) / 10,
        low: small ? null : Math.round(jaccard * 0.8 * 10) / 10,
        high: small ? null : Math.round(jaccard * 1.2 * 10) / 10,
      });
    }
  }
  return {
    code: 200,
    message: '操作成功',
    contrastId,
    createdAt: '2026-11-25T12:30:00.000Z',
    dataDate: '2026-11-24',
    userContrastKolDataList: kols,
    overlap: {
      method:
        '在已采集的评论中，分别统计两位UP主近90天视频下的去重评论用户，以共同评论用户占两者并集的比例（Jaccard）估算受众重合度；任一方评论用户少于30人时不作估算。',
      sampleSize: 48_213,
      pairs,
    },
    verdicts: [
      {
        dimension: 'reach',
        title: '影响力',
        leaderKolId: kols[0]?.kolId ?? null,
        text: `${kols[0]?.kolName ?? ''}粉丝数与周均播放均居首位，周均播放约345万，是第二名的1.6倍。`,
      },
      {
        dimension: 'engagement',
        title: '互动',
        leaderKolId: kols[kols.length - 1]?.kolId ?? null,
        text: '互动率差距不大，最高与最低相差不到2个百分点；点赞和投币贡献了大部分互动。',
      },
      {
        dimension: 'growth',
        title: '成长',
        leaderKolId: kols[0]?.kolId ?? null,
        text: '近30天涨粉最多的是第一位UP主。',
      },
      {
        dimension: 'price',
        title: '性价比',
        leaderKolId: null,
        text: '团队库中只有部分UP主有报价，按已知报价计算的千次播放成本相同；补充报价后可比较。',
      },
    ],
    canPdf: 1,
  };
}
