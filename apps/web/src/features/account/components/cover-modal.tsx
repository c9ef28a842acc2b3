import { useState } from 'react';
import { Form } from 'antd';
import { AccountMsg, SetCoverImageParams } from '@xg/shared';
import { trimmed } from '../../../lib/form-rules';
import { useSetCoverImageMutation } from '../api/set-cover-image';
import { useAccountRefresh } from '../hooks/use-account-refresh';
import { ImagePicker, ImageUrlField } from './image-picker';
import { AccountFormModal } from './account-form-modal';

interface CoverModalProps {
  open: boolean;
  onClose: () => void;
  coverImage: string;
  presetCovers: readonly string[];
}

/** 更换封面: one of the preset covers or an https picture URL → POST /api/user/setCoverImage. */
export function CoverModal({ open, onClose, coverImage, presetCovers }: CoverModalProps) {
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

  return (
    <AccountFormModal
      open={open}
      onClose={onClose}
      title="更换封面"
      okText="保存"
      width={600}
      form={form}
      initialValues={{ imageUrl: presetSelected ? '' : coverImage }}
      pending={mutation.isPending}
      parse={() => SetCoverImageParams.safeParse({ coverImage: imageUrl || picked })}
      send={mutation.mutateAsync}
      refused={AccountMsg.coverRequired}
      saved={AccountMsg.updateOk}
      onSaved={refreshAccount}
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
    </AccountFormModal>
  );
}
