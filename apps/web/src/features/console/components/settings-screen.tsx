import { useState } from 'react';
import { Button, Card, Form, Input, Space } from 'antd';
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
  bankAccount: '对公转账收款账户：accountName 户名、bankName 开户银行、accountNo 账号（三项填齐后用户可选对公转账）',
};

const BRANDING_FIELDS: [string, string][] = [
  ['productName', '产品名称'],
  ['productShortName', '产品简称'],
  ['logoUrl', 'Logo 地址'],
  ['companyName', '公司名称'],
  ['companyAddress', '公司地址'],
  ['companyPhone', '联系电话'],
  ['companyEmail', '联系邮箱'],
  ['icp', 'ICP备案号'],
  ['license', '经营许可证'],
  ['publicSecurity', '公安备案号'],
];

/** 品牌: product name, logo and company lines (an empty field keeps the deployment's value), with a preview. */
function BrandingCard({ value }: { value: Record<string, string> }) {
  const { message } = useApp();
  const save = useConsoleAction('/api/console/settings/save');
  const [form] = Form.useForm<Record<string, string>>();
  const v = Form.useWatch([], form) ?? value;
  return (
    <Card size="small" title="品牌：产品名称、Logo 与公司信息（留空沿用部署配置）">
      <div className="console-editor">
        <Form
          form={form}
          layout="vertical"
          initialValues={value}
          onFinish={(values) =>
            save.mutate(
              { key: 'branding', value: JSON.stringify({ ...value, ...values }) },
              { onSuccess: (a) => void message.success(a.message), onError: (e) => void message.error(errorText(e)) },
            )
          }
        >
          {BRANDING_FIELDS.map(([key, label]) => (
            <Form.Item key={key} name={key} label={label}>
              <Input maxLength={key === 'logoUrl' ? 2000 : 60} />
            </Form.Item>
          ))}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存品牌
          </Button>
        </Form>
        <div className="console-preview" aria-label="品牌预览">
          <div className="console-brand-head">
            {v.logoUrl ? <img src={v.logoUrl} alt="" height={28} /> : null}
            <strong>{v.productName}</strong>
          </div>
          <p className="console-preview-text">
            {[v.companyName, v.companyAddress, v.companyPhone, v.companyEmail].filter(Boolean).join(' · ')}
          </p>
          <p className="console-preview-text">{[v.icp, v.license, v.publicSecurity].filter(Boolean).join('　')}</p>
        </div>
      </div>
    </Card>
  );
}

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
      {Object.entries(settings.data.settings).map(([k, v]) =>
        k === 'branding' ? (
          <BrandingCard key={k} value={v as Record<string, string>} />
        ) : (
          <SettingCard key={k} k={k} value={v} />
        ),
      )}
    </Space>
  );
}
