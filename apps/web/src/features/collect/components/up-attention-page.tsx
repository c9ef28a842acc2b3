import { Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { CheckOutlined, FallOutlined, RiseOutlined, VideoCameraOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { ATTENTION_FIRST_DAYS, formatCount, type AttentionItem } from '@xg/shared';
import { ListScreen } from '../../../components/list-screen';
import { VIDEO_DETAIL_PATH, videoDetailSearch } from '../../../components/detail-links';
import { CreatorCell } from '../../../components/lists/creator-identity';
import { useAppHref } from '../../../lib/use-app-navigate';
import { markAttentionSeen, useAttention } from '../api/get-attention';
import { LIST_QUERY_ROOT } from '../api/link-kol';
import { useListChange } from '../hooks/use-list-refusal';
import { MonitorAction } from './monitor-action';
import '../collect.css';

function signed(value: number): string {
  return `${value > 0 ? '+' : ''}${formatCount(value)}`;
}

function AttentionCard({ item }: { item: AttentionItem }) {
  const href = useAppHref();
  const changed = item.fansSince !== 0 || item.newVideoNum > 0 || item.fanEvents.length > 0;
  return (
    <Card variant="outlined" size="small" className={changed ? 'attention-card is-changed' : 'attention-card'}>
      <div className="attention-head">
        <CreatorCell
          block="collect-kol"
          creator={{ kolId: item.kolId, kolName: item.kolName, kolImg: item.kolImg }}
          avatarSize={44}
          meta={`粉丝 ${formatCount(item.fansNum)}`}
        />
        <Space size={4} wrap>
          {changed ? <Tag color="red">有更新</Tag> : <Tag>暂无变化</Tag>}
          <MonitorAction subject={{ kind: 'creator', kolId: item.kolId, kolName: item.kolName }} />
        </Space>
      </div>
      <dl className="attention-stats">
        <div>
          <dt>粉丝变化</dt>
          <dd
            className={
              item.fansSince > 0 ? 'collect-delta delta-up' : item.fansSince < 0 ? 'collect-delta delta-down' : ''
            }
          >
            {signed(item.fansSince)}
          </dd>
        </div>
        <div>
          <dt>新视频</dt>
          <dd>{item.newVideoNum}</dd>
        </div>
        <div>
          <dt>粉丝异动</dt>
          <dd>{item.fanEvents.length}</dd>
        </div>
      </dl>
      {item.newVideos.length > 0 ? (
        <ul className="attention-videos" aria-label={`${item.kolName}的新视频`}>
          {item.newVideos.map((video) => (
            <li key={video.videoId}>
              <VideoCameraOutlined aria-hidden />{' '}
              <Link to={href({ pathname: VIDEO_DETAIL_PATH, search: videoDetailSearch(video.videoId) })}>
                {video.title}
              </Link>
              <Typography.Text type="secondary"> · {dayjs(video.publishTime).format('MM-DD HH:mm')}</Typography.Text>
            </li>
          ))}
        </ul>
      ) : null}
      {item.fanEvents.length > 0 ? (
        <Space wrap size={4}>
          {item.fanEvents.map((event) => (
            <Tag
              key={event.day}
              color={event.kind === 'rise' ? 'red' : 'green'}
              icon={event.kind === 'rise' ? <RiseOutlined aria-hidden /> : <FallOutlined aria-hidden />}
            >
              {dayjs(event.day).format('MM-DD')} {event.kind === 'rise' ? '涨粉异动' : '掉粉异动'} {signed(event.delta)}
            </Tag>
          ))}
        </Space>
      ) : null}
      <Typography.Text type="secondary" className="attention-foot">
        {item.seenAt
          ? `对比上次查看（${dayjs(item.seenAt).format('MM-DD HH:mm')}）`
          : `首次查看，显示近${ATTENTION_FIRST_DAYS}天变化`}
        {item.updateTime ? ` · 数据更新 ${dayjs(item.updateTime).format('MM-DD HH:mm')}` : ''}
      </Typography.Text>
    </Card>
  );
}

/**
 * upAttention (/middleground/upAttention): the creators the team monitors (the switch in UP主收藏), each with
 * what changed since this user's last look — fans, new videos, fan events; 全部标为已看 moves the baseline.
 */
export function UpAttentionPage() {
  const query = useAttention();
  const href = useAppHref();
  const { change, refusalHolder } = useListChange(LIST_QUERY_ROOT);
  const data = query.data;

  const handleMark = () => change(markAttentionSeen);

  return (
    <ListScreen
      title="关注UP主"
      intro="团队开启监测的UP主每小时更新数据，这里汇总自您上次查看以来的粉丝变化、新发布视频和粉丝异动。"
      query={query}
      filters={
        <Space wrap>
          {data ? (
            <span className="collect-usage">
              监测中 <strong>{data.monitorCount}</strong> / {data.monitorLimit}
            </span>
          ) : null}
          {data?.lastSeenAt ? (
            <Typography.Text type="secondary">
              上次查看：{dayjs(data.lastSeenAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          ) : null}
          <Button
            icon={<CheckOutlined aria-hidden />}
            disabled={!data || data.attentions.length === 0}
            onClick={() => void handleMark()}
          >
            全部标为已看
          </Button>
        </Space>
      }
      after={refusalHolder}
    >
      <List<AttentionItem>
        loading={query.isPending}
        grid={{ gutter: 12, xs: 1, sm: 1, md: 2, xl: 3 }}
        dataSource={data?.attentions ?? []}
        renderItem={(item) => (
          <List.Item>
            <AttentionCard item={item} />
          </List.Item>
        )}
        locale={{
          emptyText: (
            <Empty description="还没有监测中的UP主">
              <Link to={href({ pathname: '/collect/upCollect' })}>去「UP主收藏」开启监测</Link>
            </Empty>
          ),
        }}
      />
    </ListScreen>
  );
}
