import { useState } from 'react';
import { Form, Input, type FormInstance } from 'antd';
import { AccountMsg, isAllowedImage } from '@xg/shared';
import { trimmed } from '../../../lib/form-rules';
import { CheckCircleFilled } from '@ant-design/icons';

interface ImagePickerProps {
  /** Preset image URLs (from accountInfo). */
  options: readonly string[];
  value: string;
  onChange: (url: string) => void;
  kind: 'avatar' | 'cover';
  /** Accessible name of the group, e.g. 选择头像. */
  label: string;
}

/** A radio group of preset pictures (avatars round, covers wide). */
function ImagePicker({ options, value, onChange, kind, label }: ImagePickerProps) {
  const noun = kind === 'avatar' ? '头像' : '封面';
  return (
    <div className={`image-picker image-picker-${kind}`} role="radiogroup" aria-label={label}>
      {options.map((url, index) => {
        const selected = url === value;
        return (
          <button
            key={url}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={`${noun} ${index + 1}`}
            className={`image-picker-option${selected ? ' is-selected' : ''}`}
            onClick={() => onChange(url)}
          >
            <img src={url} alt="" />
            {selected ? <CheckCircleFilled className="image-picker-check" aria-hidden /> : null}
          </button>
        );
      })}
    </div>
  );
}

/** The "或使用图片链接" field beside an ImagePicker: empty, or an https image the server would accept (`kind`). */
function ImageUrlField({ kind, message, extra }: { kind: 'avatar' | 'cover'; message: string; extra: string }) {
  return (
    <Form.Item
      label="或使用图片链接"
      name="imageUrl"
      rules={[
        {
          validator: (_rule, value: unknown) =>
            trimmed(value) === '' || isAllowedImage(trimmed(value), kind)
              ? Promise.resolve()
              : Promise.reject(new Error(message)),
        },
      ]}
      extra={extra}
    >
      <Input placeholder="https://" maxLength={500} allowClear />
    </Form.Item>
  );
}

/**
 * A picture chosen in a form: one of the presets (`picked`; the current picture when it is one) or a typed URL
 * (the form's `imageUrl`, which wins; it starts with the current picture when that is not a preset). Picking a
 * preset clears the URL.
 */
export function useImageChoice(form: FormInstance, presets: readonly string[], current: string) {
  const presetSelected = presets.includes(current);
  const [picked, setPicked] = useState<string>(presetSelected ? current : '');
  const imageUrl = trimmed(Form.useWatch('imageUrl', form));
  return {
    presets,
    picked,
    imageUrl,
    initialUrl: presetSelected ? '' : current,
    pick: (url: string): void => {
      setPicked(url);
      form.setFieldValue('imageUrl', '');
    },
  };
}

/** By kind: the label of the presets, the URL field's refusal and hint. */
const CHOICE_TEXTS = {
  avatar: { label: '头像', message: AccountMsg.avatarInvalid, extra: '以 https:// 开头的图片地址' },
  cover: {
    label: '选择封面',
    message: AccountMsg.coverInvalid,
    extra: '以 https:// 开头的图片地址，建议尺寸 1200×240',
  },
} as const;

/** The presets of a picture choice, then its URL field. */
export function ImageChoiceFields({
  choice,
  kind,
}: {
  choice: ReturnType<typeof useImageChoice>;
  kind: 'avatar' | 'cover';
}) {
  const texts = CHOICE_TEXTS[kind];
  return (
    <>
      <Form.Item label={texts.label}>
        <ImagePicker
          options={choice.presets}
          value={choice.imageUrl ? '' : choice.picked}
          onChange={choice.pick}
          kind={kind}
          label={kind === 'avatar' ? '选择头像' : '选择封面'}
        />
      </Form.Item>
      <ImageUrlField kind={kind} message={texts.message} extra={texts.extra} />
    </>
  );
}
