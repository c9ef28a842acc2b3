import { Form, Input } from 'antd';
import { isAllowedImage } from '@xg/shared';
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
export function ImagePicker({ options, value, onChange, kind, label }: ImagePickerProps) {
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
export function ImageUrlField({ kind, message, extra }: { kind: 'avatar' | 'cover'; message: string; extra: string }) {
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
