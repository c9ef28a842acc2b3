import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { IMPORT_MAX_ROWS, IMPORT_RESULT_LABELS, type ImportRow } from '@xg/shared';
import { feedback } from '../../../lib/feedback';
import { useListRefusal } from '../../collect/hooks/use-list-refusal';
import { LIBRARY_QUERY_ROOT, importEredar, type ImportResult } from '../api/eredar';

const TEMPLATE = [
  '主页链接,达人ID,昵称,植入报价,动态报价,定制视频报价,特殊报价,投放等级,投放次数,档期情况,自定义分类,微信,手机号,QQ,邮箱,所属机构,联系方式,备注',
  'https://space.bilibili.com/546195,,,5000,800,,,4,1,12月可排,美妆 护肤,,,,,,,示例行（导入前请删除）',
].join('\r\n');

const RESULT_COLORS: Record<ImportRow['result'], string> = {
  added: 'success',
  exists: 'default',
  badLink: 'error',
  notFound: 'warning',
  invalid: 'error',
};

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Batch import of a creator roster (.xlsx or .csv, importEredar): one result per row (已添加, 已在库中, 链接格式有误,
 * 未找到该达人, 资料有误); a roster beyond the tier's limit or an unreadable file writes nothing.
 */
export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const { handleRefusal, refusalHolder } = useListRefusal();

  const handleFile = async (file: File) => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await importEredar(file.name, await readBase64(file));
      setResult(answer);
      feedback().message.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_ROOT });
    } catch (error) {
      handleRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${TEMPLATE}`)}`;
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="批量导入达人" width={720} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          支持 .xlsx 和 .csv 文件，第一行为表头，每行一位达人，需填写「主页链接」或「达人ID」；单次最多{IMPORT_MAX_ROWS}
          位。 系统未收录的达人请填写主页链接和昵称。
        </Typography.Paragraph>
        <Button icon={<DownloadOutlined aria-hidden />} href={templateHref} download="达人导入模板.csv">
          下载导入模板
        </Button>
        <Upload.Dragger
          accept=".xlsx,.csv"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          aria-label="选择达人名单文件"
          beforeUpload={(file) => {
            void handleFile(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{busy ? '正在导入…' : '点击或拖入达人名单文件'}</p>
        </Upload.Dragger>
        {result ? (
          <>
            <Alert type={result.added > 0 ? 'success' : 'warning'} showIcon message={result.message} />
            <Table<ImportRow>
              size="small"
              rowKey="row"
              dataSource={result.rows}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'row', title: '行', dataIndex: 'row', width: 56 },
                { key: 'input', title: '链接或ID', dataIndex: 'input', ellipsis: true },
                {
                  key: 'result',
                  title: '结果',
                  width: 110,
                  render: (_, row) => <Tag color={RESULT_COLORS[row.result]}>{IMPORT_RESULT_LABELS[row.result]}</Tag>,
                },
                { key: 'message', title: '说明', dataIndex: 'message' },
              ]}
            />
          </>
        ) : null}
      </Space>
      {refusalHolder}
    </Modal>
  );
}
