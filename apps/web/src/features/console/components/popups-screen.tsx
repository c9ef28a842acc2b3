import { Alert, Button, Form, Input, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PopupLayout } from '@xg/shared';
import { QueryFailed } from '../../../components/query-failed';
import { useConsoleAction, useConsoleList } from '../api/console-api';
import { EditorDrawer, flagColumn, useEditor } from './editor-kit';

interface PopupRow {
  id: number;
  name: string;
  layout: PopupLayout;
  enabled: boolean;
  updatedAt: string;
}

const EXAMPLE: PopupLayout = {
  title: '公告',
  blocks: [
    { type: 'text', text: '公告内容' },
    { type: 'button', text: '知道了', action: { type: 'closeModal' } },
  ],
};

/** The popup as the site renders it: title, text / image blocks, buttons with their action. */
function PopupPreview({ json }: { json: string }) {
  let layout: PopupLayout | null = null;
  try {
    layout = JSON.parse(json) as PopupLayout;
  } catch {
    layout = null;
  }
  if (!layout || !Array.isArray(layout.blocks)) return <Alert type="warning" title="JSON 格式不正确，无法预览" />;
  return (
    <div className="console-preview console-popup-preview" aria-label="预览">
      <div className="console-preview-title">{layout.title}</div>
      {layout.blocks.map((b, i) => {
        if (b.type === 'image' && b.src) return <img key={i} src={b.src} alt="" className="console-popup-img" />;
        if (b.type === 'button')
          return (
            <Button key={i} type={b.action?.type === 'closeModal' ? 'default' : 'primary'} style={{ margin: 4 }}>
              {b.text} {b.action?.url ? <small>→ {b.action.url}</small> : null}
            </Button>
          );
        return (
          <p key={i} className="console-preview-text">
            {b.text}
          </p>
        );
      })}
    </div>
  );
}

/** 弹窗公告: custom popups by id (a JSON layout; actions closeModal / nav / open) — preview, enable / disable. */
export function PopupsScreen() {
  const list = useConsoleList<PopupRow>('/api/console/popups');
  const save = useConsoleAction('/api/console/popups/save');
  const publish = useConsoleAction('/api/console/popups/publish');
  const [form] = Form.useForm<{ name: string; layout: string }>();
  const editor = useEditor<PopupRow, { name: string; layout: string }>(form, (row) => ({
    name: row === 'new' ? '' : row.name,
    layout: JSON.stringify(row === 'new' ? EXAMPLE : row.layout, null, 2),
  }));
  const { open } = editor;
  const json = Form.useWatch('layout', form) ?? '';
  if (list.isError) return <QueryFailed title="弹窗加载失败" error={list.error} onRetry={() => void list.refetch()} />;

  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} style={{ marginBottom: 12 }}>
        新建弹窗
      </Button>
      <Table<PopupRow>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 600 }}
        locale={{ emptyText: '暂无弹窗' }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 70 },
          { title: '名称', dataIndex: 'name' },
          flagColumn<PopupRow>('enabled', '已启用', '已停用'),
          editor.actionsColumn(160, (r) => ({
            toggle: { on: r.enabled, labels: ['启用', '停用'], action: publish },
          })),
        ]}
      />
      <EditorDrawer editor={editor} form={form} noun="弹窗" size={900} saving={save.isPending}>
        <div className="console-editor">
          <Form
            form={form}
            layout="vertical"
            onFinish={(v) =>
              save.mutate(
                {
                  ...(editor.row ? { id: editor.row.id } : {}),
                  name: v.name,
                  layout: v.layout,
                  enabled: editor.row ? String(editor.row.enabled) : 'false',
                },
                editor.saved,
              )
            }
          >
            <Form.Item
              name="name"
              label="名称"
              rules={[{ required: true, whitespace: true, message: '请输入弹窗名称' }]}
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="layout" label="内容（JSON：title、blocks；按钮动作 closeModal / nav / open）">
              <Input.TextArea rows={16} className="console-json" aria-label="弹窗内容" />
            </Form.Item>
          </Form>
          <PopupPreview json={json} />
        </div>
      </EditorDrawer>
    </>
  );
}
