import { useState } from 'react';
import { Button, Card, Empty, Grid, Progress, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  EXPORT_LINK_TTL_MINUTES,
  EXPORT_RETENTION_DAYS,
  EXPORT_SCOPE_LABELS,
  EXPORT_STATE_LABELS,
  type ExportRecord,
} from '@xg/shared';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import { QuotaBadge } from '../../gate/components/quota-badge';
import { useFeature } from '../../gate/hooks/use-feature';
import { formatSize, getExportLink, openLink, useExportRecords } from '../api/export-api';
import '../export.css';

const STATE_COLORS: Readonly<Record<ExportRecord['state'], string>> = {
  running: 'processing',
  done: 'success',
  failed: 'error',
};

function time(value: string | null): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-';
}

function DownloadButton({ record }: { record: ExportRecord }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (record.state !== 'done') return null;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const link = await getExportLink(record.id);
      openLink(link.url, record.fileName);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        type="link"
        icon={<DownloadOutlined aria-hidden />}
        loading={busy}
        onClick={() => void download()}
        aria-label={`下载 ${record.fileName}`}
      >
        下载
      </Button>
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </>
  );
}

/**
 * 导出记录 /exportRecords (component exportRecords): the team's exports of the last EXPORT_RETENTION_DAYS days
 * (the parent account's and its sub-accounts'), with state, progress, rows, size and a download link that the
 * server hands out for a few minutes at a time. Running exports are polled.
 */
export function ExportRecordsPage() {
  const [pageNo, setPageNo] = useState(1);
  const feature = useFeature('export.excel');
  const compact = Grid.useBreakpoint().md === false;
  const query = useExportRecords(pageNo);

  const columns: TableColumnsType<ExportRecord> = [
    {
      key: 'file',
      title: '文件',
      render: (_, r) => (
        <span className="export-records-name">
          <Typography.Text strong>{r.fileName}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {r.listTitle} · {EXPORT_SCOPE_LABELS[r.scope]}
            {compact
              ? ` · ${(r.state === 'done' ? r.rowsDone : r.rowsTotal).toLocaleString('zh-CN')}条 · ${time(r.createdAt)}`
              : ''}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'state',
      title: '状态',
      width: compact ? 84 : 180,
      render: (_, r) =>
        r.state === 'running' ? (
          <Progress
            percent={Math.floor((r.rowsDone / Math.max(1, r.rowsTotal)) * 100)}
            size="small"
            status="active"
            aria-label={`${r.fileName} 导出进度`}
          />
        ) : (
          <span>
            <Tag color={STATE_COLORS[r.state]}>{EXPORT_STATE_LABELS[r.state]}</Tag>
            {r.state === 'failed' && r.error ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.error}
              </Typography.Text>
            ) : null}
          </span>
        ),
    },
    {
      key: 'rows',
      title: '行数',
      width: 90,
      align: 'right',
      responsive: ['md'],
      render: (_, r) => (r.state === 'done' ? r.rowsDone : r.rowsTotal).toLocaleString('zh-CN'),
    },
    {
      key: 'size',
      title: '大小',
      width: 90,
      align: 'right',
      responsive: ['md'],
      render: (_, r) => formatSize(r.sizeBytes),
    },
    { key: 'user', title: '导出账号', width: 140, responsive: ['lg'], render: (_, r) => r.userName },
    { key: 'time', title: '导出时间', width: 150, responsive: ['md'], render: (_, r) => time(r.createdAt) },
    { key: 'expires', title: '保留至', width: 150, responsive: ['xl'], render: (_, r) => time(r.expiresAt) },
    { key: 'action', title: '操作', width: compact ? 76 : 90, render: (_, r) => <DownloadButton record={r} /> },
  ];

  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          导出记录
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          本团队（主账号及其子账号）近{EXPORT_RETENTION_DAYS}天的Excel导出文件。下载链接每次点击生成，
          {EXPORT_LINK_TTL_MINUTES}分钟内有效；文件保留{EXPORT_RETENTION_DAYS}天后自动删除。
        </Typography.Paragraph>
        {feature.allowed ? <QuotaBadge kind="export" /> : null}
      </Card>
      <Card variant="borderless">
        {query.isError ? (
          <QueryFailed title="导出记录加载失败" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Table<ExportRecord>
            rowKey="id"
            size={compact ? 'small' : 'middle'}
            columns={columns}
            dataSource={query.data?.records ?? []}
            loading={query.isPending}
            aria-label="导出记录"
            locale={{ emptyText: <Empty description="暂无导出记录，可在榜单、搜索结果等列表点击“导出Excel”" /> }}
            pagination={{
              current: pageNo,
              pageSize: 20,
              total: query.data?.total ?? 0,
              hideOnSinglePage: true,
              onChange: setPageNo,
            }}
          />
        )}
      </Card>
    </div>
  );
}
