import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Switch, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  NotifyMsg,
  WEBHOOK_HOSTS,
  WEBHOOK_PROVIDERS,
  WEBHOOK_PROVIDER_LABELS,
  WEBHOOK_URL_MAX_LENGTH,
  isWebhookUrl,
  type WebhookItem,
  type WebhookProvider,
} from '@xg/shared';
import { DeleteConfirm } from '../../../components/confirm-remove';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { feedback } from '../../../lib/feedback';
import { NOTIFY_QUERY_ROOT, deleteWebhook, saveWebhook, testWebhook, useWebhooks } from '../api/notifications';

const STATUS_LABELS: Record<NonNullable<WebhookItem['lastStatus']>, [string, string]> = {
  sent: ['green', '最近一次发送成功'],
  failed: ['red', '最近一次发送失败'],
  sandbox: ['blue', '沙箱模式：已记录，未实际发送'],
};

/**
 * The team's chat robots (docs/api/notify.md): per provider the saved Webhook (masked), on/off, the last
 * delivery's outcome, save (the address is checked against the provider's host before sending), a test
 * message and removal. Alerts of monitoring and opinion warnings go to every enabled robot.
 */
export function WebhookSettingsModal({ onClose }: { onClose: () => void }) {
  const query = useWebhooks(true);
  return (
    <Modal open title="群机器人设置" footer={null} onCancel={onClose} width={640}>
      <Typography.Paragraph type="secondary">
        监测告警与舆情预警会同时推送到已启用的群机器人。请在群设置中添加“自定义机器人”，复制其 Webhook 地址粘贴到下方。
      </Typography.Paragraph>
      {query.isError ? (
        <QueryFailed title="机器人设置加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="page-stack">
          {WEBHOOK_PROVIDERS.map((p) => (
            <ProviderRow key={p} provider={p} saved={query.data?.list.find((w) => w.provider === p) ?? null} />
          ))}
        </div>
      )}
    </Modal>
  );
}

function ProviderRow({ provider, saved }: { provider: WebhookProvider; saved: WebhookItem | null }) {
  const [form] = Form.useForm<{ url: string }>();
  const [enabled, setEnabled] = useState(saved?.enabled ?? true);
  const [busy, setBusy] = useState<'save' | 'test' | 'delete' | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...NOTIFY_QUERY_ROOT, 'webhooks'] });
  const run = async (kind: 'save' | 'test' | 'delete', action: () => Promise<{ message: string }>) => {
    setBusy(kind);
    try {
      const r = await action();
      void feedback().message.success(r.message);
      refresh();
      if (kind === 'save') form.resetFields();
    } catch (error) {
      console.warn(`[notify] ${kind} refused`, errorText(error));
    } finally {
      setBusy(null);
    }
  };
  const status = saved?.lastStatus ? STATUS_LABELS[saved.lastStatus] : null;
  return (
    <div className="notify-robot" data-testid={`robot-${provider}`}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>{WEBHOOK_PROVIDER_LABELS[provider]}</Typography.Text>
        {saved ? (
          <Tag color={saved.enabled ? 'green' : 'default'}>{saved.enabled ? '已启用' : '已停用'}</Tag>
        ) : (
          <Tag>未配置</Tag>
        )}
        {status ? <Tag color={status[0]}>{status[1]}</Tag> : null}
      </Space>
      {saved ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8, wordBreak: 'break-all' }}>
          {saved.url}
          {saved.lastTime ? ` · ${dayjs(saved.lastTime).format('MM-DD HH:mm')}` : ''}
        </Typography.Paragraph>
      ) : null}
      {saved?.lastStatus === 'failed' && saved.lastDetail ? (
        <Alert type="error" showIcon message={saved.lastDetail} style={{ marginBottom: 8 }} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void run('save', () => saveWebhook(provider, v.url.trim(), enabled))}
      >
        <Form.Item
          name="url"
          rules={[
            { required: true, whitespace: true, message: NotifyMsg.urlRequired },
            {
              validator: (_, v: string | undefined) =>
                !v || isWebhookUrl(provider, v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(NotifyMsg.urlInvalid(provider))),
            },
          ]}
          style={{ marginBottom: 8 }}
        >
          <Input
            aria-label={`${WEBHOOK_PROVIDER_LABELS[provider]} Webhook地址`}
            placeholder={`https://${WEBHOOK_HOSTS[provider][0]}/…${saved ? '（重新填写以更换）' : ''}`}
            maxLength={WEBHOOK_URL_MAX_LENGTH}
          />
        </Form.Item>
        <Space wrap>
          <Switch checked={enabled} onChange={setEnabled} checkedChildren="启用" unCheckedChildren="停用" />
          <Button type="primary" htmlType="submit" loading={busy === 'save'}>
            保存
          </Button>
          <Button
            disabled={!saved}
            loading={busy === 'test'}
            onClick={() => void run('test', () => testWebhook(provider))}
          >
            发送测试消息
          </Button>
          <DeleteConfirm
            title="确定删除该机器人吗？"
            onConfirm={() => void run('delete', () => deleteWebhook(provider))}
          >
            <Button danger disabled={!saved} loading={busy === 'delete'}>
              删除
            </Button>
          </DeleteConfirm>
        </Space>
      </Form>
    </div>
  );
}
