import { Card, Col, Row } from 'antd';
import {
  EyeOutlined,
  FireOutlined,
  LikeOutlined,
  PlaySquareOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { formatCount, formatIndexNum, type CreatorDetail } from '@xg/shared';

interface Stat {
  key: string;
  label: string;
  /** null: the platform did not send it (shown "-") */
  value: number | null;
  icon: ReactNode;
  /** where the number comes from, when it is not the platform's own */
  note?: string;
  /** how the value is shown (default: a count with 万 / 亿) */
  format?: (value: number | null) => string;
}

/** 粉丝数, 关注数, 获赞数, 播放数, 视频数, 云指数 (counts formatted with 万 / 亿, §9). */
export function CreatorStats({ creator }: { creator: CreatorDetail & { totalsFromVideos?: number | null } }) {
  // without the platform's own totals the three are sums over the stored videos (docs/metrics.md, "Creator totals")
  const derived =
    creator.totalsFromVideos !== undefined && creator.totalsFromVideos !== null
      ? `基于已收录的${creator.totalsFromVideos.toLocaleString('zh-CN')}个视频`
      : undefined;
  const stats: Stat[] = [
    { key: 'fans', label: '粉丝数', value: creator.fansNum, icon: <TeamOutlined /> },
    { key: 'following', label: '关注数', value: creator.followingNum, icon: <UserAddOutlined /> },
    { key: 'praise', label: '获赞数', value: creator.praiseNum, icon: <LikeOutlined />, note: derived },
    { key: 'play', label: '播放数', value: creator.playNum, icon: <EyeOutlined />, note: derived },
    { key: 'video', label: '视频数', value: creator.videoNum, icon: <PlaySquareOutlined />, note: derived },
    { key: 'index', label: '云指数', value: creator.indexNum, icon: <FireOutlined />, format: formatIndexNum },
  ];
  return (
    <Row gutter={[16, 16]}>
      {stats.map((stat) => (
        <Col key={stat.key} xs={12} sm={8} xl={4}>
          <Card variant="borderless" className="stat-card">
            <div className="stat-card-label">
              <span className="brand-chip stat-card-icon" aria-hidden>
                {stat.icon}
              </span>
              {stat.label}
            </div>
            <div className="stat-card-value" aria-label={`${stat.label} ${(stat.format ?? formatCount)(stat.value)}`}>
              {(stat.format ?? formatCount)(stat.value)}
            </div>
            {stat.note ? (
              <div className="stat-card-note" data-testid={`stat-note-${stat.key}`}>
                {stat.note}
              </div>
            ) : null}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
