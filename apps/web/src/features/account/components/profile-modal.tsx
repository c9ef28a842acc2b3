import { Form, Input, Typography } from 'antd';
import { AccountMsg, USERNAME_MAX_LENGTH, UpdateProfileParams } from '@xg/shared';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { useUpdateProfileMutation } from '../api/update-profile';
import { useAccountRefresh } from '../hooks/use-account-refresh';
import { ImageChoiceFields, useImageChoice } from './image-picker';
import { AccountFormModal } from './account-form-modal';

interface ProfileModalProps {
  open: boolean;
  onClose: () => void;
  username: string;
  userImage: string;
  presetAvatars: readonly string[];
}

interface ProfileFormValues {
  username: string;
  imageUrl: string;
}

/** 编辑资料: nickname (1–20 characters) and avatar — a preset or an https picture URL (no upload). */
export function ProfileModal({ open, onClose, username, userImage, presetAvatars }: ProfileModalProps) {
  const [form] = Form.useForm<ProfileFormValues>();
  const mutation = useUpdateProfileMutation();
  const { applyUserInfo } = useAccountRefresh();
  const choice = useImageChoice(form, presetAvatars, userImage);
  const preview = choice.imageUrl || choice.picked || userImage;

  const parse = (values: ProfileFormValues) => {
    const nextImage = trimmed(values.imageUrl) || choice.picked || undefined;
    return UpdateProfileParams.safeParse({
      username: trimmed(values.username),
      userImage: nextImage && nextImage !== userImage ? nextImage : undefined,
    });
  };

  return (
    <AccountFormModal
      open={open}
      onClose={onClose}
      title="编辑资料"
      okText="保存"
      width={520}
      form={form}
      initialValues={{ username, imageUrl: choice.initialUrl }}
      pending={mutation.isPending}
      parse={parse}
      send={mutation.mutateAsync}
      refused={AccountMsg.profileEmpty}
      saved={AccountMsg.updateOk}
      onSaved={(answer) => applyUserInfo(answer.userInfoMap)}
    >
      <div className="profile-modal-preview">
        <RemoteAvatar src={preview} alt="头像预览" size={72} />
        <Typography.Text type="secondary">选择一个头像，或填写图片链接</Typography.Text>
      </div>
      <Form.Item label="昵称" name="username" rules={[schemaRule(UpdateProfileParams.shape.username.unwrap())]}>
        <Input placeholder="请输入昵称" maxLength={USERNAME_MAX_LENGTH} showCount allowClear />
      </Form.Item>
      <ImageChoiceFields choice={choice} kind="avatar" />
    </AccountFormModal>
  );
}
