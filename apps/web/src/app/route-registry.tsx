import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MemberPageMode } from '../features/member/components/member-page';

const NotFound = lazy(() => import('../components/not-found').then((m) => ({ default: m.NotFound })));

/**
 * /member and /member/pay: the purchase screen composed with the gate feature's parts (quotas, the feature
 * comparison and the gate previews), so neither feature imports the other.
 */
function memberScreen(mode: MemberPageMode): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [{ MemberPage }, { QuotaSummary }, { FeatureComparison }, { GatePreview }] = await Promise.all([
      import('../features/member/components/member-page'),
      import('../features/gate/components/quota-summary'),
      import('../features/gate/components/feature-comparison'),
      import('../features/gate/components/gate-preview'),
    ]);
    const features = (
      <div className="page-stack">
        <FeatureComparison />
        <GatePreview />
      </div>
    );
    return { default: () => <MemberPage mode={mode} quotas={<QuotaSummary />} features={features} /> };
  });
}

/**
 * The placement screens with the 30-day video report modal of the video feature (§2.6), composed here so
 * neither feature imports the other.
 */
function placementScreen(
  key: 'UpThrowPage' | 'PutReportPage' | 'VideoMonitorPage',
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [pages, { VideoReportModal }] = await Promise.all([
      key === 'UpThrowPage'
        ? import('../features/placement/components/up-throw-page').then((m) => ({ Page: m.UpThrowPage }))
        : key === 'PutReportPage'
          ? import('../features/placement/components/put-report-page').then((m) => ({ Page: m.PutReportPage }))
          : import('../features/placement/components/video-monitor-page').then((m) => ({ Page: m.VideoMonitorPage })),
      import('../features/video/components/video-report-modal'),
    ]);
    const { Page } = pages;
    return {
      default: () => (
        <Page
          videoReport={(video, onClose) => (
            <VideoReportModal videoId={video.videoId} title={video.title} onClose={onClose} />
          )}
        />
      ),
    };
  });
}

/**
 * The goods screens with the export feature's button, composed here so neither feature imports the other
 * (issue #26).
 */
function goodsScreen(
  key: 'GoodsSearchPage' | 'GoodsRankPage' | 'SellGoodsKolPage',
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [pages, { ExportButton }] = await Promise.all([
      key === 'GoodsSearchPage'
        ? import('../features/goods/components/goods-search-page').then((m) => ({ Page: m.GoodsSearchPage }))
        : key === 'GoodsRankPage'
          ? import('../features/goods/components/goods-rank-page').then((m) => ({ Page: m.GoodsRankPage }))
          : import('../features/goods/components/sell-goods-kol-page').then((m) => ({ Page: m.SellGoodsKolPage })),
      import('../features/export/components/export-button'),
    ]);
    const { Page } = pages;
    return { default: () => <Page exportButton={(props) => <ExportButton {...props} />} /> };
  });
}

/**
 * Pages by the component key the server's menu names (§2.5). A key the web does not know yet renders the
 * not-found page.
 */
const REGISTRY: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  goods: lazy(() =>
    import('../features/goods/components/goods-overview-page').then((module) => ({
      default: module.GoodsOverviewPage,
    })),
  ),
  goodsSearch: goodsScreen('GoodsSearchPage'),
  goodsRank: goodsScreen('GoodsRankPage'),
  sellGoodsKol: goodsScreen('SellGoodsKolPage'),
  goodsDetail: lazy(() =>
    import('../features/goods/components/goods-detail-page').then((module) => ({
      default: module.GoodsDetailPage,
    })),
  ),
  opinionAnalyse: lazy(() =>
    import('../features/opinion/components/opinion-analyse-page').then((module) => ({
      default: module.OpinionAnalysePage,
    })),
  ),
  opinionWarn: lazy(() =>
    import('../features/opinion/components/opinion-warn-page').then((module) => ({
      default: module.OpinionWarnPage,
    })),
  ),
  upSearch: lazy(() =>
    import('../features/search/components/creator-search-page').then((module) => ({
      default: module.CreatorSearchPage,
    })),
  ),
  detail: lazy(() =>
    import('../features/creator/components/creator-detail-page').then((module) => ({
      default: module.CreatorDetailPage,
    })),
  ),
  upRank: lazy(() =>
    import('../features/ranking/components/up-rank-page').then((module) => ({ default: module.UpRankPage })),
  ),
  limitRank: lazy(() =>
    import('../features/ranking/components/limit-rank-page').then((module) => ({ default: module.LimitRankPage })),
  ),
  video: lazy(() => import('./video-library-screens').then((module) => ({ default: module.VideoSearchScreen }))),
  videoShort: lazy(() => import('./video-library-screens').then((module) => ({ default: module.VideoShortScreen }))),
  videoDetail: lazy(() =>
    import('../features/video/components/video-detail-page').then((module) => ({ default: module.VideoDetailPage })),
  ),
  hotVideo: lazy(() =>
    import('../features/hot/components/hot-video-page').then((module) => ({ default: module.HotVideoPage })),
  ),
  hotTag: lazy(() =>
    import('../features/hot/components/hot-tag-page').then((module) => ({ default: module.HotTagPage })),
  ),
  hotSpot: lazy(() =>
    import('../features/hot/components/hot-spot-page').then((module) => ({ default: module.HotSpotPage })),
  ),
  topicDetail: lazy(() =>
    import('../features/hot/components/topic-detail-page').then((module) => ({ default: module.TopicDetailPage })),
  ),
  hotAnalyse: lazy(() =>
    import('../features/hot/components/hot-analyse-page').then((module) => ({ default: module.HotAnalysePage })),
  ),
  'recommend-video': lazy(() =>
    import('../features/hot/components/recommend-video-page').then((module) => ({
      default: module.RecommendVideoPage,
    })),
  ),
  hotActivity: lazy(() =>
    import('../features/activity/components/hot-activity-page').then((module) => ({
      default: module.HotActivityPage,
    })),
  ),
  activityDetail: lazy(() =>
    import('../features/activity/components/activity-detail-page').then((module) => ({
      default: module.ActivityDetailPage,
    })),
  ),
  videoStuff: lazy(() =>
    import('../features/activity/components/video-stuff-page').then((module) => ({
      default: module.VideoStuffPage,
    })),
  ),
  dashboard: lazy(() =>
    import('../features/dashboard/components/dashboard-page').then((module) => ({ default: module.DashboardPage })),
  ),
  boardData: lazy(() =>
    import('../features/dashboard/components/board-data-page').then((module) => ({ default: module.BoardDataPage })),
  ),
  flowmeter: lazy(() =>
    import('../features/dashboard/components/flowmeter-page').then((module) => ({ default: module.FlowmeterPage })),
  ),
  upCollect: lazy(() =>
    import('../features/collect/components/up-collect-page').then((module) => ({ default: module.UpCollectPage })),
  ),
  videoCollect: lazy(() =>
    import('../features/collect/components/video-collect-page').then((module) => ({
      default: module.VideoCollectPage,
    })),
  ),
  upAttention: lazy(() =>
    import('../features/collect/components/up-attention-page').then((module) => ({
      default: module.UpAttentionPage,
    })),
  ),
  myUp: lazy(() =>
    import('../features/library/components/my-up-page').then((module) => ({ default: module.MyUpPage })),
  ),
  account: lazy(() =>
    import('../features/account/components/account-page').then((module) => ({ default: module.AccountPage })),
  ),
  member: memberScreen('renew'),
  pay: memberScreen('buy'),
  exportRecords: lazy(() =>
    import('../features/export/components/export-records-page').then((module) => ({
      default: module.ExportRecordsPage,
    })),
  ),
  contrastRecord: lazy(() =>
    import('../features/contrast/components/contrast-record-page').then((module) => ({
      default: module.ContrastRecordPage,
    })),
  ),
  upThrow: placementScreen('UpThrowPage'),
  videoRecordReportDetail: placementScreen('PutReportPage'),
  videoMonitor: placementScreen('VideoMonitorPage'),
  livingMonitor: lazy(() =>
    import('../features/live/components/living-monitor-page').then((module) => ({
      default: module.LivingMonitorPage,
    })),
  ),
  agreement: lazy(() =>
    import('../features/member/components/agreement-page').then((module) => ({ default: module.AgreementPage })),
  ),
  // issue #26 brands and sales (features/brand)
  exposureRank: lazy(() =>
    import('../features/brand/components/exposure-pages').then((m) => ({ default: m.ExposureRankPage })),
  ),
  exposureSearch: lazy(() =>
    import('../features/brand/components/exposure-pages').then((m) => ({ default: m.ExposureSearchPage })),
  ),
  brandDetail: lazy(() =>
    import('../features/brand/components/brand-detail-page').then((m) => ({ default: m.BrandDetailPage })),
  ),
  saleReport: lazy(() =>
    import('../features/brand/components/sale-pages').then((m) => ({ default: m.SaleReportPage })),
  ),
  saleContrast: lazy(() =>
    import('../features/brand/components/sale-pages').then((m) => ({ default: m.SaleContrastPage })),
  ),
};

export function hasPage(componentKey: string): boolean {
  return Object.hasOwn(REGISTRY, componentKey);
}

export function RegistryPage({ componentKey }: { componentKey: string }) {
  const Page = Object.hasOwn(REGISTRY, componentKey) ? REGISTRY[componentKey] : undefined;
  return Page ? <Page /> : <NotFound />;
}
