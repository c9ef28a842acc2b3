import { Card, Empty, Skeleton, Typography } from 'antd';
import { formatQuoteRange, formatYuan, type BusinessKolItem, type ThemeInfo } from '@xg/shared';
import { CREATOR_DETAIL_PATH, creatorDetailSearch } from '../../../components/detail-links';
import { useAppHref } from '../../../lib/use-app-navigate';
import { GateOverlay } from '../../gate/components/gate-overlay';
import { useFeature } from '../../gate/hooks/use-feature';
import { useSearchBusiness } from '../api/search-business';
import { SEARCH_PAGE_SIZE } from '../api/search-kol';
import { CreatorResultCard } from './creator-result-card';
import { PartitionPicker, ResultsCard, ResultsPager } from './results-card';

interface BusinessResultsProps {
  tid: number | undefined;
  pageNo: number;
  themes: readonly ThemeInfo[];
  onChange: (patch: { tid?: number | undefined; pageNo?: number }) => void;
}

/** The figures a buyer compares in the 商业价值 list: each estimate as its range (docs/metrics.md). */
function quoteStats(creator: BusinessKolItem) {
  return [
    {
      key: 'video',
      label: '定制视频报价（估）',
      value: formatQuoteRange(creator.videoPrice),
      hint: `估算 ${formatYuan(creator.videoPrice)}`,
    },
    {
      key: 'implant',
      label: '植入报价（估）',
      value: formatQuoteRange(creator.implantationPrice),
      hint: `估算 ${formatYuan(creator.implantationPrice)}`,
    },
  ];
}

/**
 * 商业价值 (the UP主搜索 page's third tab): creators ranked by business value — the 定制视频 quote estimate,
 * counted fully for a creator who posts weekly (GET /api/searchBusinessSort, docs/metrics.md "Business value") —
 * in one top-level partition or all. 专业版 and above (creator.commercial); the server refuses the others.
 */
export function BusinessResults(props: BusinessResultsProps) {
  const feature = useFeature('creator.commercial');
  if (feature.loading) {
    return (
      <Card variant="borderless" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (!feature.allowed) {
    return (
      <Card variant="borderless">
        <GateOverlay feature="creator.commercial" minHeight={320} title="商业价值榜为会员专属功能">
          <Skeleton active={false} avatar paragraph={{ rows: 6 }} />
        </GateOverlay>
      </Card>
    );
  }
  return <BusinessList {...props} />;
}

function BusinessList({ tid, pageNo, themes, onChange }: BusinessResultsProps) {
  const hrefOf = useAppHref();
  const query = useSearchBusiness({ tid, pageNo, pageSize: SEARCH_PAGE_SIZE }, true);
  const toolbar = (
    <div className="search-toolbar">
      <span className="search-toolbar-label">按商业价值排序</span>
      <PartitionPicker
        label="UP主分区"
        themes={themes}
        value={tid}
        onChange={(value) => onChange({ tid: value, pageNo: 1 })}
      />
    </div>
  );
  return (
    <ResultsCard toolbar={toolbar} query={query} placeholder="creators" failedTitle="商业价值榜加载失败">
      {({ kolInfos, total }) => (
        <>
          <Typography.Paragraph type="secondary" className="search-count">
            商业价值 = 定制视频报价估算 ×
            近30天更新活跃度（每周更新计满）；报价区间按公开刊例“粉丝数的10%–20%”估算，实际以UP主报价为准。
          </Typography.Paragraph>
          {kolInfos.length === 0 ? (
            <Empty description="该分区暂无商业价值数据，数据积累后自动生成" />
          ) : (
            <div className="kol-card-list" role="list" aria-label="商业价值榜">
              {kolInfos.map((creator) => (
                <div role="listitem" key={creator.kolId}>
                  <CreatorResultCard
                    creator={creator}
                    rank={creator.rank}
                    extraStats={quoteStats(creator)}
                    href={hrefOf({
                      pathname: CREATOR_DETAIL_PATH,
                      search: creatorDetailSearch(creator.kolId, creator.kolName),
                    })}
                  />
                </div>
              ))}
            </div>
          )}
          <ResultsPager
            pageNo={pageNo}
            total={total}
            showTotal={(all) => `共 ${all} 位UP主`}
            onPage={(page) => onChange({ pageNo: page })}
          />
        </>
      )}
    </ResultsCard>
  );
}
