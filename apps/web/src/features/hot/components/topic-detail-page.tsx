import { Button, Card, Col, Result, Row, Statistic, Typography } from 'antd';
import { DiscoveryMsg, formatCount } from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { useTopicDetail } from '../api/get-topic-detail';
import { QueryFailed } from '../../../components/query-failed';
import { useQueryState } from '../../../components/list-filters';
import { VideoTable } from '../../../components/ranked-list';
import { HOT_PAGE_SIZE } from './hot-common';
import '../hot.css';

const PATH = '/hotStuff/topicDetail';

/** /hotStuff/topicDetail?topic= (component topicDetail): a hot topic's figures and its videos. */
export function TopicDetailPage() {
  const { params, int, set } = useQueryState();
  const navigate = useAppNavigate();
  const rawTopic = (params.get('topic') ?? '').trim();
  const topic = rawTopic === '' ? null : rawTopic;
  const pageNo = int('page') ?? 1;
  const query = useTopicDetail(topic, pageNo, HOT_PAGE_SIZE);

  if (topic === null) {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title={DiscoveryMsg.topicRequired}
          extra={
            <Button type="primary" onClick={() => navigate({ pathname: '/hotStuff/hotSpot' })}>
              查看热点话题
            </Button>
          }
        />
      </Card>
    );
  }
  const data = query.data;
  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          #{topic}#
        </Typography.Title>
        <Typography.Paragraph type="secondary">近7天标题含该话题的视频，按播放排序。</Typography.Paragraph>
        <Row gutter={[16, 16]}>
          <Col xs={8}>
            <Statistic title="相关视频" value={data ? formatCount(data.videoNum) : '-'} />
          </Col>
          <Col xs={8}>
            <Statistic title="参与UP主" value={data ? formatCount(data.kolNum) : '-'} />
          </Col>
          <Col xs={8}>
            <Statistic title="总播放" value={data ? formatCount(data.playNum) : '-'} />
          </Col>
        </Row>
      </Card>
      <ErrorBoundary title="话题视频加载失败" resetKeys={[params.toString()]}>
        <Card variant="borderless" title="相关视频">
          {query.isError ? (
            <QueryFailed title="话题详情加载失败" error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <VideoTable
              videos={data?.videoInfos ?? []}
              loading={query.isPending || query.isPlaceholderData}
              ariaLabel="话题视频列表"
              empty="该话题暂无视频"
              pagination={{
                current: pageNo,
                pageSize: HOT_PAGE_SIZE,
                total: data?.total ?? 0,
                onChange: (page) => set(PATH, { page }),
              }}
            />
          )}
        </Card>
      </ErrorBoundary>
    </div>
  );
}
