import { Button, Card, Descriptions, Tag, Typography } from 'antd';
import { LinkOutlined, VideoCameraFilled } from '@ant-design/icons';
import dayjs from '../../../lib/dayjs';
import { formatCount, formatIndexNum } from '@xg/shared';
import type { KolDetail } from '../api/get-kol-detail';
import { signedCount } from './signed-count';
import { ApproveBadge } from '../../../components/approve-badge';
import { LevelTag } from '../../../components/level-tag';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { LinkToggle } from '../../collect/components/link-toggle';
import { ContrastButton } from '../../contrast/components/contrast-button';

function partition(creator: KolDetail): string {
  const parts = [creator.parentThemeName, creator.themeName].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' / ') : '未分类';
}

function formatTime(value: string): string {
  if (!value) return '-';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm') : value;
}

function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/**
 * Header of the creator detail: identity, verification, partition, MCN, live state, sign and links, plus the
 * collect (type 1) / delivery-list (type 4) stars (LinkToggle, from the server's isCollect / isPut) and the
 * add-to-comparison toggle (features/contrast, §5).
 */
export function CreatorProfileCard({ creator }: { creator: KolDetail }) {
  const live = creator.isLive === 1;
  const liveHref = creator.liveUrl ?? (creator.liveRoomId ? `https://live.bilibili.com/${creator.liveRoomId}` : null);
  const mcn = creator.mcnName ?? creator.organization;
  return (
    <Card variant="borderless" className="creator-profile">
      <div className="creator-profile-head">
        <RemoteAvatar src={creator.kolImg} alt={creator.kolName} size={88} />
        <div className="creator-profile-main">
          <div className="creator-profile-title">
            <Typography.Title level={3} style={{ margin: 0 }}>
              {creator.kolName}
            </Typography.Title>
            <ApproveBadge isApprove={creator.isApprove} approveTitle={creator.approveTitle} />
            <LevelTag level={creator.platformLevel} />
            {live ? (
              <Tag color="red" icon={<VideoCameraFilled aria-hidden />} style={{ marginInlineEnd: 0 }}>
                直播中
              </Tag>
            ) : null}
          </div>
          {creator.approveTitle && (creator.isApprove === 1 || creator.isApprove === 2) ? (
            <Typography.Text type="secondary" className="creator-approve-title">
              {creator.isApprove === 1 ? '个人认证' : '机构认证'}：{creator.approveTitle}
            </Typography.Text>
          ) : null}
          <Typography.Paragraph type="secondary" className="creator-sign" ellipsis={{ rows: 2, tooltip: creator.sign }}>
            {creator.sign || '这个UP主还没有签名'}
          </Typography.Paragraph>
        </div>
        <div className="creator-profile-actions">
          {isHttpUrl(creator.mainIndexUrl) ? (
            <Button
              icon={<LinkOutlined aria-hidden />}
              href={creator.mainIndexUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              访问B站空间
            </Button>
          ) : null}
          {live && liveHref && isHttpUrl(liveHref) ? (
            <Button
              danger
              icon={<VideoCameraFilled aria-hidden />}
              href={liveHref}
              target="_blank"
              rel="noopener noreferrer"
            >
              进入直播间
            </Button>
          ) : null}
          <div className="creator-profile-marks">
            <LinkToggle target={{ kind: 'kol', kolId: creator.kolId }} linked={creator} onHeader />
            <ContrastButton
              creator={{
                kolId: creator.kolId,
                kolName: creator.kolName,
                kolUid: creator.kolUid,
                kolImg: creator.kolImg,
              }}
              onHeader
            />
          </div>
        </div>
      </div>
      <Descriptions
        className="creator-profile-facts"
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'uid', label: 'UID', children: <Typography.Text copyable>{String(creator.kolUid)}</Typography.Text> },
          { key: 'theme', label: '分区', children: partition(creator) },
          { key: 'mcn', label: 'MCN机构', children: mcn || '暂无' },
          {
            key: 'live',
            label: '直播状态',
            children: live ? '直播中' : creator.liveRoomId ? '未开播' : '未开通直播间',
          },
          {
            key: 'growth',
            label: '30日涨粉',
            children: creator.fansIncrease === null ? '-' : signedCount(creator.fansIncrease, formatCount),
          },
          { key: 'index', label: '云指数', children: formatIndexNum(creator.indexNum) },
          { key: 'update', label: '更新时间', children: formatTime(creator.updateTime) },
        ]}
      />
    </Card>
  );
}
