import { lazy, Suspense, useState } from 'react';
import { Avatar, Button, Card, Grid, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, FileSearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ContrastMsg, type ContrastRecordItem } from '@xg/shared';
import { DeleteConfirm } from '../../../components/confirm-remove';
import { QueryTable } from '../../../components/query-table';
import { RemoteAvatar } from '../../../components/remote-avatar';
import dayjs from '../../../lib/dayjs';
import { errorText } from '../../../lib/api-client';
import { feedback } from '../../../lib/feedback';
import { RECORD_PAGE_SIZE, deleteContrastRecord, useContrastRecords } from '../api/contrast-records';
import { CONTRAST_QUERY_ROOT } from '../api/get-contrast-result';
import '../contrast.css';

const ContrastReportModal = lazy(() =>
  import('./contrast-report-modal').then((m) => ({ default: m.ContrastReportModal })),
);

function time(value: string): string {
  const t = dayjs(value);
  return t.isValid() ? t.format('YYYY-MM-DD HH:mm') : value || '-';
}

function names(record: ContrastRecordItem): string {
  return record.kols.map((k) => k.kolName).join('、');
}

/**
 * 对比记录 /collect/contrastRecord (component contrastRecord): the team's saved comparison reports, newest
 * first. 查看 reopens the report as it was generated (the stored snapshot); 删除 asks first.
 */
export function ContrastRecordPage() {
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const compact = Grid.useBreakpoint().md === false;
  const query = useContrastRecords(pageNo);
  const queryClient = useQueryClient();

  const handleDelete = async (record: ContrastRecordItem) => {
    try {
      const message = await deleteContrastRecord(record.contrastId);
      void feedback().message.success({ content: message || ContrastMsg.deleted, key: 'contrast-del' });
      // the last row of a page: go back one page
      if (query.data && query.data.list.length === 1 && pageNo > 1) setPageNo(pageNo - 1);
      void queryClient.invalidateQueries({ queryKey: [...CONTRAST_QUERY_ROOT, 'records'] });
    } catch (error) {
      console.warn('[contrast] delete refused', errorText(error));
    }
  };

  const columns: TableColumnsType<ContrastRecordItem> = [
    {
      key: 'kols',
      title: '对比UP主',
      render: (_, r) => (
        <div className="contrast-record-kols">
          {compact ? null : (
            <Avatar.Group max={{ count: 5 }} size={32}>
              {r.kols.map((k) => (
                <Tooltip key={k.kolId} title={k.kolName}>
                  <span className="contrast-record-avatar">
                    <RemoteAvatar src={k.kolImg} alt={k.kolName} size={32} />
                  </span>
                </Tooltip>
              ))}
            </Avatar.Group>
          )}
          <span className="contrast-record-names">
            <Typography.Text ellipsis={{ tooltip: names(r) }}>{names(r)}</Typography.Text>
            {compact ? (
              <Typography.Text type="secondary" className="contrast-record-sub">
                {time(r.createdAt)} · {r.kolNum}位 · 意向：{r.intentionKolName ?? '未选择'}
              </Typography.Text>
            ) : null}
          </span>
        </div>
      ),
    },
    {
      key: 'intention',
      title: '意向UP主',
      width: 160,
      responsive: ['md'],
      render: (_, r) =>
        r.intentionKolName ? (
          <Typography.Text ellipsis={{ tooltip: r.intentionKolName }}>{r.intentionKolName}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">未选择</Typography.Text>
        ),
    },
    { key: 'data', title: '数据日期', width: 110, responsive: ['lg'], render: (_, r) => r.dataDate ?? '-' },
    { key: 'user', title: '生成人', width: 140, responsive: ['lg'], render: (_, r) => r.creatorName || '-' },
    { key: 'time', title: '生成时间', width: 150, responsive: ['md'], render: (_, r) => time(r.createdAt) },
    {
      key: 'action',
      title: '操作',
      width: compact ? 76 : 150,
      render: (_, r) => (
        <Space size={0} direction={compact ? 'vertical' : 'horizontal'}>
          <Button
            type="link"
            size="small"
            icon={<FileSearchOutlined aria-hidden />}
            aria-label={`查看报告：${names(r)}`}
            onClick={() => setOpenId(r.contrastId)}
          >
            查看
          </Button>
          <DeleteConfirm
            title="确定删除该对比报告吗？"
            description="删除后团队成员都将无法查看。"
            onConfirm={() => void handleDelete(r)}
          >
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`删除报告：${names(r)}`}
            >
              删除
            </Button>
          </DeleteConfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          对比记录
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          本团队（主账号及其子账号）生成的UP主对比报告。报告保存生成时的数据，重新打开看到的是当时的数字；收藏与意向为实时状态。
        </Typography.Paragraph>
      </Card>
      <Card variant="borderless">
        <QueryTable<ContrastRecordItem>
          query={query}
          failedTitle="对比记录加载失败"
          rowKey="contrastId"
          label="对比记录"
          emptyText={`${ContrastMsg.noRecords}，可在UP主搜索、排行榜或收藏中加入对比后生成`}
          columns={columns}
          rows={query.data?.list ?? []}
          total={query.data?.total ?? 0}
          compact={compact}
          pageNo={pageNo}
          pageSize={RECORD_PAGE_SIZE}
          onPage={setPageNo}
        />
      </Card>
      {openId !== null ? (
        <Suspense fallback={null}>
          <ContrastReportModal contrastId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
