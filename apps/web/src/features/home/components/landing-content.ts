import type { ComponentType } from 'react';
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
}

/** The product's main functions (spec §1). */
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
  },
  {
    key: 'placement',
    title: '投放监测',
    description: '记录投放作品与费用，按24小时至7天的监测周期追踪视频表现。',
    Icon: MonitorOutlined,
  },
  {
    key: 'opinion',
    title: '舆情分析',
    description: '汇总评论与弹幕的情绪和关键词，及时发现口碑变化并预警。',
    Icon: AlertOutlined,
  },
];

/** What each membership tier adds, as far as the product rules state it (spec §6). */
export const TIER_HIGHLIGHTS: Readonly<Record<number, readonly string[]>> = {
  0: ['UP主搜索与详情', '粉丝、播放、点赞趋势'],
  1: ['包含免费版全部功能', '可使用UP主对比报告（按月配额）'],
  2: ['解锁会员专属数据', '投放监测支持48小时周期'],
  3: ['Excel 导出与对比报告 PDF 导出', '投放监测支持72小时与7天周期'],
  4: ['企业版全部功能', '更高的报告与导出配额'],
};
