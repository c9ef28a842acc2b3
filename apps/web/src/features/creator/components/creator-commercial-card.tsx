import { QuestionCircleOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Skeleton, Statistic, Tooltip, Typography } from 'antd';
import { formatCount, formatQuoteRange, formatYuan, sampleWindowLabel, type PriceInfo } from '@xg/shared';
import { GateOverlay } from '../../gate/components/gate-overlay';
import { useFeature } from '../../gate/hooks/use-feature';
import { useKolCommercial } from '../api/get-kol-commercial';
import { QueryFailed } from '../../../components/query-failed';

function countOrDash(value: number | null): string {
  return value === null ? '-' : formatCount(value);
}

/** 商业价值评估: the price estimates and the weekly output they rest on (专业版 and above). */
export function CreatorCommercialCard({ kolId }: { kolId: number }) {
  const feature = useFeature('creator.commercial');
  const query = useKolCommercial(kolId, feature.allowed);

  let body;
  if (feature.loading) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (!feature.allowed) {
    body = (
      <GateOverlay feature="creator.commercial" minHeight={240}>
        <Skeleton active={false} paragraph={{ rows: 5 }} />
      </GateOverlay>
    );
  } else if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (query.isError) {
    body = <QueryFailed title="商业价值加载失败" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data === null) {
    body = <Empty description="暂无商业价值评估，数据积累后自动生成" />;
  } else {
    body = <Commercial info={query.data} />;
  }
  return (
    <Card variant="borderless" title="商业价值评估" className="creator-section">
      {body}
    </Card>
  );
}

function Commercial({ info }: { info: PriceInfo }) {
  const prices = [
    { key: 'video', label: '定制视频报价', value: info.videoPrice },
    { key: 'implant', label: '植入视频报价', value: info.implantationPrice },
    { key: 'normal', label: '常规报价', value: info.normalPrice },
    { key: 'special', label: '特殊报价', value: info.specialPrice },
  ];
  // the averages are over the weekly figures' sample, named as in the comparison report (docs/metrics.md)
  const sample = info.sampleWindow === null ? '-' : sampleWindowLabel(info.sampleWindow);
  const none = info.sampleWindow === 0;
  const basis = [
    { key: 'week', label: '近7天发布视频', value: info.weekVideoNum === null ? '-' : `${info.weekVideoNum} 个` },
    { key: 'sample', label: '统计样本', value: sample },
    { key: 'play', label: '平均播放', value: none ? '-' : countOrDash(info.weekAvgPlayNum) },
    { key: 'praise', label: '平均点赞', value: none ? '-' : countOrDash(info.avgPraiseNum) },
  ];
  return (
    <>
      <Row gutter={[16, 16]}>
        {prices.map((price) => (
          <Col key={price.key} xs={12} md={6}>
            <Statistic title={price.label} value={formatYuan(price.value)} className="creator-price" />
            <Typography.Text type="secondary" className="creator-price-range">
              区间 {formatQuoteRange(price.value)}
            </Typography.Text>
          </Col>
        ))}
      </Row>
      <dl className="creator-basis">
        {basis.map((item) => (
          <div key={item.key}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
      <Typography.Paragraph type="secondary" className="creator-footnote">
        报价为按公开刊例（定制视频约为粉丝数的10%–20%元）结合近期播放与互动估算的参考值，区间为估算值的⅔至4⁄3，实际以UP主报价为准。
        {info.method ? (
          <Tooltip title={info.method} styles={{ root: { maxWidth: 360 } }}>
            <span className="creator-method" tabIndex={0} aria-label={`估算方法：${info.method}`}>
              估算方法 <QuestionCircleOutlined />
            </span>
          </Tooltip>
        ) : null}
        {info.updateTime ? ` · 更新于 ${info.updateTime.slice(0, 10)}` : ''}
      </Typography.Paragraph>
    </>
  );
}
