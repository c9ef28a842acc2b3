import { Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { formatCount, type CreatorSearchItem } from '@xg/shared';
import { ApproveBadge } from '../../../components/approve-badge';
import { LevelTag } from '../../../components/level-tag';
import { RemoteAvatar } from '../../../components/remote-avatar';

interface CreatorResultCardProps {
  creator: CreatorSearchItem;
  /** Detail page URL; it opens in a new tab (§2.5). */
  href: string;
}

/** One row of the creator search: avatar, name, badges, UID, partition and fans. */
export function CreatorResultCard({ creator, href }: CreatorResultCardProps) {
  return (
    <a
      className="creator-result"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`查看UP主详情：${creator.kolName}`}
    >
      <RemoteAvatar src={creator.kolImg} alt={creator.kolName} size={56} />
      <div className="creator-result-main">
        <div className="creator-result-title">
          <Typography.Text strong className="creator-result-name" ellipsis={{ tooltip: creator.kolName }}>
            {creator.kolName}
          </Typography.Text>
          <ApproveBadge isApprove={creator.isApprove} />
          <LevelTag level={creator.platformLevel} />
        </div>
        <div className="creator-result-meta">
          <span>UID：{creator.kolUid}</span>
          <span>分区：{creator.themeName || '未分类'}</span>
        </div>
      </div>
      <div className="creator-result-fans">
        <span className="creator-result-fans-value">{formatCount(creator.fansNum)}</span>
        <span className="creator-result-fans-label">粉丝数</span>
      </div>
      <RightOutlined className="creator-result-arrow" aria-hidden />
    </a>
  );
}
