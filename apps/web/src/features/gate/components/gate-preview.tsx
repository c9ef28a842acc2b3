import { Card, Col, Row, Tag } from 'antd';
import { formatCount } from '@xg/shared';
import { GateOverlay } from './gate-overlay';
import { SampleDataBanner } from './sample-data-banner';
import '../gate.css';

/**
 * Example content for the previews on /member. Clearly labelled as examples: nothing here is real data and
 * nothing real is hidden by these gates.
 */
const SAMPLE_RANKING = [
  { rank: 1, name: '示例UP主 A', fans: 12_860_000 },
  { rank: 2, name: '示例UP主 B', fans: 9_420_000 },
  { rank: 3, name: '示例UP主 C', fans: 7_035_000 },
  { rank: 4, name: '示例UP主 D', fans: 5_310_000 },
  { rank: 5, name: '示例UP主 E', fans: 4_288_000 },
];
const SAMPLE_AGES = [
  { label: '18岁以下', share: 12 },
  { label: '18-24岁', share: 41 },
  { label: '25-30岁', share: 27 },
  { label: '31-40岁', share: 14 },
  { label: '40岁以上', share: 6 },
];

function SampleRanking() {
  return (
    <ol className="sample-ranking" aria-label="粉丝榜示例">
      {SAMPLE_RANKING.map((row) => (
        <li key={row.rank}>
          <span className="brand-chip sample-rank">{row.rank}</span>
          <span className="sample-name">{row.name}</span>
          <span className="sample-value">{formatCount(row.fans)} 粉丝</span>
        </li>
      ))}
    </ol>
  );
}

function SamplePortrait() {
  return (
    <div className="sample-portrait" aria-label="粉丝画像示例">
      <div className="sample-gender">
        <span>男 46%</span>
        <div className="sample-gender-bar">
          <span style={{ width: '46%' }} />
        </div>
        <span>女 54%</span>
      </div>
      {SAMPLE_AGES.map((age) => (
        <div key={age.label} className="sample-bar-row">
          <span className="sample-bar-label">{age.label}</span>
          <div className="sample-bar">
            <span style={{ width: `${age.share * 2}%` }} />
          </div>
          <span className="sample-bar-value">{age.share}%</span>
        </div>
      ))}
    </div>
  );
}

/**
 * How members-only features look to each tier, on example data: the sample-data banner over a ranking
 * (完整榜单数据, 初级版 and above) and the gate overlay over a fan portrait (粉丝画像, 专业版 and above).
 */
export function GatePreview() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card size="small" title="完整榜单数据" extra={<Tag>示例数据</Tag>} className="gate-preview-card">
          <SampleDataBanner feature="ranking.full" />
          <SampleRanking />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="粉丝画像" extra={<Tag>示例数据</Tag>} className="gate-preview-card">
          <GateOverlay feature="creator.portrait">
            <SamplePortrait />
          </GateOverlay>
        </Card>
      </Col>
    </Row>
  );
}
