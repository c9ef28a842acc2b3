import { Form } from 'antd';
import { AccountMsg, SetCoverImageParams } from '@xg/shared';
import { useSetCoverImageMutation } from '../api/set-cover-image';
import { useAccountRefresh } from '../hooks/use-account-refresh';
import { ImageChoiceFields, useImageChoice } from './image-picker';
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
  const choice = useImageChoice(form, presetCovers, coverImage);

  return (
    <AccountFormModal
      open={open}
      onClose={onClose}
      title="更换封面"
      okText="保存"
      width={600}
      form={form}
      initialValues={{ imageUrl: choice.initialUrl }}
      pending={mutation.isPending}
      parse={() => SetCoverImageParams.safeParse({ coverImage: choice.imageUrl || choice.picked })}
      send={mutation.mutateAsync}
      refused={AccountMsg.coverRequired}
      saved={AccountMsg.updateOk}
      onSaved={refreshAccount}
    >
      <ImageChoiceFields choice={choice} kind="cover" />
    </AccountFormModal>
  );
}
