import { Button, Card, Col, Result, Row, Skeleton } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { KolIdParams, Msg } from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { errorText, isApiError } from '../../../lib/api-client';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { useKolDetail } from '../api/get-kol-detail';
import { CreatorCommercialCard } from './creator-commercial-card';
import { CreatorFanEventsCard } from './creator-fan-events-card';
import { CreatorPortraitCard } from './creator-portrait-card';
import { CreatorProfileCard } from './creator-profile-card';
import { CreatorSimilarCard } from './creator-similar-card';
import { CreatorStats } from './creator-stats';
import { CreatorTrendCard } from './creator-trend-card';
import { CreatorVideosCard } from './creator-videos-card';
import '../creator.css';

/**
 * /search/upSearch/detail?kolId=&kolName= (component detail), opened in a new tab from the search: profile
 * (云指数, MCN, live), counts, trend, fan-change events, commercial estimate, video list, audience portraits
 * and similar creators. Each section has its own error boundary and loading/empty/error states.
 */
export function CreatorDetailPage() {
  const [searchParams] = useSearchParams();
  const navigate = useAppNavigate();
  const parsed = KolIdParams.safeParse({ kolId: searchParams.get('kolId') ?? '' });
  const kolId = parsed.success ? parsed.data.kolId : null;
  const detail = useKolDetail(kolId);

  const backToSearch = (
    <Button type="primary" onClick={() => navigate({ pathname: '/search/upSearch' })}>
      返回UP主搜索
    </Button>
  );

  if (kolId === null) {
    return (
      <Card variant="borderless">
        <Result status="warning" title={Msg.kolIdInvalid} subTitle="请从UP主搜索结果进入详情页" extra={backToSearch} />
      </Card>
    );
  }
  if (detail.isPending) {
    return (
      <div className="page-stack" aria-busy="true">
        <Card variant="borderless">
          <Skeleton avatar={{ size: 88 }} active paragraph={{ rows: 3 }} />
        </Card>
        <Row gutter={[16, 16]}>
          {[0, 1, 2, 3, 4, 5].map((n) => (
            <Col key={n} xs={12} sm={8} xl={4}>
              <Card variant="borderless">
                <Skeleton active title={false} paragraph={{ rows: 2 }} />
              </Card>
            </Col>
          ))}
        </Row>
      </div>
    );
  }
  if (detail.isError) {
    const missing = isApiError(detail.error) && detail.error.kind !== 'network' && detail.error.kind !== 'timeout';
    return (
      <Card variant="borderless">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? Msg.kolNotFound : '加载失败'}
          subTitle={errorText(detail.error)}
          extra={
            missing ? (
              backToSearch
            ) : (
              <Button type="primary" onClick={() => void detail.refetch()}>
                重试
              </Button>
            )
          }
        />
      </Card>
    );
  }
  const creator = detail.data;
  return (
    <div className="page-stack">
      <ErrorBoundary title="UP主信息加载失败" resetKeys={[kolId]}>
        <CreatorProfileCard creator={creator} />
      </ErrorBoundary>
      <ErrorBoundary title="数据概览加载失败" resetKeys={[kolId]}>
        <CreatorStats creator={creator} />
      </ErrorBoundary>
      <ErrorBoundary title="趋势加载失败" resetKeys={[kolId]}>
        <CreatorTrendCard kolId={creator.kolId} />
      </ErrorBoundary>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ErrorBoundary title="粉丝变化事件加载失败" resetKeys={[kolId]}>
            <CreatorFanEventsCard kolId={creator.kolId} />
          </ErrorBoundary>
        </Col>
        <Col xs={24} xl={12}>
          <ErrorBoundary title="商业价值加载失败" resetKeys={[kolId]}>
            <CreatorCommercialCard kolId={creator.kolId} />
          </ErrorBoundary>
        </Col>
      </Row>
      <ErrorBoundary title="视频列表加载失败" resetKeys={[kolId]}>
        <CreatorVideosCard kolId={creator.kolId} />
      </ErrorBoundary>
      <ErrorBoundary title="粉丝画像加载失败" resetKeys={[kolId]}>
        <CreatorPortraitCard kolId={creator.kolId} />
      </ErrorBoundary>
      <ErrorBoundary title="相似UP主加载失败" resetKeys={[kolId]}>
        <CreatorSimilarCard kolId={creator.kolId} />
      </ErrorBoundary>
    </div>
  );
}
