import { useState } from 'react';
import { Alert, Button, Card, Input, Space } from 'antd';
import { errorText } from '../../../lib/api-client';
import { useConsoleAction, type ConsoleMe } from '../api/console-api';

/** The second factor: bind an authenticator (first time) or enter its 6-digit code for this session. */
export function TotpStep({ me }: { me: ConsoleMe }) {
  const setup = useConsoleAction<{ qr: string; secret: string }>('/api/console/totp/setup');
  const verify = useConsoleAction('/api/console/totp/verify');
  const [code, setCode] = useState('');
  return (
    <Card title="两步验证" className="console-totp">
      {!me.totpEnabled ? (
        <>
          <p>首次进入运营后台，请用身份验证器（如 Google Authenticator、Microsoft Authenticator）扫描二维码绑定。</p>
          {setup.data ? (
            <Space orientation="vertical" align="center" style={{ width: '100%' }}>
              <img src={setup.data.qr} alt="身份验证器二维码" width={200} height={200} />
              <code className="console-secret">{setup.data.secret}</code>
            </Space>
          ) : (
            <Button onClick={() => setup.mutate({})} loading={setup.isPending}>
              生成绑定二维码
            </Button>
          )}
        </>
      ) : (
        <p>请输入身份验证器中的6位验证码。</p>
      )}
      {me.totpEnabled || setup.data ? (
        <Space.Compact style={{ width: '100%', marginTop: 16 }}>
          <Input
            aria-label="6位验证码"
            placeholder="6位验证码"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            onPressEnter={() => verify.mutate({ code })}
          />
          <Button type="primary" loading={verify.isPending} onClick={() => verify.mutate({ code })}>
            验证
          </Button>
        </Space.Compact>
      ) : null}
      {verify.isError ? (
        <Alert type="error" showIcon title={errorText(verify.error)} style={{ marginTop: 12 }} />
      ) : null}
      {setup.isError ? <Alert type="error" showIcon title={errorText(setup.error)} style={{ marginTop: 12 }} /> : null}
    </Card>
  );
}
