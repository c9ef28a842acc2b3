import { RankingPage, type BoardTab } from './ranking-page';

const TABS: readonly [BoardTab, ...BoardTab[]] = [
  { kind: 'increase', label: '涨粉榜', valueTitle: '涨粉数', deltaTitle: '较上期（涨粉）' },
  { kind: 'decrease', label: '掉粉榜', valueTitle: '掉粉数', deltaTitle: '较上期（掉粉）' },
];

/** /search/limitRank (component limitRank): the creators that gained or lost the most fans in a period. */
export function LimitRankPage() {
  return (
    <RankingPage
      title="涨掉粉榜"
      description="统计周期内涨粉、掉粉最多的UP主，支持日榜、周榜、月榜与分区筛选，数据每日更新。"
      tabs={TABS}
      path="/search/limitRank"
    />
  );
}
