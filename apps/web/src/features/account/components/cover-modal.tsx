import { useState } from 'react';
import { Form, Modal } from 'antd';
import { AccountMsg, SetCoverImageParams } from '@xg/shared';
import { trimmed } from '../../../lib/form-rules';
import { useSetCoverImageMutation } from '../api/set-cover-image';
import { useAccountRefresh } from '../hooks/use-account-refresh';
import { ImagePicker, ImageUrlField } from './image-picker';
import { useApp } from '../../../lib/use-app';

interface CoverModalProps {
  open: boolean;
  onClose: () => void;
  coverImage: string;
  presetCovers: readonly string[];
}

/** 更换封面: one of the preset covers or an https picture URL → POST /api/user/setCoverImage. */
export function CoverModal({ open, onClose, coverImage, presetCovers }: CoverModalProps) {
  const { message } = useApp();
  const [form] = Form.useForm<{ imageUrl: string }>();
  const mutation = useSetCoverImageMutation();
  const { refreshAccount } = useAccountRefresh();
  const presetSelected = presetCovers.includes(coverImage);
  const [picked, setPicked] = useState<string>(presetSelected ? coverImage : '');
  const imageUrl = trimmed(Form.useWatch('imageUrl', form));

  const handlePick = (url: string): void => {
    setPicked(url);
    form.setFieldValue('imageUrl', '');
  };

  const handleOk = async (): Promise<void> => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const params = SetCoverImageParams.safeParse({ coverImage: imageUrl || picked });
    if (!params.success) {
      void message.error(params.error.issues[0]?.message ?? AccountMsg.coverRequired);
      return;
    }
    try {
      const answer = await mutation.mutateAsync(params.data);
      refreshAccount();
      void message.success(answer.message || AccountMsg.updateOk);
      onClose();
    } catch {
      // the api client has shown the server's message
    }
  };

  return (
    <Modal
      open={open}
      title="更换封面"
      okText="保存"
      cancelText="取消"
      onOk={() => void handleOk()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      destroyOnHidden
      width={600}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className="account-modal-form"
        initialValues={{ imageUrl: presetSelected ? '' : coverImage }}
        preserve={false}
      >
        <Form.Item label="选择封面">
          <ImagePicker
            options={presetCovers}
            value={imageUrl ? '' : picked}
            onChange={handlePick}
            kind="cover"
            label="选择封面"
          />
        </Form.Item>
        <ImageUrlField
          kind="cover"
          message={AccountMsg.coverInvalid}
          extra="以 https:// 开头的图片地址，建议尺寸 1200×240"
        />
      </Form>
    </Modal>
  );
}
