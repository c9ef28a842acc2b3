import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Input, List, Modal, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ContrastMsg } from '@xg/shared';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { feedback } from '../../../lib/feedback';
import { queryKol, type AddCandidate } from '../api/query-kol';
import { addContrast, useContrastEntries } from '../store';

/** §2.7: the modal closes this long after a successful add. */
const CLOSE_AFTER_ADD_MS = 2000;

/**
 * 添加UP主 (§2.7): search by name or UID (POST /api/queryKol type 0), 立即添加 puts the creator in the drawer;
 * the modal closes 2 s after a successful add.
 */
export function AddKolModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const entries = useContrastEntries();
  const closeTimer = useRef<number | null>(null);
  const query = useQuery({
    queryKey: ['contrast', 'queryKol', keyword],
    queryFn: () => queryKol(keyword),
    enabled: keyword !== '',
  });

  useEffect(
    () => () => {
      if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
    },
    [],
  );

  const handleSearch = () => {
    const next = input.trim();
    if (next === '') {
      void feedback().message.warning({ content: '请输入UP主名称、或者UID', key: 'contrast-add' });
      return;
    }
    if (next === keyword) void query.refetch();
    else setKeyword(next);
  };

  const handleAdd = (candidate: AddCandidate) => {
    const result = addContrast({
      kolId: candidate.kolId,
      kolName: candidate.kolName,
      kolUid: candidate.kolUid,
      kolImg: candidate.kolImg,
    });
    const { message } = feedback();
    if (result === 'added') {
      void message.success({ content: ContrastMsg.added, key: 'contrast-add' });
      if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
      closeTimer.current = window.setTimeout(onClose, CLOSE_AFTER_ADD_MS);
    } else if (result === 'present') {
      void message.info({ content: ContrastMsg.alreadyInDrawer, key: 'contrast-add' });
    } else {
      void message.warning({ content: ContrastMsg.drawerFull, key: 'contrast-add' });
    }
  };

  let body;
  if (keyword === '') body = null;
  else if (query.isPending) body = <Spin className="contrast-add-spin" />;
  else if (query.isError) body = <Empty description="搜索失败，请稍后重试" />;
  else if (query.data.length === 0) body = <Empty description="没有找到相关UP主" />;
  else
    body = (
      <List<AddCandidate>
        className="contrast-add-list"
        aria-label="搜索结果"
        dataSource={query.data}
        rowKey="kolId"
        renderItem={(item) => {
          const present = entries.some((e) => e.kolId === item.kolId);
          return (
            <List.Item
              actions={[
                present ? (
                  <Typography.Text key="added" type="secondary">
                    已添加
                  </Typography.Text>
                ) : (
                  <Button
                    key="add"
                    type="link"
                    size="small"
                    onClick={() => handleAdd(item)}
                    aria-label={`立即添加${item.kolName}`}
                  >
                    立即添加
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                avatar={<RemoteAvatar src={item.kolImg} alt={item.kolName} size={40} />}
                title={item.kolName}
                description={`UID：${item.kolUid}`}
              />
            </List.Item>
          );
        }}
      />
    );

  return (
    <Modal open={open} title="添加UP主" onCancel={onClose} footer={null} width={560} destroyOnHidden>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={input}
          allowClear
          placeholder="请输入UP主名称、或者UID"
          aria-label="UP主名称或UID"
          maxLength={50}
          onChange={(event) => setInput(event.target.value)}
          onPressEnter={handleSearch}
        />
        <Button type="primary" onClick={handleSearch}>
          搜索
        </Button>
      </Space.Compact>
      <div className="contrast-add-results">{body}</div>
    </Modal>
  );
}
