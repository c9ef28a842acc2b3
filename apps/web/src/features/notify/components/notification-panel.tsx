import { Button, Drawer, Empty, List, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { NotificationItem } from '@xg/shared';
import { errorText } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { NOTIFY_QUERY_ROOT, markRead, useNotifications } from '../api/notifications';

/** '/opinion/opinionWarn?taskId=3' → { pathname, search }. */
function locationOf(link: string): { pathname: string; search: string } {
  const q = link.indexOf('?');
  return q < 0 ? { pathname: link, search: '' } : { pathname: link.slice(0, q), search: link.slice(q) };
}

/**
 * The bell's panel (loaded the first time the bell is pressed, notification-bell.tsx): the newest notifications
 * (monitoring alerts, opinion warnings; docs/api/notify.md), each opening its object and marked read; 全部已读;
 * and the team's robot (WeCom / DingTalk / Feishu webhook) settings. `drawer`: on a phone the list takes the
 * screen's width from the top (a popover would leave it).
 */
export function NotificationPanel({
  drawer,
  onClose,
  onSettings,
}: {
  drawer: boolean;
  onClose: () => void;
  /** 机器人设置: the bell closes the panel and opens the settings (outside the popover) */
  onSettings: () => void;
}) {
  const query = useNotifications();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const unread = query.data?.unread ?? 0;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTIFY_QUERY_ROOT });
  const openItem = async (n: NotificationItem) => {
    try {
      if (!n.read) await markRead(n.id);
    } catch (error) {
      console.warn('[notify] mark read refused', errorText(error));
    }
    refresh();
    onClose();
    if (n.link) navigate(locationOf(n.link));
  };
  const readAll = async () => {
    try {
      await markRead();
    } catch (error) {
      console.warn('[notify] mark all read refused', errorText(error));
    }
    refresh();
  };

  const content = (
    <div className="notify-panel" data-testid="notify-panel">
      <div className="notify-panel-head">
        <Typography.Text strong>消息通知</Typography.Text>
        <span>
          <Button type="link" size="small" disabled={unread === 0} onClick={() => void readAll()}>
            全部已读
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => {
              onSettings();
            }}
          >
            机器人设置
          </Button>
        </span>
      </div>
      <List<NotificationItem>
        size="small"
        loading={query.isPending}
        dataSource={query.data?.list ?? []}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={query.isError ? '通知加载失败，请稍后重试' : '暂无通知，监测告警和舆情预警会出现在这里'}
            />
          ),
        }}
        renderItem={(n) => (
          <List.Item
            className={n.read ? 'notify-item' : 'notify-item is-unread'}
            onClick={() => void openItem(n)}
            role="button"
            tabIndex={0}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void openItem(n);
            }}
          >
            <div className="notify-item-text">
              <Typography.Text strong={!n.read} ellipsis>
                {n.title}
              </Typography.Text>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                {n.body}
              </Typography.Paragraph>
              <span className="notify-item-time">{dayjs(n.createTime).format('MM-DD HH:mm')}</span>
            </div>
          </List.Item>
        )}
      />
      {query.data && query.data.total > query.data.list.length ? (
        <Typography.Text type="secondary" className="notify-more">
          共{query.data.total}条，显示最新{query.data.list.length}条
        </Typography.Text>
      ) : null}
    </div>
  );

  return (
    <>
      {drawer ? (
        <Drawer open onClose={onClose} placement="top" size="auto" title={null} closable={false}>
          {content}
        </Drawer>
      ) : (
        content
      )}
    </>
  );
}
