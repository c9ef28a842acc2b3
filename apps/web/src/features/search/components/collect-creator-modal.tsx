import { useState } from 'react';
import { Alert, Avatar, Button, Input, Modal, Space, Typography } from 'antd';
import { Msg } from '@xg/shared';
import { errorText } from '../../../lib/api-client';
import { useApp } from '../../../lib/use-app';
import { submitCollectionKol, type CollectionResult } from '../api/submit-collection-kol';

interface CollectCreatorModalProps {
  open: boolean;
  /** what the user searched for, offered as the first input */
  initial: string;
  onClose: () => void;
  /** the detail page's link of a collected creator */
  detailHref: (kolId: number, kolName: string) => string;
}

/** spec §5: "Collection input must not be empty". */
const INPUT_REQUIRED = '输入内容不能为空';

/**
 * The manual add of an empty creator search (§8 "An empty creator search shows a prompt to add the creator
 * manually"): a homepage link or a UID goes to submitCollectionKol; isExists 0 opens the §8 dialog
 * 未找到相关UP主, 1 shows the creator with 查看账号 / 重新输入, 2 says it was submitted (full data in about 24 h).
 */
export function CollectCreatorModal({ open, initial, onClose, detailHref }: CollectCreatorModalProps) {
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<CollectionResult | null>(null);
  const [submitted, setSubmitted] = useState<string | null>(null);
  // the app's modal (inside its providers), not antd's static Modal.warning
  const { modal } = useApp();

  const reset = () => {
    setFound(null);
    setSubmitted(null);
    setError(null);
  };
  // Opening starts afresh, during render (not in afterOpenChange: that fires when the opening animation ends and
  // wiped what a quick user — or a test — had typed by then, so the submit went out empty).
  const [shownOpen, setShownOpen] = useState(open);
  if (shownOpen !== open) {
    setShownOpen(open);
    if (open) {
      setValue(initial);
      reset();
    }
  }

  const handleSubmit = async () => {
    const input = value.trim();
    reset();
    if (!input) {
      setError(INPUT_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      const result = await submitCollectionKol(input);
      if (result.isExists === 0) {
        modal.warning({ title: Msg.kolNotFound, content: Msg.kolNotFoundDetail, okText: '重新输入' });
      } else if (result.isExists === 1) {
        setFound(result);
      } else {
        setSubmitted(result.message);
      }
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title="手动添加UP主" onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        粘贴UP主的个人空间链接（space.bilibili.com/数字）或填写UID，系统将收录该UP主，约1~2小时后可搜索，完整数据约24小时内更新。
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="UP主主页链接或UID"
          placeholder="请输入UP主主页链接或UID"
          value={value}
          maxLength={300}
          onChange={(event) => setValue(event.target.value)}
          onPressEnter={() => void handleSubmit()}
        />
        <Button type="primary" loading={busy} onClick={() => void handleSubmit()}>
          提交收录
        </Button>
      </Space.Compact>
      {error ? <Alert type="error" showIcon className="collect-creator-result" title={error} /> : null}
      {submitted ? <Alert type="success" showIcon className="collect-creator-result" title={submitted} /> : null}
      {found && found.kolId !== null ? (
        <div className="collect-creator-result collect-creator-found" role="status">
          <Space>
            <Avatar src={found.kolImg || undefined} alt="">
              {found.kolName.slice(0, 1)}
            </Avatar>
            <span>
              <Typography.Text strong>{found.kolName}</Typography.Text>
              <Typography.Text type="secondary"> UID {found.kolUid}</Typography.Text>
            </span>
          </Space>
          <Typography.Paragraph type="secondary">该UP主已收录</Typography.Paragraph>
          <Space>
            <Button type="primary" href={detailHref(found.kolId, found.kolName)} target="_blank" rel="noopener">
              查看账号
            </Button>
            <Button onClick={reset}>重新输入</Button>
          </Space>
        </div>
      ) : null}
    </Modal>
  );
}
