import { Form, Input, Modal } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { AccountMsg, Msg, UpdatePwdParams, passwordField, requiredText } from '@xg/shared';
import { NewPasswordFields } from '../../../components/password-fields';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { useUpdatePasswordMutation } from '../api/update-password';
import { useAccountRefresh } from '../hooks/use-account-refresh';
import { useApp } from '../../../lib/use-app';

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
  const { message } = useApp();
  const [form] = Form.useForm<PasswordFormValues>();
  const mutation = useUpdatePasswordMutation();
  const { applyUserInfo } = useAccountRefresh();
  const needsOld = isOldPassword === 1;

  const handleOk = async (): Promise<void> => {
    let values: PasswordFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const params = UpdatePwdParams.safeParse({
      oldPassword: needsOld ? trimmed(values.oldPassword) : undefined,
      password: trimmed(values.password),
      rePassword: trimmed(values.rePassword),
    });
    if (!params.success) {
      void message.error(params.error.issues[0]?.message ?? Msg.badRequest);
      return;
    }
    try {
      const answer = await mutation.mutateAsync(params.data);
      applyUserInfo(answer.userInfoMap);
      void message.success(answer.message || AccountMsg.updateOk);
      onClose();
    } catch {
      form.setFieldValue('oldPassword', ''); // the api client has shown the server's message
    }
  };

  return (
    <Modal
      open={open}
      title={needsOld ? '修改密码' : '设置密码'}
      okText="确认修改"
      cancelText="取消"
      onOk={() => void handleOk()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      destroyOnHidden
      width={440}
    >
      <Form form={form} layout="vertical" requiredMark={false} preserve={false} className="account-modal-form">
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
      </Form>
    </Modal>
  );
}
