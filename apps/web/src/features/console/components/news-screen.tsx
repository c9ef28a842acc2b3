import { Button, DatePicker, Form, Input, Select, Space, Table, Tag, Upload } from 'antd';
import { PictureOutlined, PlusOutlined } from '@ant-design/icons';
import type { NewsAdminRow, NewsFields } from '@xg/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { MarkdownView } from '../../../components/markdown-view';
import { QueryFailed } from '../../../components/query-failed';
import { useApp } from '../../../lib/use-app';
import { useConsoleAction, useConsoleList } from '../api/console-api';
import { EditorDrawer, useEditor } from './editor-kit';

interface NewsForm extends NewsFields {
  publishAt: Dayjs | null;
}

/** Images go into the Markdown as data URLs; this bounds one image. */
const IMAGE_MAX_BYTES = 200 * 1024;

function statusTag(row: NewsAdminRow) {
  if (row.status === 'draft') return <Tag>草稿</Tag>;
  if (row.publishAt && new Date(row.publishAt) > new Date()) return <Tag color="orange">定时发布</Tag>;
  return <Tag color="green">已发布</Tag>;
}

/** 内容报告: list, Markdown editor with preview and image upload, draft / published / scheduled. */
export function NewsScreen() {
  const { message } = useApp();
  const list = useConsoleList<NewsAdminRow>('/api/console/news');
  const save = useConsoleAction<{ id: number }>('/api/console/news/save');
  const remove = useConsoleAction('/api/console/news/delete');
  const [form] = Form.useForm<NewsForm>();
  const editor = useEditor<NewsAdminRow, NewsForm>(form, (row) =>
    row === 'new'
      ? { title: '', summary: '', category: '行业报告', coverUrl: '', bodyMd: '', status: 'draft', publishAt: null }
      : { ...row, publishAt: row.publishAt ? dayjs(row.publishAt) : null },
  );
  const { open } = editor;
  const body = Form.useWatch('bodyMd', form) ?? '';

  const submit = (v: NewsForm) =>
    save.mutate(
      {
        ...(editor.row ? { id: editor.row.id } : {}),
        title: v.title,
        summary: v.summary ?? '',
        category: v.category,
        coverUrl: v.coverUrl ?? '',
        bodyMd: v.bodyMd ?? '',
        status: v.status,
        publishAt: v.publishAt ? v.publishAt.toISOString() : '',
      },
      editor.saved,
    );
  const insertImage = (file: File) => {
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error('图片不能超过200KB');
      return false;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const current = String(form.getFieldValue('bodyMd') ?? '');
      const url = typeof reader.result === 'string' ? reader.result : '';
      form.setFieldValue('bodyMd', `${current}\n\n![${file.name}](${url})\n`);
    };
    reader.readAsDataURL(file);
    return false;
  };

  if (list.isError)
    return <QueryFailed title="内容报告加载失败" error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
          新建报告
        </Button>
      </Space>
      <Table<NewsAdminRow>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 720 }}
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '分类', dataIndex: 'category', width: 110 },
          { title: '状态', key: 'status', width: 100, render: (_, r) => statusTag(r) },
          {
            title: '发布时间',
            dataIndex: 'publishAt',
            width: 170,
            render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
          },
          { title: '阅读', dataIndex: 'views', width: 80 },
          editor.actionsColumn(140, () => ({ remove: { title: '确定删除这篇报告？', action: remove } })),
        ]}
      />
      <EditorDrawer editor={editor} form={form} noun="报告" size={960} saving={save.isPending}>
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="title"
            label="标题"
            rules={[{ required: true, whitespace: true, message: '请输入报告标题' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="category" label="分类" rules={[{ required: true, message: '请输入分类' }]}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select
                style={{ width: 140 }}
                options={[
                  { value: 'draft', label: '草稿' },
                  { value: 'published', label: '发布' },
                ]}
              />
            </Form.Item>
            <Form.Item name="publishAt" label="发布时间（留空为立即）">
              <DatePicker showTime />
            </Form.Item>
          </Space>
          <Form.Item name="summary" label="摘要">
            <Input.TextArea rows={2} maxLength={300} showCount />
          </Form.Item>
          <Form.Item name="coverUrl" label="封面图片地址（选填）">
            <Input maxLength={500} />
          </Form.Item>
          <div className="console-editor">
            <Form.Item
              name="bodyMd"
              label={
                <Space>
                  正文（Markdown）
                  <Upload
                    accept="image/png,image/jpeg,image/gif,image/webp"
                    showUploadList={false}
                    beforeUpload={insertImage}
                  >
                    <Button size="small" icon={<PictureOutlined />}>
                      插入图片
                    </Button>
                  </Upload>
                </Space>
              }
              rules={[{ required: true, message: '请输入正文' }]}
            >
              <Input.TextArea rows={18} aria-label="正文" />
            </Form.Item>
            <div className="console-preview" aria-label="预览">
              <MarkdownView source={body} />
            </div>
          </div>
        </Form>
      </EditorDrawer>
    </>
  );
}
