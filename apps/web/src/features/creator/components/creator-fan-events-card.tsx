import { useState } from 'react';
import { Card, Empty, Segmented, Skeleton, Tag, Timeline, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { formatCount, truncateTitle, type FanEvent } from '@xg/shared';
import { useAppHref } from '../../../lib/use-app-navigate';
import { useKolFanEvents, type FanEventDays } from '../api/get-kol-fan-events';
import { VIDEO_DETAIL_PATH, videoDetailSearch } from '../../../components/detail-links';
import { signedCount } from './signed-count';
import { QueryFailed } from '../../../components/query-failed';

const DAY_OPTIONS: { label: string; value: FanEventDays }[] = [
  { label: '近30天', value: 30 },
  { label: '近90天', value: 90 },
];

function isDrop(event: FanEvent): boolean {
  return event.kind === 'drop' || event.fansChange < 0;
}

/** 粉丝变化事件: the days fans jumped or fell, with the video that most likely caused it (timeline). */
export function CreatorFanEventsCard({ kolId }: { kolId: number }) {
  const [days, setDays] = useState<FanEventDays>(90);
  const query = useKolFanEvents(kolId, days);
  const hrefOf = useAppHref();

  return (
    <Card
      variant="borderless"
      title="粉丝变化事件"
      className="creator-section"
      extra={
        <Segmented<FanEventDays> aria-label="事件时间范围" options={DAY_OPTIONS} value={days} onChange={setDays} />
      }
    >
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError ? (
        <QueryFailed title="粉丝变化事件加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Empty description={`近${days}天没有明显的涨粉或掉粉`} />
      ) : (
        <Timeline
          className="fan-events"
          items={query.data.map((event) => {
            const drop = isDrop(event);
            return {
              key: event.eventDate,
              color: drop ? 'green' : 'red',
              icon: drop ? <ArrowDownOutlined aria-hidden /> : <ArrowUpOutlined aria-hidden />,
              content: (
                <div className="fan-event">
                  <div className="fan-event-head">
                    <span className="fan-event-date">{event.eventDate}</span>
                    <Tag color={drop ? 'green' : 'red'}>{drop ? '掉粉' : '涨粉'}</Tag>
                    <strong className={drop ? 'fan-event-change is-drop' : 'fan-event-change'}>
                      {signedCount(event.fansChange, formatCount)}
                    </strong>
                  </div>
                  {event.fansBefore !== null && event.fansAfter !== null ? (
                    <Typography.Text type="secondary" className="fan-event-range">
                      粉丝 {formatCount(event.fansBefore)} → {formatCount(event.fansAfter)}
                    </Typography.Text>
                  ) : null}
                  {event.causeVideo ? (
                    <div className="fan-event-cause">
                      <span className="fan-event-cause-label">可能原因</span>
                      <Link
                        to={hrefOf({
                          pathname: VIDEO_DETAIL_PATH,
                          search: videoDetailSearch(event.causeVideo.videoId),
                        })}
                        title={event.causeVideo.title}
                      >
                        {truncateTitle(event.causeVideo.title, 50)}
                      </Link>
                      <span className="fan-event-cause-play">播放 {formatCount(event.causeVideo.playNum)}</span>
                    </div>
                  ) : null}
                </div>
              ),
            };
          })}
        />
      )}
    </Card>
  );
}
