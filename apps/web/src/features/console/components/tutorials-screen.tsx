import { Button, Form, Input, Modal, Space, Switch, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { QueryFailed } from '../../../components/query-failed';
import { useConsoleAction, useConsoleList } from '../api/console-api';
import { flagColumn, SortField, useEditor } from './editor-kit';

interface TutorialRow {
  id: number;
  name: string;
  url: string;
  posterUrl: string;
  mustWatch: boolean;
  sort: number;
  published: boolean;
  plays: number;
}
type TutorialForm = Omit<TutorialRow, 'id' | 'plays' | 'published'>;

/** 教程视频: the must-watch player's videos — preview, publish / unpublish, plays. */
export function TutorialsScreen() {
  const list = useConsoleList<TutorialRow>('/api/console/tutorials');
  const save = useConsoleAction('/api/console/tutorials/save');
  const publish = useConsoleAction('/api/console/tutorials/publish');
  const remove = useConsoleAction('/api/console/tutorials/delete');
  const [form] = Form.useForm<TutorialForm>();
  const editor = useEditor<TutorialRow, TutorialForm>(form, (row) =>
    row === 'new' ? { name: '', url: '', posterUrl: '', mustWatch: false, sort: 0 } : row,
  );
  const { editing, open } = editor;
  const url = Form.useWatch('url', form) ?? '';
  const poster = Form.useWatch('posterUrl', form) ?? '';
  if (list.isError)
    return <QueryFailed title="教程视频加载失败" error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} style={{ marginBottom: 12 }}>
        新建教程视频
      </Button>
      <Table<TutorialRow>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 700 }}
        locale={{ emptyText: '暂无教程视频' }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '必看', dataIndex: 'mustWatch', width: 70, render: (v: boolean) => (v ? '是' : '否') },
          { title: '播放', dataIndex: 'plays', width: 80 },
          flagColumn<TutorialRow>('published', '已发布', '未发布'),
          editor.actionsColumn(200, (r) => ({
            toggle: { on: r.published, labels: ['发布', '下线'], action: publish },
            remove: { title: '确定删除这个视频？', action: remove },
          })),
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新建教程视频' : '编辑教程视频'}
        onCancel={editor.close}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        okText="保存"
        width={640}
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) =>
            save.mutate(
              {
                ...(editor.row ? { id: editor.row.id, published: String(editor.row.published) } : {}),
                ...(editing === 'new' ? { published: 'false' } : {}),
                name: v.name,
                url: v.url,
                posterUrl: v.posterUrl ?? '',
                mustWatch: v.mustWatch ? 'true' : 'false',
                sort: v.sort ?? 0,
              },
              editor.saved,
            )
          }
        >
          <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入视频名称' }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="url" label="视频地址" rules={[{ required: true, message: '请输入视频地址' }]}>
            <Input maxLength={500} placeholder="/videos/intro.mp4 或 https://…" />
          </Form.Item>
          <Form.Item name="posterUrl" label="封面地址（选填）">
            <Input maxLength={500} />
          </Form.Item>
          <Space>
            <Form.Item name="mustWatch" label="必看" valuePropName="checked">
              <Switch />
            </Form.Item>
            <SortField />
          </Space>
          {url ? (
            <video
              className="console-video"
              src={url}
              poster={poster || undefined}
              controls
              preload="none"
              aria-label="视频预览"
            />
          ) : null}
        </Form>
      </Modal>
    </>
  );
}
