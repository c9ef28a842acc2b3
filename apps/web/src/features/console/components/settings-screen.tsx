import { useState } from 'react';
import { Button, Card, Input, Space } from 'antd';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import { useApp } from '../../../lib/use-app';
import { useConsoleAction, useConsoleGet } from '../api/console-api';

const TITLES: Record<string, string> = {
  serveWarn: '服务提示（serve-warn）：enabled 开启后所有页面弹出',
  prize: '注册奖励：新注册免费账号可领取一次的试用天数（level 1–4，days 1–90）',
  customerService: '客服与公众号二维码：imgUrl 为图片地址；留空时按 text 生成二维码',
  landing: '增值服务页面的标题与介绍',
  accessRecords: '访问记录保留天数',
};

function SettingCard({ k, value }: { k: string; value: unknown }) {
  const { message } = useApp();
  const save = useConsoleAction('/api/console/settings/save');
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  return (
    <Card size="small" title={TITLES[k] ?? k}>
      <Input.TextArea
        aria-label={k}
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="console-json"
      />
      <Button
        style={{ marginTop: 8 }}
        type="primary"
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { key: k, value: text },
            { onSuccess: (a) => void message.success(a.message), onError: (e) => void message.error(errorText(e)) },
          )
        }
      >
        保存
      </Button>
    </Card>
  );
}

/** 站点设置: each setting as its JSON (validated on the server against its shape). */
export function SettingsScreen() {
  const settings = useConsoleGet<{ settings: Record<string, unknown> }>('/api/console/settings');
  if (settings.isError)
    return <QueryFailed title="设置加载失败" error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {Object.entries(settings.data.settings).map(([k, v]) => (
        <SettingCard key={k} k={k} value={v} />
      ))}
    </Space>
  );
}
