import { useQuery } from '@tanstack/react-query';
import type { NotificationItem, WebhookItem, WebhookProvider } from '@xg/shared';
import { apiGet, apiPost } from '../../../lib/api-client';
import {
  DecodeError,
  array,
  boolean,
  count,
  nullable,
  number,
  object,
  string,
  text,
  type Decoder,
} from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';

export const NOTIFY_QUERY_ROOT = ['notifications'] as const;
export const BELL_PAGE_SIZE = 8;

const oneOf =
  <T extends string>(values: readonly T[]): Decoder<T> =>
  (input, path) => {
    const found = values.find((v) => v === input);
    if (found === undefined) throw new DecodeError(path, values.join('|'));
    return found;
  };

const itemDecoder: Decoder<NotificationItem> = object<NotificationItem>({
  id: number,
  kind: string,
  title: text,
  body: text,
  link: nullable(string),
  createTime: string,
  read: boolean,
});

const webhookDecoder: Decoder<WebhookItem> = object<WebhookItem>({
  provider: oneOf<WebhookProvider>(['wecom', 'dingtalk', 'feishu']),
  providerName: text,
  url: string,
  enabled: boolean,
  lastStatus: nullable(oneOf(['sent', 'failed', 'sandbox'] as const)),
  lastDetail: nullable(text),
  lastTime: nullable(string),
});

/** GET /api/notification/list (the newest page and the unread count), polled each minute. */
export function useNotifications() {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...NOTIFY_QUERY_ROOT, 'list', token],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/notification/list',
        { pageNo: 1, pageSize: BELL_PAGE_SIZE },
        object({ list: array(itemDecoder), total: count, unread: count }),
        { signal, quiet: true },
      ),
    enabled: token !== null,
    refetchInterval: 60_000,
  });
}

/** POST /api/notification/read (id; absent: all). */
export function markRead(id?: number): Promise<{ changed: number; message: string }> {
  return apiPost('/api/notification/read', id === undefined ? {} : { id }, object({ changed: count, message: text }));
}

export function useWebhooks(enabled: boolean) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...NOTIFY_QUERY_ROOT, 'webhooks', token],
    queryFn: ({ signal }) =>
      apiGet('/api/notification/webhooks', {}, object({ list: array(webhookDecoder) }), { signal }),
    enabled: token !== null && enabled,
  });
}

export function saveWebhook(provider: WebhookProvider, url: string, enabled: boolean): Promise<{ message: string }> {
  return apiPost(
    '/api/notification/saveWebhook',
    { provider, url, enabled: enabled ? 1 : 0 },
    object({ message: text }),
  );
}

export function deleteWebhook(provider: WebhookProvider): Promise<{ message: string }> {
  return apiPost('/api/notification/delWebhook', { provider }, object({ message: text }));
}

export function testWebhook(provider: WebhookProvider): Promise<{ status: string; message: string }> {
  return apiPost('/api/notification/testWebhook', { provider }, object({ status: string, message: text }));
}
