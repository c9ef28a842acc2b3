import { useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import type { ConsoleBrandAlias, ConsoleBrandRow } from '@xg/shared';
import { KeywordSearch } from '../../../components/keyword-search';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import { useConsoleBrandSave, useConsoleBrands } from '../api/brand-api';
import '../brand.css';

type AliasDraft = { brandId: number; alias?: ConsoleBrandAlias };

/** 运营后台 · 品牌词库: brands and their aliases (ambiguous flag, context words, exclude phrases), enable / disable. */
export function BrandConsoleScreen() {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const query = useConsoleBrands({ keyword: keyword || undefined, pageNo, pageSize: 20 });
  const saveBrand = useConsoleBrandSave('/api/console/brands/save');
  const enable = useConsoleBrandSave('/api/console/brands/enable');
  const saveAlias = useConsoleBrandSave('/api/console/brands/alias/save');
  const delAlias = useConsoleBrandSave('/api/console/brands/alias/delete');
  const [brandDraft, setBrandDraft] = useState<Partial<ConsoleBrandRow> | null>(null);
  const [aliasDraft, setAliasDraft] = useState<AliasDraft | null>(null);
  const [brandForm] = Form.useForm();
  const [aliasForm] = Form.useForm();
  const categories = query.data?.categories ?? [];

  const done = (p: Promise<unknown>, after: () => void) =>
    p.then(
      () => {
        void message.success('保存成功');
        after();
      },
      (e: unknown) => void message.error(errorText(e)),
    );

  const columns: TableColumnsType<ConsoleBrandRow> = [
    { key: 'name', title: '品牌', dataIndex: 'name', width: 120 },
    { key: 'cat', title: '行业', dataIndex: 'categoryName', width: 90 },
    {
      key: 'aliases',
      title: '别名',
      render: (_, b) => (
        <Space size={[4, 4]} wrap>
          {b.aliases.map((a) => (
            <Tag
              key={a.id}
              color={a.ambiguous ? 'orange' : undefined}
              closable
              onClose={(e) => {
                e.preventDefault();
                void done(delAlias.mutateAsync({ id: a.id }), () => undefined);
              }}
              onClick={() => {
                setAliasDraft({ brandId: b.id, alias: a });
                aliasForm.setFieldsValue({
                  alias: a.alias,
                  ambiguous: a.ambiguous,
                  contextWords: a.contextWords.join('\n'),
                  excludePhrases: a.excludePhrases.join('\n'),
                });
              }}
              style={{ cursor: 'pointer' }}
            >
              {a.alias}
              {a.ambiguous ? '（歧义）' : ''}
            </Tag>
          ))}
          <Button
            size="small"
            onClick={() => {
              setAliasDraft({ brandId: b.id });
              aliasForm.resetFields();
            }}
          >
            添加别名
          </Button>
        </Space>
      ),
    },
    {
      key: 'enabled',
      title: '识别',
      width: 80,
      render: (_, b) => (
        <Switch
          aria-label={`${b.name} 启用识别`}
          checked={b.enabled}
          onChange={(v) => void done(enable.mutateAsync({ id: b.id, enabled: v }), () => undefined)}
        />
      ),
    },
    {
      key: 'op',
      title: '操作',
      width: 80,
      render: (_, b) => (
        <Button
          type="link"
          onClick={() => {
            setBrandDraft(b);
            brandForm.setFieldsValue({ name: b.name, categoryId: b.categoryId, note: b.note });
          }}
        >
          编辑
        </Button>
      ),
    },
  ];

  return (
    <div className="page-stack">
      <div className="brand-filters">
        <KeywordSearch
          label="搜索品牌或别名"
          placeholder="搜索品牌或别名"
          maxLength={40}
          style={{ maxWidth: 300 }}
          onSearch={(value) => {
            setKeyword(value ?? '');
            setPageNo(1);
          }}
        />
        <Button
          type="primary"
          onClick={() => {
            setBrandDraft({});
            brandForm.resetFields();
          }}
        >
          新增品牌
        </Button>
      </div>
      <p className="brand-note">
        歧义别名（既是品牌也是常用词，如“小米”“苹果”）仅在附近出现语境词时计数，出现在排除短语中时不计。修改对之后的识别生效，已有识别记录保留。所有修改记入审计日志。
      </p>
      {query.isError ? (
        <QueryFailed title="品牌词库加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<ConsoleBrandRow>
          rowKey="id"
          size="small"
          loading={query.isPending}
          columns={columns}
          dataSource={query.data?.list ?? []}
          scroll={{ x: 720 }}
          pagination={{ current: pageNo, pageSize: 20, total: query.data?.total ?? 0, onChange: setPageNo }}
        />
      )}
      <Modal
        title={brandDraft?.id ? '编辑品牌' : '新增品牌'}
        open={brandDraft !== null}
        onCancel={() => setBrandDraft(null)}
        confirmLoading={saveBrand.isPending}
        onOk={() =>
          void brandForm.validateFields().then((v: { name: string; categoryId: number; note?: string }) =>
            done(
              saveBrand.mutateAsync({
                id: brandDraft?.id,
                name: v.name,
                categoryId: v.categoryId,
                note: v.note ?? '',
              }),
              () => setBrandDraft(null),
            ),
          )
        }
      >
        <Form form={brandForm} layout="vertical">
          <Form.Item
            name="name"
            label="品牌名称"
            rules={[
              { required: true, message: '请输入品牌名称' },
              { max: 40, message: '品牌名称不能超过40个字' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="categoryId" label="行业" rules={[{ required: true, message: '请选择行业' }]}>
            <Select options={categories.map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
          <Form.Item name="note" label="备注" rules={[{ max: 200, message: '备注不能超过200个字' }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={aliasDraft?.alias ? '编辑别名' : '添加别名'}
        open={aliasDraft !== null}
        onCancel={() => setAliasDraft(null)}
        confirmLoading={saveAlias.isPending}
        onOk={() =>
          void aliasForm
            .validateFields()
            .then((v: { alias: string; ambiguous?: boolean; contextWords?: string; excludePhrases?: string }) =>
              done(
                saveAlias.mutateAsync({
                  id: aliasDraft?.alias?.id,
                  brandId: aliasDraft?.brandId,
                  alias: v.alias,
                  ambiguous: v.ambiguous ? 1 : 0,
                  contextWords: v.contextWords ?? '',
                  excludePhrases: v.excludePhrases ?? '',
                }),
                () => setAliasDraft(null),
              ),
            )
        }
      >
        <Form form={aliasForm} layout="vertical">
          <Form.Item
            name="alias"
            label="别名"
            rules={[
              { required: true, message: '请输入别名' },
              { max: 40, message: '别名不能超过40个字' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="ambiguous" label="歧义词（也是常用词）" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="contextWords" label="语境词（每行一个；歧义词至少一个）">
            <Input.TextArea rows={3} placeholder={'手机\n发布会'} />
          </Form.Item>
          <Form.Item name="excludePhrases" label="排除短语（每行一个）">
            <Input.TextArea rows={3} placeholder="小米粥" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
