import { useState } from 'react';
import { Button, Form, Input, Radio, Segmented, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { HELP_AUDIENCES } from '@xg/shared';
import { MarkdownView } from '../../../components/markdown-view';
import { QueryFailed } from '../../../components/query-failed';
import { useConsoleAction, useConsoleGet } from '../api/console-api';
import { EditorDrawer, flagColumn, SortField, useEditor } from './editor-kit';

interface TypeRow {
  id: number;
  audience: number;
  dataName: string;
  sort: number;
  answers: number;
}
interface MenuLink {
  name: string;
  url: string;
  type: 1 | 2;
}
interface AnswerRow {
  id: number;
  typeId: number;
  audience: number;
  typeName: string;
  title: string;
  answers: string;
  introduce: string;
  answersType: number;
  isRecommendFunction: boolean;
  menus: MenuLink[];
  sort: number;
  published: boolean;
}
interface AnswerForm {
  typeId: number;
  title: string;
  answers: string;
  introduce: string;
  answersType: number;
  isRecommendFunction: boolean;
  menus: string;
  sort: number;
}

/** The answer as the help drawer shows it (title, tag, text, links), from the form being edited. */
function AnswerPreview({ v }: { v: Partial<AnswerForm> }) {
  let links: MenuLink[] = [];
  try {
    const parsed: unknown = JSON.parse(v.menus || '[]');
    if (Array.isArray(parsed)) links = parsed as MenuLink[];
  } catch {
    links = [];
  }
  return (
    <div className="console-preview" aria-label="预览">
      <div className="console-preview-title">
        {v.title || '（未填写标题）'} {v.introduce ? <Tag>{v.introduce}</Tag> : null}
        {v.answersType === 2 ? <Tag color="blue">详情抽屉</Tag> : null}
      </div>
      <MarkdownView className="help-answer-text" source={v.answers ?? ''} breaks />
      {links.map((m) => (
        <Button key={`${m.url}${m.name}`} size="small" type="link">
          {m.name} ›
        </Button>
      ))}
    </div>
  );
}

/** 帮助中心: categories by audience and their answers — draft / published, preview, every change audited. */
export function HelpScreen() {
  const data = useConsoleGet<{ types: TypeRow[]; list: AnswerRow[] }>('/api/console/help');
  const save = useConsoleAction<{ id: number }>('/api/console/help/save');
  const publish = useConsoleAction('/api/console/help/publish');
  const remove = useConsoleAction('/api/console/help/delete');
  const saveType = useConsoleAction('/api/console/help/type/save');
  const [audience, setAudience] = useState(1);
  const [publishOnSave, setPublishOnSave] = useState(false);
  const [form] = Form.useForm<AnswerForm>();
  const values = Form.useWatch([], form) ?? {};
  const [typeName, setTypeName] = useState('');
  const types = (data.data?.types ?? []).filter((t) => t.audience === audience);
  const editor = useEditor<AnswerRow, AnswerForm>(
    form,
    (row) =>
      row === 'new'
        ? {
            typeId: types[0]?.id,
            title: '',
            answers: '',
            introduce: '',
            answersType: 1,
            isRecommendFunction: false,
            menus: '[]',
            sort: 0,
          }
        : { ...row, menus: JSON.stringify(row.menus, null, 1) },
    (row) => setPublishOnSave(row !== 'new' && row.published),
  );

  if (data.isError)
    return <QueryFailed title="帮助内容加载失败" error={data.error} onRetry={() => void data.refetch()} />;
  const rows = (data.data?.list ?? []).filter((a) => a.audience === audience);
  const { done, failed, open } = editor;
  const submit = (v: AnswerForm) =>
    save.mutate(
      {
        ...(editor.row ? { id: editor.row.id } : {}),
        ...v,
        introduce: v.introduce ?? '',
        menus: v.menus || '[]',
        sort: v.sort ?? 0,
        isRecommendFunction: v.isRecommendFunction ? 'true' : 'false',
        published: publishOnSave ? 'true' : 'false',
      },
      editor.saved,
    );

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={audience}
          onChange={(v) => setAudience(Number(v))}
          options={HELP_AUDIENCES.map((a) => ({ value: a.type, label: a.label }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} disabled={types.length === 0}>
          新建问题
        </Button>
        <Space.Compact>
          <Input
            aria-label="新分类名称"
            placeholder="新分类名称"
            maxLength={20}
            value={typeName}
            onChange={(e) => setTypeName(e.target.value)}
          />
          <Button
            loading={saveType.isPending}
            onClick={() =>
              saveType.mutate(
                { audience, dataName: typeName, sort: types.length + 1 },
                {
                  onSuccess: (a) => {
                    done(a);
                    setTypeName('');
                  },
                  onError: failed,
                },
              )
            }
          >
            添加分类
          </Button>
        </Space.Compact>
      </Space>
      <div className="console-tags">
        {types.map((t) => (
          <Tag key={t.id}>
            {t.dataName}（{t.answers}）
          </Tag>
        ))}
      </div>
      <Table<AnswerRow>
        rowKey="id"
        loading={data.isPending}
        dataSource={rows}
        scroll={{ x: 760 }}
        columns={[
          { title: '问题', dataIndex: 'title' },
          { title: '分类', dataIndex: 'typeName', width: 110 },
          {
            title: '展示',
            dataIndex: 'answersType',
            width: 90,
            render: (v: number) => (v === 2 ? '详情抽屉' : '直接展开'),
          },
          flagColumn<AnswerRow>('published', '已发布', '草稿'),
          editor.actionsColumn(200, (r) => ({
            toggle: { on: r.published, labels: ['发布', '下线'], action: publish },
            remove: { title: '确定删除这个问题？', action: remove },
          })),
        ]}
      />
      <EditorDrawer
        editor={editor}
        form={form}
        noun="问题"
        size={960}
        saving={save.isPending}
        extra={
          <Switch
            checked={publishOnSave}
            onChange={setPublishOnSave}
            checkedChildren="发布"
            unCheckedChildren="草稿"
            aria-label="保存后发布"
          />
        }
      >
        <div className="console-editor">
          <Form form={form} layout="vertical" onFinish={submit}>
            <Form.Item name="typeId" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
              <Radio.Group options={types.map((t) => ({ value: t.id, label: t.dataName }))} />
            </Form.Item>
            <Form.Item
              name="title"
              label="问题标题"
              rules={[{ required: true, whitespace: true, message: '请输入问题标题' }]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name="answers"
              label="回答内容（支持 Markdown）"
              rules={[{ required: true, whitespace: true, message: '请输入回答内容' }]}
            >
              <Input.TextArea rows={8} maxLength={20000} aria-label="回答内容（支持 Markdown）" />
            </Form.Item>
            <Form.Item name="introduce" label="标签（选填）">
              <Input maxLength={300} />
            </Form.Item>
            <Space wrap>
              <Form.Item name="answersType" label="展示方式">
                <Radio.Group
                  options={[
                    { value: 1, label: '直接展开' },
                    { value: 2, label: '详情抽屉' },
                  ]}
                />
              </Form.Item>
              <Form.Item name="isRecommendFunction" label="推荐功能" valuePropName="checked">
                <Switch />
              </Form.Item>
              <SortField />
            </Space>
            <Form.Item
              name="menus"
              label='功能链接（JSON：[{"name":"会员中心","url":"/member","type":1}]，type 1 站内 / 2 新窗口）'
            >
              <Input.TextArea rows={3} className="console-json" />
            </Form.Item>
          </Form>
          <AnswerPreview v={values} />
        </div>
      </EditorDrawer>
    </>
  );
}
