import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { AccountMsg, Msg, UpdatePwdParams, passwordField, requiredText } from '@xg/shared';
import { NewPasswordFields } from '../../../components/password-fields';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { useUpdatePasswordMutation } from '../api/update-password';
import { useAccountRefresh } from '../hooks/use-account-refresh';
import { AccountFormModal } from './account-form-modal';

interface PasswordModalProps {
  open: boolean;
  onClose: () => void;
  /** 1: the account has a password (the old one is asked); 0: made by a QR bind, sets its first password. */
  isOldPassword: number;
}

interface PasswordFormValues {
  oldPassword?: string;
  password: string;
  rePassword: string;
}

const oldPasswordRule = schemaRule(requiredText(AccountMsg.oldPasswordRequired));

/** 修改密码 / 设置密码 (POST /api/user/updatepwd): the old-password field only when isOldPassword is 1. */
export function PasswordModal({ open, onClose, isOldPassword }: PasswordModalProps) {
  const [form] = Form.useForm<PasswordFormValues>();
  const mutation = useUpdatePasswordMutation();
  const { applyUserInfo } = useAccountRefresh();
  const needsOld = isOldPassword === 1;

  return (
    <AccountFormModal
      open={open}
      onClose={onClose}
      title={needsOld ? '修改密码' : '设置密码'}
      okText="确认修改"
      width={440}
      form={form}
      pending={mutation.isPending}
      parse={(values: PasswordFormValues) =>
        UpdatePwdParams.safeParse({
          oldPassword: needsOld ? trimmed(values.oldPassword) : undefined,
          password: trimmed(values.password),
          rePassword: trimmed(values.rePassword),
        })
      }
      send={mutation.mutateAsync}
      refused={Msg.badRequest}
      saved={AccountMsg.updateOk}
      onSaved={(answer) => applyUserInfo(answer.userInfoMap)}
      onRefused={() => form.setFieldValue('oldPassword', '')}
    >
      {needsOld ? (
        <Form.Item label="原密码" name="oldPassword" rules={[oldPasswordRule]}>
          <Input.Password
            prefix={<LockOutlined aria-hidden />}
            placeholder="请输入原密码"
            autoComplete="current-password"
          />
        </Form.Item>
      ) : (
        <p className="account-muted">
          当前账号通过微信扫码创建，尚未设置登录密码。设置后可使用手机号或邮箱加密码登录。
        </p>
      )}
      <NewPasswordFields
        label="新密码"
        passwordRule={schemaRule(passwordField)}
        confirmRule={schemaRule(requiredText(Msg.passwordRequired))}
      />
    </AccountFormModal>
  );
}
