import { Tag, Typography } from 'antd';
import { RightOutlined, VideoCameraFilled } from '@ant-design/icons';
import { formatCount, formatIndexNum, type KolItem } from '@xg/shared';
import { ApproveBadge } from '../../../components/approve-badge';
import { LevelTag } from '../../../components/level-tag';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { LinkToggle } from '../../collect/components/link-toggle';
import { ContrastButton } from '../../contrast/components/contrast-button';

interface CreatorResultCardProps {
  creator: KolItem;
  /** Detail page URL; it opens in a new tab (§2.5). */
  href: string;
  /** the 商业价值 list's rank, shown before the avatar */
  rank?: number;
  /** figures shown after the counts (the 商业价值 list's quote range) */
  extraStats?: readonly { key: string; label: string; value: string; hint?: string }[];
}

function signed(value: number): string {
  return `${value > 0 ? '+' : ''}${formatCount(value)}`;
}

/**
 * One row of the creator search: avatar, name, badges, UID, partition, MCN, live state and the key counts,
 * plus the collect (type 1) / delivery-list (type 4) stars (live: LinkToggle, from the server's isCollect /
 * isPut) and the add-to-comparison toggle (features/contrast, §5).
 */
export function CreatorResultCard({ creator, href, rank, extraStats = [] }: CreatorResultCardProps) {
  const stats = [
    { key: 'fans', label: '粉丝数', value: formatCount(creator.fansNum), strong: true },
    {
      key: 'growth',
      label: '30日涨粉',
      value: creator.fansIncrease === null ? '-' : signed(creator.fansIncrease),
      strong: false,
    },
    { key: 'index', label: '云指数', value: formatIndexNum(creator.indexNum), strong: false },
    { key: 'play', label: '播放数', value: formatCount(creator.playNum), strong: false },
    ...extraStats.map((stat) => ({ ...stat, strong: false })),
  ];
  return (
    <div className="kol-card">
      <a
        className="kol-card-link"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`查看UP主详情：${creator.kolName}`}
      >
        {rank === undefined ? null : (
          <span className="kol-card-rank" aria-label={`第${rank}名`}>
            {rank}
          </span>
        )}
        <RemoteAvatar src={creator.kolImg} alt={creator.kolName} size={56} />
        <div className="kol-card-main">
          <div className="kol-card-title">
            <Typography.Text strong className="kol-card-name" ellipsis={{ tooltip: creator.kolName }}>
              {creator.kolName}
            </Typography.Text>
            <ApproveBadge isApprove={creator.isApprove} />
            <LevelTag level={creator.platformLevel} />
            {creator.isLive === 1 ? (
              <Tag color="red" icon={<VideoCameraFilled aria-hidden />} style={{ marginInlineEnd: 0 }}>
                直播中
              </Tag>
            ) : null}
          </div>
          <div className="kol-card-meta">
            <span>UID：{creator.kolUid}</span>
            <span>分区：{creator.themeName || '未分类'}</span>
            {creator.mcnName ? <span>MCN：{creator.mcnName}</span> : null}
          </div>
        </div>
        <RightOutlined className="kol-card-arrow" aria-hidden />
      </a>
      <dl className={extraStats.length > 0 ? 'kol-card-stats has-extra' : 'kol-card-stats'}>
        {stats.map((stat) => (
          <div
            key={stat.key}
            className={stat.strong ? 'kol-card-stat is-strong' : 'kol-card-stat'}
            title={'hint' in stat ? stat.hint : undefined}
          >
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
      <div className="kol-card-actions" aria-label="操作">
        <LinkToggle target={{ kind: 'kol', kolId: creator.kolId }} linked={creator} />
        <ContrastButton
          creator={{ kolId: creator.kolId, kolName: creator.kolName, kolUid: creator.kolUid, kolImg: creator.kolImg }}
        />
      </div>
    </div>
  );
}
