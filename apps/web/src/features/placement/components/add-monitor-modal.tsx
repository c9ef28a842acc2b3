import { useState } from 'react';
import { Alert, Button, Divider, Empty, Modal, Radio, Space, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  MONITOR_DURATION_LABELS,
  allowedMonitorDurations,
  featureDeniedMessage,
  formatCount,
  type MonitorDuration,
} from '@xg/shared';
import { errorText } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { feedback } from '../../../lib/feedback';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { useKolVideos } from '../../creator/api/get-kol-videos';
import { useFeature } from '../../gate/hooks/use-feature';
import { LIVE_QUERY_ROOT, addLiveMonitor } from '../../live/api/live-monitors';
import { addMonitor } from '../api/monitors';
import { PLACEMENT_QUERY_ROOT } from '../api/put-records';
import '../placement.css';

const DURATIONS: MonitorDuration[] = [1, 2, 3, 7];
const CHOICES = 5;

export type MonitorSubject =
  { kind: 'video'; videoId: number; title: string } | { kind: 'creator'; kolId: number; kolName: string };

/**
 * 加入监测 from a list row (投放清单 videos and creators, 关注UP主): a video is monitored as it is; for a creator
 * the user picks one of its latest videos (the newest is preselected — what a buyer watches after a creator
 * posts) or monitors the creator's live room instead. The window starts now for the chosen duration (gated by
 * tier as on the monitor screens); after adding, the user can jump to 视频监测 / 直播监测.
 */
export function AddMonitorModal({ subject, onClose }: { subject: MonitorSubject; onClose: () => void }) {
  const videoFeature = useFeature('monitor.video');
  const liveFeature = useFeature('monitor.live');
  const [duration, setDuration] = useState<MonitorDuration>(1);
  const [picked, setPicked] = useState<number | null>(subject.kind === 'video' ? subject.videoId : null);
  const [busy, setBusy] = useState<'video' | 'live' | null>(null);
  const [done, setDone] = useState<'video' | 'live' | null>(null);
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const videos = useKolVideos(subject.kind === 'creator' ? subject.kolId : 0, 'pubdate', 1, CHOICES);
  const choices = subject.kind === 'creator' ? (videos.data?.videoInfos ?? []).filter((v) => v.status !== -1) : [];
  const chosen = picked ?? choices[0]?.videoId ?? null;
  const allowed = allowedMonitorDurations(videoFeature.userType);

  const add = async (what: 'video' | 'live') => {
    setBusy(what);
    try {
      const r =
        what === 'video'
          ? await addMonitor({ videoId: chosen ?? 0, monitorDuration: duration, sTime: Date.now() })
          : await addLiveMonitor({
              kolId: subject.kind === 'creator' ? subject.kolId : 0,
              monitorDuration: duration,
              sTime: Date.now(),
            });
      void feedback().message.success(r.message);
      void queryClient.invalidateQueries({ queryKey: what === 'video' ? PLACEMENT_QUERY_ROOT : LIVE_QUERY_ROOT });
      setDone(what);
    } catch (error) {
      console.warn('[monitor] add from a list refused', errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const name = subject.kind === 'video' ? subject.title : subject.kolName;
  return (
    <Modal open title={`加入监测：${name}`} footer={null} onCancel={onClose} width={560} destroyOnHidden>
      <div className="page-stack">
        {done ? (
          <Alert
            type="success"
            showIcon
            message={done === 'video' ? '已加入视频监测，每5分钟采集一次' : '已加入直播监测，开播后每分钟采集一次'}
            action={
              <Button
                size="small"
                type="link"
                onClick={() =>
                  navigate({
                    pathname: done === 'video' ? '/middleground/videoMonitor' : '/middleground/livingMonitor',
                  })
                }
              >
                查看监测
              </Button>
            }
          />
        ) : null}
        <div>
          <Typography.Text strong>监测时长</Typography.Text>
          <div>
            <Radio.Group
              aria-label="监测时长"
              value={duration}
              onChange={(e) => setDuration(e.target.value as MonitorDuration)}
              options={DURATIONS.map((d) => ({
                label: MONITOR_DURATION_LABELS[d],
                value: d,
                disabled: !allowed.includes(d),
              }))}
            />
          </div>
          <Typography.Text type="secondary">从现在开始监测</Typography.Text>
        </div>
        <Divider style={{ margin: '4px 0' }} />
        <div>
          <Typography.Text strong>视频监测</Typography.Text>
          {!videoFeature.loading && !videoFeature.allowed ? (
            <Alert type="info" showIcon message={featureDeniedMessage('monitor.video')} />
          ) : subject.kind === 'video' ? (
            <Typography.Paragraph style={{ margin: '4px 0' }}>{subject.title}</Typography.Paragraph>
          ) : videos.isPending ? (
            <Spin />
          ) : choices.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该UP主暂无可监测的视频" />
          ) : (
            <Radio.Group
              aria-label="选择视频"
              value={chosen}
              onChange={(e) => setPicked(e.target.value as number)}
              style={{ display: 'block' }}
            >
              <Space direction="vertical" style={{ width: '100%' }}>
                {choices.map((v, i) => (
                  <Radio key={v.videoId} value={v.videoId}>
                    <span className="add-monitor-video">
                      <Typography.Text ellipsis style={{ maxWidth: 380 }}>
                        {i === 0 ? '【最新】' : ''}
                        {v.title}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {dayjs(v.publishTime).format('MM-DD HH:mm')} · 播放 {formatCount(v.playNum)}
                      </Typography.Text>
                    </span>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          )}
          <div style={{ marginTop: 8 }}>
            <Button
              type="primary"
              disabled={!videoFeature.allowed || chosen === null}
              loading={busy === 'video'}
              onClick={() => void add('video')}
            >
              加入视频监测
            </Button>
          </div>
        </div>
        {subject.kind === 'creator' ? (
          <>
            <Divider style={{ margin: '4px 0' }} />
            <div>
              <Typography.Text strong>直播监测</Typography.Text>
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
                监测该UP主的直播间：开播后每分钟采集在线人数，并记录弹幕、礼物与醒目留言。
              </Typography.Paragraph>
              {!liveFeature.loading && !liveFeature.allowed ? (
                <Alert type="info" showIcon message={featureDeniedMessage('monitor.live')} />
              ) : (
                <Button disabled={!liveFeature.allowed} loading={busy === 'live'} onClick={() => void add('live')}>
                  监测直播间
                </Button>
              )}
            </div>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
