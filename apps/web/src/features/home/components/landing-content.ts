import type { ComponentType } from 'react';
import { COMING_SOON, FEATURE_STATUS, USER_TYPE_LABELS, featuresAddedAt, type FeatureKey } from '@xg/shared';
import {
  AlertOutlined,
  BarChartOutlined,
  LineChartOutlined,
  MonitorOutlined,
  SearchOutlined,
  TrophyOutlined,
} from '@ant-design/icons';

export interface FeatureItem {
  key: string;
  title: string;
  description: string;
  Icon: ComponentType;
  /** the gated feature whose screen this needs; built or not comes from FEATURE_STATUS (none: built) */
  feature?: FeatureKey;
}

/** Whether the card's screens exist; a card that is not built is shown with 即将上线. */
export function featureItemBuilt(item: FeatureItem): boolean {
  return item.feature === undefined || FEATURE_STATUS[item.feature] === 'built';
}

/** The product's main functions (spec §1); the ones not built yet are labelled 即将上线 where shown. */
export const FEATURES: readonly FeatureItem[] = [
  {
    key: 'search',
    title: 'UP主搜索',
    description: '按名称或UID快速定位UP主，查看粉丝、分区、认证与等级等核心信息。',
    Icon: SearchOutlined,
  },
  {
    key: 'rank',
    title: '排行榜',
    description: '粉丝榜、商业榜、机构榜与涨掉粉榜，按分区发现值得关注的创作者。',
    Icon: TrophyOutlined,
  },
  {
    key: 'trend',
    title: '粉丝趋势',
    description: '近7天、30天、90天粉丝、播放与点赞的增量和总量走势，一图看清成长。',
    Icon: LineChartOutlined,
  },
  {
    key: 'contrast',
    title: '对比报告',
    description: '2至5位UP主同屏对比基础数据、互动数据与粉丝画像，辅助投放决策。',
    Icon: BarChartOutlined,
    feature: 'contrast.create',
  },
  {
    key: 'placement',
    title: '投放监测',
    description: '记录投放作品与费用，按24小时至7天的监测周期追踪视频表现。',
    Icon: MonitorOutlined,
    feature: 'placement.record',
  },
  {
    key: 'opinion',
    title: '舆情分析',
    description: '汇总评论与弹幕的情绪和关键词，及时发现口碑变化并预警。',
    Icon: AlertOutlined,
    feature: 'opinion.analyse',
  },
];

/** The titles of FEATURES whose screens are not built yet. */
export function comingSoonTitles(): string[] {
  return FEATURES.filter((f) => !featureItemBuilt(f)).map((f) => f.title);
}

/** The one-sentence pitch: the built functions, then the ones coming (from FEATURES and FEATURE_STATUS). */
export function productPitch(): string {
  const built = FEATURES.filter(featureItemBuilt).map((f) => f.title);
  const soon = comingSoonTitles();
  const head = `为品牌方、广告代理、MCN机构与UP主提供${built.join('、')}，让每一次合作都有数据可依`;
  return soon.length > 0 ? `${head}；${soon.join('、')}${COMING_SOON}。` : `${head}。`;
}

export interface TierLine {
  text: string;
  /** false: not built yet, shown as 即将上线 (never with a check) */
  built: boolean;
}

/** Labels shortened to a summary line: 'A、B等5项' (all of them when there are at most `max`). */
function summarize(labels: readonly string[], max = 3): string {
  if (labels.length <= max) return labels.join('、');
  return `${labels.slice(0, 2).join('、')}等${labels.length}项`;
}

function toLines(features: readonly { label: string; built: boolean }[]): TierLine[] {
  const built = features.filter((f) => f.built).map((f) => ({ text: f.label, built: true }));
  const soon = features.filter((f) => !f.built).map((f) => f.label);
  return soon.length > 0 ? [...built, { text: summarize(soon), built: false }] : built;
}

/**
 * What each tier offers, generated from the gate policy and the built-features registry (never written by
 * hand): 免费版's free functions; from 初级版 on, "包含<previous>全部功能", the built features the tier adds,
 * and one 即将上线 line for the ones not built yet. 高级企业版 adds no feature of its own, only higher quotas
 * of the comparison report and the Excel export.
 */
export function tierLines(userType: number): TierLine[] {
  const head =
    userType === 0
      ? [
          { text: 'UP主搜索与详情', built: true },
          { text: '排行榜、热门内容与粉丝趋势', built: true },
        ]
      : [{ text: `包含${USER_TYPE_LABELS[userType - 1] ?? ''}全部功能`, built: true }];
  // 高级企业版's own line: higher quotas of the comparison report and the Excel export (built since #16), 即将上线
  // until the comparison ships
  return [
    ...head,
    ...toLines(featuresAddedAt(userType)),
    ...(userType === 4
      ? [{ text: '更高的对比报告与导出额度', built: FEATURE_STATUS['contrast.create'] === 'built' }]
      : []),
  ];
}

/** Everything a tier has over 免费版, cumulatively (the free-VIP poster lists what the 企业版 trial gives). */
export function tierAllLines(userType: number): TierLine[] {
  const features = [];
  for (let tier = 1; tier <= userType; tier += 1) features.push(...featuresAddedAt(tier));
  return toLines(features);
}
