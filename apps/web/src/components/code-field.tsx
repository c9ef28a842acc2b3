import type { ReactNode } from 'react';
import { Form, Input, Space } from 'antd';
import { MessageOutlined, SafetyOutlined } from '@ant-design/icons';
import type { FormRule } from 'antd';

/** The image captcha beside its input; a click loads a new one. */
export function CaptchaImage({ src, onRefresh }: { src: string; onRefresh: () => void }) {
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={onRefresh}
      aria-label="图形验证码，点击刷新"
      title="看不清？点击刷新"
    >
      <img src={src} alt="图形验证码" width={110} height={38} />
    </button>
  );
}

interface CodeFieldProps {
  /** the form field: checkCode (image captcha) or verifyCode (SMS) */
  name: 'checkCode' | 'verifyCode';
  rule: FormRule;
  /** the field's label and the input's aria-label, when they differ */
  label: string;
  inputLabel?: string;
  placeholder: string;
  /** what stands beside the input: the captcha picture or the 获取验证码 button */
  addon: ReactNode;
}

/**
 * A code field (up to 8 characters) with what produces the code beside it: the image captcha (`checkCode`) or an
 * SMS code (`verifyCode`, autofilled from the message where the system offers it).
 */
export function CodeField({ name, rule, label, inputLabel = label, placeholder, addon }: CodeFieldProps) {
  const sms = name === 'verifyCode';
  return (
    <Form.Item label={label} required>
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={[rule]}>
          <Input
            prefix={sms ? <MessageOutlined aria-hidden /> : <SafetyOutlined aria-hidden />}
            placeholder={placeholder}
            maxLength={8}
            aria-label={inputLabel}
            autoComplete={sms ? 'one-time-code' : 'off'}
          />
        </Form.Item>
        {addon}
      </Space.Compact>
    </Form.Item>
  );
}

/** The image captcha field (`checkCode`) with its picture. */
export function CaptchaField({ captcha, rule }: { captcha: { src: string; refresh: () => void }; rule: FormRule }) {
  return (
    <CodeField
      name="checkCode"
      rule={rule}
      label="图形验证码"
      placeholder="请输入图形验证码"
      addon={<CaptchaImage src={captcha.src} onRefresh={captcha.refresh} />}
    />
  );
}
