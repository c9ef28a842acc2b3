import { RankingPage, yuan, type BoardTab } from './ranking-page';

const TABS: readonly [BoardTab, ...BoardTab[]] = [
  { kind: 'fans', label: '粉丝榜', valueTitle: '粉丝数', deltaTitle: '较上期（粉丝）' },
  { kind: 'business', label: '商业榜', valueTitle: '视频报价', valueFormat: yuan, deltaTitle: '较上期（元）' },
  { kind: 'company', label: '机构榜', valueTitle: '旗下总粉丝', deltaTitle: '较上期（旗下粉丝）' },
];

/** /search/upRank (component upRank): fans, business (commercial) and company (MCN) rankings. */
export function UpRankPage() {
  return (
    <RankingPage
      title="UP主排行榜"
      description="按粉丝量、商业价值与MCN机构排名，支持日榜、周榜、月榜与分区筛选，数据每日更新。"
      tabs={TABS}
      path="/search/upRank"
    />
  );
}
