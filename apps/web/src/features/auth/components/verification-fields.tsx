import { Form, Input, Space } from 'antd';
import { MessageOutlined, SafetyOutlined } from '@ant-design/icons';
import { RegisterParams } from '@xg/shared';
import { schemaRule } from '../../../lib/form-rules';
import { CaptchaImage } from './captcha-image';
import { SmsCodeButton, type CodeTarget } from './sms-code-button';

interface CaptchaControl {
  src: string;
  refresh: () => void;
}

/** The image captcha field (`checkCode`) with its picture; a click on the picture draws a new one. */
export function CaptchaField({ captcha }: { captcha: CaptchaControl }) {
  return (
    <Form.Item label="图形验证码" required>
      <Space.Compact block>
        <Form.Item name="checkCode" noStyle rules={[schemaRule(RegisterParams.shape.checkCode)]}>
          <Input
            prefix={<SafetyOutlined aria-hidden />}
            placeholder="请输入图形验证码"
            maxLength={8}
            aria-label="图形验证码"
            autoComplete="off"
          />
        </Form.Item>
        <CaptchaImage src={captcha.src} onRefresh={captcha.refresh} />
      </Space.Compact>
    </Form.Item>
  );
}

/** The SMS code field (`verifyCode`) with the 获取验证码 button (§4: 60 s countdown, reset on error). */
export function SmsCodeField({
  getTarget,
  captcha,
}: {
  getTarget: () => Promise<CodeTarget>;
  captcha: CaptchaControl;
}) {
  return (
    <Form.Item label="短信验证码" required>
      <Space.Compact block>
        <Form.Item name="verifyCode" noStyle rules={[schemaRule(RegisterParams.shape.verifyCode)]}>
          <Input
            prefix={<MessageOutlined aria-hidden />}
            placeholder="请输入短信验证码"
            maxLength={8}
            aria-label="短信验证码"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <SmsCodeButton getTarget={getTarget} onFailed={captcha.refresh} />
      </Space.Compact>
    </Form.Item>
  );
}
